import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { chooseAccountMenuItem } from './support/shell';
import { DEMO_PASSWORD, signIn, waitForSignInForm } from './support/signin';

const baseUrl = inject('baseUrl');

let browser: RunningBrowser;
let context: BrowserContext;
let page: Page;
/** Every Content-Security-Policy violation any page or frame of the context reported, and where. */
const violations: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl });
  context = await browser.newContext();
  // The page reports through a binding, which outlives navigations (a window variable would not).
  await context.exposeBinding('reportCspViolation', ({ frame }, text: string) => {
    violations.push(`${frame.url()}: ${text}`);
  });
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) => {
      window.reportCspViolation(
        event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' (' + event.sourceFile + ':' + event.lineNumber + ')',
      );
    });`,
  });
  page = await context.newPage();
  // Chromium also writes each refusal to the console.
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('the web app under its Content-Security-Policy', () => {
  it('is served with the policy: no inline script, no framing', async () => {
    const response = await page.goto('/login');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  });

  it('a violation on the page is noticed (so the checks below can fail)', async () => {
    await page.goto('/login');
    await waitForSignInForm(page);
    await page.evaluate(`{
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    }`);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate('window.inlineRan')).toBeUndefined();
    violations.length = 0;
  });

  it('signs in, opens screens and signs out with no violation reported', async () => {
    await signIn(page, { tenant: 'demo', userNameOrEmail: 'adminstaff', password: DEMO_PASSWORD });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    for (const path of ['/view/specialists', '/view/companies', '/view/calendar', '/view/smart-search']) {
      await page.goto(path);
      await page.locator('.shell').waitFor();
      // Let the screen's data load and render.
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
      expect(await page.getByText('Access denied').count(), path).toBe(0);
    }

    // Sign out: the provider's page submits its form with a script file, not inline script.
    await chooseAccountMenuItem(page, 'Sign out');
    await waitForSignInForm(page);
    await page.goto('/');
    await waitForSignInForm(page);

    expect(violations).toEqual([]);
  });
});
