import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AUSTRALIAN_GST,
  CURRENCIES,
  DEFAULT_CURRENCY,
  GstRate,
  addDays,
  caseStatusForInvoice,
  creditLineAmounts,
  formatCreditNoteNo,
  formatInvoiceNo,
  formatIsoDate,
  gstRateOn,
  invoiceAmounts,
  invoiceStatusOf,
  parseIsoDate,
  parseSorting,
  paymentProblem,
  todayIn,
  iroFundingEnabled,
  IRO_FUNDING_DISABLED,
  type InvoiceSchemeInput,
  uuidv7,
  type CancelInvoiceInput,
  type CreateCreditNoteInput,
  type CreatePartialPaymentInput,
  type CreatePaymentBlueprintInput,
  type Currency,
  type InvoiceDto,
  type InvoiceFromModuleInput,
  type InvoiceListInput,
  type InvoiceListItemDto,
  type InvoiceStatus,
  type InvoiceStatusCountsDto,
  type LineInput,
  type PagedListInput,
  type PaymentBlueprintDto,
  type UpdateInvoiceInput,
  type UpdatePaymentBlueprintInput,
  InvoiceStatuses,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition, requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { followInvoices } from '../cases/case-billing';
import { casesRepository } from '../cases/cases.repository';
import { accountCodes } from '../reference/reference.schema';
import {
  creditNotesRepository as notesRepo,
  type CreditNoteLineRow,
  type CreditNoteRow,
} from './credit-notes.repository';
import {
  INVOICE_SORT_FIELDS,
  invoicesRepository as repo,
  type BlueprintRow,
  type InvoiceLineRow,
  type InvoiceListRow,
  type InvoicePaymentRow,
  type InvoiceRow,
} from './invoices.repository';
import './invoices.access';
import { overdueCounts } from './overdue-reminders';
import { accountingUserIds, raiseNotification } from '../notifications/notify';

type Out<S extends z.ZodType> = z.output<S>;

export const INVOICE_ENTITY = 'Invoice';
export const INVOICE_PAYMENT_ENTITY = 'InvoicePayment';
export const PAYMENT_BLUEPRINT_ENTITY = 'PaymentBlueprint';
export const CREDIT_NOTE_ENTITY = 'CreditNote';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The tenant's currency (tenant setting `currency`; the spec's default USD). */
export function currencyOf(ctx: RequestContext): Currency {
  const c = ctx.tenant.settings['currency'];
  return (CURRENCIES as readonly string[]).includes(c ?? '') ? (c as Currency) : DEFAULT_CURRENCY;
}

/** The tenant's effective-dated GST rates (tenant setting `gstRates`, JSON); Australia's 10% otherwise. */
export function gstRatesOf(ctx: RequestContext): readonly GstRate[] {
  const text = ctx.tenant.settings['gstRates'];
  if (!text) return AUSTRALIAN_GST;
  try {
    const parsed = GstRate.array().safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : AUSTRALIAN_GST;
  } catch {
    return AUSTRALIAN_GST;
  }
}

/** The lines' own rounded amounts, ready to store. */
function lineRows(
  tenantId: string,
  invoiceId: string,
  lines: readonly (LineInput & { description: string; accountCodeId?: string | null })[],
  gst: number,
) {
  const amounts = invoiceAmounts(lines, gst);
  return {
    amounts,
    rows: lines.map((l, i) => ({
      tenantId,
      id: uuidv7(),
      invoiceId,
      position: i,
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      discountBasisPoints: l.discountBasisPoints,
      taxable: l.taxable,
      amountCents: amounts.lines[i]!.amountCents,
      gstCents: amounts.lines[i]!.gstCents,
      totalCents: amounts.lines[i]!.totalCents,
      accountCodeId: l.accountCodeId ?? null,
    })),
  };
}

/** Invoices of cases and their payments; every write in one transaction with its history and the case's move. */
export class InvoicesService {
  constructor(private readonly database: Database) {}

  // Reading ---------------------------------------------------------------------------------------------

