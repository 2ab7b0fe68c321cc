import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiPost } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { opened } from './support/shell';
import { pane, screenshots, seeNotice } from './support/screen';

const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const as = (userNameOrEmail: string) => ({ tenant: 'demo', userNameOrEmail, password: DEMO_PASSWORD });

let browser: RunningBrowser;
let staff: Page;
let admin: Page;
let theCase: { id: string; caseNo: string };

const shot = screenshots('correspondence');

/** Picks an option of an antd select by its label. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The table rows (not the measure row) of a table named by its aria-label. */
const rowsOf = (scope: Locator, table: string) => scope.locator(`[aria-label="${table}"] tbody tr.ant-table-row`);

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await (await browser.newContext()).newPage();
  admin = await (await browser.newContext()).newPage();
  await signIn(staff, as('staff'), '/view/dashboard');
  await signIn(admin, as('admin'), '/view/dashboard');
  const company = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/companies', {
    name: `Letters Law ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const cm = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Lee',
    lastName: `Letters${RUN}`,
    companyId: company.id,
    email: `lee.${RUN}@example.test`,
  });
  const client = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Corey',
    lastName: `Claimant${RUN}`,
  });
  theCase = await apiPost(baseUrl, staff, '/api/app/assessments', { clientId: client.id, caseManagerId: cm.id });
  await apiPost(baseUrl, staff, `/api/app/assessments/${theCase.id}/emails`, {
    emailType: 'APPOINTMENT_CONFIRMATION_CM',
  });
});

afterAll(async () => {
  await browser?.close();
});

describe("a case's correspondence tab", () => {
  it('lists the e-mail, resends it after the warning and keeps a phone note by type and category', async () => {
    await staff.goto(`/view/assessments/detail/${theCase.id}`);
    await pane(staff).getByRole('tab', { name: 'Correspondence', exact: true }).click();
    const emails = rowsOf(pane(staff), 'E-mails');
    await emails
      .filter({ hasText: 'IME_APPOINTMENT_CONFIRMATION_CM' })
      .filter({ hasText: `lee.${RUN}@example.test` })
      .waitFor();
    await expect.poll(() => emails.count()).toBe(1);
    await emails.first().getByText('Appointment confirmation and reschedule').waitFor();

    // Resend warns that unsaved changes are not in the copy; the copy is a second message.
    await emails.first().getByRole('button', { name: 'Resend' }).click();
    const dialog = await opened(staff.getByRole('dialog').filter({ hasText: 'Resend e-mail' }));
    await dialog.getByText('Unsaved changes were not sent').waitFor();
    await shot(staff, 'resend-warning');
    await dialog.getByRole('button', { name: 'Resend' }).click();
    await seeNotice(staff, 'Email has been sent!');
    await expect.poll(() => emails.count()).toBe(2);

    // A phone note with its category.
    await pane(staff).getByRole('button', { name: 'Add correspondence' }).click();
    const add = staff.getByRole('dialog').filter({ hasText: 'Add correspondence' });
    await pick(staff, add, 'Communication type', 'Phone');
    await pick(staff, add, 'Category', 'Attendance');
    await add.getByLabel('Contact').fill('Lee Letters');
    await add.getByLabel('Note').fill(`Claimant confirmed attendance ${RUN}`);
    await add.getByRole('button', { name: 'Save' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    const notes = rowsOf(pane(staff), 'Correspondence notes');
    await notes
      .filter({ hasText: `Claimant confirmed attendance ${RUN}` })
      .filter({ hasText: 'Phone' })
      .waitFor();
    await shot(staff, 'tab');

    // Filtering by SMS hides both the e-mails and the phone note; by Attendance keeps only the note.
    await pick(staff, pane(staff), 'Communication type', 'SMS');
    await expect.poll(() => notes.count()).toBe(0);
    await expect.poll(() => emails.count()).toBe(0);
    await pick(staff, pane(staff), 'Communication type', 'Phone');
    await pick(staff, pane(staff), 'Category', 'Attendance');
    await expect.poll(() => notes.count()).toBe(1);
    await expect.poll(() => emails.count()).toBe(0);
  });
});

describe('the administrator screens of e-mail and jobs', () => {
  it('shows the jobs, finds and resends a message, previews and sends a template, reports and checks health', async () => {
    // Background jobs: the mail-send jobs of the messages above, filtered to Completed.
    await admin.goto('/view/background-jobs');
    await pick(admin, admin.locator('.screen'), 'State', 'Completed');
    await admin.locator('.screen tbody tr.ant-table-row').filter({ hasText: 'mail-send' }).first().waitFor();
    await shot(admin, 'jobs');

    // E-mail tracking: find the case's messages, wait for Sent, resend one after the warning.
    await admin.goto('/view/emails-tracking');
    await admin.getByRole('searchbox', { name: 'Search' }).fill(theCase.caseNo);
    const tracked = admin.locator('.screen tbody tr.ant-table-row').filter({ hasText: theCase.caseNo });
    await tracked.first().waitFor({ timeout: 15_000 });
    const before = await tracked.count();
    await expect
      .poll(
        async () => {
          await admin.reload();
          await admin.getByRole('searchbox', { name: 'Search' }).fill(theCase.caseNo);
          await expect.poll(() => tracked.count()).toBe(before);
          return tracked.filter({ hasText: 'Sent' }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(before);
    await tracked.first().getByRole('button', { name: 'Resend' }).click();
    const dialog = await opened(admin.getByRole('dialog').filter({ hasText: 'Resend e-mail' }));
    await dialog.getByText('Unsaved changes were not sent').waitFor();
    await dialog.getByRole('button', { name: 'Resend' }).click();
    await seeNotice(admin, 'Email has been sent!');
    await expect.poll(() => tracked.count(), { timeout: 10_000 }).toBe(before + 1);
    await shot(admin, 'tracking');

    // Mail templates: filter to IME, open the reminder, preview it and send it to a recipient.
    await admin.goto('/view/mail-templates');
    await pick(admin, admin.locator('.screen'), 'Module', 'IME');
    await admin.locator('.screen').getByText('IME_APPOINTMENT_REMINDER', { exact: true }).click();
    const preview = admin.getByRole('dialog').filter({ hasText: 'Preview Email Template' });
    await preview.getByTestId('preview-subject').waitFor();
    expect(await preview.getByTestId('preview-subject').textContent()).toMatch(/reminder/i);
    await preview.getByLabel('Recipient').fill('not-an-address');
    await preview.getByRole('button', { name: 'Send' }).click();
    await preview.getByText('The input is not valid E-mail!').waitFor();
    await preview.getByLabel('Recipient').fill(`preview.${RUN}@example.test`);
    await preview.getByRole('button', { name: 'Send' }).click();
    await seeNotice(admin, 'Email has been sent!');
    await shot(admin, 'template-preview');
    // Disabled on the edit tab: the list says so once the dialog closes.
    await preview.getByRole('tab', { name: 'Edit' }).click();
    await preview.getByRole('checkbox', { name: 'Disabled' }).check();
    await preview.getByRole('button', { name: 'Save', exact: true }).click();
    await seeNotice(admin, 'Data has been saved successfully');
    await preview.locator('.ant-modal-close').click();
    const reminder = admin.locator('.screen tbody tr.ant-table-row').filter({ hasText: 'IME_APPOINTMENT_REMINDER' });
    await reminder.locator('td').last().getByText('Yes', { exact: true }).waitFor();

    // Sending report: this period counts the case's confirmation messages.
    await admin.goto('/view/emails-sending-report');
    const row = admin
      .locator('[aria-label="Sending report"] tbody tr')
      .filter({ hasText: 'IME_APPOINTMENT_CONFIRMATION_CM' });
    await row.waitFor();
    const total = Number(await row.locator('td').nth(4).textContent());
    expect(total).toBeGreaterThanOrEqual(before + 1);
    await shot(admin, 'sending-report');

    // Health status: the database is healthy and a test e-mail is queued.
    await admin.goto('/view/health-status');
    await admin.locator('[aria-label="Health checks"] tr', { hasText: 'Database' }).getByText('Healthy').waitFor();
    await admin.getByLabel('Recipient').fill(`health.${RUN}@example.test`);
    await admin.getByRole('button', { name: 'Send test e-mail' }).click();
    await seeNotice(admin, 'Email has been sent!');
    await shot(admin, 'health');
  });
});

describe('ad-hoc mail templates', () => {
  it('adds one, previews it with the tenant values, edits it and disables it', async () => {
    await staff.goto('/view/ad-hoc');
    const screen = staff.locator('.screen');
    await screen.getByRole('heading', { name: 'Ad-Hoc Mail Templates' }).waitFor();

    // A name the server would refuse is caught in the form; a good one is saved.
    await screen.getByRole('button', { name: 'Add template' }).click();
    const add = staff.getByRole('dialog', { name: 'Add ad-hoc template' });
    await add.getByLabel('Name', { exact: true }).fill('closure notice');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText('templateKey must be upper-case letters, digits and underscores').waitFor();
    const key = `CLOSURE_${RUN.toUpperCase()}`;
    await add.getByLabel('Name', { exact: true }).fill(key);
    await add.getByLabel('Subject').fill('{{tenantName}} is closed over the holidays');
    await add.getByLabel(/^Content/).fill('<p>{{tenantName}} reopens on 5 January.</p>');
    await add.getByRole('button', { name: 'Save' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    const row = rowsOf(screen, 'Ad-hoc templates').filter({ hasText: key });
    await row.waitFor();

    // The preview fills in the tenant's values.
    await row.getByRole('button', { name: `Preview ${key}` }).click();
    const preview = staff.getByRole('dialog', { name: `Preview ${key}` });
    expect(await preview.getByTestId('rendered-subject').textContent()).toBe('demo is closed over the holidays');
    await preview.locator('.ant-modal-close').click();

    // Edited, then disabled: the switch shows it off after the list reloads.
    await row.getByRole('button', { name: `Edit ${key}` }).click();
    const edit = staff.getByRole('dialog', { name: `Edit ${key}` });
    await edit.getByLabel('Subject').fill('{{tenantName}}: holiday hours');
    await edit.getByRole('button', { name: 'Save' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await row.getByText('{{tenantName}}: holiday hours').waitFor();
    const enabled = row.getByRole('switch', { name: `Enabled ${key}` });
    expect(await enabled.getAttribute('aria-checked')).toBe('true');
    await enabled.click();
    await expect.poll(() => enabled.getAttribute('aria-checked')).toBe('false');
    await row.locator('.ant-switch-loading').waitFor({ state: 'detached' });
    await shot(staff, 'ad-hoc');
  });
});
