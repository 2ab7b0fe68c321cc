import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import JSZip from 'jszip';
import {
  addDays,
  formatIsoDate,
  previousMonth,
  todayIn,
  type CaseDto,
  type RemittanceStatementDetailDto,
  type RemittanceStatementDto,
  type InvoiceDto,
  type InvoiceStatusCountsDto,
  type SendSelectedInvoicesDto,
} from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { entityChanges } from '../../platform/db/platform.schema';
import { notifications } from '../notifications/notifications.schema';
import { caseStatusLogs } from '../cases/cases.schema';
import { extractDocumentText } from '../files/text-extraction';
import { mailOutbox, mailOutboxAttachments } from '../correspondence/correspondence.schema';
import { invoiceCsvFiles } from './invoice-selection.service';
import { multipartBody, multipartHeaders } from '../files/multipart.test-support';
import { makePdf } from '../files/test-pdf.test-support';

let t: TestApp;
let tenantId: string;
let admin: Caller;
let staff: Caller;
let cmUser: Caller;
let otherCm: Caller;
let specialistUser: Caller;
let companyId: string;
let cmId: string;
let clientId: string;
let specialistId: string;

const iso = (days: number) => formatIsoDate(addDays(todayIn('Australia/Sydney'), days));

type Res = { statusCode: number; body: string; json(): unknown };
async function ok<T = Record<string, unknown>>(res: Res | Promise<Res>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}
const idOf = async (res: Promise<Res>) => (await ok<{ id: string }>(res)).id;
const errorOf = (res: Res) =>
  res.json() as { error: { message: string; validationErrors?: { message: string; members: string[] }[] } };

