import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { endpointPath, formatMoney, MONTH_NAMES, ReportEndpoints, type ReportResultDto } from '@casebook/domain';
import { accessTokenOf, apiGet, apiPost } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { fillDate, openTab, pane, screenshots, seeNotice } from './support/screen';

const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);

let browser: RunningBrowser;
let staff: Page;
let caseId: string;
let specialistName: string;
/** The case's people, for a second case of the same firm. */
let people: { clientId: string; caseManagerId: string; specialistId: string; companyName: string };

const shot = screenshots('invoices');

async function pick(page: Page, label: string, option: string, typed?: string) {
  const box = pane(page).getByRole('combobox', { name: label });
  await box.click();
  if (typed) await box.pressSequentially(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The case's status as its screen shows it, after opening the case afresh. */
async function caseStatusShown(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/view/assessments/detail/${caseId}`);
  return (await pane(page).locator('h1 .ant-tag').first().innerText()).trim();
}

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await browser.newPage();
  await signIn(staff, { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD }, '/view/dashboard');
  // A firm, its case manager, a claimant and a specialist on a split fee with their own IME fee.
  const company = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/companies', {
    name: `Billing Law ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const cm = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Bea',
    lastName: `Biller${RUN}`,
    companyId: company.id,
  });
  const claimant = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Cleo',
    lastName: `Paid${RUN}`,
  });
  specialistName = `Remit${RUN}`;
  const specialist = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/specialists', {
    firstName: 'Sally',
    lastName: specialistName,
    onboardedDate: '2020-01-01',
    feeArrangement: 1,
  });
  await apiPost(baseUrl, staff, '/api/app/payment-blueprints', {
    name: `Dr ${specialistName} IME`,
    serviceType: 'IME',
    specialistId: specialist.id,
    commissionBasisPoints: 2000,
    items: [{ description: 'Independent medical examination', quantity: 1, unitPrice: '$1,000.00' }],
  });
  // The case has been through its assessment: report completed.
  let c = await apiPost<{ id: string; concurrencyStamp: string }>(baseUrl, staff, '/api/app/assessments', {
    clientId: claimant.id,
    caseManagerId: cm.id,
    specialistId: specialist.id,
  });
  for (const status of ['FILE_REVIEW', 'DICTATION_RECEIVED', 'REPORT_COMPLETED']) {
    c = await apiPost(baseUrl, staff, '/api/app/case-status-logs/changecasestatus', {
      objectId: c.id,
      status,
      concurrencyStamp: c.concurrencyStamp,
    });
  }
  caseId = c.id;
  people = {
    clientId: claimant.id,
    caseManagerId: cm.id,
    specialistId: specialist.id,
    companyName: `Billing Law ${RUN}`,
  };
});

afterAll(async () => {
  await browser?.close();
});

