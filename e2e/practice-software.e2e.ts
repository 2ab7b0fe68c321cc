import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FakePms, type FakeMatter } from '../apps/server/src/modules/integrations/pms/fake';
import { accessTokenOf, apiPost } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { fillDate, openTab, pane, saveStep, screenshots, seeNotice } from './support/screen';

const RUN = Date.now().toString(36);
const shot = screenshots('practice-software');
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let clio: FakePms;
let server: RunningServer;
let browser: RunningBrowser;
let staff: Page;
let baseUrl: string;
let caseId: string;
let caseNo: string;
let firmName: string;
let matter: FakeMatter;

/** Waits for a condition of the test's own world (the fake's store), polling. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  clio = await new FakePms('clio').start();
  matter = clio.addMatter('AU', {
    description: `Claimant v Insurer ${RUN}`,
    client: { id: 'c-1', name: 'Claire Claimant' },
    responsible: { id: 'u-1', name: 'Rita Responsible' },
  });
  // The same matter number in another region: only the AU service may be asked.
  clio.addMatter('US', { description: `Claimant v Insurer ${RUN} (US)` });
  server = await startServer({
    env: {
      CLIO_CLIENT_ID: clio.clientId,
      CLIO_CLIENT_SECRET: clio.clientSecret,
      CLIO_BASE_URLS: ['US', 'EU', 'CA', 'AU'].map((r) => `${r}=${clio.baseUrl(r)}`).join(','),
      INTEGRATIONS_KEY: 'b'.repeat(24) + '0123456789abcdef0123456789abcdef01234567',
      INTEGRATIONS_RETRY_DELAY_SECONDS: '1',
    },
    startTimeoutMs: 300_000,
  });
  baseUrl = server.baseUrl;
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await (await browser.newContext()).newPage();
  await signIn(staff, { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD }, '/view/dashboard');
  // An IME case of a law firm up to its dictation, with the report attached; the fees of its specialist.
  firmName = `Matter Law ${RUN}`;
  const company = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/companies', {
    name: firmName,
    businessType: 'LAW_FIRM',
  });
  const cm = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Mat',
    lastName: `Ter${RUN}`,
    companyId: company.id,
  });
  const claimant = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Claire',
    lastName: `Claimant${RUN}`,
  });
  const specialist = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/specialists', {
    firstName: 'Pat',
    lastName: `Report${RUN}`,
    onboardedDate: '2020-01-01',
  });
  await apiPost(baseUrl, staff, '/api/app/payment-blueprints', {
    name: `Dr Report${RUN} IME`,
    serviceType: 'IME',
    specialistId: specialist.id,
    items: [{ description: 'Independent medical examination', quantity: 1, unitPrice: '$1,000.00' }],
  });
  let c = await apiPost<{ id: string; caseNo: string; concurrencyStamp: string }>(
    baseUrl,
    staff,
    '/api/app/assessments',
    { clientId: claimant.id, caseManagerId: cm.id, specialistId: specialist.id },
  );
  for (const status of ['FILE_REVIEW', 'DICTATION_RECEIVED']) {
    c = await apiPost(baseUrl, staff, '/api/app/case-status-logs/changecasestatus', {
      objectId: c.id,
      status,
      concurrencyStamp: c.concurrencyStamp,
    });
  }
  caseId = c.id;
  caseNo = c.caseNo;
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.4 the report')]), 'IME Report.pdf');
  const uploaded = await fetch(new URL('/api/app/files', baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${await accessTokenOf(staff)}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  const file = (await uploaded.json()) as { id: string };
  await apiPost(baseUrl, staff, '/api/app/attachments', { fileId: file.id, attachmentFrom: 'IME', objectId: caseId });
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await clio?.close();
});

describe('practice software with Clio (AU)', () => {
  it("staff connect the firm's Clio, link an IME case to its matter, complete the report, see the report and the invoice in the matter once, and the matter's new status back by webhook", async () => {
    // Set up and connect the firm's Clio in Australia.
    await staff.goto('/view/law-practice-softwares');
    const row = pane(staff).getByRole('row', { name: new RegExp(firmName) });
    await row.getByRole('button', { name: 'Set up' }).click();
    const dialog = staff.getByRole('dialog', { name: `Practice software of ${firmName}` });
    await dialog.getByLabel('Practice software').click();
    await staff.locator('.ant-select-item-option', { hasText: 'Clio' }).click();
    await dialog.getByLabel('Region').click();
    await staff.locator('.ant-select-item-option', { hasText: 'AU' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await row.getByText('Clio (AU)').waitFor();
    await row.getByRole('button', { name: 'Connect' }).click();
    await staff.waitForURL((url) => url.pathname === '/view/clio-app' && url.search.includes('connected='));
    await seeNotice(staff, 'The practice software is connected.');
    const connected = pane(staff).getByRole('row', { name: new RegExp(firmName) });
    await connected.getByText('Connected', { exact: true }).waitFor();
    await connected.getByText('Registered').waitFor();
    await shot(staff, 'clio-connected');
    expect(clio.region('AU').webhooks).toHaveLength(1);

    // Link the case to its matter.
    await staff.goto('/view/pms-integration');
    await pane(staff).getByLabel('Case').click();
    await pane(staff).getByLabel('Case').fill(caseNo);
    await staff.locator('.ant-select-item-option', { hasText: caseNo }).click();
    await pane(staff).getByLabel('Matter search').fill(RUN);
    await pane(staff).getByRole('button', { name: 'Find matters' }).click();
    const found = pane(staff).getByRole('table', { name: 'Matters found' });
    await found
      .getByRole('row', { name: new RegExp(matter.number) })
      .getByRole('button', { name: 'Link' })
      .click();
    await seeNotice(staff, 'The case is linked to the matter.');
    const linked = pane(staff).getByLabel('Linked matter');
    await linked.getByText('Rita Responsible').waitFor();
    await linked.getByText('Claire Claimant').waitFor();
    await linked.getByText('Open', { exact: true }).waitFor();
    await shot(staff, 'linked');

    // Complete the report on the case's screen; the report goes to the matter.
    await staff.goto(`/view/assessments/detail/${caseId}`);
    await openTab(staff, 'Dictations');
    await fillDate(staff, 'Report completed', isoDay(0));
    await saveStep(staff, 'Report completed');
    await until('the report in the matter', () => clio.documentsOf('AU', matter.id).length >= 1);

    // Invoice the case; the invoice goes to the matter too.
    await openTab(staff, 'Payment');
    await pane(staff).getByRole('button', { name: 'Create Invoice' }).click();
    // The new invoice's own page (its notice closes on its own, and on a starved machine it once closed
    // before the test looked).
    await pane(staff).getByTestId('invoice-no').waitFor();
    const invoiceNo = (await pane(staff).getByTestId('invoice-no').innerText()).trim();
    await pane(staff).getByRole('button', { name: 'Send' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await until('the invoice in the matter', () => clio.documentsOf('AU', matter.id).length >= 2);

    await staff.goto('/view/pms-matter');
    const listed = pane(staff)
      .getByRole('table', { name: 'Linked matters' })
      .getByRole('row', { name: new RegExp(caseNo) });
    await until(
      'both documents shown sent',
      async () => (await listed.locator('.ant-tag', { hasText: 'Sent' }).count()) === 2,
    );
    await listed.getByText(`${caseNo} - IME Report.pdf`).waitFor();
    await listed.getByText(`${caseNo} - Invoice ${invoiceNo}.pdf`).waitFor();
    await shot(staff, 'matter-sync');
    expect(
      clio
        .documentsOf('AU', matter.id)
        .map((d) => d.name)
        .sort(),
    ).toEqual([`${caseNo} - IME Report.pdf`, `${caseNo} - Invoice ${invoiceNo}.pdf`]);
    expect(clio.region('US').documents.size).toBe(0);

    // Closed in Clio: the webhook brings the status back.
    expect(await clio.changeStatus('AU', matter.id, 'Closed')).toEqual([200]);
    await until('the matter shown closed', async () => {
      await staff.reload();
      const row = pane(staff)
        .getByRole('table', { name: 'Linked matters' })
        .getByRole('row', { name: new RegExp(caseNo) });
      await row.waitFor();
      return (await row.innerText()).includes('Closed');
    });
    await shot(staff, 'matter-closed');
    // Still once each.
    expect(clio.documentsOf('AU', matter.id)).toHaveLength(2);
  }, 240_000);
});
