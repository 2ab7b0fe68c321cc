import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ErrorMessages, Permissions } from '@casebook/domain';
import { accessTokenOf, apiGet } from './support/api';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { sidebarEntries } from './support/shell';
import { DEMO_PASSWORD, signIn } from './support/signin';

const baseUrl = inject('baseUrl');

let browser: RunningBrowser;

beforeAll(async () => {
  // Wide enough for the sidebar to stay open (it collapses under 1300 px).
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
});

/** The notices of a refused call: no permission, or a feature the tenant does not have. */
const REFUSALS = [ErrorMessages.permission, 'This feature is not enabled'];

/** What a screen says when it is not built, or its record or resource is unknown. */
const UNBUILT = ['This section is not available yet.', 'Cannot found'];

/** Menu entries whose screens are not built yet, each with the part of the product it waits for: none now. */
const NOT_BUILT_YET: Readonly<Record<string, string>> = {};

/**
 * What went wrong on a page while it was watched: refused calls, permission notices, uncaught errors, and
 * screens that are not built.
 */
type Trouble = { refused: string[]; notices: string[]; errors: string[]; unbuilt: string[] };

/**
 * Watches a page for API calls answered 403, uncaught errors and notices, and counts the requests
 * still under way (screens' code as well as their calls) so a screen can be waited for until it has settled.
 */
