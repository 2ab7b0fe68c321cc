import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { menuFor } from '@casebook/domain';
import { apiGet, apiPost } from './support/api';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import {
  activeTabTitle,
  chooseAccountMenuItem,
  opened,
  sidebarEntries,
  tabNamed,
  tabTitles,
  workspaceTabs,
} from './support/shell';
import { DEMO_PASSWORD, signIn, submitSignIn, waitForSignInForm } from './support/signin';

/** The workspace's question about unsaved changes. */
const unsavedPrompt = (page: Page) =>
  page.getByRole('dialog').filter({ hasText: 'Do you want to save changes before opening new section?' });

const baseUrl = inject('baseUrl');

const CONCURRENCY_MESSAGE =
  "The data you're working on has been modified by other user. Please refresh to get latest data and try again.";
const CONNECTION_MESSAGE = 'Can not connect to the server';
// Wide enough for the sidebar to stay open (it collapses under 1300 px).
const WIDE = { width: 1600, height: 900 };

let browser: RunningBrowser;

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: WIDE });
});

afterAll(async () => {
  await browser?.close();
});

async function inFreshContext(body: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    await body(await context.newPage(), context);
  } catch (error) {
    // The context closes before the failure hook looks for open pages: picture them here.
    for (const [i, page] of context.pages().entries()) {
      await page
        .screenshot({ path: artifactPath(`failed-shell-context-${i + 1}.png`), timeout: 10_000 })
        .catch(() => undefined);
    }
    throw error;
  } finally {
    await context.close();
  }
}

const signInAs = (page: Page, userName: string, startPath = '/') =>
  signIn(page, { tenant: 'demo', userNameOrEmail: userName, password: DEMO_PASSWORD }, startPath);

/** Opens a sidebar entry, opening its group first. */
async function openFromSidebar(page: Page, group: string, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const link = nav.locator(`a[data-menu-path]:text-is("${label}")`);
  if (!(await link.isVisible())) {
    await nav.getByRole('menuitem', { name: group, exact: true }).click();
    await link.waitFor();
    // The group slides open; a click during the slide can land on the entry next to this one.
    await page.waitForTimeout(400);
  }
  const path = (await link.getAttribute('data-menu-path'))!;
  await link.click();
  await page.waitForURL((url) => url.pathname === path);
  // A string, evaluated in the page: the e2e project has no DOM types.
  await page.waitForFunction(`document.title.startsWith(${JSON.stringify(`${label} - `)})`);
}

/** A notice of antd's notification API with this text. */
const notice = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text }).first();

type Profile = { roles: { name: string }[]; permissions: string[] };
type Tenant = {
  id: string;
  name: string;
  editionName: string;
  isHost: boolean;
  featureOverrides: Record<string, string>;
};

describe('sidebar menus', () => {
  /** Signs a demo user in and compares the sidebar with menuFor's answer for their profile and tenant. */
  async function checkMenu(userName: string): Promise<string[]> {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signInAs(page, userName);
      const profile = await apiGet<Profile>(baseUrl, page, '/api/app/account/my-profile');
      const tenant = await apiGet<Tenant>(baseUrl, page, '/api/app/tenants/current');
      const expected = menuFor(
        { isAuthenticated: true, roles: profile.roles.map((r) => r.name), isHost: tenant.isHost },
        { id: tenant.id, name: tenant.name, editionName: tenant.editionName, features: tenant.featureOverrides },
        // As the app asks: a page whose own calls the user may not make is not offered.
        { permissions: new Set(profile.permissions) },
      ).sections.flatMap((s) => s.items.map((i) => ({ path: i.path, label: i.label })));

      const shown = await sidebarEntries(page);
      expect(
        shown.map((e) => e.label),
        userName,
      ).toEqual(expected.map((e) => e.label));
      expect(
        shown.map((e) => e.path),
        userName,
      ).toEqual(expected.map((e) => e.path));
      // The sidebar's header: the edition code and the tenant name.
      expect(await page.getByTestId('edition-code').textContent()).toBe('MLP');
      expect(await page.getByTestId('tenant-name').textContent()).toBe('demo');
      await page.screenshot({ animations: 'disabled', path: artifactPath(`shell-menu-${userName}.png`) });

      if (userName === 'casemanager') {
        // A route the user may not open shows the permission message.
        await page.goto('/view/countries');
        await page.getByText(/^You do not have permission to view this data/).waitFor();
      }
      return shown.map((e) => e.label);
    } finally {
      await context.close();
    }
  }

  it('shows tenant admin, staff, case manager and specialist the menus the route table gives them', async () => {
    // Side by side: each is a separate browser profile with its own sign-in.
    const [admin, staff, caseManager, specialist] = await Promise.all(
      ['admin', 'staff', 'casemanager', 'specialist'].map(checkMenu),
    );
    expect(staff).toContain('Countries');
    expect(caseManager).not.toContain('Countries');
    expect(admin).toContain('Roles');
    expect(specialist).toContain('Doctor Profile');
    for (const menu of [admin, staff, caseManager, specialist]) expect(menu).toContain('My Details');
  });
});

