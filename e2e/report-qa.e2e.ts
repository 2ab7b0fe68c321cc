import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { ImeDateMessages } from '@casebook/domain';
import { apiGet, apiPost, apiPut } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { fillDate, openTab, pane, screenshots, seeNotice, shownDate } from './support/screen';

/**
 * Report QA of IME cases: staff records a correction on the case screen, finds it on the Reports QA
 * Sheet, filters the sheet, changes the correction there and exports it; and the case screen refuses
 * attendance recorded before the appointment.
 */

const RUN = Date.now().toString(36);
const as = (userNameOrEmail: string) => ({ tenant: 'demo', userNameOrEmail, password: DEMO_PASSWORD });
const shot = screenshots('report-qa');
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let browser: RunningBrowser;
let staff: Page;
let baseUrl: string;

type Case = { id: string; caseNo: string; concurrencyStamp: string; status: string };

/** Picks an option of a drop-down inside the scope. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** A new IME case of this run, its appointment confirmed `days` from now. */
async function bookedCase(suffix: string, days: number): Promise<Case> {
  const company = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/companies', {
    name: `QA Law ${suffix} ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const cm = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Quinn',
    lastName: `Manager${suffix}${RUN}`,
    companyId: company.id,
  });
  const person = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Robin',
    lastName: `Claimant${suffix}${RUN}`,
  });
  const created = await apiPost<Case>(baseUrl, staff, '/api/app/assessments', {
    clientId: person.id,
    caseManagerId: cm.id,
  });
  return apiPut<Case>(baseUrl, staff, `/api/app/assessments/${created.id}/appointment`, {
    concurrencyStamp: created.concurrencyStamp,
    appointmentDate: isoDay(days),
    appointmentTime: '10:30',
    confirmed: true,
  });
}

/** The sheet's rows. */
const rows = (page: Page) => page.locator('.screen [aria-label="Report corrections"] tbody tr.ant-table-row');

beforeAll(async () => {
  baseUrl = inject('baseUrl');
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1600, height: 1000 } });
  staff = await (await browser.newContext()).newPage();
  await signIn(staff, as('staff'), '/view/dashboard');
});

afterAll(async () => {
  await browser?.close();
});

describe('the attendance step of an IME case', () => {
  it('refuses attendance before the appointment with the message, and saves it on the appointment day', async () => {
    const c = await bookedCase('Att', 10);
    await staff.goto(`/view/assessments/detail/${c.id}`);
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Appointment confirmed' }).waitFor();
    await openTab(staff, 'Attendance');
    await pane(staff).getByRole('combobox', { name: 'Attendance' }).click();
    await staff.locator('.ant-select-item-option', { hasText: 'Attended' }).first().click();
    await fillDate(staff, 'Attendance date', isoDay(9));
    await pane(staff).getByRole('button', { name: 'Save' }).click();
    await staff
      .locator('.ant-notification-notice')
      .filter({ hasText: ImeDateMessages.attendanceBeforeAppointment })
      .first()
      .waitFor();
    await shot(staff, 'attendance-refused');
    await seeNotice(staff, ImeDateMessages.attendanceBeforeAppointment);
    // Nothing was saved: the case is still confirmed, without attendance.
    const after = await apiGet<Case & { attendance: string }>(baseUrl, staff, `/api/app/assessments/${c.id}`);
    expect(after).toMatchObject({ status: 'APPOINTMENT_CONFIRMED', attendance: 'NONE' });
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Appointment confirmed' }).waitFor();

    await fillDate(staff, 'Attendance date', isoDay(10));
    await pane(staff).getByRole('button', { name: 'Save' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Attended (chargeable)' }).waitFor();
  });
});

describe('the Reports QA Sheet', () => {
  it('staff records a correction on a case, finds it on the sheet, filters, changes it there and exports', async () => {
    const first = await bookedCase('One', 20);
    const second = await bookedCase('Two', 21);
    // The second case has a correction already, in progress.
    await apiPost(baseUrl, staff, '/api/app/report-corrections', {
      caseId: second.id,
      note: `Signature missing ${RUN}`,
      status: 'IN_PROGRESS',
    });

    // On the case screen: review and validation status, and a correction.
    await staff.goto(`/view/assessments/detail/${first.id}`);
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Appointment confirmed' }).waitFor();
    await openTab(staff, 'Report QA');
    const qa = pane(staff);
    await pick(staff, qa, 'Review status', 'Under Review');
    await pick(staff, qa, 'Validation status', 'Failed');
    await qa.getByRole('button', { name: 'Save QA status' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await qa.getByRole('button', { name: 'Add correction' }).click();
    await qa.getByText('This field is required').first().waitFor();
    await qa.getByLabel('New correction note').fill(`Page 2 date of injury ${RUN}`);
    await qa.getByRole('button', { name: 'Add correction' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await qa
      .locator('[aria-label="Report corrections"] tbody tr.ant-table-row')
      .filter({ has: staff.locator(`textarea:text-is("Page 2 date of injury ${RUN}")`) })
      .waitFor();
    await shot(staff, 'case-tab');

    // The sheet lists both cases' corrections with the case's QA status.
    await staff.goto('/view/report-correction');
    await staff.getByRole('heading', { name: 'Reports QA Sheet' }).waitFor();
    const search = staff.getByRole('searchbox', { name: 'Search by case number' });
    await search.fill(first.caseNo);
    await search.press('Enter');
    await expect.poll(() => rows(staff).count()).toBe(1);
    const row = rows(staff).first();
    expect(await row.textContent()).toContain('Under Review');
    expect(await row.textContent()).toContain('Failed');
    expect(await row.getByLabel(`Correction note ${first.caseNo}`).inputValue()).toBe(`Page 2 date of injury ${RUN}`);

    // Filter by status: the second case's correction is in progress, the first's open.
    await search.fill('');
    await search.press('Enter');
    await pick(staff, staff.locator('.screen'), 'Correction status', 'In progress');
    await expect
      .poll(async () => (await rows(staff).allTextContents()).some((t) => t.includes(second.caseNo)))
      .toBe(true);
    expect((await rows(staff).allTextContents()).some((t) => t.includes(first.caseNo))).toBe(false);
    await shot(staff, 'sheet-filtered');
    // Recorded up to a past year: nothing.
    await staff.reload();
    const to = staff.locator('.screen').getByPlaceholder('Recorded to', { exact: true });
    await to.click();
    await to.fill(shownDate('2020-12-31'));
    await to.press('Enter');
    await expect.poll(() => rows(staff).count()).toBe(0);
    await staff.reload();

    // Change the first case's correction inline: the note and the status.
    await search.waitFor();
    await search.fill(first.caseNo);
    await search.press('Enter');
    await expect.poll(() => rows(staff).count()).toBe(1);
    const note = rows(staff).first().getByLabel(`Correction note ${first.caseNo}`);
    await note.fill(`Page 2 date of injury is 3 March ${RUN}`);
    await note.press('Enter');
    await seeNotice(staff, 'Data has been saved successfully');
    await pick(staff, rows(staff).first(), `Correction status ${first.caseNo}`, 'Corrected');
    await seeNotice(staff, 'Data has been saved successfully');
    const saved = await apiGet<{ corrections: { note: string; status: string }[] }>(
      baseUrl,
      staff,
      `/api/app/assessments/${first.id}/report-qa`,
    );
    expect(saved.corrections).toEqual([
      expect.objectContaining({ note: `Page 2 date of injury is 3 March ${RUN}`, status: 'CORRECTED' }),
    ]);

    // Export the sheet as filtered: one row, the first case's, as corrected.
    const download = staff.waitForEvent('download');
    await staff.locator('.screen').getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('report-corrections.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync((await file.path())!) as never);
    const sheet = workbook.worksheets[0]!;
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1).map((v) => String(v ?? ''));
    expect(values(1).slice(0, 8)).toEqual([
      'Case No.',
      'Claimant',
      'Specialist',
      'Appointment Date',
      'Review Status',
      'Validation Status',
      'Correction Status',
      'Note',
    ]);
    expect(sheet.rowCount).toBe(2);
    expect(values(2)[0]).toBe(first.caseNo);
    expect(values(2).slice(4, 8)).toEqual([
      'Under Review',
      'Failed',
      'Corrected',
      `Page 2 date of injury is 3 March ${RUN}`,
    ]);
    await shot(staff, 'sheet-after');
  });
});
