import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { sidebarEntries } from './support/shell';
import { DEMO_PASSWORD, signIn } from './support/signin';

const baseUrl = inject('baseUrl');
let browser: RunningBrowser;

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1600, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

const signInAs = (page: Page, userName: string, startPath = '/') =>
  signIn(page, { tenant: 'demo', userNameOrEmail: userName, password: DEMO_PASSWORD }, startPath);

/** The visible pane's locator (the active tab's screen). */
const activePane = (page: Page) => page.locator('section.workspace-pane:not([hidden])');

/** Opens a path inside the app, as a link would (no page load). */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(`(() => {
    window.history.pushState({}, '', ${JSON.stringify(path)});
    window.dispatchEvent(new PopStateEvent('popstate'));
  })()`);
  await page.waitForURL((url) => url.pathname === path);
}

describe('shell: notices and lists', () => {
  it("shows 'Loading…', not 'No Data', until a list's first answer, and notices clear of the header buttons", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signInAs(page, 'staff');
      // Hold the countries list until the loading state has been seen.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === '/api/app/countries' && !url.searchParams.has('isSelectionList'),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await openInApp(page, '/view/countries');
      const pane = activePane(page);
      await pane.getByText('Loading…').waitFor();
      expect(await pane.getByText('No Data').count()).toBe(0);
      await page.screenshot({ animations: 'disabled', path: artifactPath('list-first-load.png') });
      release();
      await pane.locator('.ant-table-row').first().waitFor();
      expect(await pane.getByText('Loading…').count()).toBe(0);

      // Export without a search text warns; the notice must not cover Export, Add or the header.
      const exportButton = pane.getByRole('button', { name: /Export/ });
      await exportButton.click();
      const notice = page.locator('.ant-notification-notice').first();
      await notice.waitFor();
      await page.waitForTimeout(400);
      await notice.hover();
      await page.screenshot({ animations: 'disabled', path: artifactPath('notice-placement.png') });
      const box = (await notice.boundingBox())!;
      const header = (await page.locator('header.shell-header').boundingBox())!;
      for (const button of [exportButton, pane.getByRole('button', { name: /Add/ })]) {
        const b = (await button.boundingBox())!;
        const overlaps =
          b.x < box.x + box.width && box.x < b.x + b.width && b.y < box.y + box.height && box.y < b.y + b.height;
        expect(overlaps).toBe(false);
      }
      expect(box.y).toBeGreaterThan(header.y + header.height);
      // A hovered notice stays, and the buttons stay clickable meanwhile.
      await pane.getByRole('button', { name: /Add/ }).click();
      await page.waitForURL('**/view/countries/add');
    } finally {
      await context.close();
    }
  });

  it('with many tabs open only a few screens stay mounted, and a list opens as fast', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signInAs(page, 'staff');
      const lists = (await sidebarEntries(page)).map((e) => e.path).filter((p) => p.startsWith('/view/'));
      const opened: string[] = [];
      for (const path of lists.slice(0, 26)) {
        await openInApp(page, path);
        opened.push(path);
        await page.waitForTimeout(150);
      }
      await page.screenshot({ animations: 'disabled', path: artifactPath('many-tabs.png') });
      const mounted = await page.locator('section.workspace-pane').count();
      console.log(`tabs opened: ${opened.length}, screens mounted: ${mounted}`);

      // Time to the first rows of a list, with all those tabs open.
      const times: number[] = [];
      for (const path of ['/view/countries', '/view/cities', '/view/countries', '/view/cities']) {
        const started = Date.now();
        await openInApp(page, path);
        await activePane(page).locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
        times.push(Date.now() - started);
      }
      console.log(`list shown after (ms): ${times.join(', ')}`);
      // The active screen and at most five others.
      expect(mounted).toBeLessThanOrEqual(6);
    } finally {
      await context.close();
    }
  });
});
