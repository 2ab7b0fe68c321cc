import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiGet, apiPost } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { activeTabTitle, opened, tabTitles } from './support/shell';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { fillDate, openTab, pane, saveStep, screenshots, seeNotice } from './support/screen';

const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const as = (userNameOrEmail: string) => ({ tenant: 'demo', userNameOrEmail, password: DEMO_PASSWORD });

let browser: RunningBrowser;
let staff: Page;
let cm: Page;

const shot = screenshots('cases');

/** Picks an item of a selection-list drop-down by typing part of its name. */
async function choose(page: Page, label: string, typed: string, option: string) {
  const box = pane(page).getByRole('combobox', { name: label });
  await box.click();
  await box.pressSequentially(typed);
  await page.locator('.ant-select-item-option', { hasText: option }).first().click();
}

/** Picks an option of a plain drop-down of the shown tab or of an open dialog. */
async function pick(scope: Locator, page: Page, label: string, option: string, typed?: string) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  if (typed) await box.pressSequentially(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Named = { id: string };
let otherCaseNo: string;
let otherCaseId: string;
let completedCaseId: string;
let groupName: string;
let ownCase: Named;
const otherLists: { path: string; heading: string; caseNo: string }[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await browser.newPage();
  await signIn(staff, as('staff'), '/view/dashboard');
  // The case manager's sign-in is the booking case manager of a company of this run; another company
  // books a case the case manager must never see.
  const users = await apiGet<{ items: { id: string; userName: string }[] }>(
    baseUrl,
    staff,
    '/api/app/users?filterText=casemanager&maxResultCount=50',
  );
  const cmUserId = users.items.find((u) => u.userName === 'casemanager')!.id;
  const company = await apiPost<Named>(baseUrl, staff, '/api/app/companies', {
    name: `Harbour Law ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const booker = await apiPost<Named>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Morgan',
    lastName: `Booker${RUN}`,
    companyId: company.id,
    userId: cmUserId,
  });
  const claimant = await apiPost<Named>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Claire',
    lastName: `Claimant${RUN}`,
  });
  ownCase = await apiPost<Named>(baseUrl, staff, '/api/app/assessments', {
    clientId: claimant.id,
    caseManagerId: booker.id,
  });
  await apiPost(baseUrl, staff, '/api/app/specialists', {
    firstName: 'Doug',
    lastName: `Doctor${RUN}`,
    onboardedDate: isoDay(-30),
  });
  await apiPost(baseUrl, staff, '/api/app/centres', { name: `Harbour Centre ${RUN}` });
  const other = await apiPost<Named>(baseUrl, staff, '/api/app/companies', {
    name: `Other Firm ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const otherCm = await apiPost<Named>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Olly',
    lastName: `Other${RUN}`,
    companyId: other.id,
  });
  const otherClient = await apiPost<Named>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Oscar',
    lastName: `Elsewhere${RUN}`,
  });
  const otherCase = await apiPost<{ id: string; caseNo: string }>(baseUrl, staff, '/api/app/assessments', {
    clientId: otherClient.id,
    caseManagerId: otherCm.id,
  });
  otherCaseNo = otherCase.caseNo;
  otherCaseId = otherCase.id;
  groupName = `Panel ${RUN}`;
  // User groups are kept by administrators.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, as('admin'), '/view/dashboard');
  await apiPost(baseUrl, admin, '/api/app/user-group', { name: groupName, memberIds: [cmUserId] });
  await adminContext.close();
  for (const [serviceType, path, heading] of [
    ['MASS_TORTS', '/view/mass-torts', 'Mass Torts'],
    ['OT', '/view/ot', 'OT Cases'],
    ['COTELE', '/view/co-teleconference', 'Conclave/Court Reviews'],
  ] as const) {
    const made = await apiPost<{ caseNo: string }>(baseUrl, staff, '/api/app/assessments', {
      serviceType,
      clientId: otherClient.id,
      caseManagerId: otherCm.id,
    });
    otherLists.push({ path, heading, caseNo: made.caseNo });
  }

  const cmContext = await browser.newContext();
  cm = await cmContext.newPage();
  await signIn(cm, as('casemanager'), '/view/assessments/add');
});