  private toListItem(r: InvoiceListRow): InvoiceListItemDto {
    return {
      id: r.id,
      invoiceNo: r.invoiceNo,
      status: r.status,
      caseId: r.caseId,
      caseNo: r.caseNo,
      companyId: r.companyId,
      companyName: r.companyName,
      specialistId: r.specialistId,
      specialistName: r.specialistName,
      invoiceDate: r.invoiceDate,
      dueDate: r.dueDate,
      currency: r.currency,
      totalCents: r.totalCents,
      paidCents: r.paidCents,
      creditedCents: r.creditedCents,
      balanceCents: r.totalCents - r.creditedCents - r.paidCents,
    };
  }

  private toDto(
    item: InvoiceListRow,
    row: InvoiceRow,
    lines: readonly (InvoiceLineRow & { accountCode: string | null })[],
    payments: readonly InvoicePaymentRow[],
    notes: readonly CreditNoteRow[],
    noteLines: readonly CreditNoteLineRow[],
  ): InvoiceDto {
    return {
      ...this.toListItem(item),
      gstBasisPoints: row.gstBasisPoints,
      subtotalCents: row.subtotalCents,
      discountCents: row.discountCents,
      gstCents: row.gstCents,
      commissionBasisPoints: row.commissionBasisPoints,
      gazetted: row.gazetted,
      notes: row.notes,
      sentTime: iso(row.sentTime),
      cancelledTime: iso(row.cancelledTime),
      cancelComment: row.cancelComment,
      icareClaimNo: row.icareClaimNo,
      dateOfInjury: row.dateOfInjury,
      employer: row.employer,
      iroGrantNo: row.iroGrantNo,
      concurrencyStamp: row.concurrencyStamp,
      lines: lines.map((l) => ({
        id: l.id,
        description: l.description,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        discountBasisPoints: l.discountBasisPoints,
        taxable: l.taxable,
        amountCents: l.amountCents,
        gstCents: l.gstCents,
        totalCents: l.totalCents,
        accountCodeId: l.accountCodeId,
        accountCode: l.accountCode,
      })),
      creditNotes: notes.map((n) => ({
        id: n.id,
        creditNoteNo: n.creditNoteNo,
        invoiceId: n.invoiceId,
        creditDate: n.creditDate,
        reason: n.reason,
        subtotalCents: n.subtotalCents,
        gstCents: n.gstCents,
        totalCents: n.totalCents,
        creationTime: n.creationTime.toISOString(),
        lines: noteLines
          .filter((l) => l.creditNoteId === n.id)
          .map((l) => ({
            invoiceLineId: l.invoiceLineId,
            description: l.description,
            quantity: l.quantity,
            amountCents: l.amountCents,
            gstCents: l.gstCents,
            totalCents: l.totalCents,
          })),
      })),
      payments: payments.map((p) => ({
        id: p.id,
        amountCents: p.amountCents,
        paymentDate: p.paymentDate,
        reference: p.reference,
        creationTime: p.creationTime.toISOString(),
      })),
    };
  }

  /** Full invoices by id, in the order given (the caller has checked access). */
  private async dtos(tx: Tx, ids: readonly string[]): Promise<InvoiceDto[]> {
    const [lines, payments, notes] = await Promise.all([
      repo.lines(tx, ids),
      repo.payments(tx, ids),
      notesRepo.notes(tx, ids),
    ]);
    const noteLines = await notesRepo.lines(
      tx,
      notes.map((n) => n.id),
    );
    const out: InvoiceDto[] = [];
    for (const id of ids) {
      const [item, row] = await Promise.all([repo.listRow(tx, id), repo.find(tx, id)]);
      if (!item || !row) throw notFound('The invoice');
      out.push(
        this.toDto(
          item,
          row,
          lines.filter((l) => l.invoiceId === id),
          payments.filter((p) => p.invoiceId === id),
          notes.filter((n) => n.invoiceId === id),
          noteLines,
        ),
      );
    }
    return out;
  }

  /** Full invoices by id inside the caller's transaction, for work the tenant's jobs do (no caller to check). */
  readInvoices(tx: Tx, ids: readonly string[]): Promise<InvoiceDto[]> {
    return this.dtos(tx, ids);
  }

