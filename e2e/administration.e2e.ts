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
}, 60_000);

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
});
