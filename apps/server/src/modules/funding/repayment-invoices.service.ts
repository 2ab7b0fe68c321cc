import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  uuidv7,
  type CancelRepaymentInvoiceInput,
  type CreateRepaymentInvoiceInput,
  type RepaymentInvoiceDto,
  type RepaymentInvoiceListInput,
  type RepaymentInvoicePaymentInput,
  type RepaymentInvoiceStatus,
} from '@casebook/domain';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition, requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import { nextInSeries } from '../../platform/db/series';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import type { FundingExchange } from './funding.exchange';
import { fundingAgreements, fundingLoans } from './funding.schema';
import { likePattern } from '../../platform/resources/resource.repository';
import { FundingService } from './funding.service';
import { recordInvoicePayment } from './invoice-of-loan';
import './funding.access';
import {
  fundingRepaymentInvoicePayments as pay,
  fundingRepaymentInvoices as ri,
  repaymentInvoiceNumberCounters,
} from './repayment-invoices.schema';

type Out<S extends z.ZodType> = z.output<S>;
type Row = typeof ri.$inferSelect;
const ENTITY = 'RepaymentInvoice';

/** RI-000001: the tenant's repayment invoice series. */
export const formatRepaymentInvoiceNo = (n: number) => `RI-${String(n).padStart(6, '0')}`;

/**
 * Repayment invoices (decision 0062): the borrower billed for what a loan owes on a date, and the payments
 * recorded against the invoice as repayments of the loan (the ledger's lines, in the same transaction; on
 * a loan handed across tenants the firm's copy gets the same repayment, as any repayment does).
 */
export class RepaymentInvoicesService {
  readonly #funding: FundingService;

  constructor(
    private readonly database: Database,
    private readonly exchange: FundingExchange,
  ) {
    this.#funding = new FundingService(database);
  }

