import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, apiPost } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/signin';
import ExcelJS from 'exceljs';
import { fillDate, openTab, pane, saveStep, screenshots, seeNotice } from './support/screen';

const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const as = (userNameOrEmail: string) => ({ tenant: 'demo', userNameOrEmail, password: DEMO_PASSWORD });

let browser: RunningBrowser;
let staff: Page;
let cm: Page;
let imeId: string;
let otherSupp: { id: string; caseNo: string };

const shot = screenshots('supplementary');

type Named = { id: string };

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await browser.newPage();
  await signIn(staff, as('staff'), '/view/dashboard');
  // The demo case manager books for a company of this run; another firm's supplementary must stay hidden.
  const users = await apiGet<{ items: { id: string; userName: string }[] }>(
    baseUrl,
    staff,
    '/api/app/users?filterText=casemanager&maxResultCount=50',
  );
  const cmUserId = users.items.find((u) => u.userName === 'casemanager')!.id;
  const company = await apiPost<Named>(baseUrl, staff, '/api/app/companies', {
    name: `Supp Law ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const booker = await apiPost<Named>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Sally',
    lastName: `Supp${RUN}`,
    companyId: company.id,
    userId: cmUserId,
  });
  const claimant = await apiPost<Named>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Paula',
    lastName: `Papers${RUN}`,
  });
  imeId = (
    await apiPost<Named>(baseUrl, staff, '/api/app/assessments', { clientId: claimant.id, caseManagerId: booker.id })
  ).id;
  const other = await apiPost<Named>(baseUrl, staff, '/api/app/companies', {
    name: `Far Firm ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const otherCm = await apiPost<Named>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Fred',
    lastName: `Far${RUN}`,
    companyId: other.id,
  });
  const otherClient = await apiPost<Named>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Olive',
    lastName: `Away${RUN}`,
  });
  otherSupp = await apiPost<{ id: string; caseNo: string }>(baseUrl, staff, '/api/app/supplementary', {
    clientId: otherClient.id,
    caseManagerId: otherCm.id,
  });
  const cmContext = await browser.newContext();
  cm = await cmContext.newPage();
  await signIn(cm, as('casemanager'), '/view/dashboard');
});

afterAll(async () => {
  await browser?.close();
});

describe('supplementary report, end to end', () => {
  it('staff create one from an IME case and take it to completed; the case manager sees only theirs; it prints', async () => {
    await staff.goto(`/view/assessments/detail/${imeId}`);
    await pane(staff).getByRole('button', { name: 'Create supplementary' }).click();
    await staff.waitForURL(/\/view\/supplementaries\/detail\/[0-9a-f-]{36}$/);
    const suppId = staff.url().split('/').pop()!;
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Created' }).waitFor();
    const caseNo = (await pane(staff).locator('h1').textContent())!.match(/S-\d+/)![0];
    expect(await pane(staff).getByText(`Paula Papers${RUN}`).count()).toBeGreaterThan(0);

    await openTab(staff, 'Booking Detail');
    await fillDate(staff, 'Report requested date', '2026-03-02');
    await saveStep(staff, 'Report requested');
    await openTab(staff, 'Paperwork');
    await fillDate(staff, 'Paperwork received date', '2026-03-04');
    await saveStep(staff, 'Paperwork received');
    await openTab(staff, 'Dictations');
    await fillDate(staff, 'Dictation date', '2026-03-10');
    await saveStep(staff, 'Dictation');
    await fillDate(staff, 'Draft date', '2026-03-12');
    await saveStep(staff, 'Draft');
    await fillDate(staff, 'Completed date', '2026-03-15');
    await saveStep(staff, 'Completed');
    await shot(staff, 'completed');

    const log = pane(staff).getByRole('table', { name: 'Status log' });
    await expect
      .poll(async () => (await log.locator('tbody tr td:first-child').allTextContents()).join(' | '))
      .toBe('Created | Report requested | Paperwork received | Dictation | Draft | Completed');

    // The case manager of the firm finds it in their list, and cannot find another firm's.
    await cm.goto('/view/supplementaries');
    await pane(cm).getByRole('heading', { name: 'Supplementary Reports' }).waitFor();
    await pane(cm).getByText(caseNo, { exact: true }).waitFor();
    await pane(cm).getByLabel('Search', { exact: true }).fill(otherSupp.caseNo);
    await pane(cm).locator('.ant-empty-description', { hasText: 'No Data' }).waitFor();
    expect(await pane(cm).getByText(otherSupp.caseNo, { exact: true }).count()).toBe(0);
    await cm.goto(`/view/supplementaries/detail/${otherSupp.id}`);
    await pane(cm).getByText('Cannot found').waitFor();

    // The service request prints.
    await staff.goto(`/view/supplementary/print?type=printServiceRequest&id=${suppId}`);
    await staff.getByRole('heading', { name: 'Service Request' }).waitFor();
    await staff.getByText(caseNo, { exact: true }).waitFor();
    expect(await staff.title()).toContain(`Service Request - ${caseNo}`);
    await shot(staff, 'print');
  });

  it('the list exports the firm’s cases; a case sends one of its e-mails after a preview; a file review prints', async () => {
    // Export on the case manager's list: their firm's cases only.
    await cm.goto('/view/supplementaries');
    await pane(cm).getByRole('heading', { name: 'Supplementary Reports' }).waitFor();
    await pane(cm).getByRole('button', { name: 'Export' }).click();
    const download = cm.waitForEvent('download');
    await cm.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    const saved = await download;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await saved.path())!);
    const numbers: string[] = [];
    wb.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) numbers.push(String(row.getCell(1).value));
    });
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((n) => n.startsWith('S-'))).toBe(true);
    expect(numbers).not.toContain(otherSupp.caseNo);

    // Send e-mail on a supplementary: the preview is the case's, then it is sent.
    await staff.goto(`/view/supplementaries/detail/${otherSupp.id}`);
    await pane(staff).getByRole('button', { name: 'Send e-mail' }).click();
    const dialog = staff.getByRole('dialog').filter({ hasText: 'Send e-mail' });
    await dialog.getByRole('combobox', { name: 'E-mail' }).click();
    await staff
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Report request' })
      .first()
      .click();
    const subject = dialog.getByTestId('case-email-subject');
    await subject.waitFor();
    expect(await subject.textContent()).toBe(`Supplementary report request - ${otherSupp.caseNo}`);
    await dialog.getByLabel('Recipient').fill(`fred.${RUN}@far-firm.test`);
    await shot(staff, 'email-preview');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await seeNotice(staff, 'Email has been sent!');

    // A file review's request prints.
    const fr = await apiPost<{ id: string; caseNo: string }>(baseUrl, staff, '/api/app/file-review', {
      clientId: (await apiGet<{ clientId: string }>(baseUrl, staff, `/api/app/supplementary/${otherSupp.id}`)).clientId,
      caseManagerId: (await apiGet<{ caseManagerId: string }>(baseUrl, staff, `/api/app/supplementary/${otherSupp.id}`))
        .caseManagerId,
    });
    await staff.goto(`/view/supplementary/print?type=fileReviewPrint&id=${fr.id}`);
    await staff.getByRole('heading', { name: 'File Review Request' }).waitFor();
    await staff.getByText(fr.caseNo, { exact: true }).waitFor();
    expect(await staff.title()).toContain(`File Review Request - ${fr.caseNo}`);
    await shot(staff, 'file-review-print');
  });
});
