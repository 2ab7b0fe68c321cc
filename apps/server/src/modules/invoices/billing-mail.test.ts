import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  formatIsoDate,
  todayIn,
  type CaseDto,
  type InvoiceDto,
  type InvoiceStatusCountsDto,
  type MailQueuedDto,
  type OutstandingBalanceDto,
  type OutstandingStatementDto,
  type OverdueCheckDto,
  type RemittanceStatementDto,
} from '@casebook/domain';
import type { ParsedMail } from 'mailparser';
import { callerFor, createTestApp, newTenant, openOwnTestDatabase, type TestApp } from '../../../test/harness';
import { startSmtpServer, waitFor } from '../../../test/smtp';
import { entityChanges } from '../../platform/db/platform.schema';
import { createMailer } from '../../platform/mail/mailer';
import { extractDocumentText } from '../files/text-extraction';
import { mailOutbox } from '../correspondence/correspondence.schema';
import { OVERDUE_REMINDER_CRON, OVERDUE_REMINDER_QUEUE, tenantsDueForOverdue } from './overdue-reminders';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

type Res = { statusCode: number; body: string; json(): unknown };
async function ok<T = Record<string, unknown>>(res: Res | Promise<Res>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}
const idOf = async (res: Promise<Res>) => (await ok<{ id: string }>(res)).id;
const TZ = 'Australia/Sydney';
const iso = (days: number) => formatIsoDate(addDays(todayIn(TZ), days));

beforeAll(async () => {
  smtp = await startSmtpServer();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    dataDir: '/nonexistent',
    from: 'Casebook <no-reply@casebook.test>',
  });
  t = await createTestApp(await openOwnTestDatabase(), {
    mailer,
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200 },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A tenant with a firm (with an accounts address), a specialist and IME fees with 14 days to pay. */
async function billingTenant(name: string, firmEmail: string | null) {
  const tenantId = await newTenant(t.database, { name, timezone: TZ });
  const admin = await callerFor(t, tenantId);
  const staff = await callerFor(t, tenantId, ['STAFF']);
  const specialistUser = await callerFor(t, tenantId, ['SPECIALIST']);
  const companyId = await idOf(
    admin.post('/api/app/companies', { name: `${name} Lawyers`, businessType: 'LAW_FIRM', email: firmEmail }),
  );
  const cmId = await idOf(
    admin.post('/api/app/case-managers', {
      firstName: 'Cara',
      lastName: 'Manager',
      companyId,
      email: `cara@${name.toLowerCase()}.test`,
    }),
  );
  const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant' }));
  const specialistId = await idOf(
    admin.post('/api/app/specialists', {
      firstName: 'Doug',
      lastName: 'Doctor',
      email: `doug@${name.toLowerCase()}.test`,
      onboardedDate: iso(-400),
      userId: specialistUser.userId,
    }),
  );
  await ok(
    staff.post('/api/app/payment-blueprints', {
      name: 'IME',
      serviceType: 'IME',
      commissionBasisPoints: 2000,
      paymentTermDays: 14,
      items: [
        { description: 'IME assessment', quantity: 1, unitPrice: '$1,000.00' },
        { description: 'File review', quantity: 3, unitPrice: '$33.35', discountBasisPoints: 1250 },
      ],
    }),
  );
  /** A completed case of the specialist invoiced on the date and sent (not sent when `draft`). */
  const invoice = async (invoiceDate: string, opts: { specialist?: string; draft?: boolean } = {}) => {
    let c = await ok<CaseDto>(
      staff.post('/api/app/assessments', {
        clientId,
        caseManagerId: cmId,
        specialistId: opts.specialist ?? specialistId,
      }),
    );
    for (const status of ['FILE_REVIEW', 'DICTATION_RECEIVED', 'REPORT_COMPLETED']) {
      c = await ok<CaseDto>(
        staff.post('/api/app/case-status-logs/changecasestatus', {
          objectId: c.id,
          status,
          concurrencyStamp: c.concurrencyStamp,
        }),
      );
    }
    const draft = await ok<InvoiceDto>(
      staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id, invoiceDate }),
    );
    if (opts.draft) return draft;
    return ok<InvoiceDto>(
      staff.post(`/api/app/payments/${draft.id}/send`, { concurrencyStamp: draft.concurrencyStamp }),
    );
  };
  const pay = (inv: InvoiceDto, amount: number, paymentDate: string) =>
    ok<InvoiceDto>(staff.post(`/api/app/payments/${inv.id}/partial-payments`, { amount, paymentDate }));
  const specialistEmail = `doug@${name.toLowerCase()}.test`;
  return {
    tenantId,
    admin,
    staff,
    specialistUser,
    specialistEmail,
    companyId,
    cmId,
    clientId,
    specialistId,
    invoice,
    pay,
  };
}

