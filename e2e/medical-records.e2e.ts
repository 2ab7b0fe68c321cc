import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessTokenOf, apiGet, apiPost, apiPut } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { fillDate, openTab, pane, saveStep, screenshots, seeNotice } from './support/screen';

const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const as = (userNameOrEmail: string) => ({ tenant: 'demo', userNameOrEmail, password: DEMO_PASSWORD });
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let browser: RunningBrowser;
let staff: Page;
let cm: Page;
let other: { id: string; caseNo: string };
let late: { id: string; caseNo: string };

const shot = screenshots('medical-records');

type Named = { id: string };
type Case = { id: string; caseNo: string; concurrencyStamp: string };

async function choose(page: Page, label: string, typed: string, option: string) {
  const box = pane(page).getByRole('combobox', { name: label });
  await box.click();
  if (typed) await box.pressSequentially(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await browser.newPage();
  await signIn(staff, as('staff'), '/view/dashboard');
  const users = await apiGet<{ items: { id: string; userName: string }[] }>(
    baseUrl,
    staff,
    '/api/app/users?filterText=casemanager&maxResultCount=50',
  );
  const cmUserId = users.items.find((u) => u.userName === 'casemanager')!.id;
  const company = await apiPost<Named>(baseUrl, staff, '/api/app/companies', {
    name: `Records Law ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  await apiPost<Named>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Rita',
    lastName: `Records${RUN}`,
    companyId: company.id,
    userId: cmUserId,
  });
  await apiPost<Named>(baseUrl, staff, '/api/app/clients', { firstName: 'Nora', lastName: `Notes${RUN}` });
  // Another firm's request, and one of ours asked for long ago and still not received.
  const far = await apiPost<Named>(baseUrl, staff, '/api/app/companies', {
    name: `Far Firm ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const farCm = await apiPost<Named>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Fred',
    lastName: `Far${RUN}`,
    companyId: far.id,
  });
  const farClient = await apiPost<Named>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Olive',
    lastName: `Away${RUN}`,
  });
  other = await apiPost<Case>(baseUrl, staff, '/api/app/clinical-records', {
    clientId: farClient.id,
    caseManagerId: farCm.id,
  });
  const created = await apiPost<Case>(baseUrl, staff, '/api/app/clinical-records', {
    clientId: farClient.id,
    caseManagerId: farCm.id,
  });
  late = await apiPut<Case>(baseUrl, staff, `/api/app/clinical-records/${created.id}/booking-detail`, {
    concurrencyStamp: created.concurrencyStamp,
    clientId: farClient.id,
    caseManagerId: farCm.id,
    recordType: 'CLINICAL_NOTES',
    requestedDate: isoDay(-60),
  });
  const cmContext = await browser.newContext();
  cm = await cmContext.newPage();
  await signIn(cm, as('casemanager'), '/view/dashboard');
});

afterAll(async () => {
  await browser?.close();
});

