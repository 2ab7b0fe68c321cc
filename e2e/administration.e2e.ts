import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { chooseAccountMenuItem } from './support/shell';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { pane, screenshots, seeNotice } from './support/screen';

const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const shot = screenshots('administration');

let browser: RunningBrowser;
let host: Page;

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
  host = await (await browser.newContext()).newPage();
  await signIn(host, { tenant: '', userNameOrEmail: 'admin', password: DEMO_PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

type Tenant = {
  id: string;
  name: string;
  editionName: string;
  isHost: boolean;
  featureOverrides: Record<string, string>;
};

describe('host administration', () => {
  it('creates a LAW CONNECT tenant, switches a feature off, logs in as its admin and back; Editions and Storage open', async () => {
    const name = `Harbour Legal ${RUN}`;
    await host.goto('/view/tenants');
    await pane(host).getByRole('heading', { name: 'Tenants' }).waitFor();
    await pane(host).getByRole('table', { name: 'Tenants' }).locator('tbody tr.ant-table-row').first().waitFor();

    // A new tenant with the LAW CONNECT edition.
    await pane(host).getByRole('button', { name: 'Add tenant' }).click();
    const dialog = host.getByRole('dialog', { name: 'Add tenant' });
    await dialog.getByLabel('Tenant name').fill(name);
    await dialog.getByLabel('Edition').click();
    await host.locator('.ant-select-item-option', { hasText: 'LAW CONNECT' }).click();
    await dialog.getByLabel('Admin e-mail').fill(`admin.${RUN}@harbour.test`);
    await dialog.getByLabel('Admin password').fill(DEMO_PASSWORD);
    await shot(host, 'add-tenant');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeNotice(host, 'Data has been saved successfully');

    // Its detail: features as switches; one of the edition's switched off and saved.
    const drawer = host.getByRole('dialog', { name: `Tenant Detail - ${name}` });
    await drawer.waitFor();
    const features = drawer.getByRole('table', { name: 'Features' });
    const on = features.getByRole('switch', { checked: true }).first();
    await on.waitFor();
    const flag = (await on.getAttribute('aria-label'))!;
    const chosen = features.getByRole('switch', { name: flag, exact: true });
    await chosen.click();
    await expect.poll(() => chosen.getAttribute('aria-checked')).toBe('false');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await seeNotice(host, 'Data has been saved successfully');
    const listed = await apiGet<{ items: Tenant[] }>(
      baseUrl,
      host,
      `/api/app/tenants?filterText=${encodeURIComponent(name)}`,
    );
    const tenant = listed.items.find((t) => t.name === name)!;
    expect(tenant.editionName).toBe('LAW CONNECT');
    expect(tenant.featureOverrides).toEqual({ [flag]: 'False' });
    await pane(host).getByRole('button', { name }).waitFor();
    await shot(host, 'tenant-detail');

    // Log in as its admin, then revert to the host.
    await drawer.getByRole('button', { name: 'Log in as admin' }).click();
    const revoke = host.locator('nav[aria-label="Main menu"] a[data-menu-path="/account/RevertImpersonation"]');
    await revoke.waitFor({ state: 'attached' });
    expect(await revoke.textContent()).toBe('REVOKE');
    expect((await apiGet<Tenant>(baseUrl, host, '/api/app/tenants/current')).name).toBe(name);
    await shot(host, 'impersonating');
    await chooseAccountMenuItem(host, 'REVOKE');
    await expect
      .poll(async () => (await apiGet<Tenant>(baseUrl, host, '/api/app/tenants/current')).isHost, { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => host.locator('a[data-menu-path="/account/RevertImpersonation"]').count()).toBe(0);
    // Reverting ends by opening the home page: a navigation started before it would be interrupted.
    await host.waitForURL((url) => url.pathname === '/');

    // Editions and Storage.
    await host.goto('/view/editions');
    const editions = pane(host).getByRole('table', { name: 'Editions' });
    await editions.getByRole('cell', { name: 'LAW CONNECT', exact: true }).waitFor();
    expect(await editions.locator('tbody tr').count()).toBe(5);
    await shot(host, 'editions');
    await host.goto('/view/file-management');
    await pane(host).getByText('Storage', { exact: false }).first().waitFor();
    expect(await pane(host).getByText('Cannot found').count()).toBe(0);
  });

  it("sets the demo tenant's billing rates, calculates, sends and marks paid last month's invoice, then lists it", async () => {
    await host.goto('/view/billing-setting');
    await pane(host).getByRole('heading', { name: 'Tenant Billing Rates' }).waitFor();
    await pane(host)
      .getByRole('table', { name: 'Tenant billing rates' })
      .getByRole('cell', { name: 'demo', exact: true })
      .click();
    await pane(host).getByRole('heading', { name: 'Subscription — demo' }).waitFor();
    await pane(host).getByLabel('Monthly base fee').fill('150.00');
    await pane(host).getByLabel('Per active account').fill('12.50');
    await pane(host).getByLabel('Per active client').fill('3.30');
    await pane(host).getByLabel('Billing e-mail').fill(`accounts.${RUN}@demo.test`);
    await pane(host).getByRole('button', { name: 'Save' }).click();
    await seeNotice(host, 'Data has been updated successfully');

    // Last month (the picker's default), calculated after a confirmation.
    await pane(host).getByRole('button', { name: 'Calculate for a month' }).click();
    await host.locator('.ant-popconfirm').getByRole('button', { name: 'Calculate', exact: true }).click();
    await seeNotice(host, /Invoice SI-\d{6} calculated/);
    const heading = pane(host).getByRole('heading', { name: /^Invoice SI-\d{6}/ });
    await heading.waitFor();
    const invoiceNo = /SI-\d{6}/.exec((await heading.textContent()) ?? '')![0];
    await heading.getByText('Draft', { exact: true }).waitFor();

    await pane(host).getByRole('button', { name: 'Send', exact: true }).click();
    await host.locator('.ant-popconfirm').getByRole('button', { name: 'Send', exact: true }).click();
    await seeNotice(host, `Invoice ${invoiceNo} has been queued to send.`);
    await heading.getByText('Sent', { exact: true }).waitFor();

    await pane(host).getByRole('button', { name: 'Mark paid' }).click();
    await host
      .getByRole('dialog', { name: `Mark ${invoiceNo} paid` })
      .getByRole('button', { name: 'Mark paid' })
      .click();
    await seeNotice(host, `Invoice ${invoiceNo} is marked paid.`);
    await heading.getByText('Paid', { exact: true }).waitFor();
    await shot(host, 'tenant-invoice-paid');

    await host.goto('/view/tenant-invoice');
    const list = pane(host).getByRole('table', { name: 'Tenant invoices' });
    const row = list.locator('tbody tr', { hasText: invoiceNo });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: 'demo', exact: true }).count()).toBe(1);
    expect(await row.getByText('Paid', { exact: true }).count()).toBe(1);
  });
});