/** A case taken to a completed report through the status workflow. */
async function completedCase(caseManagerId = cmId): Promise<CaseDto> {
  let c = await ok<CaseDto>(
    staff.post('/api/app/assessments', {
      clientId,
      caseManagerId,
      specialistId,
      // Cases of two firms share the claimant and the specialist: the booking says why it goes ahead.
      independenceOverrideReason: 'Both firms agreed to the specialist',
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
  return c;
}
const caseOf = (id: string) => ok<CaseDto>(staff.get(`/api/app/assessments/${id}`));

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database, { timezone: 'Australia/Sydney' });
  admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF'], { userName: 'Sam Staff' });
  cmUser = await callerFor(t, tenantId, ['CASE_MANAGER']);
  otherCm = await callerFor(t, tenantId, ['CASE_MANAGER']);
  specialistUser = await callerFor(t, tenantId, ['SPECIALIST']);
  companyId = await idOf(admin.post('/api/app/companies', { name: 'Smith Lawyers', businessType: 'LAW_FIRM' }));
  const otherCompany = await idOf(admin.post('/api/app/companies', { name: 'Jones Legal', businessType: 'LAW_FIRM' }));
  cmId = await idOf(
    admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId, userId: cmUser.userId }),
  );
  await idOf(
    admin.post('/api/app/case-managers', {
      firstName: 'Olly',
      lastName: 'Other',
      companyId: otherCompany,
      userId: otherCm.userId,
    }),
  );
  clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant' }));
  specialistId = await idOf(
    admin.post('/api/app/specialists', {
      firstName: 'Doug',
      lastName: 'Doctor',
      onboardedDate: iso(-30),
      userId: specialistUser.userId,
    }),
  );
  // The tenant's IME fees, and a dearer report fee for this specialist.
  await ok(
    staff.post('/api/app/payment-blueprints', {
      name: 'IME standard',
      serviceType: 'IME',
      commissionBasisPoints: 2000,
      items: [{ description: 'IME assessment', quantity: 1, unitPrice: '$800.00' }],
    }),
  );
  await ok(
    staff.post('/api/app/payment-blueprints', {
      name: 'Dr Doctor IME',
      serviceType: 'IME',
      specialistId,
      commissionBasisPoints: 2000,
      gazetted: true,
      items: [
        { description: 'IME assessment', quantity: 1, unitPrice: '$1,000.00' },
        { description: 'File review hours', quantity: 3, unitPrice: '$33.35', discountBasisPoints: 1250 },
        { description: 'Travel (GST-free)', quantity: 1, unitPrice: 5000, taxable: false },
      ],
    }),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('invoicing a case', () => {
  test('a completed case is invoiced from the best blueprint, sent, partly then fully paid; the case follows', async () => {
    const c = await completedCase();
    const draft = await ok<InvoiceDto>(staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id }));
    expect(draft.status).toBe('DRAFT');
    expect(draft.invoiceNo).toMatch(/^INV-\d{6}$/);
    // The specialist's own blueprint wins over the service type's: $1,000 + 10% GST; 3 × $33.35 less 12.5%
    // ($87.54 + $8.75 GST); $50 GST-free.
    expect(draft.lines.map((l) => l.totalCents)).toEqual([1100_00, 96_29, 50_00]);
    expect(draft.totalCents).toBe(1246_29);
    expect(draft.subtotalCents + draft.gstCents).toBe(draft.totalCents);
    expect(draft.gstCents).toBe(108_75);
    expect(draft).toMatchObject({ commissionBasisPoints: 2000, gazetted: true, balanceCents: 1246_29 });
    // A draft does not move the case.
    expect((await caseOf(c.id)).status).toBe('REPORT_COMPLETED');

    // The draft is editable; a stale stamp is refused.
    const edited = await ok<InvoiceDto>(
      staff.put(`/api/app/payments/${draft.id}`, {
        concurrencyStamp: draft.concurrencyStamp,
        invoiceDate: draft.invoiceDate,
        dueDate: draft.dueDate,
        notes: 'Thank you',
        lines: [{ description: 'IME assessment', quantity: 1, unitPrice: '1,100.00' }],
      }),
    );
    expect(edited.totalCents).toBe(1210_00);
    expect(
      (
        await staff.put(`/api/app/payments/${draft.id}`, {
          concurrencyStamp: draft.concurrencyStamp,
          invoiceDate: draft.invoiceDate,
          dueDate: draft.dueDate,
          lines: [{ description: 'x', quantity: 1, unitPrice: 1 }],
        })
      ).statusCode,
    ).toBe(409);

    // A payment before sending is refused.
    expect(
      (await staff.post(`/api/app/payments/${draft.id}/partial-payments`, { amount: 100, paymentDate: iso(0) }))
        .statusCode,
    ).toBe(422);

    const sent = await ok<InvoiceDto>(
      staff.post(`/api/app/payments/${draft.id}/send`, { concurrencyStamp: edited.concurrencyStamp }),
    );
    expect(sent.status).toBe('SENT');
    let theCase = await caseOf(c.id);
    expect(theCase.status).toBe('CLIENT_INVOICED');
    expect(theCase.billingStatus).toBe('BILLED');
    // A sent invoice is no longer editable.
    expect(
      (
        await staff.put(`/api/app/payments/${draft.id}`, {
          concurrencyStamp: sent.concurrencyStamp,
          invoiceDate: sent.invoiceDate,
          dueDate: sent.dueDate,
          lines: [{ description: 'x', quantity: 1, unitPrice: 1 }],
        })
      ).statusCode,
    ).toBe(422);

    // Over-payment, zero and fractional cents are refused with the field named, and write nothing.
    for (const amount of ['$1,210.01', 0, 10.5, '-5']) {
      const res = await staff.post(`/api/app/payments/${draft.id}/partial-payments`, { amount, paymentDate: iso(0) });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(errorOf(res).error.validationErrors![0]!.members).toEqual(['amount']);
    }

    const partial = await ok<InvoiceDto>(
      staff.post(`/api/app/payments/${draft.id}/partial-payments`, {
        amount: '$500.00',
        paymentDate: iso(0),
        reference: 'EFT 1',
      }),
    );
    expect(partial).toMatchObject({ status: 'PARTIAL_PAY', paidCents: 500_00, balanceCents: 710_00 });
    expect((await caseOf(c.id)).status).toBe('CLIENT_PARTIALLY_PAID');

    const paid = await ok<InvoiceDto>(
      staff.post(`/api/app/payments/${draft.id}/partial-payments`, { amount: 710_00, paymentDate: iso(0) }),
    );
    expect(paid).toMatchObject({ status: 'PAID', paidCents: 1210_00, balanceCents: 0 });
    theCase = await caseOf(c.id);
    expect(theCase.status).toBe('CLIENT_FULLY_PAID');

    // Deleting a payment takes the invoice and the case back to partially paid.
    const back = await ok<InvoiceDto>(
      staff.request({
        method: 'DELETE',
        url: `/api/app/payments/${draft.id}/partial-payments/${paid.payments[1]!.id}`,
      }),
    );
    expect(back).toMatchObject({ status: 'PARTIAL_PAY', balanceCents: 710_00 });
    expect(back.payments).toHaveLength(1);
    expect((await caseOf(c.id)).status).toBe('CLIENT_PARTIALLY_PAID');

    // The status log shows each move with the invoice's reason; history has the invoice and its payments.
    const log = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(caseStatusLogs).where(eq(caseStatusLogs.caseId, c.id)),
    );
    expect(log.map((l) => l.statusName)).toEqual(
      expect.arrayContaining(['CLIENT_INVOICED', 'CLIENT_PARTIALLY_PAID', 'CLIENT_FULLY_PAID']),
    );
    const changes = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(entityChanges).where(eq(entityChanges.entityId, draft.id)),
    );
    expect(changes.some((ch) => ch.changeType === 'Created')).toBe(true);
    expect(changes.some((ch) => ch.propertyName === 'status' && ch.newValue === 'PAID')).toBe(true);

    // The case's Payment tab and the status counts.
    const tab = await ok<{ items: InvoiceDto[] }>(staff.get(`/api/app/caseDetailPayments?caseId=${c.id}`));
    expect(tab.items.map((i) => i.id)).toEqual([draft.id]);
    const counts = await ok<InvoiceStatusCountsDto>(staff.get(`/api/app/payments/status-counts?caseId=${c.id}`));
    expect(counts.items.find((i) => i.status === 'PARTIAL_PAY')).toEqual({
      status: 'PARTIAL_PAY',
      count: 1,
      totalCents: 1210_00,
    });
  });

  test('paid in full tells the one who raised the invoice and the accounting users, never the one who recorded it', async () => {
    const accounting = await callerFor(t, tenantId, ['ACCOUNTING']);
    // Newest first, as the bell lists them (the bell itself needs the RealtimeNotification feature).
    const titles = (caller: Caller) =>
      t.database.withTenant(tenantId, (tx) =>
        tx
          .select({ objectId: notifications.objectId })
          .from(notifications)
          .where(and(eq(notifications.recipientId, caller.userId), eq(notifications.title, 'Invoice paid')))
          .orderBy(desc(notifications.sentTime)),
      );
    const before = (await titles(staff)).length;
    const c = await completedCase();
    const draft = await ok<InvoiceDto>(staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id }));
    await ok(staff.post(`/api/app/payments/${draft.id}/send`, { concurrencyStamp: draft.concurrencyStamp }));
    await ok(admin.post(`/api/app/payments/${draft.id}/partial-payments`, { amount: 100_00, paymentDate: iso(0) }));
    expect((await titles(staff)).length).toBe(before);
    await ok(
      admin.post(`/api/app/payments/${draft.id}/partial-payments`, {
        amount: draft.totalCents - 100_00,
        paymentDate: iso(0),
      }),
    );
    expect((await titles(staff)).slice(0, 1)).toMatchObject([{ objectId: draft.id }]);
    expect((await titles(staff)).length).toBe(before + 1);
    expect((await titles(accounting)).map((n) => n.objectId)).toEqual([draft.id]);
    expect(await titles(admin)).toEqual([]);
    expect(await titles(cmUser)).toEqual([]);
  });

  test('cancelling needs a comment and no payments; a sent invoice cancelled makes the case ready to bill again', async () => {
    const c = await completedCase();
    const inv = await ok<InvoiceDto>(staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id }));
    const sent = await ok<InvoiceDto>(
      staff.post(`/api/app/payments/${inv.id}/send`, { concurrencyStamp: inv.concurrencyStamp }),
    );
    const noComment = await staff.post(`/api/app/payments/${inv.id}/cancel`, {
      concurrencyStamp: sent.concurrencyStamp,
      comment: '  ',
    });
    expect(noComment.statusCode).toBe(400);
    expect(errorOf(noComment).error.validationErrors![0]!.members).toEqual(['comment']);
    const cancelled = await ok<InvoiceDto>(
      staff.post(`/api/app/payments/${inv.id}/cancel`, {
        concurrencyStamp: sent.concurrencyStamp,
        comment: 'Billed to the wrong firm',
      }),
    );
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelComment: 'Billed to the wrong firm' });
    expect((await caseOf(c.id)).billingStatus).toBe('READY_TO_BILL');
    const again = await staff.post(`/api/app/payments/${inv.id}/cancel`, {
      concurrencyStamp: cancelled.concurrencyStamp,
      comment: 'again',
    });
    expect(again.statusCode).toBe(422);
  });

  test('a non-billable case or a missing case id is refused with a clear message', async () => {
    const c = await completedCase();
    const nb = await ok<CaseDto>(
      staff.put(`/api/app/caseclientdetails/${c.id}/billingStatus`, {
        concurrencyStamp: c.concurrencyStamp,
        billingStatus: 'NON_BILLABLE',
      }),
    );
    const res = await staff.post('/api/app/payments/invoiceFromModule', { caseId: nb.id });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).error.message).toBe('This case is not billable.');
    const missing = await staff.post('/api/app/payments/invoiceFromModule', {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).error.validationErrors![0]!.members).toEqual(['caseId']);
  });
});

