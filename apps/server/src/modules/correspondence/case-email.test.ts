import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailTrackingDto } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, openOwnTestDatabase, type TestApp } from '../../../test/harness';
import { startSmtpServer, waitFor } from '../../../test/smtp';
import { createMailer } from '../../platform/mail/mailer';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(await openOwnTestDatabase(), {
    mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'Casebook <no-reply@casebook.test>' }),
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200 },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function id(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<string> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { id: string }).id;
}

describe('an IME appointment confirmation', () => {
  it('reaches the SMTP server rendered from the case and shows in e-mail tracking as sent', async () => {
    const tenantId = await newTenant(t.database, { name: `Confirm ${Date.now()}`, timezone: 'Australia/Sydney' });
    const admin = await callerFor(t, tenantId);
    const staff = await callerFor(t, tenantId, ['STAFF']);
    const companyId = await id(admin.post('/api/app/companies', { name: 'Smith Lawyers', businessType: 'LAW_FIRM' }));
    const caseManagerId = await id(
      admin.post('/api/app/case-managers', {
        firstName: 'Erin',
        lastName: 'Email',
        email: 'erin@lawfirm.test',
        companyId,
      }),
    );
    const clientId = await id(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'O<Brien>' }));
    const specialistId = await id(
      admin.post('/api/app/specialists', { firstName: 'Doug', lastName: 'Doctor', onboardedDate: '2020-01-01' }),
    );
    const booked = await staff.post('/api/app/assessments', { clientId, caseManagerId, specialistId });
    expect(booked.statusCode, booked.body).toBe(200);
    const c = booked.json() as { id: string; caseNo: string; concurrencyStamp: string };
    const appointment = await staff.put(`/api/app/assessments/${c.id}/appointment`, {
      concurrencyStamp: c.concurrencyStamp,
      appointmentDate: '2027-03-15',
      appointmentTime: '10:30',
      confirmed: true,
    });
    expect(appointment.statusCode, appointment.body).toBe(200);

    const queued = await staff.post(`/api/app/assessments/${c.id}/emails`, {
      emailType: 'APPOINTMENT_CONFIRMATION_CM',
    });
    expect(queued.statusCode, queued.body).toBe(200);

    const mail = await waitFor('the confirmation at the SMTP server', () =>
      smtp.messages.find((m) => m.subject?.includes(c.caseNo)),
    );
    expect(mail.subject).toBe(`Appointment confirmation - ${c.caseNo} - Claire O<Brien>`);
    expect((mail.to as { value: { address: string }[] }).value[0]?.address).toBe('erin@lawfirm.test');
    const html = String(mail.html);
    expect(html).toContain(`(case ${c.caseNo})`);
    expect(html).toContain('Claire O&lt;Brien&gt;');
    expect(html).toContain('Doug Doctor');
    expect(html).toContain('10:30');

    const tracked = await waitFor('tracking to say Sent', async () => {
      const res = await staff.get(`/api/app/email-trackings?objectId=${c.id}`);
      const item = (res.json() as { items: EmailTrackingDto[] }).items[0];
      return item?.state === 'Sent' ? item : undefined;
    });
    expect(tracked).toMatchObject({
      templateKey: 'IME_APPOINTMENT_CONFIRMATION_CM',
      recipient: 'erin@lawfirm.test',
      objectReference: c.caseNo,
      fromModule: 'IME',
    });
    expect(tracked.sentTime).not.toBeNull();
    expect(mail.messageId).toBe(`<${tracked.id}@casebook>`);
  });
});