  async get(ctx: RequestContext, id: string): Promise<InvoiceDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'invoice', id);
      return (await this.dtos(tx, [id]))[0]!;
    });
  }

  private sortOrder(sorting: string | undefined) {
    const keys = Object.keys(INVOICE_SORT_FIELDS);
    const parsed = parseSorting(sorting, keys);
    if (!parsed.ok) throw invalidField('sorting', parsed.message);
    const terms = parsed.terms.map((t) => ({
      column: keys.find((k) => k.toLowerCase() === t.field.toLowerCase()) as keyof typeof INVOICE_SORT_FIELDS,
      direction: t.direction,
    }));
    return terms.length > 0 ? terms : [{ column: 'invoiceNo' as const, direction: 'desc' as const }];
  }

  async list(ctx: RequestContext, q: Out<typeof InvoiceListInput>) {
    const order = this.sortOrder(q.sorting);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = repo.where(q, await recordCondition(tx, ctx, 'invoice'));
      const [rows, totalCount] = await Promise.all([
        repo.listPage(tx, where, order, q.skipCount, q.maxResultCount),
        repo.count(tx, where),
      ]);
      return { totalCount, items: rows.map((r) => this.toListItem(r)) };
    });
  }

  /** Every status with its count and total under the list's filters (the status filter aside). */
  async statusCounts(ctx: RequestContext, q: Out<typeof InvoiceListInput>): Promise<InvoiceStatusCountsDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = repo.where(q, await recordCondition(tx, ctx, 'invoice'), false);
      const today = formatIsoDate(todayIn(ctx.tenant.timezone));
      const [rows, overdue] = await Promise.all([repo.statusCounts(tx, where), overdueCounts(tx, where, today)]);
      const items = InvoiceStatuses.map((status) => {
        const r = rows.find((x) => x.status === status);
        return { status, count: r?.count ?? 0, totalCents: r?.totalCents ?? 0 };
      });
      return { totalCount: items.reduce((a, b) => a + b.count, 0), items, overdue };
    });
  }

  /** A case's invoices with their lines and payments. */
  async caseDetailPayments(ctx: RequestContext, caseId: string): Promise<{ items: InvoiceDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      const where = repo.where({ caseId }, await recordCondition(tx, ctx, 'invoice'));
      const rows = await repo.listPage(tx, where, [{ column: 'invoiceNo', direction: 'asc' }], 0, 1000);
      return {
        items: await this.dtos(
          tx,
          rows.map((r) => r.id),
        ),
      };
    });
  }

  // Writing ---------------------------------------------------------------------------------------------

  /** A draft invoice for a case, numbered in the same transaction, its lines from the fitting blueprint. */
  async invoiceFromModule(ctx: RequestContext, input: Out<typeof InvoiceFromModuleInput>): Promise<InvoiceDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', input.caseId);
      const found = await casesRepository.find(tx, input.caseId, { kind: 'all' });
      if (!found) throw notFound('The case');
      const c = found.c;
      if (c.billingStatus === 'NON_BILLABLE' || c.status === 'CANCELLED_NO_FEE') {
        throw businessRule('This case is not billable.');
      }
      const blueprint = await repo.bestBlueprint(tx, c);
      if (!blueprint)
        throw businessRule('No payment blueprint fits this case: add one for its service type, company or specialist.');
      const invoiceDate = input.invoiceDate ?? formatIsoDate(todayIn(ctx.tenant.timezone));
      const dueDate = formatIsoDate(addDays(parseIsoDate(invoiceDate)!, blueprint.paymentTermDays));
      const gst = gstRateOn(gstRatesOf(ctx), invoiceDate);
      const number = await repo.nextNumber(tx, ctx.tenant.id);
      const id = uuidv7();
      const { amounts, rows } = lineRows(ctx.tenant.id, id, blueprint.items, gst);
      const row = await repo.insertInvoice(tx, {
        tenantId: ctx.tenant.id,
        id,
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
        invoiceNumber: number,
        invoiceNo: formatInvoiceNo(number),
        caseId: c.id,
        companyId: c.companyId,
        specialistId: c.specialistId,
        serviceType: c.serviceType,
        status: 'DRAFT',
        invoiceDate,
        dueDate,
        currency: currencyOf(ctx),
        gstBasisPoints: gst,
        commissionBasisPoints: blueprint.commissionBasisPoints,
        gazetted: blueprint.gazetted,
        subtotalCents: amounts.subtotalCents,
        discountCents: amounts.discountCents,
        gstCents: amounts.gstCents,
        totalCents: amounts.totalCents,
      });
      await repo.replaceLines(tx, id, rows);
      await recordEntityChange(tx, ctx.actor, {
        entityType: INVOICE_ENTITY,
        entityId: id,
        changeType: 'Created',
        before: null,
        after: { ...row, lines: rows.map((r) => `${r.quantity} × ${r.description} @ ${r.unitPriceCents}`) },
      });
      return (await this.dtos(tx, [id]))[0]!;
    });
  }

  /**
   * One change of an invoice in one transaction: the invoice read under its row lock and access rule
   * (404), its stamp checked (409, when the change carries one), the change, its history, and the case's
   * move with it. Any failure rolls all of it back.
   */
  private async change(
    ctx: RequestContext,
    id: string,
    stamp: string | undefined,
    apply: (
      current: InvoiceRow,
      tx: Tx,
    ) => Promise<{ values: Partial<InvoiceRow>; note: string; billingChanged: boolean }>,
  ): Promise<InvoiceDto> {
    const invoice = await this.database.withTenant(ctx.tenant.id, (tx) => this.changeIn(tx, ctx, id, stamp, apply));
    this.onChanged?.(ctx.tenant.id, invoice);
    return invoice;
  }

  /** Told of each invoice changed by one call, after its transaction committed (the accounting push). */
  onChanged: ((tenantId: string, invoice: InvoiceDto) => void) | undefined;

  /** `change` inside a transaction the caller holds (a change of several invoices together). */
  async changeIn(
    tx: Tx,
    ctx: RequestContext,
    id: string,
    stamp: string | undefined,
    apply: (
      current: InvoiceRow,
      tx: Tx,
    ) => Promise<{ values: Partial<InvoiceRow>; note: string; billingChanged: boolean }>,
  ): Promise<InvoiceDto> {
    await requireAccess(tx, ctx, 'invoice', id);
    const current = await repo.lock(tx, id);
    if (!current) throw notFound('The invoice');
    if (stamp !== undefined && current.concurrencyStamp !== stamp) throw concurrencyConflict();
    const { values, note, billingChanged } = await apply(current, tx);
    const updated = await repo.updateInvoice(tx, id, current.concurrencyStamp, {
      ...values,
      lastModificationTime: new Date(),
      lastModifierId: ctx.principal.userId,
      concurrencyStamp: uuidv7(),
    });
    if (!updated) throw concurrencyConflict();
    await recordEntityChange(tx, ctx.actor, {
      entityType: INVOICE_ENTITY,
      entityId: id,
      changeType: 'Updated',
      before: current,
      after: updated,
    });
    if (billingChanged) await this.moveCase(tx, ctx, updated.caseId, note);
    return (await this.dtos(tx, [id]))[0]!;
  }

  /**
   * The case follows its sent invoices together: client invoiced, partially paid when anything is paid,
   * fully paid when nothing is owed on any of them; its billing readiness is Billed while one is sent, and
   * back to Ready to bill when none is.
   */
  private async moveCase(tx: Tx, ctx: RequestContext, caseId: string, note: string): Promise<void> {
    const rows = (await repo.caseBilling(tx, caseId)).filter((r) => r.status !== 'DRAFT' && r.status !== 'CANCELLED');
    if (rows.length === 0) {
      await followInvoices(tx, ctx, caseId, { billingStatus: 'READY_TO_BILL', note });
      return;
    }
    const status = invoiceStatusOf({
      cancelled: false,
      sent: true,
      totalCents: rows.reduce((a, r) => a + r.totalCents - r.creditedCents, 0),
      paidCents: rows.reduce((a, r) => a + r.paidCents, 0),
    });
    await followInvoices(tx, ctx, caseId, { status: caseStatusForInvoice(status), billingStatus: 'BILLED', note });
  }

  update(ctx: RequestContext, id: string, input: Out<typeof UpdateInvoiceInput>): Promise<InvoiceDto> {
    return this.change(ctx, id, input.concurrencyStamp, async (current, tx) => {
      if (current.status !== 'DRAFT') throw businessRule('Only a draft invoice can be edited.');
      if (input.dueDate < input.invoiceDate)
        throw invalidField('dueDate', 'The due date must not be before the invoice date.');
      const gst = gstRateOn(gstRatesOf(ctx), input.invoiceDate);
      await this.checkAccountCodes(tx, input.lines);
      const { amounts, rows } = lineRows(
        ctx.tenant.id,
        id,
        input.lines.map((l) => ({ ...l, unitPriceCents: l.unitPrice })),
        gst,
      );
      await repo.replaceLines(tx, id, rows);
      return {
        values: {
          invoiceDate: input.invoiceDate,
          dueDate: input.dueDate,
          notes: input.notes,
          gstBasisPoints: gst,
          subtotalCents: amounts.subtotalCents,
          discountCents: amounts.discountCents,
          gstCents: amounts.gstCents,
          totalCents: amounts.totalCents,
        },
        note: '',
        billingChanged: false,
      };
    });
  }

  /**
   * The invoice's scheme details, in any status but cancelled (a claim number often arrives after the
   * invoice went out). An IRO grant needs the tenant's IRO funding setting.
   */
  updateScheme(ctx: RequestContext, id: string, input: Out<typeof InvoiceSchemeInput>): Promise<InvoiceDto> {
    return this.change(ctx, id, input.concurrencyStamp, async (current) => {
      if (current.status === 'CANCELLED') throw businessRule('A cancelled invoice cannot be changed.');
      if (
        input.iroGrantNo !== null &&
        input.iroGrantNo !== current.iroGrantNo &&
        !iroFundingEnabled(ctx.tenant.settings)
      )
        throw invalidField('iroGrantNo', IRO_FUNDING_DISABLED);
      return {
        values: {
          icareClaimNo: input.icareClaimNo,
          dateOfInjury: input.dateOfInjury,
          employer: input.employer,
          iroGrantNo: input.iroGrantNo,
        },
        note: '',
        billingChanged: false,
      };
    });
  }

  send(ctx: RequestContext, id: string, stamp: string): Promise<InvoiceDto> {
    return this.change(ctx, id, stamp, async (current) => this.sending(current));
  }

  /** Marks a draft sent inside the caller's transaction (sending several invoices at once). */
  sendIn(tx: Tx, ctx: RequestContext, id: string): Promise<InvoiceDto> {
    return this.changeIn(tx, ctx, id, undefined, async (current) => this.sending(current));
  }

  private sending(current: InvoiceRow) {
    if (current.status !== 'DRAFT') throw businessRule('Only a draft invoice can be sent.');
    if (current.totalCents <= 0) throw businessRule('An invoice of $0.00 cannot be sent.');
    return {
      values: { status: 'SENT' as const, sentTime: new Date() },
      note: `Invoice ${current.invoiceNo} sent`,
      billingChanged: true,
    };
  }

  cancel(ctx: RequestContext, id: string, input: Out<typeof CancelInvoiceInput>): Promise<InvoiceDto> {
    return this.change(ctx, id, input.concurrencyStamp, async (current, tx) => {
      if (current.status === 'CANCELLED') throw businessRule('The invoice is already cancelled.');
      if ((await repo.paidCents(tx, id)) > 0)
        throw businessRule('Delete the payments of this invoice before cancelling it.');
      if ((await notesRepo.notes(tx, [id])).length > 0)
        throw businessRule('An invoice with a credit note cannot be cancelled.');
      return {
        values: { status: 'CANCELLED', cancelledTime: new Date(), cancelComment: input.comment },
        note: `Invoice ${current.invoiceNo} cancelled: ${input.comment}`,
        billingChanged: current.status !== 'DRAFT',
      };
    });
  }

  addPayment(ctx: RequestContext, id: string, input: Out<typeof CreatePartialPaymentInput>): Promise<InvoiceDto> {
    return this.change(ctx, id, undefined, (current, tx) => this.paying(ctx, id, input, current, tx));
  }

  /** Records a payment inside the caller's transaction (a payment found in the accounting system). */
  addPaymentIn(
    tx: Tx,
    ctx: RequestContext,
    id: string,
    input: Out<typeof CreatePartialPaymentInput>,
  ): Promise<InvoiceDto> {
    return this.changeIn(tx, ctx, id, undefined, (current) => this.paying(ctx, id, input, current, tx));
  }

  private async paying(
    ctx: RequestContext,
    id: string,
    input: Out<typeof CreatePartialPaymentInput>,
    current: InvoiceRow,
    tx: Tx,
  ) {
    if (current.status !== 'SENT' && current.status !== 'PARTIAL_PAY') {
      throw businessRule('Payments are recorded against a sent invoice with a balance owing.');
    }
    const paid = await repo.paidCents(tx, id);
    const credited = await this.creditedCents(tx, id);
    const problem = paymentProblem(current.totalCents - credited - paid, input.amount);
    if (problem) throw invalidField('amount', problem);
    const payment = await repo.insertPayment(tx, {
      tenantId: ctx.tenant.id,
      id: uuidv7(),
      creatorId: ctx.principal.userId,
      concurrencyStamp: uuidv7(),
      invoiceId: id,
      amountCents: input.amount,
      paymentDate: input.paymentDate,
      reference: input.reference,
    });
    await recordEntityChange(tx, ctx.actor, {
      entityType: INVOICE_PAYMENT_ENTITY,
      entityId: payment.id,
      changeType: 'Created',
      before: null,
      after: payment,
    });
    const status = this.statusAfter(current, paid + input.amount, credited);
    // Paid in full: the one who raised the invoice and the tenant's accounting users hear of it (decision 0104).
    if (status === 'PAID') {
      await raiseNotification(tx, ctx.tenant.id, [current.creatorId, ...(await accountingUserIds(tx, ctx.tenant.id))], {
        event: 'invoicePaid',
        content: `Invoice ${current.invoiceNo} is paid in full.`,
        objectId: id,
        objectReferenceName: current.invoiceNo,
        fromModule: 'invoices',
        actorId: ctx.principal.userId,
        creator: { name: ctx.actor.userName, email: null },
      });
    }
    return {
      values: { status },
      note: `Payment of ${input.amount} cents on ${current.invoiceNo}`,
      billingChanged: true,
    };
  }

  deletePayment(ctx: RequestContext, id: string, paymentId: string): Promise<InvoiceDto> {
    return this.change(ctx, id, undefined, async (current, tx) => {
      const payment = await repo.payment(tx, id, paymentId);
      if (!payment) throw notFound('The payment');
      if (current.status === 'CANCELLED') throw businessRule('The invoice is cancelled.');
      await repo.deletePayment(tx, paymentId, ctx.principal.userId);
      await recordEntityChange(tx, ctx.actor, {
        entityType: INVOICE_PAYMENT_ENTITY,
        entityId: paymentId,
        changeType: 'Deleted',
        before: payment,
        after: null,
      });
      const paid = await repo.paidCents(tx, id);
      return {
        values: { status: this.statusAfter(current, paid, await this.creditedCents(tx, id)) },
        note: `Payment of ${payment.amountCents} cents on ${current.invoiceNo} deleted`,
        billingChanged: true,
      };
    });
  }

  private statusAfter(current: InvoiceRow, paidCents: number, creditedCents: number): InvoiceStatus {
    return invoiceStatusOf({
      cancelled: current.status === 'CANCELLED',
      sent: current.status !== 'DRAFT',
      totalCents: current.totalCents - creditedCents,
      paidCents,
    });
  }

  private async creditedCents(tx: Tx, invoiceId: string): Promise<number> {
    return (await notesRepo.notes(tx, [invoiceId])).reduce((a, n) => a + n.totalCents, 0);
  }

  /** Each line's account code is a live account code of the tenant (400 naming the line's field otherwise). */
  private async checkAccountCodes(tx: Tx, lines: readonly { accountCodeId?: string | null }[]): Promise<void> {
    const wanted = [...new Set(lines.map((l) => l.accountCodeId).filter((c): c is string => !!c))];
    if (wanted.length === 0) return;
    const found = new Set(
      (
        await tx
          .select({ id: accountCodes.id })
          .from(accountCodes)
          .where(and(inArray(accountCodes.id, wanted), eq(accountCodes.isDeleted, false)))
      ).map((r) => r.id),
    );
    const i = lines.findIndex((l) => l.accountCodeId && !found.has(l.accountCodeId));
    if (i >= 0) throw invalidField(`lines[${i}].accountCodeId`, 'The account code was not found.');
  }

  // Credit notes ----------------------------------------------------------------------------------------

  /**
   * A credit note against a sent invoice, numbered in its own series in the same transaction: without
   * lines it credits all that is left of the invoice; with lines, those quantities of them (never more than
   * is left of a line). The invoice's status, the case's and the history follow in the same transaction.
   */
  createCreditNote(ctx: RequestContext, id: string, input: Out<typeof CreateCreditNoteInput>): Promise<InvoiceDto> {
    return this.change(ctx, id, undefined, async (current, tx) => {
      if (current.status === 'DRAFT') throw businessRule('A draft invoice is edited, not credited.');
      if (current.status === 'CANCELLED') throw businessRule('A cancelled invoice cannot be credited.');
      const creditDate = input.creditDate ?? formatIsoDate(todayIn(ctx.tenant.timezone));
      if (creditDate < current.invoiceDate)
        throw invalidField('creditDate', 'The credit date must not be before the invoice date.');
      const lines = await repo.lines(tx, [id]);
      const credited = await notesRepo.creditedByLine(tx, id);
      const none = { quantity: 0, amountCents: 0, gstCents: 0 };
      const wanted = input.lines?.length
        ? input.lines.map((w, i) => {
            const line = lines.find((l) => l.id === w.invoiceLineId);
            if (!line) throw invalidField(`lines[${i}].invoiceLineId`, 'The line is not a line of this invoice.');
            if (input.lines!.findIndex((o) => o.invoiceLineId === w.invoiceLineId) !== i)
              throw invalidField(`lines[${i}].invoiceLineId`, 'The line is credited twice.');
            const left = line.quantity - (credited.get(line.id) ?? none).quantity;
            if (w.quantity > left)
              throw invalidField(
                `lines[${i}].quantity`,
                left === 0
                  ? 'Nothing is left to credit on this line.'
                  : `The quantity is more than is left to credit on this line (${left}).`,
              );
            return { line, quantity: w.quantity };
          })
        : lines
            .map((line) => ({ line, quantity: line.quantity - (credited.get(line.id) ?? none).quantity }))
            .filter((w) => w.quantity > 0);
      if (wanted.length === 0) throw businessRule('Nothing is left to credit on this invoice.');
      const noteId = uuidv7();
      const noteLines = wanted.map((w, i) => ({
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        creditNoteId: noteId,
        invoiceLineId: w.line.id,
        position: i,
        description: w.line.description,
        quantity: w.quantity,
        ...creditLineAmounts(w.line, credited.get(w.line.id) ?? none, w.quantity, current.gstBasisPoints),
      }));
      const subtotalCents = noteLines.reduce((a, l) => a + l.amountCents, 0);
      const gstCents = noteLines.reduce((a, l) => a + l.gstCents, 0);
      const number = await notesRepo.nextNumber(tx, ctx.tenant.id);
      const note = await notesRepo.insert(
        tx,
        {
          tenantId: ctx.tenant.id,
          id: noteId,
          creatorId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
          creditNoteNumber: number,
          creditNoteNo: formatCreditNoteNo(number),
          invoiceId: id,
          creditDate,
          reason: input.reason,
          subtotalCents,
          gstCents,
          totalCents: subtotalCents + gstCents,
        },
        noteLines,
      );
      await recordEntityChange(tx, ctx.actor, {
        entityType: CREDIT_NOTE_ENTITY,
        entityId: noteId,
        changeType: 'Created',
        before: null,
        after: { ...note, lines: noteLines.map((l) => `${l.quantity} × ${l.description}: ${l.totalCents}`) },
      });
      const paid = await repo.paidCents(tx, id);
      return {
        values: { status: this.statusAfter(current, paid, await this.creditedCents(tx, id)) },
        note: `Credit note ${note.creditNoteNo} of ${note.totalCents} cents on ${current.invoiceNo}`,
        billingChanged: true,
      };
    });
  }

  // Payment blueprints ----------------------------------------------------------------------------------

  private blueprintDto(r: BlueprintRow): PaymentBlueprintDto {
    return {
      id: r.id,
      name: r.name,
      serviceType: r.serviceType,
      companyId: r.companyId,
      specialistId: r.specialistId,
      commissionBasisPoints: r.commissionBasisPoints,
      gazetted: r.gazetted,
      paymentTermDays: r.paymentTermDays,
      isActive: r.isActive,
      items: r.items,
      concurrencyStamp: r.concurrencyStamp,
    };
  }

  async blueprints(ctx: RequestContext, q: Out<typeof PagedListInput>) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const { items, totalCount } = await repo.blueprints(tx, q.skipCount, q.maxResultCount, q.filterText);
      return { totalCount, items: items.map((r) => this.blueprintDto(r)) };
    });
  }

  async blueprint(ctx: RequestContext, id: string) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const row = await repo.blueprint(tx, id);
      if (!row) throw notFound('The payment blueprint');
      return this.blueprintDto(row);
    });
  }

  async blueprintFromModule(ctx: RequestContext, caseId: string) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      const found = await casesRepository.find(tx, caseId, { kind: 'all' });
      if (!found) throw notFound('The case');
      const row = await repo.bestBlueprint(tx, found.c);
      if (!row) throw notFound('The payment blueprint');
      return this.blueprintDto(row);
    });
  }

  private blueprintValues(input: Out<typeof CreatePaymentBlueprintInput>) {
    return {
      name: input.name,
      serviceType: input.serviceType,
      companyId: input.companyId,
      specialistId: input.specialistId,
      commissionBasisPoints: input.commissionBasisPoints,
      gazetted: input.gazetted,
      paymentTermDays: input.paymentTermDays,
      isActive: input.isActive,
      items: input.items.map((i) => ({
        description: i.description,
        quantity: i.quantity,
        unitPriceCents: i.unitPrice,
        discountBasisPoints: i.discountBasisPoints,
        taxable: i.taxable,
      })),
    };
  }

  private async checkReferences(
    tx: Tx,
    ctx: RequestContext,
    input: { companyId: string | null; specialistId: string | null },
  ) {
    if (input.companyId)
      await requireAccess(tx, ctx, 'company', input.companyId).catch(() => {
        throw invalidField('companyId', 'The company was not found.');
      });
    if (input.specialistId)
      await requireAccess(tx, ctx, 'specialist', input.specialistId).catch(() => {
        throw invalidField('specialistId', 'The specialist was not found.');
      });
  }

  async createBlueprint(ctx: RequestContext, input: Out<typeof CreatePaymentBlueprintInput>) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await this.checkReferences(tx, ctx, input);
      const row = await repo.insertBlueprint(tx, {
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
        ...this.blueprintValues(input),
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: PAYMENT_BLUEPRINT_ENTITY,
        entityId: row.id,
        changeType: 'Created',
        before: null,
        after: row,
      });
      return this.blueprintDto(row);
    });
  }

  async updateBlueprint(ctx: RequestContext, id: string, input: Out<typeof UpdatePaymentBlueprintInput>) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const current = await repo.blueprint(tx, id);
      if (!current) throw notFound('The payment blueprint');
      if (current.concurrencyStamp !== input.concurrencyStamp) throw concurrencyConflict();
      await this.checkReferences(tx, ctx, input);
      const row = await repo.updateBlueprint(tx, id, input.concurrencyStamp, {
        ...this.blueprintValues(input),
        lastModificationTime: new Date(),
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      if (!row) throw concurrencyConflict();
      await recordEntityChange(tx, ctx.actor, {
        entityType: PAYMENT_BLUEPRINT_ENTITY,
        entityId: id,
        changeType: 'Updated',
        before: current,
        after: row,
      });
      return this.blueprintDto(row);
    });
  }
}