function watch(page: Page): { trouble: Trouble; settled: () => Promise<void>; where: { path: string } } {
  const trouble: Trouble = { refused: [], notices: [], errors: [], unbuilt: [] };
  const where = { path: '/' };
  const pending = new Set<unknown>();
  page.on('request', (request) => {
    // The notification stream stays open for as long as the page does.
    if (request.resourceType() !== 'eventsource') pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.on('response', (response) => {
    if (response.status() === 403 && new URL(response.url()).pathname.startsWith('/api/')) {
      const url = new URL(response.url());
      trouble.refused.push(`${where.path}: ${response.request().method()} ${url.pathname}${url.search}`);
    }
  });
  page.on('pageerror', (error) => trouble.errors.push(`${where.path}: ${error.message}`));
  const settled = async () => {
    // The screen has settled when no request has been under way for a short while (polled here, in
    // the test process, so waiting costs the busy browser nothing).
    let quietSince = Date.now();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (pending.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince > 250) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // Notices stay a few seconds: each is read once, on the screen that raised it.
    const texts = await page.evaluate<string[]>(
      `[...document.querySelectorAll('.ant-notification-notice:not([data-read])')].map((n) => { n.setAttribute('data-read', ''); return n.textContent; })`,
    );
    for (const text of texts) {
      if (REFUSALS.some((refusal) => text.includes(refusal))) trouble.notices.push(`${where.path}: ${text}`);
    }
    // The screen of the selected tab (the workspace keeps other tabs' panes hidden).
    const shown = await page.evaluate<string>(
      `[...document.querySelectorAll('[role="tabpanel"]')].filter((p) => p.checkVisibility()).map((p) => p.textContent).join(' ')`,
    );
    for (const text of UNBUILT) {
      if (shown.includes(text) && !(where.path in NOT_BUILT_YET)) trouble.unbuilt.push(`${where.path}: ${text}`);
    }
  };
  return { trouble, settled, where };
}

/** Signs in, then opens each sidebar entry the user is shown, one after the other, in one tab. */
async function openEveryMenuEntry(tenant: string, userName: string): Promise<{ opened: string[]; trouble: Trouble }> {
  const context: BrowserContext = await browser.newContext();
  try {
    const page = await context.newPage();
    const { trouble, settled, where } = watch(page);
    await signIn(page, { tenant, userNameOrEmail: userName, password: DEMO_PASSWORD });
    await settled();
    const entries = (await sidebarEntries(page)).filter(
      // Signing out ends the walk, and server pages (REVOKE) leave the app.
      (e) => e.path !== '/view/logout' && !e.path.startsWith('/account/'),
    );
    const opened: string[] = [];
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    for (const entry of entries) {
      where.path = entry.path;
      const link = nav.locator(`a[data-menu-path="${entry.path}"]`);
      // Entries of closed groups are in the page but hidden; following their route opens the same tab.
      if (await link.isVisible()) await link.click();
      else
        await page.evaluate(
          `window.history.pushState({}, '', ${JSON.stringify(entry.path)}); dispatchEvent(new PopStateEvent('popstate'))`,
        );
      await page.waitForURL((url) => url.pathname === entry.path);
      await settled();
      opened.push(entry.path);
      // Closed tabs leave nothing mounted behind, so screens do not slow the ones after them.
      await page.evaluate(
        `document.querySelectorAll('.workspace-tab-close').length > 1 && document.querySelector('[role="tab"][aria-selected="true"] .workspace-tab-close')?.click()`,
      );
    }
    await page.screenshot({
      animations: 'disabled',
      path: artifactPath(`permissions-${tenant || 'host'}-${userName}.png`),
    });
    return { opened, trouble };
  } finally {
    await context.close();
  }
}

describe('every demo account opens every menu entry it is shown', () => {
  const accounts: [string, string][] = [
    ['demo', 'admin'],
    ['demo', 'adminstaff'],
    ['demo', 'staff'],
    ['demo', 'accounting'],
    ['demo', 'casemanager'],
    ['demo', 'specialist'],
    ['demo', 'contractor'],
    ['demo', 'insurer'],
    ['', 'admin'],
  ];
  it.each(accounts)(
    '%s / %s sees no refused call, permission notice, uncaught error or unbuilt screen',
    async (tenant, userName) => {
      const { opened, trouble } = await openEveryMenuEntry(tenant, userName);
      expect(opened.length).toBeGreaterThan(0);
      expect(trouble).toEqual({ refused: [], notices: [], errors: [], unbuilt: [] });
    },
    // Admin staff have 96 entries: about four minutes on a busy two-core machine.
    600_000,
  );
});

/** Sends a JSON body with the page's access token, from the test process; answers the status. */
async function apiSend(page: Page, method: 'PUT' | 'POST', path: string, body: unknown): Promise<number> {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      authorization: `Bearer ${await accessTokenOf(page)}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('a permission the tenant admin revokes', () => {
  it("takes the case step Save buttons from staff's case screen, and the API refuses the update", async () => {
    const adminContext = await browser.newContext();
    const staffContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const staff = await staffContext.newPage();
    try {
      await signIn(admin, { tenant: 'demo', userNameOrEmail: 'admin', password: DEMO_PASSWORD });
      await signIn(staff, { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD });
      const cases = await apiGet<{ items: { id: string }[] }>(baseUrl, staff, '/api/app/assessments?maxResultCount=1');
      const caseId = cases.items[0]!.id;
      const casePane = staff.getByRole('tabpanel').filter({ visible: true }).first();
      const saveButtons = casePane.getByRole('button', { name: 'Save', exact: true });

      // Before: staff may update cases, and the Booking Notes step offers Save.
      await staff.goto(`/view/assessments/detail/${caseId}`);
      await casePane.getByRole('tab', { name: 'Booking Notes', exact: true }).waitFor();
      await saveButtons.first().waitFor();

      const roles = await apiGet<{ items: { name: string; permissions: string[] }[] }>(
        baseUrl,
        admin,
        '/api/app/tenants/roles',
      );
      const granted = roles.items.find((r) => r.name === 'STAFF')!.permissions;
      expect(granted).toContain(Permissions.assessments.update);
      const revoked = granted.filter((p) => p !== Permissions.assessments.update);
      expect(await apiSend(admin, 'PUT', '/api/app/roles/STAFF/permissions', { permissions: revoked })).toBe(200);
      try {
        // After: the profile no longer grants it, so no step shows Save, and the API refuses the update.
        await staff.reload();
        await casePane.getByRole('tab', { name: 'Booking Notes', exact: true }).waitFor();
        await casePane.getByRole('textbox').first().waitFor();
        expect(await saveButtons.count()).toBe(0);
        for (const step of ['Appointment', 'Attendance']) {
          await casePane.getByRole('tab', { name: step, exact: true }).click();
          await casePane.getByRole('tabpanel').filter({ visible: true }).last().waitFor();
          expect(await saveButtons.count(), step).toBe(0);
        }
        await staff.screenshot({ animations: 'disabled', path: artifactPath('permissions-staff-revoked.png') });
        const status = await apiSend(staff, 'PUT', `/api/app/assessments/${caseId}/booking-detail`, {});
        expect(status).toBe(403);
      } finally {
        await apiSend(admin, 'PUT', '/api/app/roles/setDefaultPermissions', { roleName: 'STAFF' });
      }
    } finally {
      await adminContext.close();
      await staffContext.close();
    }
  });
});