describe('who sees invoices', () => {
  test("a case manager sees their company's invoices only; a specialist none; another tenant gets 404", async () => {
    const c = await completedCase();
    const inv = await ok<InvoiceDto>(staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id }));
    expect((await cmUser.get(`/api/app/payments/${inv.id}`)).statusCode).toBe(200);
    expect((await cmUser.get('/api/app/payments?maxResultCount=1000')).body).toContain(inv.id);
    expect((await otherCm.get(`/api/app/payments/${inv.id}`)).statusCode).toBe(404);
    expect((await otherCm.get('/api/app/payments?maxResultCount=1000')).body).not.toContain(inv.id);
    // Specialists do not hold the invoice permission at all.
    expect((await specialistUser.get(`/api/app/payments/${inv.id}`)).statusCode).toBe(403);
    // Case managers read but do not write.
    expect(
      (await cmUser.post(`/api/app/payments/${inv.id}/send`, { concurrencyStamp: inv.concurrencyStamp })).statusCode,
    ).toBe(403);

    const elsewhere = await callerFor(t, await newTenant(t.database, { timezone: 'Australia/Sydney' }));
    const calls: [string, () => Promise<Res>][] = [
      ['get', () => elsewhere.get(`/api/app/payments/${inv.id}`)],
      [
        'update',
        () =>
          elsewhere.put(`/api/app/payments/${inv.id}`, {
            concurrencyStamp: inv.concurrencyStamp,
            invoiceDate: inv.invoiceDate,
            dueDate: inv.dueDate,
            lines: [{ description: 'x', quantity: 1, unitPrice: 1 }],
          }),
      ],
      ['send', () => elsewhere.post(`/api/app/payments/${inv.id}/send`, { concurrencyStamp: inv.concurrencyStamp })],
      [
        'cancel',
        () =>
          elsewhere.post(`/api/app/payments/${inv.id}/cancel`, {
            concurrencyStamp: inv.concurrencyStamp,
            comment: 'x',
          }),
      ],
      ['pay', () => elsewhere.post(`/api/app/payments/${inv.id}/partial-payments`, { amount: 1, paymentDate: iso(0) })],
      [
        'delete payment',
        () =>
          elsewhere.request({
            method: 'DELETE',
            url: `/api/app/payments/${inv.id}/partial-payments/${inv.id}`,
          }),
      ],
      ['invoice the case', () => elsewhere.post('/api/app/payments/invoiceFromModule', { caseId: c.id })],
      ['case payments', () => elsewhere.get(`/api/app/caseDetailPayments?caseId=${c.id}`)],
      ['blueprint from module', () => elsewhere.get(`/api/app/payment-blueprints/from-module?caseId=${c.id}`)],
    ];
    for (const [what, call] of calls) {
      const res = await call();
      expect({ what, status: res.statusCode }, res.body).toEqual({ what, status: 404 });
    }
    expect((await elsewhere.get('/api/app/payments?maxResultCount=1000')).body).not.toContain(inv.id);
    // Nothing changed.
    expect((await ok<InvoiceDto>(staff.get(`/api/app/payments/${inv.id}`))).concurrencyStamp).toBe(
      inv.concurrencyStamp,
    );
  });
});

