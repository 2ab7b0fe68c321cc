import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  uuidv7,
  type CancelFundingInvoiceInput,
  type CreateFundingInvoiceInput,
  type FundingInvoiceDto,
  type FundingInvoiceItemDto,
  type FundingInvoiceListInput,
  type FundingInvoicePaymentInput,
  type FundingInvoiceStatus,
} from '@casebook/domain';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition, requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import type { FundingExchange } from './funding.exchange';
import * as repo from './funding.repository';
import { fundingAgreements, fundingLedger as g, fundingLoans, fundingRequests } from './funding.schema';
import {
  fundingInvoiceItems as items,
  fundingInvoicePayments as pay,
  fundingInvoices as fi,
} from './funding-invoices.schema';
import { likePattern } from '../../platform/resources/resource.repository';
import { nextFundingNumber } from './funding-numbers';
import { recordInvoicePayment } from './invoice-of-loan';
import './funding.access';

type Out<S extends z.ZodType> = z.output<S>;
type Row = typeof fi.$inferSelect;
const ENTITY = 'FundingInvoice';

/** FI-000001: the tenant's funding invoice series. */
export const formatFundingInvoiceNo = (n: number) => `FI-${String(n).padStart(6, '0')}`;

/**
 * Funding invoices (decision 0090): the funder bills the borrower for the disbursements it funded on a
 * loan (each advance and the fee charged with it) that no live funding invoice bills yet, and records the
 * borrower's payments against the bill as repayments of the loan (ledger lines in the same transaction).
 */
export class FundingInvoicesService {
  constructor(
    private readonly database: Database,
    private readonly exchange: FundingExchange,
  ) {}