describe('tab workspace', () => {
  it('opens five tabs, reorders them by drag, restores them after a reload and closes to a neighbour', async () => {
    await inFreshContext(async (page) => {
      await signInAs(page, 'staff');
      await expect.poll(() => tabTitles(page)).toEqual(['Dashboard']);

      for (const label of ['Countries', 'Cities', 'Languages', 'Companies', 'Specialists']) {
        await openFromSidebar(page, 'Master data', label);
      }
      expect(await tabTitles(page)).toEqual([
        'Dashboard',
        'Countries',
        'Cities',
        'Languages',
        'Companies',
        'Specialists',
      ]);
      expect(await activeTabTitle(page)).toBe('Specialists');
      expect(await page.title()).toBe('Specialists - demo - Casebook');
      // Opening a path that has a tab reuses it.
      await openFromSidebar(page, 'Master data', 'Cities');
      expect(await workspaceTabs(page).count()).toBe(6);
      expect(await activeTabTitle(page)).toBe('Cities');

      // Drag "Specialists" onto "Countries": it takes that place.
      const from = (await tabNamed(page, 'Specialists').boundingBox())!;
      const to = (await tabNamed(page, 'Countries').boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 4 });
      await page.mouse.move(to.x + to.width / 3, to.y + to.height / 2, { steps: 12 });
      await page.mouse.up();
      const reordered = ['Dashboard', 'Specialists', 'Countries', 'Cities', 'Languages', 'Companies'];
      await expect.poll(() => tabTitles(page)).toEqual(reordered);
      await page.screenshot({ animations: 'disabled', path: artifactPath('shell-tabs.png') });

      // The tabs last for the session: a reload restores them, in the new order, on the same tab. The
      // reload also meets an expired token: the 401 renews it once and the call is made again.
      let refused = 0;
      await page.route('**/api/app/tenants/current', (route) =>
        refused++ === 0
          ? route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":{"message":"expired"}}' })
          : route.continue(),
      );
      const renewal = page.waitForRequest((request) => request.url().endsWith('/connect/token'));
      await page.reload();
      await renewal;
      await workspaceTabs(page).first().waitFor();
      expect(refused).toBe(2);
      await page.unroute('**/api/app/tenants/current');
      expect(await tabTitles(page)).toEqual(reordered);
      expect(await activeTabTitle(page)).toBe('Cities');

      // Closing the active tab opens its neighbour.
      await tabNamed(page, 'Specialists').click();
      await page.waitForURL('**/view/specialists');
      await page.getByRole('button', { name: 'Close Specialists' }).click();
      await page.waitForURL('**/view/countries');
      expect(await activeTabTitle(page)).toBe('Countries');
      expect(await tabTitles(page)).toEqual(['Dashboard', 'Countries', 'Cities', 'Languages', 'Companies']);

      // Browser back right after closing a tab opens it again.
      await page.goBack();
      await page.waitForURL('**/view/specialists');
      expect(await activeTabTitle(page)).toBe('Specialists');

      // A narrow window shows fewer tabs and counts the others in the overflow list.
      await page.setViewportSize({ width: 900, height: 700 });
      const overflow = page.locator('.workspace-tab-overflow');
      await overflow.waitFor();
      // Shown tabs and the count in the overflow list make six, once the bar has measured its new width.
      const shownAndMore = async () => {
        const more = Number(((await overflow.textContent()) ?? '').trim().replace(/^\+/, ''));
        return [await workspaceTabs(page).count(), more];
      };
      await expect.poll(async () => (await shownAndMore()).reduce((a, b) => a + b)).toBe(6);
      expect((await shownAndMore())[1]).toBeGreaterThan(0);
      await overflow.click();
      await page.screenshot({ animations: 'disabled', path: artifactPath('shell-tabs-overflow.png') });
      await page.setViewportSize(WIDE);

      // Closing a tab with unsaved changes asks first.
      await chooseAccountMenuItem(page, 'My Details');
      await page.getByLabel('Title', { exact: true }).fill('Dr');
      await page.getByRole('button', { name: 'Close My Details' }).click();
      await opened(unsavedPrompt(page));
      await page.screenshot({ animations: 'disabled', path: artifactPath('shell-unsaved-changes.png') });
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      expect(await activeTabTitle(page)).toBe('My Details');
      await page.getByRole('button', { name: 'Close My Details' }).click();
      await (await opened(unsavedPrompt(page))).getByRole('button', { name: "Don't save", exact: true }).click();
      await expect.poll(() => tabTitles(page)).not.toContain('My Details');

      // A screen whose code is gone (a new deployment) asks for a reload in its tab.
      await page.route('**/assets/SendFeedbackPage-*.js', (route) => route.abort());
      await chooseAccountMenuItem(page, 'Send feedback');
      await page
        .getByText('A new version of Casebook has been released. Please reload the page to continue.')
        .waitFor();
      await page.screenshot({ animations: 'disabled', path: artifactPath('shell-new-version.png') });

      // Print pages: outside the tab workspace; a missing id and an empty result are error pages. Opened
      // in place (as a link would), which is cheaper than loading the page again.
      const openInApp = (path: string) =>
        page.evaluate(
          `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`,
        );
      await openInApp('/view/invoices/print-invoice');
      await page.getByRole('heading', { name: 'Something Error' }).waitFor();
      expect(await page.getByRole('alert').textContent()).toBe('Missing parameter id');
      expect(await page.title()).toBe('Something Error');
      expect(await page.getByRole('tablist').count()).toBe(0);
      await page.screenshot({ animations: 'disabled', path: artifactPath('print-missing-id.png') });
      await openInApp('/view/invoices/print-invoice?id=0190f0f0-0000-7000-8000-000000000001');
      await page.getByText('Cannot found', { exact: true }).waitFor();
    });
  }, 240_000);
});

