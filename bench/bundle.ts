/**
 * The bundle benchmark: builds the web app and loads it in Chromium against the real server, recording
 * every script the browser asks for. Reports the JavaScript of the sign-in page and of the first screen
 * after sign-in: as the server sent it (compressed, as the browser accepted) and gzipped at level 9 for
 * comparison (target: under 150 kB transferred for the first screen, antd included).
 *
 *   npm run bench -- --only bundle        (or: node --import tsx bench/bundle.ts)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { REPO_ROOT, startServer } from '../e2e/support/server';
import { DEMO_PASSWORD, submitSignIn, waitForSignInForm } from '../e2e/support/signin';
import type { Benchmark } from './lib/benchmark';
import { isMain, runMain } from './lib/cli';
import { printTarget, type ReportTarget, type TargetGoal } from './lib/targets';

const DIST = path.join(REPO_ROOT, 'apps/web/dist');
/** The first screen after sign-in is held to this much JavaScript transferred (printed, not enforced). */
const FIRST_SCREEN_TARGET: TargetGoal = {
  name: 'first screen after sign-in: JavaScript transferred (compressed)',
  unit: 'kB',
  goal: 150,
  better: 'lower',
};

type Loaded = { file: string; bytes: number; gzip: number; sent: number };

/**
 * Size on disk and gzipped (level 9, as the build's report) of a built asset, by its URL path, and the
 * body the server sent for it (`sent`, encoded as it went over the wire).
 */
function measure(urlPath: string, sent: number): Loaded {
  const content = fs.readFileSync(path.join(DIST, decodeURIComponent(urlPath)));
  return { file: urlPath, bytes: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length, sent };
}

/**
 * Records the scripts (and stylesheets) each main-frame document of the page requests: a new document
 * (a full navigation) starts a new list, so a list is what one page load cost the browser.
 */
function recordDocuments(page: Page, origin: string) {
  const documents: { url: string; assets: Map<string, Promise<number>> }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      documents.push({ url: url.pathname + url.search, assets: new Map() });
      return;
    }
    const type = request.resourceType();
    if (url.origin === origin && url.pathname.startsWith('/assets/') && (type === 'script' || type === 'stylesheet')) {
      // The body's size as sent (still encoded): the server sends built files with their length.
      const sent = request
        .response()
        .then((response) => response?.headerValue('content-length'))
        .then((length) => Number(length ?? Number.NaN));
      documents.at(-1)?.assets.set(url.pathname, sent);
    }
  });
  return documents;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

async function report(
  log: (line: string) => void,
  label: string,
  assets: Map<string, Promise<number>>,
): Promise<number> {
  const loaded = (await Promise.all([...assets].map(async ([file, sent]) => measure(file, await sent)))).sort(
    (a, b) => b.sent - a.sent,
  );
  const scripts = loaded.filter((l) => l.file.endsWith('.js'));
  const styles = loaded.filter((l) => l.file.endsWith('.css'));
  const sum = (list: Loaded[], key: 'bytes' | 'gzip' | 'sent') => list.reduce((total, l) => total + l[key], 0);
  log(
    `${label}: ${scripts.length} scripts, ${kb(sum(scripts, 'sent'))} kB of JS transferred ` +
      `(${kb(sum(scripts, 'gzip'))} kB gzipped, ${kb(sum(scripts, 'bytes'))} kB raw)`,
  );
  for (const l of scripts) {
    log(
      `    ${kb(l.sent).padStart(7)} kB sent  ${kb(l.gzip).padStart(7)} kB gz  ${kb(l.bytes).padStart(7)} kB  ${l.file}`,
    );
  }
  if (styles.length > 0) log(`    + CSS ${kb(sum(styles, 'sent'))} kB transferred (${styles.length} files)`);
  return sum(scripts, 'sent');
}

async function run(_settings: unknown, log: (line: string) => void, target: ReportTarget): Promise<void> {
  log('building the web app (npm run build -w apps/web)');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}\n${build.stderr}`);

  // The embedded database: the figures do not depend on it, and nothing needs to be running. Its first
  // start seeds the demo data, which on a busy machine takes longer than a test would wait.
  const server = await startServer({ databaseUrl: '', startTimeoutMs: 300_000 });
  // The server stops however the run ends, a browser that failed to start included.
  try {
    await signInAndReport(server.baseUrl, log, target);
  } finally {
    await server.stop();
  }
}

/** Signs in through a real Chromium and reports what each document load transferred. */
async function signInAndReport(baseUrl: string, log: (line: string) => void, target: ReportTarget): Promise<void> {
  const browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  try {
    const page = await browser.newPage();
    // A benchmark waits as long as a busy machine needs; it measures bytes, not time.
    page.setDefaultTimeout(120_000);
    // Every document load fetches what it needs, as a first visit would.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const documents = recordDocuments(page, baseUrl);

    // Signed out, the app sends the browser to the provider, which hands it to the sign-in form.
    await page.goto('/');
    await waitForSignInForm(page);
    await page.waitForLoadState('networkidle');
    const signInPage = documents.at(-1)!;

    await submitSignIn(page, { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD });
    await page.getByText(/^Signed in as /).waitFor();
    await page.waitForLoadState('networkidle');
    // The provider's callback page (/signin-oidc) is the document the shell and dashboard load into.
    const firstScreen = documents.at(-1)!;

    // A signed-in reload of the dashboard: what each later visit costs.
    await page.reload();
    await page.getByText(/^Signed in as /).waitFor();
    await page.waitForLoadState('networkidle');
    const reload = documents.at(-1)!;

    log('');
    await report(log, `sign-in page (${signInPage.url.replace(/uid=[^&]+/, 'uid=…')})`, signInPage.assets);
    log('');
    const first = await report(
      log,
      `first screen after sign-in (${firstScreen.url.split('?')[0]} → dashboard)`,
      firstScreen.assets,
    );
    target({ ...FIRST_SCREEN_TARGET, figure: first / 1000 });
    log('');
    await report(log, `dashboard reloaded while signed in (${reload.url})`, reload.assets);
  } finally {
    await browser.close();
  }
}

export const bundleBenchmark: Benchmark = {
  name: 'bundle',
  summary: 'JS a real Chromium load transfers (compressed as sent): sign-in page and first screen after sign-in',
  targets: [FIRST_SCREEN_TARGET],
  run,
};

if (isMain(import.meta.url)) runMain(() => run(undefined, (line) => console.log(line), printTarget));