  async #dtos(tx: Tx, rows: readonly Row[]): Promise<RepaymentInvoiceDto[]> {
    if (rows.length === 0) return [];
    const loanIds = [...new Set(rows.map((r) => r.loanId))];
    const loans = await tx
      .select({
        id: fundingLoans.id,
        loanNo: fundingLoans.loanNo,
        borrowerReference: fundingLoans.borrowerReference,
        borrowerName: fundingAgreements.borrowerName,
      })
      .from(fundingLoans)
      .innerJoin(
        fundingAgreements,
        and(eq(fundingAgreements.tenantId, fundingLoans.tenantId), eq(fundingAgreements.id, fundingLoans.agreementId)),
      )
      .where(inArray(fundingLoans.id, loanIds));
    const payments = await tx
      .select()
      .from(pay)
      .where(
        inArray(
          pay.invoiceId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(pay.paymentDate), asc(pay.creationTime));
    return rows.map((r) => {
      const loan = loans.find((l) => l.id === r.loanId);
      const mine = payments.filter((p) => p.invoiceId === r.id);
      const paidCents = mine.reduce((a, p) => a + p.amountCents, 0);
      return {
        id: r.id,
        invoiceNo: r.invoiceNo,
        loanId: r.loanId,
        loanNo: loan?.loanNo ?? '',
        borrowerName: loan?.borrowerName ?? null,
        borrowerReference: loan?.borrowerReference ?? null,
        invoiceDate: r.invoiceDate,
        dueDate: r.dueDate,
        principalCents: r.principalCents,
        interestCents: r.interestCents,
        feesCents: r.feesCents,
        totalCents: r.totalCents,
        paidCents,
        balanceCents: r.status === 'Cancelled' ? 0 : r.totalCents - paidCents,
        status: r.status,
        notes: r.notes,
        cancelReason: r.cancelReason,
        sentTime: r.sentTime ? r.sentTime.toISOString() : null,
        concurrencyStamp: r.concurrencyStamp,
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
    await requireAccess(tx, ctx, 'repaymentInvoice', id);
    const [row] = await tx.select().from(ri).where(eq(ri.id, id)).for('update');
    if (!row || row.isDeleted) throw notFound('The repayment invoice');
    return row;
  }

  async list(ctx: RequestContext, q: Out<typeof RepaymentInvoiceListInput>) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = and(
        eq(ri.isDeleted, false),
        await recordCondition(tx, ctx, 'repaymentInvoice'),
        q.status ? eq(ri.status, q.status) : undefined,
        q.loanId ? eq(ri.loanId, q.loanId) : undefined,
        q.filterText ? sql`${ri.invoiceNo} ilike ${likePattern(q.filterText)}` : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(ri).where(where);
      const rows = await tx
        .select()
        .from(ri)
        .where(where)
        .orderBy(desc(ri.invoiceNumber))
        .offset(q.skipCount)
        .limit(q.maxResultCount);
      return { totalCount: total?.n ?? 0, items: await this.#dtos(tx, rows) };
    });
  }

  async counts(ctx: RequestContext, q: { loanId?: string | undefined }) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const rows = await tx
        .select({ status: ri.status, n: count() })
        .from(ri)
        .where(
          and(
            eq(ri.isDeleted, false),
            await recordCondition(tx, ctx, 'repaymentInvoice'),
            q.loanId ? eq(ri.loanId, q.loanId) : undefined,
          ),
        )
        .groupBy(ri.status);
      return { items: rows.map((r) => ({ status: r.status, count: r.n })) };
    });
  }

  get(ctx: RequestContext, id: string): Promise<RepaymentInvoiceDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'repaymentInvoice', id);
      const [row] = await tx.select().from(ri).where(eq(ri.id, id));
      return (await this.#dtos(tx, [row!]))[0]!;
    });
  }

  /** A draft for what the loan owes on the invoice date; refused when the loan is not active or owes nothing. */
  create(ctx: RequestContext, input: Out<typeof CreateRepaymentInvoiceInput>): Promise<RepaymentInvoiceDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const owed = await this.#funding.owedIn(tx, ctx, input.loanId, input.invoiceDate);
      if (owed.loan.status !== 'Active') throw businessRule('Only an active loan is invoiced for repayment.');
      if (owed.balanceCents <= 0) throw invalidField('invoiceDate', `The loan owes nothing on ${input.invoiceDate}.`);
      const number = await nextInSeries(tx, repaymentInvoiceNumberCounters, ctx.tenant.id);
      const values = {
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        invoiceNumber: number,
        invoiceNo: formatRepaymentInvoiceNo(number),
        loanId: input.loanId,
        invoiceDate: input.invoiceDate,
        dueDate: input.dueDate,
        principalCents: owed.principalCents,
        interestCents: owed.interestCents,
        feesCents: owed.feesCents,
        totalCents: owed.balanceCents,
        status: 'Draft' as const,
        notes: input.notes ?? null,
        creatorId: ctx.actor.userId,
        concurrencyStamp: uuidv7(),
      };
      const [row] = await tx.insert(ri).values(values).returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: values.id,
        changeType: 'Created',
        before: null,
        after: values,
      });
      return (await this.#dtos(tx, [row!]))[0]!;
    });
  }

  async #change(tx: Tx, ctx: RequestContext, row: Row, change: Partial<Row>): Promise<Row> {
    const [updated] = await tx
      .update(ri)
      .set({
        ...change,
        lastModificationTime: new Date(),
        lastModifierId: ctx.actor.userId,
        concurrencyStamp: uuidv7(),
      })
      .where(and(eq(ri.id, row.id), eq(ri.concurrencyStamp, row.concurrencyStamp)))
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

  send(ctx: RequestContext, id: string, stamp: string): Promise<RepaymentInvoiceDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const row = await this.#visible(tx, ctx, id);
      if (row.concurrencyStamp !== stamp) throw concurrencyConflict();
      if (row.status !== 'Draft') throw businessRule('Only a draft repayment invoice can be sent.');
      const sent = await this.#change(tx, ctx, row, { status: 'Sent', sentTime: new Date() });
      return (await this.#dtos(tx, [sent]))[0]!;
    });
  }

  cancel(
    ctx: RequestContext,
    id: string,
    input: Out<typeof CancelRepaymentInvoiceInput>,
  ): Promise<RepaymentInvoiceDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const row = await this.#visible(tx, ctx, id);
      if (row.concurrencyStamp !== input.concurrencyStamp) throw concurrencyConflict();
      if (row.status === 'Cancelled') throw businessRule('The repayment invoice is already cancelled.');
      const [paid] = await tx.select({ n: count() }).from(pay).where(eq(pay.invoiceId, id));
      if ((paid?.n ?? 0) > 0) throw businessRule('A repayment invoice with payments cannot be cancelled.');
      const cancelled = await this.#change(tx, ctx, row, { status: 'Cancelled', cancelReason: input.reason });
      return (await this.#dtos(tx, [cancelled]))[0]!;
    });
  }

  /**
   * A payment against a sent invoice: at most what is left on it, recorded as a repayment of its loan
   * (fees, then interest, then principal) with the invoice number as reference, all in one transaction.
   */
  async addPayment(
    ctx: RequestContext,
    id: string,
    input: Out<typeof RepaymentInvoicePaymentInput>,
  ): Promise<RepaymentInvoiceDto> {
    const loanId = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'repaymentInvoice', id);
      const [row] = await tx.select({ loanId: ri.loanId }).from(ri).where(eq(ri.id, id));
      return row!.loanId;
    });
    return this.exchange.loanMovement(ctx, loanId, async (service, c, loan, scope) => {
      if (c !== ctx) {
        // The firm's copy of a loan handed across takes the same repayment.
        await service.recordRepayment(c, loan, input);
        return undefined as unknown as RepaymentInvoiceDto;
      }
      return scope.withTenant(ctx.tenant.id, async (tx) => {
        const row = await this.#visible(tx, ctx, id);
        if (row.status !== 'Sent' && row.status !== 'Partial Pay')
          throw businessRule('Payments are recorded against a sent repayment invoice.');
        const { fullyPaid } = await recordInvoicePayment(
          tx,
          ctx,
          pay,
          'RepaymentInvoicePayment',
          { id, invoiceNo: row.invoiceNo, totalCents: row.totalCents },
          input,
          (r) => service.recordRepaymentIn(tx, c, loan, r),
        );
        const status: RepaymentInvoiceStatus = fullyPaid ? 'Paid' : 'Partial Pay';
        const updated = await this.#change(tx, ctx, row, { status });
        return (await this.#dtos(tx, [updated]))[0]!;
      });
    });
  }
}