describe('System Tools', () => {
  it("shows the tenant admin the system's state and the administration pages, and a tool opens its screen", async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, { tenant: 'demo', userNameOrEmail: 'admin', password: DEMO_PASSWORD });

    // From the sidebar's Administration group.
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const entry = nav.locator('a[data-menu-path="/view/system-tools"]');
    if (!(await entry.isVisible())) {
      await nav.getByRole('menuitem', { name: 'Administration', exact: true }).click();
      await entry.waitFor();
      // The group slides open; a click during the slide can land on the entry next to this one.
      await page.waitForTimeout(400);
    }
    await entry.click();
    await page.waitForURL((url) => url.pathname === '/view/system-tools');
    const screen = pane(page);
    await screen.getByRole('heading', { name: 'System Tools' }).waitFor();
    expect(await screen.getByText('This section is not available yet.').count()).toBe(0);

    // Status: the health checks with their tags, and the failed jobs with a link to their screen.
    const checks = screen.getByRole('list', { name: 'Health checks' });
    await checks.getByRole('listitem').first().waitFor();
    const tags = await checks.locator('.ant-tag').allTextContents();
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(['Healthy', 'Unhealthy', 'Not configured']).toContain(tag);
    const jobs = screen.getByRole('group', { name: 'Failed background jobs' });
    await expect
      .poll(async () => (await jobs.locator('.ant-statistic-content').textContent())?.trim())
      .toMatch(/^\d+$/);
    await jobs.getByRole('link', { name: 'Open Background Jobs' }).waitFor();
    await screen.getByRole('button', { name: 'Check again' }).click();

    // Tools: the admin's own administration pages; host pages are not among them.
    const tools = screen.getByRole('list', { name: 'Tools' });
    await tools.getByRole('link', { name: 'Roles', exact: true }).waitFor();
    expect(await tools.getByRole('link', { name: 'Tenants', exact: true }).count()).toBe(0);
    expect(await tools.getByText('Each role and the permissions it grants.').count()).toBe(1);
    await checks.getByRole('listitem').first().waitFor();
    await shot(page, 'system-tools');

    await tools.getByRole('link', { name: 'Roles', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/view/roles');
    await pane(page).getByRole('heading', { name: 'Roles' }).waitFor();
    await page.context().close();
  });
});