describe('credit notes', () => {
  test('a sent invoice is credited in part then in full, exact to the cent; never more than invoiced; audited and printed', async () => {
    const c = await completedCase();
    const draft = await ok<InvoiceDto>(staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id }));
    const credit = (id: string, body: unknown) => staff.post(`/api/app/payments/${id}/credit-notes`, body);
    // A draft is edited, not credited.
    expect((await credit(draft.id, { reason: 'Too early' })).statusCode).toBe(422);
    const sent = await ok<InvoiceDto>(
      staff.post(`/api/app/payments/${draft.id}/send`, { concurrencyStamp: draft.concurrencyStamp }),
    );
    const [assessment, review, travel] = sent.lines;

    // One of the three file-review hours: $33.35 less 12.5% ($4.17) is $29.18, GST $2.92.
    const first = await ok<InvoiceDto>(
      credit(sent.id, { reason: 'One hour not worked', lines: [{ invoiceLineId: review!.id, quantity: 1 }] }),
    );
    expect(first.creditNotes).toHaveLength(1);
    const note1 = first.creditNotes[0]!;
    expect(note1.creditNoteNo).toMatch(/^CN-\d{6}$/);
    expect(note1).toMatchObject({
      subtotalCents: 29_18,
      gstCents: 2_92,
      totalCents: 32_10,
      reason: 'One hour not worked',
    });
    expect(note1.lines).toEqual([
      {
        invoiceLineId: review!.id,
        description: 'File review hours',
        quantity: 1,
        amountCents: 29_18,
        gstCents: 2_92,
        totalCents: 32_10,
      },
    ]);
    expect(first).toMatchObject({ status: 'SENT', totalCents: 1246_29, creditedCents: 32_10, balanceCents: 1214_19 });

    // More than is left of a line, a line of another invoice, or the same line twice: 400 naming the field,
    // and nothing is written.
    const tooMany = await credit(sent.id, { reason: 'x', lines: [{ invoiceLineId: review!.id, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).error.validationErrors![0]).toEqual({
      members: ['lines[0].quantity'],
      message: 'The quantity is more than is left to credit on this line (2).',
    });
    const foreign = await credit(sent.id, { reason: 'x', lines: [{ invoiceLineId: sent.id, quantity: 1 }] });
    expect(errorOf(foreign).error.validationErrors![0]!.members).toEqual(['lines[0].invoiceLineId']);
    const twice = await credit(sent.id, {
      reason: 'x',
      lines: [
        { invoiceLineId: travel!.id, quantity: 1 },
        { invoiceLineId: travel!.id, quantity: 1 },
      ],
    });
    expect(errorOf(twice).error.validationErrors![0]!.members).toEqual(['lines[1].invoiceLineId']);
    for (const body of [{ reason: '' }, { reason: 'x', lines: [{ invoiceLineId: travel!.id, quantity: 0.5 }] }]) {
      expect((await credit(sent.id, body)).statusCode).toBe(400);
    }
    expect((await ok<InvoiceDto>(staff.get(`/api/app/payments/${sent.id}`))).creditNotes).toHaveLength(1);

    // A payment may not exceed what is owed after the credit.
    expect(
      (await staff.post(`/api/app/payments/${sent.id}/partial-payments`, { amount: 1214_20, paymentDate: iso(0) }))
        .statusCode,
    ).toBe(400);
    await ok(staff.post(`/api/app/payments/${sent.id}/partial-payments`, { amount: 1000_00, paymentDate: iso(0) }));

    // Crediting all that is left: the whole assessment and travel, and exactly what is left of the review
    // line ($96.29 − $32.10), so the credit notes add up to the invoice to the cent.
    const full = await ok<InvoiceDto>(credit(sent.id, { reason: 'Assessment withdrawn' }));
    const note2 = full.creditNotes[1]!;
    expect(Number(note2.creditNoteNo.slice(3))).toBe(Number(note1.creditNoteNo.slice(3)) + 1);
    expect(note2.lines.map((l) => [l.invoiceLineId, l.quantity, l.totalCents])).toEqual([
      [assessment!.id, 1, 1100_00],
      [review!.id, 2, 64_19],
      [travel!.id, 1, 50_00],
    ]);
    expect(note2.totalCents).toBe(1214_19);
    expect(note1.totalCents + note2.totalCents).toBe(full.totalCents);
    expect(full.lines.map((l) => l.gstCents)).toEqual([100_00, 8_75, 0]);
    expect(note1.gstCents + note2.gstCents).toBe(full.gstCents);
    // Nothing is owed; the $1,000.00 paid is owed back to the client. The case is fully paid.
    expect(full).toMatchObject({ status: 'PAID', creditedCents: 1246_29, paidCents: 1000_00, balanceCents: -1000_00 });
    expect((await caseOf(c.id)).status).toBe('CLIENT_FULLY_PAID');
    const nothingLeft = await credit(sent.id, { reason: 'Again' });
    expect(nothingLeft.statusCode).toBe(422);
    expect(errorOf(nothingLeft).error.message).toBe('Nothing is left to credit on this invoice.');
    expect(
      (
        await staff.post(`/api/app/payments/${sent.id}/cancel`, {
          concurrencyStamp: full.concurrencyStamp,
          comment: 'x',
        })
      ).statusCode,
    ).toBe(422);

    // The list shows what is credited; the history has each credit note.
    const list = await ok<{ items: InvoiceDto[] }>(staff.get(`/api/app/payments?caseId=${c.id}`));
    expect(list.items[0]).toMatchObject({ id: sent.id, creditedCents: 1246_29, balanceCents: -1000_00 });
    const changes = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(entityChanges).where(eq(entityChanges.entityType, 'CreditNote')),
    );
    expect(changes.map((ch) => ch.entityId)).toEqual(expect.arrayContaining([note1.id, note2.id]));

    // The credit note prints like its invoice.
    const pdf = await staff.get(`/api/app/payments/${sent.id}/credit-notes/${note2.id}/print`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await extractDocumentText(pdf.rawPayload, 'pdf')).text!;
    for (const s of [
      note2.creditNoteNo,
      sent.invoiceNo,
      'Smith Lawyers',
      '$1,100.00',
      '$64.19',
      '$1,214.19',
      'Assessment withdrawn',
    ])
      expect(text).toContain(s);
    expect((await staff.get(`/api/app/payments/${sent.id}/credit-notes/${sent.id}/print`)).statusCode).toBe(404);

    // Case managers read credit notes but do not write them; another tenant sees neither invoice nor note.
    expect((await cmUser.post(`/api/app/payments/${sent.id}/credit-notes`, { reason: 'x' })).statusCode).toBe(403);
    const elsewhere = await callerFor(t, await newTenant(t.database, { timezone: 'Australia/Sydney' }));
    expect((await elsewhere.post(`/api/app/payments/${sent.id}/credit-notes`, { reason: 'x' })).statusCode).toBe(404);
    expect((await elsewhere.get(`/api/app/payments/${sent.id}/credit-notes/${note1.id}/print`)).statusCode).toBe(404);
  });
});

describe('account codes on invoice lines', () => {
  test("a draft's line is booked to an account code of the tenant; an unknown or another tenant's code is a 400 naming the line", async () => {
    const c = await completedCase();
    const draft = await ok<InvoiceDto>(staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id }));
    expect(draft.lines.every((l) => l.accountCodeId === null)).toBe(true);
    const account = await ok<{ id: string }>(
      staff.post('/api/app/account-codes', { code: '4200', name: 'Assessment revenue', accountType: 'REVENUE' }),
    );
    const elsewhere = await callerFor(t, await newTenant(t.database, { timezone: 'Australia/Sydney' }));
    const foreign = await ok<{ id: string }>(
      elsewhere.post('/api/app/account-codes', { code: '4200', name: 'Theirs' }),
    );
    const edit = (accountCodeId: string | null) =>
      staff.put(`/api/app/payments/${draft.id}`, {
        concurrencyStamp: draft.concurrencyStamp,
        invoiceDate: draft.invoiceDate,
        dueDate: draft.dueDate,
        lines: [
          { description: 'Travel', quantity: 1, unitPrice: '$10.00', taxable: false },
          { description: 'IME assessment', quantity: 1, unitPrice: '$800.00', accountCodeId },
        ],
      });
    for (const id of [foreign.id, draft.id]) {
      const res = await edit(id);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error.validationErrors![0]).toEqual({
        members: ['lines[1].accountCodeId'],
        message: 'The account code was not found.',
      });
    }
    const edited = await ok<InvoiceDto>(edit(account.id));
    expect(edited.lines.map((l) => l.accountCodeId)).toEqual([null, account.id]);
    expect(edited.lines.map((l) => l.accountCode)).toEqual([null, '4200 Assessment revenue']);
  });
});

