import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, mailMatching, signIn } from './support/signin';
import { pane, screenshots, seeNotice } from './support/screen';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const shot = screenshots('system-updates');
const RUN = Date.now().toString(36);

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

describe('system updates', () => {
  it('the host admin adds an update, publishes it, sends it to the demo tenant admins and sees the send in its history', async () => {
    const version = `9.${RUN}`;
    const title = `Faster statements ${RUN}`;
    await host.goto('/view/system-update');
    await pane(host).getByRole('heading', { name: 'System Updates' }).waitFor();
    await pane(host).getByRole('button', { name: 'Add System Update' }).click();
    await pane(host).getByRole('heading', { name: 'Add System Update' }).waitFor();
    await pane(host).getByLabel('Version').fill(version);
    await pane(host).getByLabel('Title').fill(title);
    await pane(host).getByLabel('Content').fill('Statements open twice as fast.\n\nInvoices print with the firm logo.');
    await pane(host).getByRole('button', { name: 'Save' }).click();
    await seeNotice(host, 'Data has been added successfully');
    await pane(host)
      .getByRole('heading', { name: `System Update ${version}` })
      .waitFor();
    await pane(host).getByText('Draft').waitFor();
    // A draft cannot be sent.
    expect(await pane(host).getByRole('button', { name: 'Send by E-mail' }).isDisabled()).toBe(true);

    await pane(host).getByRole('button', { name: 'Edit' }).click();
    await pane(host)
      .getByLabel(/Published/)
      .check();
    await pane(host).getByRole('button', { name: 'Save' }).click();
    await seeNotice(host, 'Data has been saved successfully');
    await pane(host)
      .getByText(/^Published /)
      .waitFor();

    const tenants = await apiGet<{ items: Tenant[] }>(baseUrl, host, '/api/app/tenants?maxResultCount=1000');
    const demo = tenants.items.find((t) => !t.isHost && t.name.toLowerCase().includes('demo'))!;
    await pane(host).getByRole('button', { name: 'Send by E-mail' }).click();
    const dialog = host.getByRole('dialog', { name: 'Send by E-mail' });
    await dialog.getByLabel('Tenants').click();
    await host.locator('.ant-select-item-option', { hasText: demo.name }).first().click();
    // The open list covers the buttons: a click on the dialog's text closes it, as a person would.
    await dialog.getByText(/is sent to the tenant admins/).click();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await seeNotice(host, /Sent to \d+ tenant admins? of 1 tenant\./);

    const history = pane(host).getByRole('table', { name: 'Send history' });
    const row = history.locator('tbody tr.ant-table-row').first();
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('1');
    await row.locator('.ant-table-row-expand-icon').click();
    const recipient = await history.locator('li').first().textContent();
    expect(recipient).toContain(`(${demo.name})`);
    const email = recipient!.split(' (')[0]!;
    await shot(host, 'detail-with-history');

    // The mail reached the demo admin through the outbox, with the update's subject and text.
    const found = await mailMatching(
      dataDir,
      email,
      new RegExp(`Subject: Product update ${version.replace('.', '\\.')}: ${title}`),
      15_000,
    );
    expect(found[0]).toContain(title);

    // Every user of the tenant reads it as a Product Update.
    const staff = await (await browser.newContext()).newPage();
    await signIn(staff, { tenant: 'demo', userNameOrEmail: 'admin', password: DEMO_PASSWORD }, '/view/product-update');
    await pane(staff).getByText(title).waitFor();
    await pane(staff).getByText('Invoices print with the firm logo.').waitFor();
  });
});