describe('generic resource screens in tabs', () => {
  it('puts a saved record’s detail in the place of its add tab', async () => {
    await inFreshContext(async (page) => {
      await signInAs(page, 'staff');
      await openFromSidebar(page, 'Master data', 'Languages');
      const pane = page.getByRole('tabpanel');
      await pane.getByRole('button', { name: 'Add' }).click();
      await page.waitForURL('**/view/languages/add');
      await pane.getByRole('heading', { name: 'Add language' }).waitFor();
      const withAdd = await tabTitles(page);
      const addTitle = await activeTabTitle(page);
      expect(withAdd.slice(0, 2)).toEqual(['Dashboard', 'Languages']);
      expect(withAdd).toHaveLength(3);

      const name = `Shelltongue ${Date.now().toString(36)}`;
      await pane.getByLabel('Name', { exact: true }).fill(name);
      await pane.getByRole('button', { name: 'Save' }).click();
      await notice(page, 'Data has been added successfully').waitFor();
      await page.waitForURL(/\/view\/languages\/detail\/[0-9a-f-]{36}$/);
      await pane.getByRole('heading', { name: `Language: ${name}` }).waitFor();
      // The add tab became the detail: same place, no add form left behind.
      await expect.poll(() => activeTabTitle(page)).toContain(name);
      const titles = await tabTitles(page);
      expect(titles).toHaveLength(3);
      expect(titles.slice(0, 2)).toEqual(['Dashboard', 'Languages']);
      expect(titles).not.toContain(addTitle);
      // The add form left the browser history too: back goes to the list.
      await page.goBack();
      await page.waitForURL('**/view/languages');
      expect(await tabTitles(page)).not.toContain(addTitle);
    });
  });
});

