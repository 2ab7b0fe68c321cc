import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ImeDateMessages } from '@casebook/domain';
import { startSmtpServer } from '../apps/server/test/smtp';
import { apiPost, apiPut } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { opened } from './support/shell';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { fillDate, openTab, pane, screenshots, seeNotice, shownDate } from './support/screen';

/**
 * The case screen's actions: e-mails previewed and sent from the case (to a real SMTP server of the
 * test's own, so what arrives is read back), and the appointment and status actions.
 */

const RUN = Date.now().toString(36);
const as = (userNameOrEmail: string) => ({ tenant: 'demo', userNameOrEmail, password: DEMO_PASSWORD });
const shot = screenshots('case-actions');

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: RunningServer;
let browser: RunningBrowser;
let staff: Page;
let baseUrl: string;
let caseManagerEmail: string;

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Picks an option of a drop-down inside the scope. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

type Case = { id: string; caseNo: string; concurrencyStamp: string };

/** A case of this run with a confirmed appointment `days` from now at 10:30 at a centre of this run. */
async function bookedCase(days: number, suffix: string): Promise<{ c: Case; client: string; centre: string }> {
  const company = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/companies', {
    name: `Actions Law ${suffix} ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const cm = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Casey',
    lastName: `Manager${suffix}${RUN}`,
    companyId: company.id,
    email: `${suffix.toLowerCase()}.${caseManagerEmail}`,
  });
  const client = `Claimant${suffix}${RUN}`;
  const person = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Robin',
    lastName: client,
  });
  const centre = `Harbour Rooms ${suffix} ${RUN}`;
  const room = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/centres', {
    name: centre,
    address: '1 Martin Place',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
  });
  const created = await apiPost<Case>(baseUrl, staff, '/api/app/assessments', {
    clientId: person.id,
    caseManagerId: cm.id,
  });
  const c = await apiPut<Case>(baseUrl, staff, `/api/app/assessments/${created.id}/appointment`, {
    concurrencyStamp: created.concurrencyStamp,
    appointmentDate: isoDay(days),
    appointmentTime: '10:30',
    centreId: room.id,
    confirmed: true,
  });
  return { c, client, centre };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ env: { SMTP_URL: smtp.url }, startTimeoutMs: 300_000 });
  baseUrl = server.baseUrl;
  caseManagerEmail = `casey.${RUN}@example.test`;
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await (await browser.newContext()).newPage();
  await signIn(staff, as('staff'), '/view/dashboard');
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('e-mails from an IME case', () => {
  it("from an IME case, staff previews the appointment confirmation filled with the case's names and date, sends it, and finds it in the case's correspondence and in e-mail tracking", async () => {
    const { c, client, centre } = await bookedCase(21, 'Mail');
    await staff.goto(`/view/assessments/detail/${c.id}`);
    await pane(staff).getByRole('button', { name: 'Send e-mail' }).click();
    const dialog = await opened(staff.getByRole('dialog').filter({ hasText: 'Send e-mail' }));
    await pick(staff, dialog, 'E-mail', 'Appointment confirmation (case manager)');

    // The preview is the case's: its number and claimant in the subject, date, time and centre in the body.
    const subject = dialog.getByTestId('case-email-subject');
    await subject.waitFor();
    expect(await subject.textContent()).toBe(`Appointment confirmation - ${c.caseNo} - Robin ${client}`);
    const body = dialog.frameLocator('iframe[title="E-mail preview"]').locator('body');
    await body.getByText(`Robin ${client}`, { exact: false }).first().waitFor();
    const text = (await body.textContent()) ?? '';
    expect(text).toContain(`Date and time: ${isoDay(21)} at 10:30`);
    expect(text).toContain('10:30');
    expect(text).toContain(centre);
    // Addressed to the booking case manager; a wrong address is refused on the field.
    const to = `mail.${caseManagerEmail}`;
    expect(await dialog.getByLabel('Recipient').inputValue()).toBe(to);
    await dialog.getByLabel('Recipient').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('The input is not valid E-mail!').waitFor();
    await dialog.getByLabel('Recipient').fill(to);
    await shot(staff, 'email-preview');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await seeNotice(staff, 'Email has been sent!');

    // It arrives at the SMTP server as the case's e-mail.
    await expect
      .poll(() => smtp.messages.filter((m) => m.subject?.includes(c.caseNo)).length, { timeout: 30_000 })
      .toBe(1);
    const arrived = smtp.messages.find((m) => m.subject?.includes(c.caseNo))!;
    expect(arrived.subject).toBe(`Appointment confirmation - ${c.caseNo} - Robin ${client}`);
    expect(JSON.stringify(arrived.to)).toContain(to);
    expect(arrived.html || arrived.text).toContain(centre);

    // The case's correspondence lists it.
    await openTab(staff, 'Correspondence');
    const emails = pane(staff).locator('[aria-label="E-mails"] tbody tr.ant-table-row');
    await emails.filter({ hasText: 'IME_APPOINTMENT_CONFIRMATION_CM' }).filter({ hasText: to }).waitFor();
    await shot(staff, 'email-correspondence');

    // E-mail tracking lists it, delivered.
    await staff.goto('/view/emails-tracking');
    await staff.getByRole('searchbox', { name: 'Search' }).fill(c.caseNo);
    const tracked = staff.locator('.screen tbody tr.ant-table-row').filter({ hasText: c.caseNo });
    await tracked.first().waitFor({ timeout: 15_000 });
    await expect
      .poll(
        async () => {
          await staff.reload();
          await staff.getByRole('searchbox', { name: 'Search' }).fill(c.caseNo);
          await tracked.first().waitFor();
          return tracked.filter({ hasText: 'Sent' }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await shot(staff, 'email-tracking');
  });

  it('prints the appointment confirmation and the consent form of the case from its screen', async () => {
    const { c, client, centre } = await bookedCase(10, 'Print');
    await staff.goto(`/view/assessments/detail/${c.id}`);
    await pane(staff).getByRole('button', { name: 'Print' }).click();
    const [letter] = await Promise.all([
      staff.context().waitForEvent('page'),
      staff.getByRole('menuitem', { name: 'Appointment confirmation (case manager)' }).click(),
    ]);
    await letter.getByRole('heading', { name: 'Appointment Confirmation' }).waitFor();
    const sheet = (await letter.locator('.print-sheet').textContent()) ?? '';
    expect(sheet).toContain(`Robin ${client}`);
    expect(sheet).toContain(centre);
    expect(sheet).toContain('10:30');
    await shot(letter, 'print-confirmation');
    await letter.close();

    await pane(staff).getByRole('button', { name: 'Print' }).click();
    const [consent] = await Promise.all([
      staff.context().waitForEvent('page'),
      staff.getByRole('menuitem', { name: 'Consent form' }).click(),
    ]);
    await consent.getByRole('heading', { name: 'Consent Form' }).waitFor();
    expect(await consent.locator('.print-sheet').textContent()).toContain(c.caseNo);
    await consent.close();
  });
});

describe('appointment and status actions of an IME case', () => {
  it('staff reschedule, cancel the appointment, change the status among the allowed ones and rebook with the DNA notice', async () => {
    const { c } = await bookedCase(14, 'Appt');
    await staff.goto(`/view/assessments/detail/${c.id}`);
    const header = pane(staff);
    await header.locator('h1 .ant-tag', { hasText: 'Appointment confirmed' }).waitFor();

    // Reschedule: a new date and time; the date is required.
    await header.getByRole('button', { name: 'Actions' }).click();
    await staff.getByRole('menuitem', { name: 'Reschedule appointment' }).click();
    const reschedule = await opened(staff.getByRole('dialog').filter({ hasText: 'Reschedule appointment' }));
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await reschedule.getByText('This field is required').first().waitFor();
    // A day in the past is asked about first; "No" keeps the dialog and what was typed.
    await fillDate(staff, 'New appointment date', isoDay(-2), reschedule);
    await reschedule.getByLabel('New time').fill('14:15');
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    const ask = await opened(
      staff.locator('.ant-modal-confirm').filter({ hasText: ImeDateMessages.appointmentInPast }),
    );
    await shot(staff, 'reschedule-past-date');
    await ask.getByRole('button', { name: 'No' }).click();
    await ask.waitFor({ state: 'detached' });
    await fillDate(staff, 'New appointment date', isoDay(28), reschedule);
    await reschedule.getByLabel('Reason').fill('Specialist away');
    await shot(staff, 'reschedule');
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await openTab(staff, 'Appointment');
    await expect.poll(() => pane(staff).getByLabel('Time').inputValue()).toBe('14:15');
    await expect
      .poll(() => pane(staff).getByLabel('Appointment date', { exact: true }).inputValue())
      .toBe(shownDate(isoDay(28)));

    // Cancel the appointment: back to Appointment requested.
    await header.getByRole('button', { name: 'Actions' }).click();
    await staff.getByRole('menuitem', { name: 'Cancel appointment' }).click();
    const cancel = await opened(staff.getByRole('dialog').filter({ hasText: 'Cancel appointment' }));
    await cancel.getByLabel('Reason').fill('Claimant unwell');
    await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await header.locator('h1 .ant-tag', { hasText: 'Appointment requested' }).waitFor();

    // Change status offers only what the module allows from Appointment requested.
    await header.getByRole('button', { name: 'Actions' }).click();
    await staff.getByRole('menuitem', { name: 'Change status' }).click();
    const status = await opened(staff.getByRole('dialog').filter({ hasText: 'Change status' }));
    await status.getByRole('combobox', { name: 'New status' }).click();
    const options = staff.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    const offered = await options.allTextContents();
    expect(offered).toContain('Appointment confirmed');
    expect(offered).not.toContain('Report completed');
    expect(offered).not.toContain('Appointment requested');
    await shot(staff, 'change-status');
    await staff
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Appointment confirmed' })
      .first()
      .click();
    await status.getByLabel('Note').fill('Confirmed by phone');
    await status.getByRole('button', { name: 'Change status' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await header.locator('h1 .ant-tag', { hasText: 'Appointment confirmed' }).waitFor();

    // The claimant did not attend.
    await header.getByRole('button', { name: 'Actions' }).click();
    await staff.getByRole('menuitem', { name: 'Change status' }).click();
    const dna = await opened(staff.getByRole('dialog').filter({ hasText: 'Change status' }));
    await pick(staff, dna, 'New status', 'Not attended');
    await dna.getByRole('button', { name: 'Change status' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await header.locator('h1 .ant-tag', { hasText: 'Not attended' }).waitFor();
    await header.getByRole('button', { name: 'Actions' }).click();

    // Rebook with the did-not-attend notice: a new case opens, the case manager is told.
    await staff.getByRole('menuitem', { name: 'Rebook' }).click();
    const rebook = await opened(staff.getByRole('dialog').filter({ hasText: 'Rebook' }));
    // Offered ticked for a case that was not attended.
    expect(
      await rebook.getByRole('checkbox', { name: 'Tell the case manager the claimant did not attend' }).isChecked(),
    ).toBe(true);
    await shot(staff, 'rebook');
    await rebook.getByRole('button', { name: 'Rebook' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    const reopened = pane(staff);
    await reopened.locator('h1 .ant-tag', { hasText: 'Appointment requested' }).waitFor();
    await staff
      .locator('[aria-label="Status log"]')
      .filter({ visible: true })
      .getByText(`Rebooked from ${c.caseNo}`)
      .waitFor();
    expect(await reopened.locator('h1').textContent()).not.toContain(c.caseNo);
    await expect
      .poll(
        () =>
          smtp.messages.filter(
            (m) =>
              JSON.stringify(m.to).includes(`appt.${caseManagerEmail}`) && (m.html || m.text || '').includes(c.caseNo),
          ).length,
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(1);
    await shot(staff, 'rebooked');
  });
});
