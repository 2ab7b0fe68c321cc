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
  /** Closes every context opened through this handle (the Chromium process stays for the next file). */
  close: () => Promise<void>;
};

/** Contexts of handles still open, so a failed test can show what each of its pages looked like. */
const openContexts = new Set<BrowserContext>();

/** Every page of every open context, for a picture of the moment a test failed. */
export function openPages(): Page[] {
  return [...openContexts].flatMap((context) => context.pages());
}

/**
 * One Chromium process for all the browser test files of a worker (they share one module graph:
 * `isolate: false` in e2e/vitest.config.ts): starting Chromium costs about a second of CPU, and each
 * file, and each test in it, works in contexts of its own (fresh cookies and storage) anyway. Started
 * again if it went away. Playwright ends it when the process exits.
 */
let shared: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
    shared = launching;
    launching.then(
      (browser) => browser.once('disconnected', () => shared === launching && (shared = undefined)),
      () => shared === launching && (shared = undefined),
    );
  }
  return shared;
}

/** A browser with a fresh profile and one context: contexts of its own in the shared headless Chromium. */
export async function launchBrowser(options: BrowserOptions = {}): Promise<RunningBrowser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium was not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
  }
  const contextOptions = {
    viewport: options.viewport ?? { width: 1280, height: 800 },
    // Dialogs, menus and notices then open without antd's animations (the app follows the setting), so
    // a step need not wait for one to finish before the next.
    reducedMotion: 'reduce' as const,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
  };
  const browser = await sharedBrowser();
  const mine = new Set<BrowserContext>();
  const newContext = async () => {
    const context = await browser.newContext(contextOptions);
    // Below vitest's test timeout, so a wait that never ends fails with what it was waiting for; long
    // enough for a machine busy with other work (CI at load 14 saw a sign-in wait pass 30 s).
    context.setDefaultTimeout(45_000);
    mine.add(context);
    openContexts.add(context);
    context.once('close', () => {
      mine.delete(context);
      openContexts.delete(context);
    });
    return context;
  };
  const context = await newContext();
  let closing: Promise<void> | undefined;
  return {
    context,
    newPage: () => context.newPage(),
    newContext,
    close: () => {
      closing ??= Promise.all([...mine].map((c) => c.close().catch(() => undefined))).then(() => undefined);
      return closing;
    },
  };
}