afterAll(async () => {
  await browser?.close();
});

describe('IME assessment, end to end', () => {
  it('a case manager requests an IME, staff take it to a completed report, the log shows each step', async () => {
    // The case manager requests the assessment.
    await pane(cm).getByRole('heading', { name: 'Add IME Assessment' }).waitFor();
    await choose(cm, 'Claimant', `Claimant${RUN}`, `Claire Claimant${RUN}`);
    await choose(cm, 'Booking case manager', `Booker${RUN}`, `Morgan Booker${RUN}`);
    await choose(cm, 'Specialist', `Doctor${RUN}`, `Doug Doctor${RUN}`);
    await pane(cm).getByLabel('Booking notes').fill('Left knee, please book in Sydney');
    await shot(cm, 'add');
    const casesOfClaimant = async () =>
      (
        await apiGet<{ totalCount: number }>(
          baseUrl,
          cm,
          `/api/app/assessments?filterText=${encodeURIComponent(`Claimant${RUN}`)}&maxResultCount=10`,
        )
      ).totalCount;
    const before = await casesOfClaimant();
    await pane(cm).getByRole('button', { name: 'Save' }).click();
    await seeNotice(cm, 'Data has been saved successfully');
    await cm.waitForURL(/\/view\/assessments\/detail\/[0-9a-f-]{36}$/);
    const caseId = cm.url().split('/').pop()!;
    completedCaseId = caseId;
    await pane(cm).locator('h1 .ant-tag', { hasText: 'Case created' }).waitFor();
    // The add tab has gone with the save, so pressing Save again cannot make a second case.
    await expect.poll(() => tabTitles(cm)).not.toContain('Add IME Assessment');
    expect(await casesOfClaimant()).toBe(before + 1);
    const caseNo = (await pane(cm).locator('h1').textContent())!.match(/IME-\d+/)![0];

    // Staff open it from the list and take it through the steps.
    await staff.goto('/view/assessments');
    await pane(staff).getByRole('heading', { name: 'IME Assessments' }).waitFor();
    await pane(staff).getByLabel('Search', { exact: true }).fill(caseNo);
    await pane(staff).getByText(caseNo, { exact: true }).click();
    await staff.waitForURL(`**/view/assessments/detail/${caseId}`);
    await pane(staff).locator('h1', { hasText: caseNo }).waitFor();
    await expect.poll(() => activeTabTitle(staff)).toBe(`${caseNo} · Claire Claimant${RUN}`);

    // Notes typed on one tab are still there after another tab's step is saved.
    await openTab(staff, 'Paperwork');
    await pane(staff).getByLabel('Notes', { exact: true }).fill('Scans couriered with the letter');

    await openTab(staff, 'Appointment');
    await fillDate(staff, 'Appointment date', isoDay(7));
    await pane(staff).getByLabel('Time').fill('09:30');
    await choose(staff, 'Centre', `Harbour Centre ${RUN}`, `Harbour Centre ${RUN}`);
    await pane(staff).getByLabel('Appointment confirmed').check();
    // The case manager's bell, open on the case, counts the confirmation as it happens: no reload.
    const bell = cm.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    const unread = async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    const unreadBefore = await unread();
    await saveStep(staff, 'Appointment confirmed');
    await expect.poll(unread, { timeout: 2000, interval: 100 }).toBe(unreadBefore + 1);
    await bell.click();
    const told = cm.locator('.notification-dropdown [data-notification="Booking confirmed"]').first();
    await told.waitFor();
    expect(await told.textContent()).toContain(caseNo);
    await shot(cm, 'booking-confirmed-bell');
    await cm.keyboard.press('Escape');

    await openTab(staff, 'Paperwork');
    expect(await pane(staff).getByLabel('Notes', { exact: true }).inputValue()).toBe('Scans couriered with the letter');
    await fillDate(staff, 'Paperwork sent to specialist', isoDay(0));
    await saveStep(staff, 'Paperwork sent to specialist');
    expect(await pane(staff).getByLabel('Notes', { exact: true }).inputValue()).toBe('Scans couriered with the letter');

    await openTab(staff, 'Attendance');
    await pane(staff).getByRole('combobox', { name: 'Attendance' }).click();
    await staff.locator('.ant-select-item-option', { hasText: 'Attended' }).first().click();
    await fillDate(staff, 'Attendance date', isoDay(7));
    await saveStep(staff, 'Attended (chargeable)');

    await openTab(staff, 'Dictations');
    await fillDate(staff, 'Dictation received', isoDay(8));
    await saveStep(staff, 'Dictation received');
    await fillDate(staff, 'Report completed', isoDay(9));
    await saveStep(staff, 'Report completed');
    await shot(staff, 'detail-completed');

    // The status log: each step with who and when.
    const log = pane(staff).getByRole('table', { name: 'Status log' });
    await expect
      .poll(async () => (await log.locator('tbody tr td:first-child').allTextContents()).join(' | '))
      .toBe(
        'Case created | Appointment confirmed | Paperwork sent to specialist | Attended (chargeable) | Dictation received | Report completed',
      );
    const by = await log.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(by[0]).not.toBe('');
    expect(new Set(by.slice(1)).size).toBe(1);
    expect(by[1]).not.toBe(by[0]);
    const when = await log.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(when.every((w) => /\d{2} \w{3} \d{4}/.test(w))).toBe(true);

    // Booking notes typed and left unsaved on one tab: closing the case's tab from another asks first,
    // and Save saves them before the tab goes.
    await openTab(staff, 'Booking Notes');
    await pane(staff).getByLabel('Booking notes', { exact: true }).fill('Report couriered to the firm');
    await openTab(staff, 'Attendance');
    const caseTab = await activeTabTitle(staff);
    await staff.getByRole('button', { name: `Close ${caseTab}`, exact: true }).click();
    const prompt = staff
      .getByRole('dialog')
      .filter({ hasText: 'Do you want to save changes before opening new section?' });
    await (await opened(prompt)).getByRole('button', { name: 'Save', exact: true }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await expect.poll(() => tabTitles(staff)).not.toContain(caseTab);
    const saved = await apiGet<{ bookingNotes: string }>(baseUrl, staff, `/api/app/assessments/${caseId}`);
    expect(saved.bookingNotes).toBe('Report couriered to the firm');

    // The case manager sees the final status, and not another company's case.
    await cm.reload();
    await pane(cm).locator('h1 .ant-tag', { hasText: 'Report completed' }).waitFor();
    await shot(cm, 'detail-final');
    await cm.goto('/view/assessments');
    await pane(cm).getByRole('heading', { name: 'IME Assessments' }).waitFor();
    await pane(cm).getByLabel('Search', { exact: true }).fill(otherCaseNo);
    await pane(cm).locator('.ant-empty-description', { hasText: 'No Data' }).waitFor();
    await pane(cm).getByLabel('Search', { exact: true }).fill(caseNo);
    await pane(cm).getByText(caseNo, { exact: true }).waitFor();
    await cm.goto(`/view/assessments/detail/${otherCaseId}`);
    await pane(cm).getByText('Cannot found').waitFor();
    await shot(cm, 'other-company-hidden');
  });

  it('staff see cases by status on the dashboard and print the assessment checklist', async () => {
    await staff.goto('/view/dashboard');
    const byStatus = staff.getByRole('table', { name: 'Cases by status' });
    await byStatus.locator('tr', { hasText: 'Report completed' }).waitFor();
    await staff.getByRole('heading', { name: "Today's appointments" }).waitFor();
    await shot(staff, 'dashboard');

    await staff.goto(`/view/ime-assessment/template?id=${completedCaseId}&type=checklist`);
    await staff.getByRole('heading', { name: 'Assessment Checklist' }).waitFor();
    const statuses = await staff.locator('.print-sheet tbody tr td:nth-child(2)').allTextContents();
    expect(statuses.slice(0, 6)).toEqual(['Complete', 'Complete', 'Complete', 'Complete', 'Complete', 'Complete']);
    await shot(staff, 'checklist');
    await staff.goto('/view/ime-assessment/template?type=checklist');
    await staff.getByText('Missing parameter id').waitFor();
  });

  it('staff keep a case to a group or to staff, and work its action items; the case manager sees the reminder', async () => {
    await staff.goto(`/view/assessments/detail/${ownCase.id}`);
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Case created' }).waitFor();

    // Case permission: a group shows its members; Staff hides the case from the case manager.
    await openTab(staff, 'Booking CM');
    const permission = pane(staff).getByRole('region', { name: 'Case permission' });
    await pick(permission, staff, 'Visible to', 'Group');
    await pick(permission, staff, 'User group', groupName, `Panel ${RUN}`);
    await permission.getByRole('button', { name: 'Save permission' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await permission.getByLabel('Group members').getByText('Morgan Casemanager').waitFor();
    await shot(staff, 'permission-group');
    await cm.goto(`/view/assessments/detail/${ownCase.id}`);
    await pane(cm).locator('h1 .ant-tag', { hasText: 'Case created' }).waitFor();
    await pick(permission, staff, 'Visible to', 'Staff');
    await permission.getByRole('button', { name: 'Save permission' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await cm.reload();
    await pane(cm).getByText('Cannot found').waitFor();
    await pick(permission, staff, 'Visible to', 'Everyone');
    await permission.getByRole('button', { name: 'Save permission' }).click();
    await seeNotice(staff, 'Data has been saved successfully');

    // An action item with an assignee; the reminder shows to the office and the case manager.
    await openTab(staff, 'Action Required');
    await pane(staff).getByRole('button', { name: 'Add action' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Add action' });
    await dialog.getByLabel('Action required').fill('Chase the X-rays');
    await pick(dialog, staff, 'Assignees', 'Sam Staff', 'Staff');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    const items = pane(staff).getByRole('table', { name: 'Action items' });
    // Its persons in charge are the tenant's defaults, which may name the same user.
    const itemRow = items.locator('tr', { hasText: 'Chase the X-rays' });
    await itemRow.getByLabel('Assignees').getByText('Sam Staff').waitFor();
    const reminder = 'Action Required Reminder: Please check and clear pending required actions as needed.';
    await pane(staff).getByText(reminder).waitFor();
    await cm.reload();
    await pane(cm).getByText(reminder).waitFor();
    await shot(staff, 'action-items');
    await items.getByLabel('Complete Chase the X-rays').click();
    await pane(staff).getByText(reminder).waitFor({ state: 'detached' });
    await items.getByRole('button', { name: 'Clear Chase the X-rays' }).click();
    await (await opened(staff.locator('.ant-modal-confirm'))).getByRole('button', { name: 'Yes' }).click();
    await items.locator('tr', { hasText: 'Chase the X-rays' }).waitFor({ state: 'detached' });

    // Claimant, video and credit request tabs show what the case holds.
    await openTab(staff, 'Claimant Details');
    await expect.poll(() => pane(staff).getByLabel('First name').inputValue()).toBe('Claire');
    await openTab(staff, 'Video');
    await pane(staff).getByText('This appointment is not held by video.').waitFor();
    await openTab(staff, 'Credit Request');
    await pane(staff).getByText('No credit requests for this case.').waitFor();
  });

  it('mass torts, OT and conclave lists each show their own cases', async () => {
    for (const list of otherLists) {
      await staff.goto(list.path);
      await pane(staff).getByRole('heading', { name: list.heading }).waitFor();
      await pane(staff).getByLabel('Search', { exact: true }).fill(list.caseNo);
      await pane(staff).getByText(list.caseNo, { exact: true }).waitFor();
    }
    await staff.goto('/view/assessments');
    await pane(staff).getByRole('heading', { name: 'IME Assessments' }).waitFor();
    await pane(staff).getByLabel('Search', { exact: true }).fill(otherLists[0]!.caseNo);
    await pane(staff).locator('.ant-empty-description', { hasText: 'No Data' }).waitFor();
  });
});
