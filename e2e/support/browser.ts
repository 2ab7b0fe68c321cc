import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
  /** The first context; newPage() opens tabs in it. */
  context: BrowserContext;
  /** A new tab in the shared context. */
  newPage: () => Promise<Page>;
  /** A separate context (own cookies and storage), like a fresh browser profile; closed with the browser. */
  newContext: () => Promise<BrowserContext>;
  /** Closes Chromium (playwright removes the temporary profile it made). */
  close: () => Promise<void>;
};

/** Browsers of this test file still open, so a failed test can show what each of its pages looked like. */
const openBrowsers = new Set<Browser>();

/** Every page of every open browser, for a picture of the moment a test failed. */
export function openPages(): Page[] {
  return [...openBrowsers].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
}

/** Launches headless Chromium with a fresh, temporary profile and one context. */
export async function launchBrowser(options: BrowserOptions = {}): Promise<RunningBrowser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium was not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
  }
  const contextOptions = {
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
  };
  // launch() (not a persistent context) so tests can open isolated contexts; playwright gives the
  // browser a fresh temporary profile of its own.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
  openBrowsers.add(browser);
  browser.once('disconnected', () => openBrowsers.delete(browser));
  const newContext = async () => {
    const context = await browser.newContext(contextOptions);
    // Below vitest's test timeout, so a wait that never ends fails with what it was waiting for; long
    // enough for a machine busy with other work.
    context.setDefaultTimeout(30_000);
    return context;
  };
  const context = await newContext();
  let closing: Promise<void> | undefined;
  return {
    context,
    newPage: () => context.newPage(),
    newContext,
    close: () => {
      closing ??= browser.close();
      return closing;
    },
  };
}