describe('medical records, end to end', () => {
  it('staff request records and send the files; the log shows each step; another firm’s case is not found', async () => {
    await staff.goto('/view/clinical-records/add');
    await pane(staff).getByRole('heading', { name: 'Add Medical Records' }).waitFor();
    await choose(staff, 'Claimant', `Notes${RUN}`, `Nora Notes${RUN}`);
    await choose(staff, 'Booking case manager', `Records${RUN}`, `Rita Records${RUN}`);
    await pane(staff).getByRole('button', { name: 'Save' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await staff.waitForURL(/\/view\/clinical-records\/detail\/[0-9a-f-]{36}$/);
    const id = staff.url().split('/').pop()!;
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Created' }).waitFor();
    const caseNo = (await pane(staff).locator('h1').textContent())!.match(/MR-\d+/)![0];

    await openTab(staff, 'Booking Detail');
    await choose(staff, 'Record type', '', 'Clinical notes');
    await pane(staff).getByLabel('Provider', { exact: true }).fill('Harbour Medical Centre');
    await fillDate(staff, 'Requested date', isoDay(-2));
    await saveStep(staff, 'Requested');
    await openTab(staff, 'Paperwork');
    await fillDate(staff, 'Paperwork received date', isoDay(-1));
    await saveStep(staff, 'Paperwork received');
    await fillDate(staff, 'Files sent date', isoDay(0));
    await saveStep(staff, 'Files sent');
    await shot(staff, 'files-sent');
    const log = pane(staff).getByRole('table', { name: 'Status log' });
    await expect
      .poll(async () => (await log.locator('tbody tr td:first-child').allTextContents()).join(' | '))
      .toBe('Created | Requested | Paperwork received | Files sent');

    // The list marks the request past its due date, and the dashboard counts what is overdue.
    await staff.goto('/view/clinical-records');
    await pane(staff).getByRole('heading', { name: 'Medical Records' }).waitFor();
    const lateRow = pane(staff).locator('tr', { hasText: late.caseNo });
    await lateRow.locator('.ant-tag', { hasText: 'Overdue' }).waitFor();
    expect(
      await pane(staff).locator('tr', { hasText: caseNo }).locator('.ant-tag', { hasText: 'Overdue' }).count(),
    ).toBe(0);
    const counts = await apiGet<{ overdueCount: number }>(baseUrl, staff, '/api/app/clinical-records/countCaseStatus');
    expect(counts.overdueCount).toBeGreaterThan(0);
    await staff.goto('/view/dashboard');
    const panel = pane(staff).getByRole('table', { name: 'Medical records' });
    await expect
      .poll(async () => (await panel.locator('tr', { hasText: 'Overdue' }).locator('td').nth(1).textContent())?.trim())
      .toBe(String(counts.overdueCount));
    await shot(staff, 'dashboard');

    // The case manager of the firm finds it; another firm's request is a 404.
    await cm.goto('/view/clinical-records');
    await pane(cm).getByText(caseNo, { exact: true }).waitFor();
    expect(await pane(cm).getByText(other.caseNo, { exact: true }).count()).toBe(0);
    await cm.goto(`/view/clinical-records/detail/${other.id}`);
    await pane(cm).getByText('Cannot found').waitFor();
    const refused = await cm.request.get(`${baseUrl}/api/app/clinical-records/${other.id}`, {
      headers: { authorization: `Bearer ${await accessTokenOf(cm)}` },
    });
    expect(refused.status()).toBe(404);

    // The print pages: a real record, no id, an unknown id.
    await staff.goto(`/view/clinical-notes/print-letter-of-confirmation?id=${id}`);
    await staff.getByRole('heading', { name: 'Letter of Confirmation' }).waitFor();
    await staff.getByText(caseNo, { exact: true }).waitFor();
    expect(await staff.title()).toContain(`Letter of Confirmation - ${caseNo}`);
    await staff.goto(`/view/clinical-notes/print-loa-template?id=${id}`);
    await staff.getByRole('heading', { name: 'Letter of Authorisation' }).waitFor();
    await staff.getByText('Harbour Medical Centre', { exact: false }).first().waitFor();
    // The print dialog is recorded instead of opened.
    await staff.context().addInitScript({
      content: 'window.print = () => { document.body.dataset.printed = String(Date.now()); };',
    });
    const opened = Date.now();
    await staff.goto(`/view/clinical-notes/print-medical-request?id=${id}`);
    await staff.getByRole('heading', { name: 'Medical Request' }).waitFor();
    await staff.locator('body[data-printed]').waitFor();
    expect(Number(await staff.locator('body').getAttribute('data-printed')) - opened).toBeGreaterThanOrEqual(500);
    await shot(staff, 'medical-request');
    for (const page of ['print-letter-of-confirmation', 'print-loa-template', 'print-medical-request']) {
      await staff.goto(`/view/clinical-notes/${page}`);
      await staff.getByRole('heading', { name: 'Something Error' }).waitFor();
      await staff.getByText('Missing parameter id').waitFor();
      await staff.goto(`/view/clinical-notes/${page}?id=00000000-0000-7000-8000-000000000000`);
      await staff.getByText('Cannot found').waitFor();
    }
  });
});