  async #dtos(tx: Tx, rows: readonly Row[]): Promise<FundingInvoiceDto[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const loans = await tx
      .select({ id: fundingLoans.id, loanNo: fundingLoans.loanNo, borrowerName: fundingAgreements.borrowerName })
      .from(fundingLoans)
      .innerJoin(
        fundingAgreements,
        and(eq(fundingAgreements.tenantId, fundingLoans.tenantId), eq(fundingAgreements.id, fundingLoans.agreementId)),
      )
      .where(inArray(fundingLoans.id, [...new Set(rows.map((r) => r.loanId))]));
    const billed = await tx
      .select()
      .from(items)
      .where(inArray(items.invoiceId, ids))
      .orderBy(asc(items.entryDate), asc(items.id));
    const payments = await tx
      .select()
      .from(pay)
      .where(inArray(pay.invoiceId, ids))
      .orderBy(asc(pay.paymentDate), asc(pay.creationTime));
    return rows.map((r) => {
      const loan = loans.find((l) => l.id === r.loanId);
      const mine = payments.filter((p) => p.invoiceId === r.id);
      const paidCents = mine.reduce((a, p) => a + p.amountCents, 0);
      return {
        id: r.id,
        fundingInvoiceNo: r.fundingInvoiceNo,
        loanId: r.loanId,
        loanNo: loan?.loanNo ?? '',
        borrowerName: loan?.borrowerName ?? null,
        borrowerReference: r.borrowerReference,
        invoiceDate: r.invoiceDate,
        dueDate: r.dueDate,
        principalCents: r.principalCents,
        feesCents: r.feesCents,
        totalCents: r.totalCents,
        paidCents,
        balanceCents: r.status === 'Cancelled' ? 0 : r.totalCents - paidCents,
        status: r.status,
        notes: r.notes,
        cancelReason: r.cancelReason,
        concurrencyStamp: r.concurrencyStamp,
        items: billed
          .filter((i) => i.invoiceId === r.id)
          .map((i) => ({
            movementId: i.movementId,
            date: i.entryDate,
            description: i.description,
            reference: i.reference,
            principalCents: i.principalCents,
            feesCents: i.feesCents,
          })),
        payments: mine.map((p) => ({
          id: p.id,
          date: p.paymentDate,
          amountCents: p.amountCents,
          reference: p.reference,
        })),
      };
    });
  }

  async #visible(tx: Tx, ctx: RequestContext, id: string): Promise<Row> {
    await requireAccess(tx, ctx, 'fundingInvoice', id);
    const [row] = await tx.select().from(fi).where(eq(fi.id, id)).for('update');
    if (!row || row.isDeleted) throw notFound('The funding invoice');
    return row;
  }

  /**
   * The loan's advances up to the date, each with the fee charged with it (the ledger lines of one
   * movement), that are not on a funding invoice other than a cancelled one.
   */
  async #billable(tx: Tx, loanId: string, invoiceDate: string): Promise<FundingInvoiceItemDto[]> {
    const lines = await tx
      .select()
      .from(g)
      .where(
        and(
          eq(g.loanId, loanId),
          inArray(g.source, ['advance', 'fee']),
          lte(g.entryDate, invoiceDate),
          sql`${g.movementId} not in (select ${items.movementId} from ${items} join ${fi}
                on ${fi.tenantId} = ${items.tenantId} and ${fi.id} = ${items.invoiceId}
                where ${fi.loanId} = ${loanId} and ${fi.status} <> 'Cancelled')`,
        ),
      )
      .orderBy(asc(g.entryDate), asc(g.seq));
    const byMovement = new Map<string, FundingInvoiceItemDto>();
    for (const line of lines) {
      const item = byMovement.get(line.movementId) ?? {
        movementId: line.movementId,
        date: line.entryDate,
        description: '',
        reference: line.reference,
        principalCents: 0,
        feesCents: 0,
      };
      if (line.source === 'advance') {
        item.principalCents += line.amountCents;
        item.description = line.description;
      } else {
        item.feesCents += line.amountCents;
        item.description ||= line.description;
      }
      byMovement.set(line.movementId, item);
    }
    return [...byMovement.values()];
  }

  async list(ctx: RequestContext, q: Out<typeof FundingInvoiceListInput>) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const text = q.filterText ? likePattern(q.filterText) : undefined;
      const where = and(
        eq(fi.isDeleted, false),
        await recordCondition(tx, ctx, 'fundingInvoice'),
        q.status ? eq(fi.status, q.status) : undefined,
        q.loanId ? eq(fi.loanId, q.loanId) : undefined,
        text ? sql`(${fi.fundingInvoiceNo} ilike ${text} or ${fi.borrowerReference} ilike ${text})` : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(fi).where(where);
      const rows = await tx
        .select()
        .from(fi)
        .where(where)
        .orderBy(desc(fi.invoiceNumber))
        .offset(q.skipCount)
        .limit(q.maxResultCount);
      return { totalCount: total?.n ?? 0, items: await this.#dtos(tx, rows) };
    });
  }

  async counts(ctx: RequestContext, q: { loanId?: string | undefined }) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const rows = await tx
        .select({ status: fi.status, n: count() })
        .from(fi)
        .where(
          and(
            eq(fi.isDeleted, false),
            await recordCondition(tx, ctx, 'fundingInvoice'),
            q.loanId ? eq(fi.loanId, q.loanId) : undefined,
          ),
        )
        .groupBy(fi.status);
      return { items: rows.map((r) => ({ status: r.status, count: r.n })) };
    });
  }

  billable(ctx: RequestContext, q: { loanId: string; invoiceDate: string }) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await repo.loanRow(tx, ctx, q.loanId);
      return { items: await this.#billable(tx, q.loanId, q.invoiceDate) };
    });
  }

  get(ctx: RequestContext, id: string): Promise<FundingInvoiceDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'fundingInvoice', id);
      const [row] = await tx.select().from(fi).where(eq(fi.id, id));
      return (await this.#dtos(tx, [row!]))[0]!;
    });
  }

  /**
   * An unpaid invoice for the loan's funded disbursements up to the invoice date not billed yet; refused
   * when there are none, and on a firm's copy of a loan its lender keeps (the lender bills it).
   */
  create(ctx: RequestContext, input: Out<typeof CreateFundingInvoiceInput>): Promise<FundingInvoiceDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      // The loan's lock holds back a second invoice of the same disbursements until this one commits.
      const loan = await repo.lockLoan(tx, ctx, input.loanId);
      const [kept] = await tx
        .select({ lender: fundingRequests.counterpartyName })
        .from(fundingRequests)
        .where(and(eq(fundingRequests.loanId, loan.id), eq(fundingRequests.side, 'Borrower')));
      if (kept) throw businessRule(`This loan is kept by its lender: ${kept.lender} invoices it.`);
      if (loan.status === 'Cancelled') throw businessRule('A cancelled loan is not invoiced.');
      const billed = await this.#billable(tx, loan.id, input.invoiceDate);
      if (billed.length === 0)
        throw invalidField('invoiceDate', `The loan has no funded disbursement to invoice up to ${input.invoiceDate}.`);
      const principalCents = billed.reduce((a, i) => a + i.principalCents, 0);
      const feesCents = billed.reduce((a, i) => a + i.feesCents, 0);
      const number = await nextFundingNumber(tx, ctx.tenant.id, 'invoice');
      const values = {
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        invoiceNumber: number,
        fundingInvoiceNo: formatFundingInvoiceNo(number),
        loanId: loan.id,
        borrowerReference: input.borrowerReference || loan.borrowerReference || null,
        invoiceDate: input.invoiceDate,
        dueDate: input.dueDate,
        principalCents,
        feesCents,
        totalCents: principalCents + feesCents,
        status: 'Unpaid' as const,
        notes: input.notes ?? null,
        creatorId: ctx.actor.userId,
        concurrencyStamp: uuidv7(),
      };
      const [row] = await tx.insert(fi).values(values).returning();
      await tx.insert(items).values(
        billed.map((i) => ({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          invoiceId: values.id,
          movementId: i.movementId,
          entryDate: i.date,
          description: i.description,
          reference: i.reference,
          principalCents: i.principalCents,
          feesCents: i.feesCents,
        })),
      );
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: values.id,
        changeType: 'Created',
        before: null,
        after: { ...values, items: billed.map((i) => i.movementId) },
      });
      return (await this.#dtos(tx, [row!]))[0]!;
    });
  }

  async #change(tx: Tx, ctx: RequestContext, row: Row, change: Partial<Row>): Promise<Row> {
    const [updated] = await tx
      .update(fi)
      .set({
        ...change,
        lastModificationTime: new Date(),
        lastModifierId: ctx.actor.userId,
        concurrencyStamp: uuidv7(),
      })
      .where(and(eq(fi.id, row.id), eq(fi.concurrencyStamp, row.concurrencyStamp)))
      .returning();
    if (!updated) throw concurrencyConflict();
    await recordEntityChange(tx, ctx.actor, {
      entityType: ENTITY,
      entityId: row.id,
      changeType: 'Updated',
      before: Object.fromEntries(Object.keys(change).map((k) => [k, row[k as keyof Row]])),
      after: change,
    });
    return updated;
  }

  cancel(ctx: RequestContext, id: string, input: Out<typeof CancelFundingInvoiceInput>): Promise<FundingInvoiceDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const row = await this.#visible(tx, ctx, id);
      if (row.concurrencyStamp !== input.concurrencyStamp) throw concurrencyConflict();
      if (row.status === 'Cancelled') throw businessRule('The funding invoice is already cancelled.');
      const [paid] = await tx.select({ n: count() }).from(pay).where(eq(pay.invoiceId, id));
      if ((paid?.n ?? 0) > 0) throw businessRule('A funding invoice with payments cannot be cancelled.');
      const cancelled = await this.#change(tx, ctx, row, { status: 'Cancelled', cancelReason: input.reason });
      return (await this.#dtos(tx, [cancelled]))[0]!;
    });
  }

  /**
   * A payment against an unpaid or part-paid invoice: at most what is left on it, recorded as a repayment
   * of its loan (fees, then interest, then principal, decision 0026) with the invoice number as reference;
   * on a loan handed across, the firm's copy takes the same repayment in the same transaction.
   */
  async addPayment(
    ctx: RequestContext,
    id: string,
    input: Out<typeof FundingInvoicePaymentInput>,
  ): Promise<FundingInvoiceDto> {
    const loanId = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'fundingInvoice', id);
      const [row] = await tx.select({ loanId: fi.loanId }).from(fi).where(eq(fi.id, id));
      return row!.loanId;
    });
    const repayment = { amount: input.amount, date: input.date, reference: input.reference ?? null };
    return this.exchange.loanMovement(ctx, loanId, async (service, c, loan, scope) => {
      if (c !== ctx) {
        await service.recordRepayment(c, loan, repayment);
        return undefined as unknown as FundingInvoiceDto;
      }
      return scope.withTenant(ctx.tenant.id, async (tx) => {
        const row = await this.#visible(tx, ctx, id);
        if (input.concurrencyStamp && input.concurrencyStamp !== row.concurrencyStamp) throw concurrencyConflict();
        if (row.status !== 'Unpaid' && row.status !== 'Partial Pay')
          throw businessRule('Payments are recorded against an unpaid or part-paid funding invoice.');
        const { fullyPaid } = await recordInvoicePayment(
          tx,
          ctx,
          pay,
          'FundingInvoicePayment',
          { id, invoiceNo: row.fundingInvoiceNo, totalCents: row.totalCents },
          input,
          (r) => service.recordRepaymentIn(tx, c, loan, r),
        );
        const status: FundingInvoiceStatus = fullyPaid ? 'Full Pay' : 'Partial Pay';
        const updated = await this.#change(tx, ctx, row, { status });
        return (await this.#dtos(tx, [updated]))[0]!;
      });
    });
  }
}