const mailsTo = (to: string) => smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(to));
const pdfText = async (mail: ParsedMail) => {
  const a = mail.attachments[0]!;
  expect(a.contentType).toBe('application/pdf');
  expect(a.content.subarray(0, 5).toString()).toBe('%PDF-');
  return (await extractDocumentText(a.content, 'pdf')).text ?? '';
};

async function runReminders(tenantId: string, date: string) {
  const jobId = await t.jobs.send(OVERDUE_REMINDER_QUEUE, { tenantId, date });
  return waitFor('the overdue reminder run to finish', async () => {
    const job = await t.jobs.boss.getJobById(OVERDUE_REMINDER_QUEUE, jobId!);
    return job?.state === 'completed' ? job : undefined;
  });
}

// Each test waits for background jobs that render PDFs in a worker and send mail: about 20 s at load 10,
// more than the usual 30 s at load 17.
const SLOW = { timeout: 90_000 };

describe('overdue reminders', SLOW, () => {
  test('run every hour, each tenant at 9 in the morning of its own day', async () => {
    const schedules = await t.jobs.boss.getSchedules(OVERDUE_REMINDER_QUEUE);
    expect(schedules.map((s) => s.cron)).toEqual([OVERDUE_REMINDER_CRON]);
    // 22:00 UTC on 30 Nov is 09:00 on 1 Dec in Sydney (daylight time) and 06:00 in Perth.
    const list = [
      { id: 'sydney', timezone: 'Australia/Sydney' },
      { id: 'perth', timezone: 'Australia/Perth' },
    ];
    expect(tenantsDueForOverdue(list, new Date('2026-11-30T22:00:00Z'))).toEqual([
      { tenantId: 'sydney', date: '2026-12-01' },
    ]);
  });

  test('a sent or part-paid invoice past due is reminded once, with its PDF; paid, not yet due and other tenants are not', async () => {
    const a = await billingTenant(`Alpha${Date.now()}`, 'accounts@alpha.test');
    const b = await billingTenant(`Beta${Date.now()}`, 'accounts@beta.test');
    const overdue = await a.invoice(iso(-30));
    const partPaid = await a.pay(await a.invoice(iso(-40)), 100_00, iso(-5));
    const paid = await a.invoice(iso(-30));
    await a.pay(paid, paid.totalCents, iso(-2));
    const notYetDue = await a.invoice(iso(-3));
    const draft = await a.invoice(iso(-30), { draft: true });
    const otherTenant = await b.invoice(iso(-30));

    const counts = await ok<InvoiceStatusCountsDto>(a.staff.get('/api/app/payments/status-counts'));
    expect(counts.overdue).toEqual({ count: 2, balanceCents: overdue.totalCents + partPaid.balanceCents });

    await runReminders(a.tenantId, iso(0));
    const reminded = await t.database.withTenant(a.tenantId, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, a.tenantId), eq(mailOutbox.templateKey, 'INVOICE_OVERDUE_REMINDER'))),
    );
    expect(reminded.map((m) => m.objectId).sort()).toEqual([overdue.id, partPaid.id].sort());
    for (const id of [paid.id, notYetDue.id, draft.id, otherTenant.id])
      expect(reminded.map((m) => m.objectId)).not.toContain(id);

    // Delivered through SMTP to the firm's address, the balance in the text and the invoice PDF attached.
    const mails = await waitFor('both reminders delivered', () => {
      const m = mailsTo('accounts@alpha.test').filter((x) => x.subject?.startsWith('Overdue invoice'));
      return m.length === 2 ? m : undefined;
    });
    const forPartPaid = mails.find((m) => m.subject === `Overdue invoice ${partPaid.invoiceNo}`)!;
    expect(forPartPaid.text).toContain('$');
    expect(forPartPaid.attachments.map((x) => x.filename)).toEqual([`${partPaid.invoiceNo}.pdf`]);
    const text = await pdfText(forPartPaid);
    expect(text).toContain(partPaid.invoiceNo);
    expect(text).toContain('Balance due');
    expect(mailsTo('accounts@beta.test')).toEqual([]);

    // Two more runs at once, and the check-and-send call: still one reminder each within the interval.
    await Promise.all([runReminders(a.tenantId, iso(0)), runReminders(a.tenantId, iso(0))]);
    const check = await ok<OverdueCheckDto>(a.staff.post('/api/app/payments/overdue-reminders/check-and-send', {}));
    expect(check).toEqual({ overdue: 2, queued: 0, skipped: [] });
    const after = await t.database.withTenant(a.tenantId, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, a.tenantId), eq(mailOutbox.templateKey, 'INVOICE_OVERDUE_REMINDER'))),
    );
    expect(after).toHaveLength(2);

    // The other tenant's own check reminds its own invoice, to its own firm.
    expect(await ok<OverdueCheckDto>(b.staff.post('/api/app/payments/overdue-reminders/check-and-send', {}))).toEqual({
      overdue: 1,
      queued: 1,
      skipped: [],
    });
    const beta = await waitFor('the other tenant reminder', () => {
      const m = mailsTo('accounts@beta.test');
      return m.length === 1 ? m : undefined;
    });
    expect(beta[0]!.subject).toBe(`Overdue invoice ${otherTenant.invoiceNo}`);
    expect(mailsTo('accounts@alpha.test').filter((x) => x.subject?.startsWith('Overdue invoice'))).toHaveLength(2);

    // Resent from e-mail tracking, the reminder carries its PDF again.
    const first = reminded.find((m) => m.objectId === overdue.id)!;
    await ok(a.admin.post(`/api/app/email-trackings/${first.id}/resend`, {}));
    const again = await waitFor('the resent reminder', () => {
      const m = mailsTo('accounts@alpha.test').filter((x) => x.subject === `Overdue invoice ${overdue.invoiceNo}`);
      return m.length === 2 ? m : undefined;
    });
    expect(again[1]!.attachments.map((x) => x.filename)).toEqual([`${overdue.invoiceNo}.pdf`]);
  });
});