describe('error catalogue and account menu', () => {
  it('says the data was modified by another user (409), saves the theme, switches accounts and revokes an impersonation', async () => {
    await inFreshContext(async (page, context) => {
      await signInAs(page, 'specialist', '/view/login-account');
      await page.getByLabel('Title', { exact: true }).waitFor();

      // The same user in another browser tab saves first; this tab's save is then stale.
      const other = await context.newPage();
      await other.goto('/view/login-account');
      await other.getByLabel('Title', { exact: true }).fill('Mx');
      await other.getByRole('button', { name: 'Save', exact: true }).click();
      await notice(other, 'Data has been saved successfully.').waitFor();
      await other.close();

      await page.getByLabel('Title', { exact: true }).fill('Dr');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await notice(page, CONCURRENCY_MESSAGE).waitFor();
      expect(await notice(page, CONCURRENCY_MESSAGE).locator('.ant-notification-notice-title').textContent()).toBe(
        'Error',
      );
      await page.screenshot({ animations: 'disabled', path: artifactPath('shell-409.png') });

      // Theme Settings: the sidebar takes the colour at once, and the choice is saved.
      await chooseAccountMenuItem(page, 'Theme settings');
      await opened(page.getByRole('dialog', { name: 'Theme Settings' }));
      await page.getByText('Dark Blue', { exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
      await notice(page, 'Data has been saved successfully.').waitFor();
      await expect.poll(() => page.locator('.shell-sider').getAttribute('data-sidebar-color')).toBe('dark-blue');
      await page.screenshot({ animations: 'disabled', path: artifactPath('shell-dark-blue.png') });

      // Another account in the same browser tab (unsaved edits are asked about first); the first one
      // stays in the switcher.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Switch account' }).hover();
      await page.getByRole('menuitem', { name: 'Add another account' }).click();
      await (await opened(unsavedPrompt(page))).getByRole('button', { name: "Don't save", exact: true }).click();
      await waitForSignInForm(page);
      await submitSignIn(page, { tenant: 'demo', userNameOrEmail: 'admin', password: DEMO_PASSWORD });
      await page.getByText('Signed in as Alex Admin', { exact: true }).waitFor();

      // Impersonation: the users screen calls POST /api/app/account/impersonate and keeps the original
      // session beside the new token (useImpersonation); the test does the same through the API.
      type Users = { items: { id: string; userName: string }[] };
      const users = await apiGet<Users>(baseUrl, page, '/api/app/users?filterText=staff&maxResultCount=50');
      const staff = users.items.find((u) => u.userName === 'staff')!;
      const { accessToken, expiresIn } = await apiPost<{ accessToken: string; expiresIn: number }>(
        baseUrl,
        page,
        '/api/app/account/impersonate',
        { userId: staff.id },
      );
      await page.evaluate(
        `(() => {
          const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
          const original = JSON.parse(sessionStorage.getItem(key));
          const claims = JSON.parse(atob(${JSON.stringify(accessToken)}.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
          sessionStorage.setItem('casebook.impersonator', JSON.stringify(original));
          sessionStorage.setItem(key, JSON.stringify({ access_token: ${JSON.stringify(accessToken)}, token_type: 'Bearer',
            scope: original.scope, profile: claims, expires_at: Math.floor(Date.now() / 1000) + ${expiresIn} }));
        })()`,
      );
      await page.goto('/');
      await page.getByText('Signed in as Sam Staff', { exact: true }).waitFor();
      const revoke = page.locator('nav[aria-label="Main menu"] a[data-menu-path="/account/RevertImpersonation"]');
      expect(await revoke.textContent()).toBe('REVOKE');
      await page.screenshot({ animations: 'disabled', path: artifactPath('shell-impersonating.png') });
      await chooseAccountMenuItem(page, 'REVOKE');
      await page.getByText('Signed in as Alex Admin', { exact: true }).waitFor();
      expect(await page.locator('a[data-menu-path="/account/RevertImpersonation"]').count()).toBe(0);

      // Back to the first account from the switcher, without signing in again.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Switch account' }).hover();
      await page.getByRole('menuitem', { name: 'Add another account' }).waitFor();
      // Each account keeps its own sidebar colour: the admin has none saved, so the default.
      expect(await page.locator('.shell-sider').getAttribute('data-sidebar-color')).toBe('dark');
      await page.screenshot({ animations: 'disabled', path: artifactPath('shell-account-switcher.png') });
      // The submenu opens on hover and may close when the pointer passes another item: hover it again until
      // the account shows.
      const jordan = page.getByRole('menuitem', { name: /^Dr Jordan Specialist/ });
      await expect
        .poll(async () => {
          if (await jordan.isVisible()) return true;
          await page.getByRole('menuitem', { name: 'Switch account' }).hover();
          return jordan.isVisible();
        })
        .toBe(true);
      await jordan.click();
      await page.getByText('Signed in as Dr Jordan Specialist', { exact: true }).waitFor();
      await expect.poll(() => page.locator('.shell-sider').getAttribute('data-sidebar-color')).toBe('dark-blue');
    });
  });

  it('says it can not connect when the API server cannot be reached', async () => {
    await inFreshContext(async (page, context) => {
      await signInAs(page, 'staff', '/view/login-account?tab=NotificationSetting');
      const toggle = page.getByRole('switch');
      await toggle.waitFor();
      // From here every call is refused at the connection, as a stopped server's port refuses it (the
      // server the other tests share keeps running).
      await context.route('**/api/**', (route) => route.abort('connectionrefused'));
      await toggle.click();
      await notice(page, CONNECTION_MESSAGE).waitFor();
      await page.screenshot({ animations: 'disabled', path: artifactPath('shell-offline.png') });
    });
  });
});
