import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium package; playwright's own browser downloads are not used. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep a headless run quiet, offline apart from the app, and free of first-run work. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export type BrowserOptions = {
  /** Relative URLs in page.goto() resolve against this. */
  baseURL?: string;
  viewport?: { width: number; height: number };
};

export type RunningBrowser = {
  context: BrowserContext;
  /** A new tab in the shared context. */
  newPage: () => Promise<Page>;
  /** Closes Chromium and removes its profile directory. */
  close: () => Promise<void>;
};

/** Launches headless Chromium with a fresh, temporary profile. */
export async function launchBrowser(options: BrowserOptions = {}): Promise<RunningBrowser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium was not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_FLAGS],
      viewport: options.viewport ?? { width: 1280, height: 800 },
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    });
  } catch (error) {
    fs.rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    context,
    newPage: () => context.newPage(),
    close: () => {
      closing ??= context.close().finally(() => fs.rmSync(userDataDir, { recursive: true, force: true }));
      return closing;
    },
  };
}
