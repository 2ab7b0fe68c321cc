import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BUILT_IN_TEMPLATE_MODULES, type EmailTemplateDto, type EmailTrackingDto } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { BUILT_IN_TEMPLATES } from './template-catalogue';
import { entityChanges } from '../../platform/db/platform.schema';
import { enqueueTemplatedMail } from './outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const IME_KEYS = [
  'IME_APPOINTMENT_REQUEST',
  'IME_APPOINTMENT_CONFIRMATION_CM',
  'IME_APPOINTMENT_RESCHEDULE',
  'IME_APPOINTMENT_REMINDER',
  'IME_APPOINTMENT_CANCELLATION',
  'IME_PAPERWORK_TO_SPECIALIST',
  'IME_DICTATION_RECEIVED',
  'IME_REPORT_COMPLETED',
  'IME_PAYMENT_RECEIPT',
];

describe('e-mail templates', () => {
  let staff: Caller;
  beforeAll(async () => {
    staff = await callerFor(t, await newTenant(t.database, { features: { AdHocTemplate: 'True' } }), ['STAFF']);
  });

  it('lists the IME family in full and a key list for every other module', async () => {
    const res = await staff.get('/api/app/email-templates?maxResultCount=1000');
    expect(res.statusCode).toBe(200);
    const { items, totalCount } = res.json() as { items: EmailTemplateDto[]; totalCount: number };
    expect(totalCount).toBe(BUILT_IN_TEMPLATES.length);
    for (const key of IME_KEYS) expect(items.map((i) => i.templateKey)).toContain(key);
    for (const module of BUILT_IN_TEMPLATE_MODULES) expect(items.some((i) => i.module === module)).toBe(true);
    const ime = await staff.get('/api/app/email-templates?module=IME');
    expect((ime.json() as { items: EmailTemplateDto[] }).items.every((i) => i.module === 'IME')).toBe(true);
  });

  it("saves the tenant's own version and previews it with escaped values", async () => {
    const got = await staff.get('/api/app/email-templates/by-name/IME_APPOINTMENT_REMINDER');
    expect(got.statusCode).toBe(200);
    expect((got.json() as EmailTemplateDto).placeholders).toContain('appointmentDate');
    const saved = await staff.put('/api/app/email-templates/by-name/IME_APPOINTMENT_REMINDER', {
      subject: 'See you on {{appointmentDate}}, {{claimantName}}',
      templateContent: '<p>Hello {{claimantName}}</p>',
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as EmailTemplateDto).isCustomised).toBe(true);
    const preview = await staff.post('/api/app/email-templates/preview', {
      templateKey: 'IME_APPOINTMENT_REMINDER',
      fromModule: 'IME',
      extraParams: { appointmentDate: '01 Jan 2027', claimantName: 'Ann & <b>Co</b>' },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      subject: 'See you on 01 Jan 2027, Ann & <b>Co</b>',
      body: '<p>Hello Ann &amp; &lt;b&gt;Co&lt;/b&gt;</p>',
      metaData: { fromModule: 'IME' },
    });
    const stale = await staff.put('/api/app/email-templates/by-name/IME_APPOINTMENT_REMINDER', {
      subject: 'x',
      templateContent: 'y',
      concurrencyStamp: 'stale',
    });
    expect(stale.statusCode).toBe(409);
  });

  it('sends a test e-mail to a valid recipient only, and tracks it', async () => {
    const bad = await staff.post('/api/app/email-templates/send', {
      templateKey: 'IME_APPOINTMENT_REQUEST',
      fromModule: 'IME',
      email: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('email');
    const missing = await staff.post('/api/app/email-templates/send', {
      templateKey: 'IME_APPOINTMENT_REQUEST',
      fromModule: 'IME',
    });
    expect(missing.statusCode).toBe(400);
    const sent = await staff.post('/api/app/email-templates/send', {
      templateKey: 'IME_APPOINTMENT_REQUEST',
      fromModule: 'IME',
      email: 'someone@example.test',
      extraParams: { caseNo: 'IME-9', claimantName: 'Zed' },
    });
    expect(sent.statusCode).toBe(200);
    const tracked = sent.json() as EmailTrackingDto;
    expect(tracked).toMatchObject({
      templateKey: 'IME_APPOINTMENT_REQUEST',
      recipient: 'someone@example.test',
      state: 'Pending',
    });
    expect(tracked.subject).toBe('Appointment request - IME-9 - Zed');
    const list = await staff.get('/api/app/email-trackings?templateKey=IME_APPOINTMENT_REQUEST');
    expect((list.json() as { items: EmailTrackingDto[] }).items.map((i) => i.id)).toContain(tracked.id);

    const resent = await staff.post(`/api/app/email-trackings/${tracked.id}/resend`, {});
    expect(resent.statusCode).toBe(200);
    expect((resent.json() as EmailTrackingDto).id).not.toBe(tracked.id);
    const marked = await staff.post(`/api/app/email-trackings/${tracked.id}/mark-success`, {});
    expect(marked.json()).toMatchObject({ state: 'Sent', markedSuccess: true });
    const report = await staff.get('/api/app/email-trackings/sending-report');
    expect(report.json()).toMatchObject({
      items: [{ templateKey: 'IME_APPOINTMENT_REQUEST', sent: 1, pending: 1, total: 2 }],
    });
    // A period counts the messages queued on those days only; a period the wrong way round is a 400.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const around = await staff.get(`/api/app/email-trackings/sending-report?from=${day(-2)}&to=${day(2)}`);
    expect((around.json() as { totalCount: number }).totalCount).toBe(1);
    const later = await staff.get(`/api/app/email-trackings/sending-report?from=${day(3)}`);
    expect(later.json()).toEqual({ totalCount: 0, items: [] });
    const backwards = await staff.get(`/api/app/email-trackings/sending-report?from=${day(2)}&to=${day(-2)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('to');

    const other = await callerFor(t, await newTenant(t.database), ['STAFF']);
    expect((await other.get(`/api/app/email-trackings/${tracked.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/app/email-trackings/${tracked.id}/resend`, {})).statusCode).toBe(404);
  });

  it("disables and enables a built-in template with the tenant's version; a disabled one sends nothing", async () => {
    const key = 'IME_DICTATION_RECEIVED';
    const url = `/api/app/email-templates/by-name/${key}`;
    const { subject, templateContent } = (await staff.get(url)).json() as EmailTemplateDto;
    const bad = await staff.put(url, { subject, templateContent, disabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('disabled must be true or false');
    const queue = () =>
      t.database.withTenant(staff.tenantId, (tx) =>
        enqueueTemplatedMail(tx, staff.tenantId, {
          templateKey: key,
          to: 'specialist@example.test',
          fromModule: 'IME',
          values: { caseNo: 'IME-000042' },
        }),
      );

    const disabled = await staff.put(url, { subject, templateContent, disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true, isCustomised: true, subject });
    expect(await queue()).toBeNull();
    const listed = (await staff.get('/api/app/email-templates?module=IME&maxResultCount=1000')).json() as {
      items: EmailTemplateDto[];
    };
    expect(listed.items.find((i) => i.templateKey === key)).toMatchObject({ disabled: true });
    // A save that leaves the flag out keeps it.
    const kept = await staff.put(url, { subject: `${subject} (kept)`, templateContent });
    expect(kept.json()).toMatchObject({ disabled: true, subject: `${subject} (kept)` });

    const enabled = await staff.put(url, { subject, templateContent, disabled: false });
    expect(enabled.json()).toMatchObject({ disabled: false });
    const audited = await t.database.withTenant(staff.tenantId, (tx) =>
      tx
        .select()
        .from(entityChanges)
        .where(
          and(
            eq(entityChanges.entityId, (enabled.json() as EmailTemplateDto).id!),
            eq(entityChanges.propertyName, 'disabled'),
          ),
        )
        .orderBy(entityChanges.id),
    );
    expect(audited.map((c) => [c.changeType, c.originalValue, c.newValue])).toEqual([
      ['Created', 'false', 'true'],
      ['Updated', 'true', 'false'],
    ]);
    expect(await queue()).toEqual(expect.any(String));
  });

  it('keeps ad-hoc templates that can be disabled and rendered', async () => {
    const created = await staff.post('/api/app/adhocemail-templates', {
      templateKey: 'WELCOME_PACK',
      subject: 'Welcome from {{tenantName}}',
      templateContent: '<p>Welcome from {{tenantName}}</p>',
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as EmailTemplateDto;
    expect((await staff.put(`/api/app/adhocemail-templates/${id}/disable`, {})).json()).toMatchObject({
      disabled: true,
    });
    expect((await staff.put(`/api/app/adhocemail-templates/${id}/enable`, {})).json()).toMatchObject({
      disabled: false,
    });
    const rendered = await staff.get(`/api/app/adhocemail-templates/${id}/get-rendered-content`);
    expect(rendered.statusCode).toBe(200);
    expect((rendered.json() as { content: string }).content).toMatch(/^<p>Welcome from t-/);
  });

  it('is closed to case managers', async () => {
    const cm = await callerFor(t, staff.tenantId, ['CASE_MANAGER']);
    expect((await cm.get('/api/app/email-templates')).statusCode).toBe(403);
    expect((await cm.get('/api/app/email-trackings')).statusCode).toBe(403);
  });
});

describe('background jobs screen', () => {
  it("lists the tenant's own jobs and retries or cancels them", async () => {
    await t.jobs.install();
    const admin = await callerFor(t, await newTenant(t.database), ['TENANT_ADMIN']);
    const other = await callerFor(t, await newTenant(t.database), ['TENANT_ADMIN']);
    const id = await t.jobs.send(
      'mail-send',
      { tenantId: admin.tenantId, summary: 'A test job' },
      { startAfter: 3600 },
    );
    await t.jobs.send('mail-send', { tenantId: other.tenantId, summary: 'Not yours' }, { startAfter: 3600 });
    const list = await admin.get('/api/app/background-jobs');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      totalCount: 1,
      items: [{ id, name: 'mail-send', state: 'Scheduled', summary: 'A test job' }],
    });
    const cancelled = await admin.post(`/api/app/background-jobs/${id}/cancel`, {});
    expect(cancelled.json()).toMatchObject({ state: 'Cancelled' });
    const retried = await admin.post(`/api/app/background-jobs/${id}/retry`, {});
    expect(retried.statusCode).toBe(200);
    expect(['Scheduled', 'Retrying']).toContain((retried.json() as { state: string }).state);
    expect((await other.post(`/api/app/background-jobs/${id}/cancel`, {})).statusCode).toBe(404);
    const staff = await callerFor(t, admin.tenantId, ['STAFF']);
    expect((await staff.get('/api/app/background-jobs')).statusCode).toBe(403);
  });
});
