import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/signin';

const baseUrl = inject('baseUrl');
const databaseKind = inject('databaseKind');

let browser: RunningBrowser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl });
  page = await browser.newPage();
  // Every page but the sign-in ones needs a signed-in user.
  await signIn(page, { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

/** The health line once the page has its answer (it starts as "Checking…"). */
async function settledHealthLine(target: Page): Promise<string> {
  const settled = target.locator('[role="status"][data-state]:not([data-state="checking"])');
  await settled.waitFor();
  return (await settled.textContent()) ?? '';
}

describe('home page', () => {
  it('shows the product, what it is for, and a healthy service status', async () => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Dashboard');
    // Tab title, tenant name, product name.
    expect(await page.title()).toBe('Dashboard - demo - Casebook');
    await expect(page.getByText('medico-legal service providers').count()).resolves.toBe(1);

    expect(await settledHealthLine(page)).toBe(`Service status: Healthy (${databaseKind})`);
    await page.screenshot({ animations: 'disabled', path: artifactPath('home.png'), fullPage: true });
  });

  it('says it can not connect when the API does not answer', async () => {
    // A new tab has no tokens of its own; the provider's session cookie signs it in without the form.
    const offline = await browser.newPage();
    try {
      await offline.route('**/api/health', (route) => route.abort('connectionrefused'));
      await offline.goto('/');
      expect(await settledHealthLine(offline)).toBe('Can not connect to the server');
    } finally {
      await offline.close();
    }
  });
});

describe('routing', () => {
  it('serves the web app for an unknown client route, which then shows /not-found', async () => {
    const response = await page.goto('/view/anything');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    // The app itself runs there (its assets load from absolute paths) and sends the path on.
    await page.getByText('Page not found', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/not-found');
    expect(await page.title()).toBe('Not Found - demo - Casebook');
  });

  it('answers an unknown API path with a JSON 404 error envelope', async () => {
    const response = await fetch(`${baseUrl}/api/nope`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    expect(body.error).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
  });
});