describe('outstanding balance', SLOW, () => {
  test('per company, aged by days past due, as of a date; totals are the sums in cents; the statement is printed and e-mailed', async () => {
    const a = await billingTenant(`Gamma${Date.now()}`, 'accounts@gamma.test');
    const insurer = await idOf(
      a.admin.post('/api/app/companies', { name: 'Zeta Insurance', businessType: 'INSURER', email: null }),
    );
    const insurerCm = await idOf(
      a.admin.post('/api/app/case-managers', { firstName: 'Ian', lastName: 'Insurer', companyId: insurer }),
    );
    // Due 14 days after the invoice date: current, 1–30, 31–60 and over 90 days past due today.
    const current = await a.invoice(iso(-10));
    const d30 = await a.pay(await a.invoice(iso(-30)), 123_45, iso(-1));
    const d60 = await a.invoice(iso(-60));
    const over90 = await a.invoice(iso(-120));
    const paid = await a.invoice(iso(-30));
    await a.pay(paid, paid.totalCents, iso(-20));
    // Credited in full today: owed until today, not any more.
    const credited = await a.invoice(iso(-45));
    await ok(a.staff.post(`/api/app/payments/${credited.id}/credit-notes`, { reason: 'Not owed' }));
    // Sent 40 days ago and cancelled today: owed until today, not any more.
    const cancelled = await a.invoice(iso(-40));
    await ok(
      a.staff.post(`/api/app/payments/${cancelled.id}/cancel`, {
        concurrencyStamp: cancelled.concurrencyStamp,
        comment: 'Raised in error',
      }),
    );
    // The insurer's invoice: another row of the report.
    let c = await ok<CaseDto>(a.staff.post('/api/app/assessments', { clientId: a.clientId, caseManagerId: insurerCm }));
    for (const status of ['FILE_REVIEW', 'DICTATION_RECEIVED', 'REPORT_COMPLETED']) {
      c = await ok<CaseDto>(
        a.staff.post('/api/app/case-status-logs/changecasestatus', {
          objectId: c.id,
          status,
          concurrencyStamp: c.concurrencyStamp,
        }),
      );
    }
    const insurerDraft = await ok<InvoiceDto>(
      a.staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id, invoiceDate: iso(-70) }),
    );
    const insurerInvoice = await ok<InvoiceDto>(
      a.staff.post(`/api/app/payments/${insurerDraft.id}/send`, { concurrencyStamp: insurerDraft.concurrencyStamp }),
    );

    const report = await ok<OutstandingBalanceDto>(a.admin.get('/api/app/payments/outstanding-balance'));
    expect(report.asOf).toBe(iso(0));
    const firm = report.items.find((i) => i.companyId === a.companyId)!;
    expect(firm).toMatchObject({
      invoiceCount: 4,
      current: current.totalCents,
      days30: d30.balanceCents,
      days60: d60.totalCents,
      days90: 0,
      over90: over90.totalCents,
      balanceCents: current.totalCents + d30.balanceCents + d60.totalCents + over90.totalCents,
    });
    const ins = report.items.find((i) => i.companyId === insurer)!;
    expect(ins).toMatchObject({ businessType: 'INSURER', days30: 0, days60: insurerInvoice.totalCents });
    expect(report.totals.balanceCents).toBe(firm.balanceCents + ins.balanceCents);
    expect(report.totals.days60).toBe(d60.totalCents + insurerInvoice.totalCents);
    expect(report.totals.invoiceCount).toBe(5);

    // As of 25 days ago: later invoices are not yet owed, later payments not yet made.
    const earlier = await ok<OutstandingBalanceDto>(
      a.admin.get(`/api/app/payments/outstanding-balance?companyId=${a.companyId}&asOf=${iso(-25)}`),
    );
    expect(earlier.items.map((i) => i.companyId)).toEqual([a.companyId]);
    expect(earlier.items[0]).toMatchObject({
      invoiceCount: 6,
      current: d30.totalCents + paid.totalCents,
      // Due 26 days ago: the cancelled invoice, 1 day past due then.
      days30: d60.totalCents + credited.totalCents + cancelled.totalCents,
      // Due 106 days ago: 81 days past due then.
      days90: over90.totalCents,
      over90: 0,
    });

    // Staff and case managers do not see the report; a bad date is a 400 naming the field.
    expect((await a.staff.get('/api/app/payments/outstanding-balance')).statusCode).toBe(403);
    const bad = await a.admin.get('/api/app/payments/outstanding-balance?asOf=2027-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('asOf');
    const other = await billingTenant(`Other${Date.now()}`, null);
    expect((await other.admin.get(`/api/app/payments/outstanding-balance?companyId=${a.companyId}`)).statusCode).toBe(
      400,
    );

    const statement = await ok<OutstandingStatementDto>(
      a.admin.get(`/api/app/payments/outstanding-statement?companyId=${a.companyId}`),
    );
    expect(statement.invoices.map((i) => i.invoiceNo)).toEqual(
      [over90, d60, d30, current].map((i) => i.invoiceNo).sort(),
    );
    // The statement's print page is for the billing print roles: staff see any company's, a case manager
    // their own company's (their companies' invoices only), and another company is not found.
    const byStaff = await ok<OutstandingStatementDto>(
      a.staff.get(`/api/app/payments/outstanding-statement?companyId=${a.companyId}`),
    );
    expect(byStaff.company.balanceCents).toBe(statement.company.balanceCents);
    const cmUser = await callerFor(t, a.tenantId, ['CASE_MANAGER']);
    await idOf(
      a.admin.post('/api/app/case-managers', {
        firstName: 'Cole',
        lastName: 'Manager',
        companyId: a.companyId,
        userId: cmUser.userId,
      }),
    );
    const byCaseManager = await ok<OutstandingStatementDto>(
      cmUser.get(`/api/app/payments/outstanding-statement?companyId=${a.companyId}`),
    );
    expect(byCaseManager.invoices.map((i) => i.invoiceNo)).toEqual(statement.invoices.map((i) => i.invoiceNo));
    const elsewhere = await idOf(
      a.admin.post('/api/app/companies', { name: 'Elsewhere Legal', businessType: 'LAW_FIRM' }),
    );
    expect((await cmUser.get(`/api/app/payments/outstanding-statement?companyId=${elsewhere}`)).statusCode).toBe(400);
    expect((await cmUser.get('/api/app/payments/outstanding-balance')).statusCode).toBe(403);
    expect(
      (await a.specialistUser.get(`/api/app/payments/outstanding-statement?companyId=${a.companyId}`)).statusCode,
    ).toBe(403);

    const pdf = await a.admin.get(`/api/app/payments/outstanding-statement-print?companyId=${a.companyId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = (await extractDocumentText(pdf.rawPayload, 'pdf')).text ?? '';
    expect(printed).toContain('Outstanding Statement');
    expect(printed).toContain(d60.invoiceNo);

    expect(
      await ok<MailQueuedDto>(a.admin.post('/api/app/payments/outstanding-statement/send', { companyId: a.companyId })),
    ).toEqual({ queued: 1, skipped: [] });
    const audit = await t.database.withTenant(a.tenantId, (tx) =>
      tx
        .select()
        .from(entityChanges)
        .where(and(eq(entityChanges.tenantId, a.tenantId), eq(entityChanges.entityType, 'OutstandingStatementEmail'))),
    );
    const logged = Object.fromEntries(audit.map((ch) => [ch.propertyName, ch.newValue]));
    expect(logged).toMatchObject({ recipient: 'accounts@gamma.test', balanceCents: String(firm.balanceCents) });
    const sent = await waitFor('the statement delivered', () =>
      mailsTo('accounts@gamma.test').find((m) => m.subject?.startsWith('Outstanding statement')),
    );
    expect(sent.attachments[0]!.filename).toMatch(/^outstanding-statement-.*\.pdf$/);
    expect(await pdfText(sent)).toContain(over90.invoiceNo);
    // The insurer has no address: one must be given.
    const noAddress = await a.admin.post('/api/app/payments/outstanding-statement/send', { companyId: insurer });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.body).toContain('to');
    await ok(
      a.admin.post('/api/app/payments/outstanding-statement/send', { companyId: insurer, to: 'claims@zeta.test' }),
    );
    await waitFor('the insurer statement delivered', () => mailsTo('claims@zeta.test')[0]);
  });
});

describe('remittance statements by e-mail and the specialist’s own view', SLOW, () => {
  test('chosen or all of a month are e-mailed with the PDF; a specialist sees and opens only their own', async () => {
    const a = await billingTenant(`Delta${Date.now()}`, 'accounts@delta.test');
    const otherUser = await callerFor(t, a.tenantId, ['SPECIALIST']);
    const otherSpecialist = await idOf(
      a.admin.post('/api/app/specialists', {
        firstName: 'Olga',
        lastName: 'Other',
        onboardedDate: iso(-400),
        userId: otherUser.userId,
      }),
    );
    const day = iso(-1);
    await a.invoice(day);
    await a.invoice(day, { specialist: otherSpecialist });
    const [year, month] = day.split('-').map(Number) as [number, number];
    await ok(a.staff.post('/api/app/specialist-remittances/run', { yearPeriod: year, monthPeriod: month }));
    const list = await ok<{ items: RemittanceStatementDto[] }>(
      a.staff.get(`/api/app/specialist-remittances?yearPeriod=${year}&monthPeriod=${month}`),
    );
    const doug = list.items.find((s) => s.specialistId === a.specialistId)!;
    const olga = list.items.find((s) => s.specialistId === otherSpecialist)!;

    // The chosen statement goes to Doug; all of the month skips Olga, who has no address.
    expect(await ok<MailQueuedDto>(a.staff.post('/api/app/specialist-remittances/send', { ids: [doug.id] }))).toEqual({
      queued: 1,
      skipped: [],
    });
    expect(
      await ok<MailQueuedDto>(
        a.staff.post('/api/app/specialist-remittances/send', { yearPeriod: year, monthPeriod: month }),
      ),
    ).toEqual({ queued: 1, skipped: ['Olga Other'] });
    const mails = await waitFor('both statements delivered', () => {
      const m = mailsTo(a.specialistEmail);
      return m.length === 2 ? m : undefined;
    });
    for (const m of mails) {
      expect(m.subject).toMatch(/^Remittance advice /);
      expect(m.attachments[0]!.filename).toMatch(/^remittance-.*-Doug-Doctor\.pdf$/);
      expect(await pdfText(m)).toContain('Doug Doctor');
    }
    const bad = await a.staff.post('/api/app/specialist-remittances/send', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('ids');

    // Doug sees his own statement only, and opens its PDF; Olga's is a 404 to him.
    const mine = await ok<{ items: RemittanceStatementDto[] }>(a.specialistUser.get('/api/app/my-remittances'));
    expect(mine.items.map((s) => s.id)).toEqual([doug.id]);
    const own = await a.specialistUser.get(`/api/app/my-remittances/${doug.id}/print`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const text = (await extractDocumentText(own.rawPayload, 'pdf')).text ?? '';
    expect(text).toContain('Doug Doctor');
    expect((await a.specialistUser.get(`/api/app/my-remittances/${olga.id}/print`)).statusCode).toBe(404);
    // A specialist of another tenant neither lists nor opens it.
    const other = await billingTenant(`Epsilon${Date.now()}`, 'accounts@epsilon.test');
    expect(
      (await ok<{ items: RemittanceStatementDto[] }>(other.specialistUser.get('/api/app/my-remittances'))).items,
    ).toEqual([]);
    expect((await other.specialistUser.get(`/api/app/my-remittances/${doug.id}/print`)).statusCode).toBe(404);
    expect((await a.specialistUser.get('/api/app/specialist-remittances')).statusCode).toBe(403);
    // Staff have no "own" statements screen.
    expect((await a.staff.get('/api/app/my-remittances')).statusCode).toBe(403);
  });
});