describe('invoices and remittance', () => {
  it('staff invoice a completed case, record a partial then a full payment, run the remittance and open its PDF', async () => {
    expect(await caseStatusShown(staff)).toBe('Report completed');
    await openTab(staff, 'Payment');
    await pane(staff).getByRole('button', { name: 'Create Invoice' }).click();
    await seeNotice(staff, 'Data has been added successfully');
    // The draft opens in its own tab with the blueprint's fee and GST.
    await pane(staff).getByTestId('invoice-total').filter({ hasText: '$1,100.00' }).waitFor();
    const invoiceNo = (await pane(staff).getByTestId('invoice-no').innerText()).trim();
    expect(invoiceNo).toMatch(/^INV-\d{6}$/);
    await pane(staff).getByRole('button', { name: 'Send' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await pane(staff).locator('[data-status="SENT"]').first().waitFor();
    const invoicePath = new URL(staff.url()).pathname;

    // $500 now: partly paid.
    // The date first: Enter in the date field submits the form, which waits for the amount.
    await fillDate(staff, 'Payment date', today());
    await pane(staff).getByLabel('Payment amount').fill('500');
    await pane(staff).getByRole('button', { name: 'Record payment' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await pane(staff).getByTestId('invoice-balance').filter({ hasText: '$600.00' }).waitFor();
    await pane(staff).locator('[data-status="PARTIAL_PAY"]').first().waitFor();
    await shot(staff, 'partly-paid');
    expect(await caseStatusShown(staff)).toBe('Client partially paid');

    // The rest: fully paid.
    await staff.goto(`${baseUrl}${invoicePath}`);
    await fillDate(staff, 'Payment date', today());
    await pane(staff).getByLabel('Payment amount').fill('$600.00');
    await pane(staff).getByRole('button', { name: 'Record payment' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await pane(staff).locator('[data-status="PAID"]').first().waitFor();
    expect(await caseStatusShown(staff)).toBe('Client fully paid');
    // The case's Payment tab lists the invoice, paid.
    await openTab(staff, 'Payment');
    await pane(staff)
      .getByRole('row')
      .filter({ hasText: invoiceNo })
      .filter({ has: staff.locator('[data-status="PAID"]') })
      .first()
      .waitFor();

    // This month's remittance.
    const now = new Date();
    const month = MONTH_NAMES[now.getUTCMonth()]!;
    const year = String(now.getUTCFullYear());
    await staff.goto(`${baseUrl}/view/generate-doctor-payment`);
    await pick(staff, 'Month', month);
    await pane(staff).getByLabel('Year').fill(year);
    await pane(staff).getByRole('button', { name: 'Run remittance' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await pane(staff)
      .getByTestId('remittance-result')
      .filter({ hasText: `${month} ${year}` })
      .waitFor();

    // The statement on the screen: 20% of $1,000 with its GST is $220.00; the specialist gets $880.00.
    await staff.goto(`${baseUrl}/view/remittance-statements`);
    await pick(staff, 'Month', month);
    await pane(staff).getByLabel('Year').fill(year);
    await pick(staff, 'Specialist', specialistName, specialistName);
    const row = pane(staff).getByRole('row').filter({ hasText: specialistName });
    await row.waitFor();
    const commissionShown = (await row.getByTestId('commission').innerText()).trim();
    const paymentShown = (await row.getByTestId('payment').innerText()).trim();
    expect([commissionShown, paymentShown]).toEqual(['$220.00', '$880.00']);
    await shot(staff, 'statements');

    // Print opens the PDF in the browser's viewer; its amounts are the screen's.
    const [viewer] = await Promise.all([
      staff.context().waitForEvent('page'),
      row.getByRole('button', { name: 'Print' }).click(),
    ]);
    expect(viewer.url()).toMatch(/^blob:/);
    const statements = await apiGet<{ items: { id: string }[] }>(
      baseUrl,
      staff,
      `/api/app/specialist-remittances?specialistId=${await specialistIdOf(staff)}`,
    );
    const res = await fetch(
      new URL(`/api/app/specialist-remittances/${statements.items[0]!.id}/print?showProviderPayment=true`, baseUrl),
      { headers: { authorization: `Bearer ${await accessTokenOf(staff)}` } },
    );
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Remittance Payment');
    expect(text).toContain(invoiceNo);
    expect(text).toContain(commissionShown);
    expect(text).toContain(paymentShown);
    await viewer.close();
  });

  it('staff credit a sent invoice; the credit note shows on the invoice and its balance falls to nothing', async () => {
    const draft = await apiPost<{ id: string; concurrencyStamp: string }>(
      baseUrl,
      staff,
      '/api/app/payments/invoiceFromModule',
      { caseId },
    );
    await apiPost(baseUrl, staff, `/api/app/payments/${draft.id}/send`, { concurrencyStamp: draft.concurrencyStamp });
    await staff.goto(`${baseUrl}/view/invoices/detail/${draft.id}`);
    await pane(staff).getByTestId('invoice-balance').filter({ hasText: '$1,100.00' }).waitFor();
    await pane(staff).getByRole('button', { name: 'Credit Note' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Examination shortened');
    await shot(staff, 'credit-note-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await pane(staff).getByTestId('invoice-credited').filter({ hasText: '$1,100.00' }).waitFor();
    await pane(staff).getByTestId('invoice-balance').filter({ hasText: '$0.00' }).waitFor();
    const note = pane(staff).getByRole('row').filter({ hasText: 'Examination shortened' });
    expect(await note.innerText()).toMatch(/CN-\d{6}[\s\S]*\$1,100\.00/);
    await shot(staff, 'credit-note');
  });

  it("staff record a sent invoice's icare claim, then download the period's iCare report with it", async () => {
    const draft = await apiPost<{ id: string; concurrencyStamp: string }>(
      baseUrl,
      staff,
      '/api/app/payments/invoiceFromModule',
      { caseId },
    );
    const sent = await apiPost<{ invoiceNo: string; invoiceDate: string }>(
      baseUrl,
      staff,
      `/api/app/payments/${draft.id}/send`,
      { concurrencyStamp: draft.concurrencyStamp },
    );
    await staff.goto(`${baseUrl}/view/invoices/detail/${draft.id}`);
    await pane(staff).getByRole('button', { name: 'Edit Scheme' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('icare claim no').fill(`IC-${RUN}`);
    await dialog.getByLabel('Employer').fill('Harbour Builders');
    await fillDate(staff, 'Date of injury', '2025-08-04', dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await pane(staff)
      .getByTestId('icare-claim-no')
      .filter({ hasText: `IC-${RUN}` })
      .waitFor();
    await shot(staff, 'scheme');

    await staff.goto(`${baseUrl}/view/invoices`);
    await pane(staff).getByRole('button', { name: 'Scheme Exports' }).click();
    const exports = staff.getByRole('dialog');
    await fillDate(staff, 'Invoice date from', sent.invoiceDate, exports);
    await fillDate(staff, 'Invoice date to', sent.invoiceDate, exports);
    const download = staff.waitForEvent('download');
    await exports.getByRole('button', { name: 'iCare Report' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`icare-report-${sent.invoiceDate}-${sent.invoiceDate}.csv`);
    const csv = fs.readFileSync((await saved.path())!, 'utf8');
    const row = csv.split('\r\n').find((line) => line.startsWith(`IC-${RUN},`));
    expect(row).toContain(`Cleo Paid${RUN},2025-08-04,Harbour Builders,Bea Biller${RUN},${sent.invoiceNo},`);
    // The organisation has no IRO funding: only the iCare report is offered.
    expect(await exports.getByRole('button', { name: 'IRO Invoices' }).count()).toBe(0);
    // Cancelled again, so the firm's outstanding balance below is the first invoice's alone.
    const current = await apiGet<{ concurrencyStamp: string }>(baseUrl, staff, `/api/app/payments/${draft.id}`);
    await apiPost(baseUrl, staff, `/api/app/payments/${draft.id}/cancel`, {
      concurrencyStamp: current.concurrencyStamp,
      comment: 'Issued for the scheme export only',
    });
  });
});

describe('outstanding balance', () => {
  it('admin staff see what the firm owes, aged, and print its statement', async () => {
    // A second case of the firm, invoiced 20 days ago and sent: due 6 days ago with 14 days to pay.
    let c = await apiPost<{ id: string; concurrencyStamp: string }>(baseUrl, staff, '/api/app/assessments', {
      clientId: people.clientId,
      caseManagerId: people.caseManagerId,
      specialistId: people.specialistId,
    });
    for (const status of ['FILE_REVIEW', 'DICTATION_RECEIVED', 'REPORT_COMPLETED']) {
      c = await apiPost(baseUrl, staff, '/api/app/case-status-logs/changecasestatus', {
        objectId: c.id,
        status,
        concurrencyStamp: c.concurrencyStamp,
      });
    }
    const invoiceDate = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const draft = await apiPost<{ id: string; concurrencyStamp: string; invoiceNo: string }>(
      baseUrl,
      staff,
      '/api/app/payments/invoiceFromModule',
      { caseId: c.id, invoiceDate },
    );
    await apiPost(baseUrl, staff, `/api/app/payments/${draft.id}/send`, { concurrencyStamp: draft.concurrencyStamp });

    // Admin staff in a browser of their own (the staff member stays signed in in the first).
    const admin = await (await browser.newContext()).newPage();
    await signIn(
      admin,
      { tenant: 'demo', userNameOrEmail: 'adminstaff', password: DEMO_PASSWORD },
      '/view/outstanding-balance-report',
    );
    await pick(admin, 'Company', people.companyName, people.companyName);
    const row = pane(admin).getByRole('row').filter({ hasText: people.companyName });
    await row.getByTestId('balance').filter({ hasText: '$1,100.00' }).waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('$0.00 $1,100.00');
    await pane(admin).getByTestId('total-balance').filter({ hasText: '$1,100.00' }).waitFor();
    await shot(admin, 'outstanding-balance');
    const [sheet] = await Promise.all([
      admin.context().waitForEvent('page'),
      row.getByRole('button', { name: 'Print' }).click(),
    ]);
    await sheet.getByRole('table', { name: 'Outstanding invoices' }).getByText(draft.invoiceNo).waitFor();
    expect((await sheet.getByTestId('statement-total').innerText()).trim()).toBe('$1,100.00');
    await shot(sheet, 'outstanding-statement');
    await admin.context().close();
  });
});

describe('business reports', () => {
  it('staff open Service Revenue Analysis, narrow it to the firm, see its chart and figures, and drill down to an invoice', async () => {
    const companyId = await apiGet<{ items: { id: string }[] }>(
      baseUrl,
      staff,
      `/api/app/companies?isSelectionList=true&filterText=${encodeURIComponent(people.companyName)}`,
    ).then((r) => r.items[0]!.id);
    // The figures the server gives for the firm alone (only this file bills it, so nothing changes meanwhile).
    const expected = await apiGet<ReportResultDto>(
      baseUrl,
      staff,
      `${endpointPath(ReportEndpoints.get, { key: 'service-revenue-analysis' })}?companyId=${companyId}`,
    );
    const ime = expected.rows.find((r) => r.key === 'IME')!;
    expect(ime.values['invoices']).toBeGreaterThan(0);

    await staff.goto(`${baseUrl}/view/reports/service-revenue-analysis`);
    const screen = pane(staff);
    await screen.getByRole('heading', { name: 'Service Revenue Analysis' }).waitFor();
    const figures = screen.getByRole('table', { name: 'Service Revenue Analysis figures' });
    await figures.getByRole('row').nth(1).waitFor();
    // The chart is drawn (SVG from the chart library, loaded with this screen).
    await screen.locator('.report-chart svg').first().waitFor();

    await pick(staff, 'Company', people.companyName, people.companyName);
    await screen
      .getByTestId('total-totalCents')
      .filter({ hasText: formatMoney(expected.totals['totalCents']!, expected.currency) })
      .waitFor();
    const row = figures.getByRole('row').filter({ hasText: 'IME Assessment' });
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(formatMoney(ime.values['feesCents']!, expected.currency));
    expect(text).toContain(formatMoney(ime.values['gstCents']!, expected.currency));
    await screen.locator('.report-chart svg').first().waitFor();
    await shot(staff, 'report-service-revenue');

    // The records behind the row: the firm's issued IME invoices; one opens its own screen.
    await row.getByRole('button', { name: 'Records of IME Assessment' }).click();
    const drawer = staff.getByRole('dialog', { name: 'Service Revenue Analysis: IME Assessment' });
    const records = drawer.getByRole('table', { name: 'Records' });
    // Each record's reference is a link to its screen (the empty table's placeholder row has none).
    await records.getByRole('link').first().waitFor();
    await expect.poll(() => records.getByRole('link').count()).toBe(ime.values['invoices']);
    await shot(staff, 'report-records');
    const first = records.getByRole('row').nth(1).getByRole('link').first();
    const invoiceNo = (await first.innerText()).trim();
    await first.click();
    await pane(staff).getByText(invoiceNo).first().waitFor();
    expect(staff.url()).toMatch(/\/view\/invoices\/detail\//);

    // A report by month: every month of the period is a column of the chart and a row of the table.
    await staff.goto(`${baseUrl}/view/reports/bookings`);
    const bookings = pane(staff);
    await bookings.locator('.report-chart svg').first().waitFor();
    const months = await apiGet<ReportResultDto>(
      baseUrl,
      staff,
      endpointPath(ReportEndpoints.get, { key: 'bookings' }),
    );
    await bookings
      .getByTestId('total-bookings')
      .filter({ hasText: String(months.totals['bookings']) })
      .waitFor();
    expect(await bookings.getByRole('table', { name: 'Bookings figures' }).locator('tbody tr').count()).toBe(
      months.rows.length,
    );
    await shot(staff, 'report-bookings');
  });
});

async function specialistIdOf(page: Page): Promise<string> {
  const list = await apiGet<{ items: { id: string; displayName: string }[] }>(
    baseUrl,
    page,
    `/api/app/specialists?isSelectionList=true&filterText=${encodeURIComponent(specialistName)}`,
  );
  return list.items[0]!.id;
}
