import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from '@casebook/domain';
import { createTestApp, newTenant, openOwnTestDatabase, type TestApp } from '../../../test/harness';
import { startSmtpServer, waitFor } from '../../../test/smtp';
import { createMailer } from '../../platform/mail/mailer';
import { tenants } from '../../platform/db/platform.schema';
import { mailOutbox } from './correspondence.schema';
import { enqueueMail, enqueueTemplatedMail, MailSettings } from './outbox';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  // Messages to retry@ are refused the first time, so retries are exercised against the real server.
  smtp = await startSmtpServer({ fail: (mail, seen) => seen === 0 && mail.subject === 'Retry me' });
  const mailer = createMailer({
    smtpUrl: smtp.url,
    dataDir: '/nonexistent',
    from: 'Casebook <no-reply@casebook.test>',
  });
  t = await createTestApp(await openOwnTestDatabase(), {
    mailer,
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200, mailRetryDelaySeconds: 1 },
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const outboxRow = (tenantId: string, id: string) =>
  t.database.withTenant(tenantId, async (tx) => {
    const [row] = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.id, id)));
    return row;
  });

describe('outbox and the mail-send job', () => {
  it('sends an IME appointment confirmation through SMTP with the rendered subject and an escaped body', async () => {
    const tenantId = await newTenant(t.database, { name: `Acme IME ${uuidv7()}` });
    await t.database.withSystem((tx) =>
      tx
        .update(tenants)
        .set({
          settings: { [MailSettings.office365Enabled]: 'true', [MailSettings.office365Sender]: 'bookings@acme.test' },
        })
        .where(eq(tenants.id, tenantId)),
    );
    const caseId = uuidv7();
    const id = await t.database.withTenant(tenantId, (tx) =>
      enqueueTemplatedMail(tx, tenantId, {
        templateKey: 'IME_APPOINTMENT_CONFIRMATION_CM',
        to: 'cm@lawfirm.test',
        fromModule: 'IME',
        objectId: caseId,
        objectReference: 'IME-000123',
        category: 'Appointment confirmation',
        values: {
          recipientName: 'Jane Doe',
          caseNo: 'IME-000123',
          claimantName: 'Bob <script>alert(1)</script> Smith',
          specialistName: 'Dr Alice Jones',
          specialty: 'Orthopaedics',
          appointmentDate: '14 Dec 2026',
          appointmentTime: '10:30',
          timeZone: 'AEST',
          centreName: 'Sydney CBD Centre',
          centreAddress: '1 George St, Sydney NSW 2000',
          paperworkDueDate: '07 Dec 2026',
          reportDueDate: '28 Dec 2026',
        },
      }),
    );
    expect(id).toBeTruthy();
    const mail = await waitFor('the confirmation to arrive', () =>
      smtp.messages.find((m) => m.messageId === `<${id}@casebook>`),
    );
    expect(mail.subject).toBe('Appointment confirmation - IME-000123 - Bob <script>alert(1)</script> Smith');
    expect(mail.from?.value[0]?.address).toBe('bookings@acme.test');
    expect((mail.to as { value: { address: string }[] }).value[0]?.address).toBe('cm@lawfirm.test');
    const html = String(mail.html);
    expect(html).toContain('Dear Jane Doe,');
    expect(html).toContain('Bob &lt;script&gt;alert(1)&lt;/script&gt; Smith');
    expect(html).not.toContain('<script>');
    expect(html).toContain('14 Dec 2026 at 10:30 AEST');
    expect(html).toContain('Sydney CBD Centre, 1 George St, Sydney NSW 2000');
    expect(mail.text).toContain('Dr Alice Jones (Orthopaedics)');
    const row = await waitFor('the outbox row to say Sent', async () => {
      const r = await outboxRow(tenantId, id!);
      return r?.state === 'Sent' ? r : undefined;
    });
    expect(row.sentTime).toBeInstanceOf(Date);
    expect(row.jobId).toBe(id);
  });

  it('retries a delivery the server refused, with backoff, and sends it once', async () => {
    const tenantId = await newTenant(t.database);
    const id = await t.database.withTenant(tenantId, (tx) =>
      enqueueMail(tx, tenantId, { to: 'retry@example.test', subject: 'Retry me', html: '<p>Hello</p>' }),
    );
    const row = await waitFor('the retried message to be sent', async () => {
      const r = await outboxRow(tenantId, id);
      return r?.state === 'Sent' ? r : undefined;
    });
    expect(row.attempts).toBe(2);
    expect(smtp.messages.filter((m) => m.messageId === `<${id}@casebook>`)).toHaveLength(1);
    const job = await t.jobs.boss.findJobs('mail-send', { id } as never);
    expect(job[0]?.state).toBe('completed');
    expect(job[0]?.retryCount).toBe(1);
  });

  it('sends nothing when the business transaction rolls back', async () => {
    const tenantId = await newTenant(t.database);
    let id: string | undefined;
    await expect(
      t.database.withTenant(tenantId, async (tx) => {
        id = await enqueueMail(tx, tenantId, { to: 'never@example.test', subject: 'Never', html: '<p>x</p>' });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await t.mailRelay.flush();
    expect(await outboxRow(tenantId, id!)).toBeUndefined();
    expect(smtp.messages.some((m) => m.subject === 'Never')).toBe(false);
  });

  it('refuses a recipient that is not an e-mail address', async () => {
    const tenantId = await newTenant(t.database);
    await expect(
      t.database.withTenant(tenantId, (tx) =>
        enqueueMail(tx, tenantId, { to: 'not-an-address', subject: 'x', html: 'x' }),
      ),
    ).rejects.toMatchObject({ code: 'Casebook:Validation' });
  });
});
