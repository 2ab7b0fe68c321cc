import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { pane, screenshots, seeNotice } from './support/screen';

const baseUrl = inject('baseUrl');
const shot = screenshots('statistics');

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

type Tenant = { id: string; name: string; isHost: boolean };
type Monthly = {
  fromMonth: string;
  toMonth: string;
  items: { tenant: Tenant; applyForMonth: string; numberOfClient: number }[];
};

const mmYyyy = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

describe('the host administrator', () => {
  it('opens Monthly Active Clients, picks a tenant and sees its numbers for this month to the end of next', async () => {
    await host.goto('/view/client-active-count');
    await pane(host).getByRole('heading', { name: 'Monthly Active Clients' }).waitFor();
    const tenants = await apiGet<{ items: Tenant[] }>(baseUrl, host, '/api/app/tenants?maxResultCount=1000');
    const demo =
      tenants.items.find((t) => !t.isHost && t.name.toLowerCase().includes('demo')) ??
      tenants.items.find((t) => !t.isHost)!;

    // The picker starts on the first tenant (its rows show); the demo tenant is chosen from it.
    await pane(host).locator('.ant-table tbody tr.ant-table-row').first().waitFor();
    await pane(host).getByLabel('Tenant').click();
    await host.locator('.ant-select-item-option', { hasText: demo.name }).first().click();

    const expected = await apiGet<Monthly>(baseUrl, host, `/api/app/statistic/clientActiveCount?tenantId=${demo.id}`);
    expect(expected.items.length).toBe(2);
    const table = pane(host).locator('.ant-table');
    for (const row of expected.items) {
      const line = table.locator('tbody tr.ant-table-row', { hasText: mmYyyy(row.applyForMonth) });
      await expect
        .poll(() => line.locator('td').allTextContents())
        .toEqual([demo.name, mmYyyy(row.applyForMonth), String(row.numberOfClient)]);
    }
    // The demo tenant's cases make some clients active in the range.
    expect(expected.items.reduce((n, r) => n + r.numberOfClient, 0)).toBeGreaterThan(0);
    await expect
      .poll(() => pane(host).getByRole('columnheader').allTextContents())
      .toEqual(['Tenant', 'Month', 'Number of Active Clients']);
    await shot(host, 'monthly-active-clients');
  });

  it("opens Database Migration and presses its button: 'Send request successfully.'", async () => {
    await host.goto('/view/db-migration');
    await pane(host).getByRole('heading', { name: 'Database Migration' }).waitFor();
    await pane(host).getByText('None').waitFor();
    await pane(host).getByRole('button', { name: 'Migrate Store Procedures' }).click();
    await seeNotice(host, 'Send request successfully.');
    await pane(host).getByText('No migration was pending; the table security rules were applied again.').waitFor();
    await shot(host, 'db-migration');
  });
});

describe('the dashboard of the demo tenant', () => {
  it("shows the statistic/* figures, equal to the API's", async () => {
    const staff = await (await browser.newContext()).newPage();
    await signIn(staff, { tenant: 'demo', userNameOrEmail: 'admin', password: DEMO_PASSWORD }, '/view/dashboard');
    const panel = staff.getByTestId('statistics');
    await panel.getByRole('heading', { name: 'This month', exact: true }).waitFor();
    const bookings = await apiGet<{ totalCount: number }>(baseUrl, staff, '/api/app/statistic/bookings');
    const month = panel.locator('section', { has: staff.getByRole('heading', { name: 'This month', exact: true }) });
    await expect
      .poll(() => month.locator('dd').first().textContent())
      .toBe(bookings.totalCount.toLocaleString('en-AU'));
    await panel.getByRole('table', { name: 'Login users' }).locator('tbody tr').first().waitFor();
    await shot(staff, 'dashboard');
  });
});
