import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiPost } from './support/api';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { openTab, pane } from './support/screen';
import { DEMO_PASSWORD, signIn } from './support/signin';

const baseUrl = inject('baseUrl');
let browser: RunningBrowser;
let staff: Page;
let typist: Page;

const STAFF = { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD };
// The demo's typist: a contractor of type typist.
const TYPIST = { tenant: 'demo', userNameOrEmail: 'contractor', password: DEMO_PASSWORD };
const RUN = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
  staff = await browser.newPage();
  await signIn(staff, STAFF);
  typist = await (await browser.newContext()).newPage();
  await signIn(typist, TYPIST);
});
afterAll(async () => {
  await browser?.close();
});

/** A short WAV of silence: the dictation. */
function silentWav(samples = 8000): Buffer {
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(samples * 2, 40);
  return b;
}

async function bookCase(): Promise<{ id: string; caseNo: string }> {
  const company = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/companies', {
    name: `Typing Law ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const cm = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Tess',
    lastName: `Typer${RUN}`,
    companyId: company.id,
  });
  const client = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Dee',
    lastName: `Dictated${RUN}`,
  });
  return apiPost(baseUrl, staff, '/api/app/assessments', { clientId: client.id, caseManagerId: cm.id });
}

describe('typist jobs', () => {
  it('a typist receives a dictation, uploads the typed report, and the case’s dictation step shows it', async () => {
    const booked = await bookCase();
    const dictationName = `dictation-${RUN}.wav`;
    const reportName = `typed-report-${RUN}.txt`;

    // Staff attach the dictation to the case and send it to the demo typist from the dictation step.
    await staff.goto(`/view/assessments/detail/${booked.id}`);
    await pane(staff)
      .getByRole('heading', { name: new RegExp(booked.caseNo) })
      .waitFor();
    await openTab(staff, 'Attachments');
    const attachmentsTab = pane(staff).getByRole('tabpanel', { name: 'Attachments' });
    await attachmentsTab
      .locator('input[type=file]')
      .setInputFiles({ name: dictationName, mimeType: 'audio/wav', buffer: silentWav() });
    await attachmentsTab.locator('tbody tr.ant-table-row', { hasText: dictationName }).waitFor();
    await openTab(staff, 'Dictations');
    const step = pane(staff).getByRole('tabpanel', { name: 'Dictations' });
    const row = step.getByRole('region', { name: 'Dictations and typed reports' }).locator('tbody tr', {
      hasText: dictationName,
    });
    await row.getByText('Not assigned').waitFor();
    await row.getByRole('button', { name: 'Send to typist' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Typist').click();
    await staff
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Taylor Contractor' })
      .click();
    await dialog.getByLabel('Notes').fill('Please type by Friday');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await row.getByText('Incomplete').waitFor();
    expect(await row.textContent()).toContain('Taylor Contractor');

    // The typist finds it among their incomplete jobs, and sends the typed report back.
    await typist.goto('/view/case-typist-incomplete-jobs');
    const incomplete = pane(typist);
    await incomplete.getByRole('heading', { name: 'Incomplete Jobs' }).waitFor();
    const job = incomplete.locator('tbody tr.ant-table-row', { hasText: booked.caseNo });
    await job.waitFor();
    expect(await job.textContent()).toContain(dictationName);
    expect(await job.textContent()).toContain('Please type by Friday');
    await typist.screenshot({ animations: 'disabled', path: artifactPath('typing-incomplete-jobs.png') });
    await job.locator('input[type=file]').setInputFiles({
      name: reportName,
      mimeType: 'text/plain',
      buffer: Buffer.from('The claimant was examined and the findings are as follows.'),
    });
    await typist.getByText('Typed report sent').waitFor();
    await job.waitFor({ state: 'detached' });
    await typist.goto('/view/case-typist-completed-jobs');
    const done = pane(typist).locator('tbody tr.ant-table-row', { hasText: booked.caseNo });
    await done.waitFor();
    expect(await done.textContent()).toContain(reportName);

    // Staff see the typed report in the case's dictation step.
    await staff.reload();
    await pane(staff)
      .getByRole('heading', { name: new RegExp(booked.caseNo) })
      .waitFor();
    await openTab(staff, 'Dictations');
    const after = pane(staff)
      .getByRole('tabpanel', { name: 'Dictations' })
      .getByRole('region', { name: 'Dictations and typed reports' })
      .locator('tbody tr', { hasText: dictationName });
    await after.getByText('Completed').waitFor();
    await after.getByRole('button', { name: reportName }).waitFor();
    await staff.screenshot({ animations: 'disabled', path: artifactPath('typing-case-dictation-step.png') });
  });
});

describe('time tracking', () => {
  it('staff time a case with the timer and find the entry in the filtered list', async () => {
    const booked = await bookCase();
    await staff.goto('/view/time-tracking');
    const screen = pane(staff);
    await screen.getByRole('heading', { name: 'Time Tracking' }).waitFor();
    await screen.getByLabel('Timer case').click();
    await staff.keyboard.type(booked.caseNo);
    await staff
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: booked.caseNo })
      .first()
      .click();
    await screen.getByLabel('What are you working on').fill(`Reading the brief ${RUN}`);
    await screen.getByRole('button', { name: 'Start' }).click();
    await screen.getByRole('button', { name: 'Stop' }).waitFor();
    await screen.getByRole('button', { name: 'Stop' }).click();
    await screen.getByRole('button', { name: 'Start' }).waitFor();
    const search = screen.getByLabel('Search time entries');
    await search.fill(booked.caseNo);
    await search.press('Enter');
    const row = screen.locator('tbody tr.ant-table-row', { hasText: `Reading the brief ${RUN}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Timer');
    expect(await screen.locator('tbody tr.ant-table-row').count()).toBe(1);
    await staff.screenshot({ animations: 'disabled', path: artifactPath('time-tracking.png') });
  });
});

describe('inquiry centre', () => {
  it('staff log an inquiry, find it by its enquirer, and assign it', async () => {
    const enquirer = `Iris Inquirer ${RUN}`;
    await staff.goto('/view/inquiry-centre');
    const screen = pane(staff);
    await screen.getByRole('heading', { name: 'Inquiry Centre' }).waitFor();
    await screen.getByRole('button', { name: 'Log Inquiry' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Enquirer').fill(enquirer);
    await dialog.getByLabel('Email').fill('iris@example.test');
    await dialog.getByLabel('Details').fill('An IME for a knee injury');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const search = screen.getByLabel('Search inquiries');
    await search.fill(enquirer);
    await search.press('Enter');
    const row = screen.locator('tbody tr.ant-table-row', { hasText: enquirer });
    await row.getByText('New').waitFor();
    await row.getByRole('button', { name: 'Assign' }).click();
    const assign = staff.getByRole('dialog');
    await assign.getByLabel('Assign to').click();
    await staff
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Sam Staff' })
      .first()
      .click();
    await assign.getByRole('button', { name: 'Assign' }).click();
    await row.getByText('Assigned', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('Sam Staff');
    await staff.screenshot({ animations: 'disabled', path: artifactPath('inquiry-centre.png') });
  });
});