describe('invoices chosen in the list', () => {
  test('SendSelectedInvoices e-mails each with its PDF, sending drafts first and naming those skipped; ExportSelectedInvoices writes CSV', async () => {
    const mailFirm = await idOf(
      admin.post('/api/app/companies', {
        name: 'Mail, Lawyers',
        businessType: 'LAW_FIRM',
        email: 'accounts@mail.test',
      }),
    );
    const mailCm = await idOf(
      admin.post('/api/app/case-managers', { firstName: 'Mia', lastName: 'Mail', companyId: mailFirm }),
    );
    const draft = await ok<InvoiceDto>(
      staff.post('/api/app/payments/invoiceFromModule', { caseId: (await completedCase(mailCm)).id }),
    );
    const sentBefore = await ok<InvoiceDto>(
      staff.post('/api/app/payments/invoiceFromModule', { caseId: (await completedCase(mailCm)).id }),
    );
    await ok(staff.post(`/api/app/payments/${sentBefore.id}/send`, { concurrencyStamp: sentBefore.concurrencyStamp }));
    // Smith Lawyers and its case manager have no e-mail address.
    const noAddress = await ok<InvoiceDto>(
      staff.post('/api/app/payments/invoiceFromModule', { caseId: (await completedCase()).id }),
    );
    const cancelled = await ok<InvoiceDto>(
      staff.post('/api/app/payments/invoiceFromModule', { caseId: (await completedCase(mailCm)).id }),
    );
    await ok(
      staff.post(`/api/app/payments/${cancelled.id}/cancel`, {
        concurrencyStamp: cancelled.concurrencyStamp,
        comment: 'x',
      }),
    );
    const ids = [draft.id, sentBefore.id, noAddress.id, cancelled.id];

    // One invoice of another tenant (or none at all) among them: 404, nothing sent.
    const elsewhere = await callerFor(t, await newTenant(t.database, { timezone: 'Australia/Sydney' }));
    expect((await elsewhere.post('/api/app/payments/SendSelectedInvoices', { ids })).statusCode).toBe(404);
    expect((await elsewhere.post('/api/app/payments/ExportSelectedInvoices', { ids })).statusCode).toBe(404);
    expect((await cmUser.post('/api/app/payments/SendSelectedInvoices', { ids })).statusCode).toBe(403);
    const none = await staff.post('/api/app/payments/SendSelectedInvoices', { ids: [] });
    expect(errorOf(none).error.validationErrors![0]).toEqual({
      members: ['ids'],
      message: 'Select at least one invoice.',
    });
    expect((await ok<InvoiceDto>(staff.get(`/api/app/payments/${draft.id}`))).status).toBe('DRAFT');

    const result = await ok<SendSelectedInvoicesDto>(
      staff.post('/api/app/payments/SendSelectedInvoices', { ids: [...ids, draft.id] }),
    );
    expect(result.sent).toEqual([draft.invoiceNo, sentBefore.invoiceNo]);
    expect(result.skipped).toEqual([
      { invoiceNo: noAddress.invoiceNo, reason: 'Neither the company nor the case manager has an e-mail address.' },
      { invoiceNo: cancelled.invoiceNo, reason: 'The invoice is cancelled.' },
    ]);
    // The draft was sent (its case follows); the one without an address stays a draft.
    expect((await ok<InvoiceDto>(staff.get(`/api/app/payments/${draft.id}`))).status).toBe('SENT');
    expect((await caseOf(draft.caseId)).status).toBe('CLIENT_INVOICED');
    expect((await ok<InvoiceDto>(staff.get(`/api/app/payments/${noAddress.id}`))).status).toBe('DRAFT');
    const mails = await t.database.withTenant(tenantId, (tx) =>
      tx
        .select({
          id: mailOutbox.id,
          to: mailOutbox.recipient,
          subject: mailOutbox.subject,
          objectId: mailOutbox.objectId,
        })
        .from(mailOutbox)
        .where(inArray(mailOutbox.objectId, ids)),
    );
    expect(mails.map((m) => [m.objectId, m.to, m.subject]).sort()).toEqual(
      [
        [draft.id, 'accounts@mail.test', `Invoice ${draft.invoiceNo}`],
        [sentBefore.id, 'accounts@mail.test', `Invoice ${sentBefore.invoiceNo}`],
      ].sort(),
    );
    const attached = await t.database.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(mailOutboxAttachments)
        .where(
          inArray(
            mailOutboxAttachments.outboxId,
            mails.map((m) => m.id),
          ),
        ),
    );
    expect(attached.map((a) => a.fileName).sort()).toEqual(
      [`${draft.invoiceNo}.pdf`, `${sentBefore.invoiceNo}.pdf`].sort(),
    );
    const pdfText = (await extractDocumentText(Buffer.from(attached[0]!.content), 'pdf')).text!;
    expect(pdfText).toContain('Mail, Lawyers');

    // The export: a CSV row per invoice in number order, amounts exact with 2 decimals, text quoted.
    const csv = await staff.post('/api/app/payments/ExportSelectedInvoices', { ids: [noAddress.id, draft.id] });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="invoices.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Invoice No,Status,Invoice Date,Due Date,Case No,Company,Specialist,Currency,Subtotal,GST,Total,Credited,Paid,Balance',
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${draft.invoiceNo},Sent,.*,"Mail, Lawyers",Doug Doctor,[A-Z]{3},1137.54,108.75,1246.29,0.00,0.00,1246.29$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${noAddress.invoiceNo},Draft,.*,Smith Lawyers,Doug Doctor,[A-Z]{3},1137.54,108.75,1246.29,0.00,0.00,1246.29$`,
        ),
      ),
    ]);
  });

  test('ExportSelectedInvoices splits more than 500 invoices into CSV files of 500 in a zip', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      invoiceNo: `INV-${String(i + 1).padStart(6, '0')}`,
      status: 'SENT',
      invoiceDate: '2026-03-01',
      dueDate: '2026-03-15',
      caseNo: `C${i}`,
      companyName: '=HYPERLINK("x")',
      specialistName: null,
      currency: 'AUD',
      subtotalCents: 100_00,
      gstCents: 10_00,
      totalCents: 110_00,
      creditedCents: 0,
      paidCents: 0,
      balanceCents: 110_00,
    })) as unknown as InvoiceDto[];
    const file = await invoiceCsvFiles(rows);
    expect(file.fileName).toBe('invoices.zip');
    const zip = await JSZip.loadAsync(file.body);
    const names = Object.keys(zip.files);
    const texts = await Promise.all(names.map((n) => zip.file(n)!.async('string')));
    const sizes = texts.map((text) => text.trim().split('\r\n').length - 1);
    expect(texts[0]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(names).toEqual(['invoices-1.csv', 'invoices-2.csv', 'invoices-3.csv']);
    expect(sizes).toEqual([500, 500, 1]);
  });
});

describe('invoice numbers', () => {
  test('200 invoices created at once in one tenant get 200 distinct numbers with no gap', async () => {
    const own = await newTenant(t.database, { timezone: 'Australia/Sydney' });
    const boss = await callerFor(t, own);
    const co = await idOf(boss.post('/api/app/companies', { name: 'Busy Firm', businessType: 'LAW_FIRM' }));
    const cm = await idOf(boss.post('/api/app/case-managers', { firstName: 'B', lastName: 'Busy', companyId: co }));
    const cl = await idOf(boss.post('/api/app/clients', { firstName: 'C', lastName: 'Claimant' }));
    const theCase = await ok<CaseDto>(boss.post('/api/app/assessments', { clientId: cl, caseManagerId: cm }));
    // With no blueprint yet, nothing says what to charge.
    const none = await boss.post('/api/app/payments/invoiceFromModule', { caseId: theCase.id });
    expect(none.statusCode).toBe(422);
    expect(errorOf(none).error.message).toMatch(/^No payment blueprint fits this case/);
    await ok(
      boss.post('/api/app/payment-blueprints', {
        name: 'All services',
        items: [{ description: 'Service', quantity: 1, unitPrice: 100_00 }],
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 200 }, () => boss.post('/api/app/payments/invoiceFromModule', { caseId: theCase.id })),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = results.map((r) => Number((r.json() as InvoiceDto).invoiceNo.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  }, 120_000);
});

describe('specialist remittance', () => {
  test("the month's run pays each specialist by their fee arrangement; statements list, and print as PDFs with the same amounts", async () => {
    const cotUser = await callerFor(t, tenantId, ['SPECIALIST']);
    const cotSpecialist = await idOf(
      admin.post('/api/app/specialists', {
        firstName: 'Cot',
        lastName: 'Forall',
        onboardedDate: iso(-30),
        feeArrangement: 4,
        userId: cotUser.userId,
      }),
    );
    await ok(
      staff.post('/api/app/payment-blueprints', {
        name: 'Dr Forall IME',
        specialistId: cotSpecialist,
        commissionBasisPoints: 2000,
        gazetted: true,
        items: [{ description: 'IME assessment', quantity: 1, unitPrice: '$1,000.00' }],
      }),
    );
    const invoiceIn = async (specialist: string, invoiceDate: string) => {
      const c = await ok<CaseDto>(
        staff.post('/api/app/assessments', {
          clientId,
          caseManagerId: cmId,
          specialistId: specialist,
          independenceOverrideReason: 'Both firms agreed to the specialist',
        }),
      );
      const inv = await ok<InvoiceDto>(
        staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id, invoiceDate }),
      );
      return ok<InvoiceDto>(staff.post(`/api/app/payments/${inv.id}/send`, { concurrencyStamp: inv.concurrencyStamp }));
    };
    const cot = await invoiceIn(cotSpecialist, '2026-03-15');
    const split = await invoiceIn(specialistId, '2026-03-20');
    // A draft in the month is not remitted; nor is an invoice of another month.
    await ok(staff.post('/api/app/payments/invoiceFromModule', { caseId: cot.caseId, invoiceDate: '2026-03-21' }));
    await invoiceIn(cotSpecialist, '2026-04-01');

    const run = await ok<{ statements: number; invoices: number; paymentCents: number }>(
      staff.post('/api/app/specialist-remittances/run', { yearPeriod: 2026, monthPeriod: 3 }),
    );
    // Arrangement 4 (COT for all) on $1,000: $916.66 (see the domain's worked example). Arrangement 1 (the
    // specialist has none on record, so a split fee) on $1,137.54 with $108.75 GST: 20% commission $227.51,
    // its GST $22.75; $1,137.54 + $108.75 − $250.26 = $996.03.
    expect(run).toEqual({
      yearPeriod: 2026,
      monthPeriod: 3,
      statements: 2,
      invoices: 2,
      paymentCents: 916_66 + 996_03,
    });
    expect(split.subtotalCents).toBe(1137_54);
    // A second run finds nothing left to remit.
    expect(
      await ok(staff.post('/api/app/specialist-remittances/run', { yearPeriod: 2026, monthPeriod: 3 })),
    ).toMatchObject({ statements: 0, invoices: 0 });
    // Without a month, the run covers the previous one.
    const last = previousMonth('Australia/Sydney');
    expect(await ok(staff.post('/api/app/specialist-remittances/run', {}))).toMatchObject({
      yearPeriod: last.year,
      monthPeriod: last.month,
    });
    // A specialist is paid on what the client was billed after credit notes: nothing for one credited in full.
    await invoiceIn(cotSpecialist, '2026-05-04');
    const withdrawn = await invoiceIn(cotSpecialist, '2026-05-05');
    await ok(staff.post(`/api/app/payments/${withdrawn.id}/credit-notes`, { reason: 'Report withdrawn' }));
    expect(
      await ok(staff.post('/api/app/specialist-remittances/run', { yearPeriod: 2026, monthPeriod: 5 })),
    ).toMatchObject({ statements: 1, invoices: 2, paymentCents: 916_66 });

    const list = await ok<{ items: RemittanceStatementDto[] }>(
      staff.get(`/api/app/specialist-remittances?yearPeriod=2026&monthPeriod=3&specialistId=${cotSpecialist}`),
    );
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      specialistName: 'Cot Forall',
      feeArrangement: 4,
      feeCents: 1000_00,
      commissionAmountWithTax: 183_34,
      paymentCents: 916_66,
      lineCount: 1,
    });
    const detail = await ok<RemittanceStatementDetailDto>(
      staff.get(`/api/app/specialist-remittances/${list.items[0]!.id}`),
    );
    expect(detail.lines).toEqual([
      expect.objectContaining({ invoiceNo: cot.invoiceNo, method: 'COMMISSION_ON_TOP', paymentCents: 916_66 }),
    ]);

    const pdf = await staff.get(`/api/app/specialist-remittances/${detail.id}/print?showProviderPayment=true`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await extractDocumentText(pdf.rawPayload, 'pdf')).text!;
    expect(text).toContain('Remittance Payment');
    expect(text).not.toContain('Scheduled');
    for (const amount of ['$1,000.00', '$183.34', '$916.66', cot.invoiceNo, 'Cot Forall', 'March 2026']) {
      expect(text).toContain(amount);
    }
    const scheduled = await staff.get(`/api/app/specialist-remittances/${detail.id}/print`);
    expect((await extractDocumentText(scheduled.rawPayload, 'pdf')).text).toContain('Remittance Scheduled Payment');

    // The invoice PDF carries the invoice's lines and totals.
    const invoicePdfRes = await staff.get(`/api/app/payments/${split.id}/print`);
    const invoiceText = (await extractDocumentText(invoicePdfRes.rawPayload, 'pdf')).text!;
    for (const s of [split.invoiceNo, '$1,100.00', '$96.29', '$50.00', '$1,246.29', 'Smith Lawyers']) {
      expect(invoiceText).toContain(s);
    }
    // Case managers and specialists have no remittance screens.
    expect((await cmUser.get('/api/app/specialist-remittances')).statusCode).toBe(403);
    expect((await cotUser.get(`/api/app/specialist-remittances/${detail.id}/print`)).statusCode).toBe(403);
  });
});

describe('scheme details and exports (icare, IRO)', () => {
  /** A CSV answer as rows of cells (the test's values hold no commas or quotes). */
  const csvRows = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
  const sentInvoice = async () => {
    const c = await completedCase();
    const draft = await ok<InvoiceDto>(staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id }));
    return ok<InvoiceDto>(
      staff.post(`/api/app/payments/${draft.id}/send`, { concurrencyStamp: draft.concurrencyStamp }),
    );
  };
  const period = `invoiceDateFrom=${iso(-1)}&invoiceDateTo=${iso(1)}`;

  test('an invoice gets its icare claim and IRO grant; the IRO grant needs the tenant setting; bad input names the field', async () => {
    const inv = await sentInvoice();
    const set = (body: Record<string, unknown>, caller = staff) =>
      caller.put(`/api/app/payments/${inv.id}/icare`, body);
    const stamp = inv.concurrencyStamp;

    const badDate = await set({ concurrencyStamp: stamp, dateOfInjury: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(errorOf(badDate).error.validationErrors?.map((e) => e.members[0])).toEqual(['dateOfInjury']);
    expect((await set({ concurrencyStamp: stamp, icareClaimNo: 'C1' }, cmUser)).statusCode).toBe(403);

    const noIro = await set({ concurrencyStamp: stamp, icareClaimNo: 'C1', iroGrantNo: 'G-1' });
    expect(noIro.statusCode).toBe(400);
    expect(errorOf(noIro).error.validationErrors).toEqual([
      { message: 'IRO funding is not enabled for this organisation.', members: ['iroGrantNo'] },
    ]);
    // Nothing of a refused change is kept.
    expect((await ok<InvoiceDto>(staff.get(`/api/app/payments/${inv.id}`))).icareClaimNo).toBeNull();

    const claim = await ok<InvoiceDto>(
      set({ concurrencyStamp: stamp, icareClaimNo: ' 4000123 ', dateOfInjury: '2025-07-14', employer: 'Acme Pty Ltd' }),
    );
    expect(claim).toMatchObject({ icareClaimNo: '4000123', dateOfInjury: '2025-07-14', employer: 'Acme Pty Ltd' });
    expect((await set({ concurrencyStamp: stamp, icareClaimNo: 'stale' })).statusCode).toBe(409);

    await ok(admin.put('/api/app/system-config', { settings: { 'Casebook.Payments.IroFunding': 'true' } }));
    const granted = await ok<InvoiceDto>(
      set({ concurrencyStamp: claim.concurrencyStamp, icareClaimNo: '4000123', iroGrantNo: 'ILARS-77' }),
    );
    // Fields not given are cleared: the form sends all four.
    expect(granted).toMatchObject({
      icareClaimNo: '4000123',
      iroGrantNo: 'ILARS-77',
      employer: null,
      dateOfInjury: null,
    });
    await ok(admin.put('/api/app/system-config', { settings: { 'Casebook.Payments.IroFunding': 'false' } }));
  });

  test("ExportIcareReport lists the period's sent invoices with a claim number, claim columns as the tenant chose", async () => {
    const inv = await sentInvoice();
    await ok(
      staff.put(`/api/app/payments/${inv.id}/icare`, {
        concurrencyStamp: inv.concurrencyStamp,
        icareClaimNo: '4000999',
        dateOfInjury: '2025-03-01',
        employer: 'Builders Co',
      }),
    );
    // A draft with a claim number is not billed yet: not in the report.
    const c = await completedCase();
    const draft = await ok<InvoiceDto>(staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id }));
    await ok(
      staff.put(`/api/app/payments/${draft.id}/icare`, {
        concurrencyStamp: draft.concurrencyStamp,
        icareClaimNo: '4000998',
      }),
    );

    const res = await staff.get(`/api/app/payments/ExportIcareReport?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'Claim number',
      'Worker name',
      'Date of injury',
      'Employer',
      'Case manager',
      'Invoice No',
      'Invoice Date',
      'Case No',
      'Service',
      'Specialist',
      'Company',
      'Gazetted Fee',
      'Amount excl. GST',
      'GST',
      'Amount incl. GST',
      'Paid',
      'Balance',
    ]);
    const row = rows.find((r) => r[5] === inv.invoiceNo);
    expect(row).toEqual([
      '4000999',
      'Claire Claimant',
      '2025-03-01',
      'Builders Co',
      'Cara Manager',
      inv.invoiceNo,
      inv.invoiceDate,
      inv.caseNo,
      'IME Assessment',
      'Doug Doctor',
      'Smith Lawyers',
      'Yes',
      '1137.54',
      '108.75',
      '1246.29',
      '0.00',
      '1246.29',
    ]);
    expect(rows.some((r) => r[0] === '4000998')).toBe(false);

    // A case manager sees their own company's invoices; another firm's case manager sees none.
    expect(
      csvRows((await cmUser.get(`/api/app/payments/ExportIcareReport?${period}`)).body).map((r) => r[5]),
    ).toContain(inv.invoiceNo);
    expect(csvRows((await otherCm.get(`/api/app/payments/ExportIcareReport?${period}`)).body)).toHaveLength(1);

    // The period is checked: its end not before its start, at most 366 days.
    const backwards = await staff.get(
      `/api/app/payments/ExportIcareReport?invoiceDateFrom=${iso(1)}&invoiceDateTo=${iso(-1)}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).error.validationErrors?.[0]?.members).toEqual(['invoiceDateTo']);
    const long = await staff.get(
      `/api/app/payments/ExportIcareReport?invoiceDateFrom=${iso(-400)}&invoiceDateTo=${iso(0)}`,
    );
    expect(errorOf(long).error.validationErrors?.[0]).toEqual({
      message: 'The period must be at most 366 days.',
      members: ['invoiceDateTo'],
    });
    expect((await staff.get('/api/app/payments/ExportIcareReport?invoiceDateFrom=x&invoiceDateTo=y')).statusCode).toBe(
      400,
    );
  });

  test('the IRO exports list the IRO invoices by invoice and by line, and bundle the PDFs with the finished reports', async () => {
    const off = await staff.get(`/api/app/payments/export-iro?${period}`);
    expect(off.statusCode).toBe(422);
    expect(errorOf(off).error.message).toBe('IRO funding is not enabled for this organisation.');
    await ok(admin.put('/api/app/system-config', { settings: { 'Casebook.Payments.IroFunding': 'true' } }));

    const inv = await sentInvoice();
    const granted = await ok<InvoiceDto>(
      staff.put(`/api/app/payments/${inv.id}/icare`, {
        concurrencyStamp: inv.concurrencyStamp,
        iroGrantNo: 'ILARS-2026-15',
      }),
    );
    // A part payment shows in the list.
    await ok(staff.post(`/api/app/payments/${inv.id}/partial-payments`, { amount: '$246.29', paymentDate: iso(0) }));

    const list = csvRows((await staff.get(`/api/app/payments/export-iro?${period}`)).body);
    expect(list[0]?.slice(0, 6)).toEqual([
      'ILARS Grant No',
      'Worker Name',
      'Worker Date of Birth',
      'Law Firm',
      'Solicitor',
      'Invoice No',
    ]);
    const row = list.find((r) => r[0] === 'ILARS-2026-15')!;
    expect(row).toEqual([
      'ILARS-2026-15',
      'Claire Claimant',
      '',
      'Smith Lawyers',
      'Cara Manager',
      inv.invoiceNo,
      inv.invoiceDate,
      inv.caseNo,
      'IME Assessment',
      'Doug Doctor',
      'Partial Pay',
      '1137.54',
      '108.75',
      '1246.29',
      '0.00',
      '246.29',
      '1000.00',
    ]);

    // By line: one row per line, whose totals add up to the invoice's.
    const lines = csvRows((await staff.get(`/api/app/payments/export-iro2?${period}`)).body)
      .slice(1)
      .filter((r) => r[3] === inv.invoiceNo);
    expect(lines.map((r) => [r[6], r[7], r[8], r[9], r[10], r[13]])).toEqual([
      ['1', 'IME assessment', '1', '1000.00', '0.00', '1100.00'],
      ['2', 'File review hours', '3', '33.35', '12.50', '96.29'],
      ['3', 'Travel (GST-free)', '1', '50.00', '0.00', '50.00'],
    ]);
    const cents = (s: string) => Number(s.replace('.', ''));
    expect(lines.reduce((a, r) => a + cents(r[13]!), 0)).toBe(granted.totalCents);

    // The bundle: the list, the invoice's PDF and the case's finished report, not its draft.
    const types = (await staff.get('/api/app/attachment-types?maxResultCount=200')).json() as {
      items: { id: string; name: string }[];
    };
    const typeId = (name: string) => types.items.find((x) => x.name === name)!.id;
    for (const [name, type] of [
      ['final.pdf', 'Completed report'],
      ['draft.pdf', 'Draft report'],
    ] as const) {
      const file = await ok<{ id: string }>(
        staff.request({
          method: 'POST',
          url: '/api/app/files',
          headers: multipartHeaders,
          payload: multipartBody({}, { name, bytes: await makePdf([`${type} of Claire Claimant`]) }),
        }),
      );
      await ok(
        staff.post('/api/app/attachments', {
          fileId: file.id,
          attachmentFrom: 'IME',
          objectId: inv.caseId,
          attachmentTypeId: typeId(type),
        }),
      );
    }
    const bundle = await staff.get(`/api/app/payments/downloadIroReportFiles?${period}`);
    expect(bundle.statusCode, bundle.body).toBe(200);
    expect(bundle.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(bundle.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toContain('iro-invoices.csv');
    expect(names).toContain(`${inv.invoiceNo}/${inv.invoiceNo}.pdf`);
    expect(names).toContain(`${inv.invoiceNo}/final.pdf`);
    expect(names).not.toContain(`${inv.invoiceNo}/draft.pdf`);
    const pdf = await zip.file(`${inv.invoiceNo}/${inv.invoiceNo}.pdf`)!.async('uint8array');
    expect((await extractDocumentText(pdf, 'pdf')).text).toContain(inv.invoiceNo);

    // Another firm's case manager finds nothing to bundle.
    expect((await otherCm.get(`/api/app/payments/downloadIroReportFiles?${period}`)).statusCode).toBe(422);
  });
});
