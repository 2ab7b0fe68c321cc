import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '@casebook/domain';
import type { Tx } from '../../platform/db/database';
import { cases } from '../cases/cases.schema';
import { companies, specialists } from '../people/people.schema';
import { accountCodes } from '../reference/reference.schema';
import {
  creditNotes,
  invoiceLines,
  invoiceNumberCounters,
  invoicePayments,
  invoices,
  paymentBlueprints,
} from './invoices.schema';
import { nextInSeries } from '../../platform/db/series';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
export type BlueprintRow = typeof paymentBlueprints.$inferSelect;

/**
 * What is paid on an invoice: the sum of its live payments (never a stored number), or of those dated by
 * `asOf`. Subqueries name the outer table in full: drizzle writes a single table's columns unqualified,
 * which would bind to the inner table.
 */
export const paidOn = (asOf?: string) =>
  sql<number>`coalesce((select sum(p.amount_cents) from ${invoicePayments} p where p.tenant_id = "invoices"."tenant_id" and p.invoice_id = "invoices"."id" and not p.is_deleted${asOf ? sql` and p.payment_date <= ${asOf}` : sql``}), 0)`.mapWith(
    Number,
  );

/**
 * What credit notes have taken off an invoice: the sum of one amount of its live credit notes (their totals
 * unless told), or of those dated by `asOf`.
 */
export const creditedOn = (
  options: { amount?: 'total_cents' | 'subtotal_cents' | 'gst_cents'; asOf?: string | undefined } = {},
) =>
  sql<number>`coalesce((select sum(n.${sql.raw(options.amount ?? 'total_cents')}) from ${creditNotes} n where n.tenant_id = "invoices"."tenant_id" and n.invoice_id = "invoices"."id" and not n.is_deleted${options.asOf ? sql` and n.credit_date <= ${options.asOf}` : sql``}), 0)`.mapWith(
    Number,
  );

const paidOf = paidOn();
const creditedOf = creditedOn();

const listColumns = {
  id: invoices.id,
  invoiceNo: invoices.invoiceNo,
  status: invoices.status,
  caseId: invoices.caseId,
  caseNo: sql<string>`(select c.case_no from ${cases} c where c.tenant_id = "invoices"."tenant_id" and c.id = "invoices"."case_id")`,
  companyId: invoices.companyId,
  companyName: sql<string>`(select co.name from ${companies} co where co.tenant_id = "invoices"."tenant_id" and co.id = "invoices"."company_id")`,
  specialistId: invoices.specialistId,
  specialistName: sql<
    string | null
  >`(select s.first_name || ' ' || s.last_name from ${specialists} s where s.tenant_id = "invoices"."tenant_id" and s.id = "invoices"."specialist_id")`,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  currency: invoices.currency,
  totalCents: invoices.totalCents,
  paidCents: paidOf,
  creditedCents: creditedOf,
};
export type InvoiceListRow = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K] extends { _: { data: infer D } } ? D : never;
};

export const INVOICE_SORT_FIELDS = {
  invoiceNo: invoices.invoiceNumber,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  totalCents: invoices.totalCents,
  status: invoices.status,
  creationTime: invoices.creationTime,
} as const;

/** The filters of the invoice list and its counts. */
export type InvoiceFilter = {
  filterText?: string;
  status?: InvoiceStatus;
  caseId?: string;
  companyId?: string;
  specialistId?: string;
  invoiceDateFrom?: string;
  invoiceDateTo?: string;
};

/** The only SQL of the invoice module; runs inside tenant transactions. */
export const invoicesRepository = {
  where(filter: InvoiceFilter, access: SQL | undefined, withStatus = true): SQL | undefined {
    const text = filter.filterText?.trim();
    const like = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    return and(
      eq(invoices.isDeleted, false),
      access,
      withStatus && filter.status ? eq(invoices.status, filter.status) : undefined,
      filter.caseId ? eq(invoices.caseId, filter.caseId) : undefined,
      filter.companyId ? eq(invoices.companyId, filter.companyId) : undefined,
      filter.specialistId ? eq(invoices.specialistId, filter.specialistId) : undefined,
      filter.invoiceDateFrom ? gte(invoices.invoiceDate, filter.invoiceDateFrom) : undefined,
      filter.invoiceDateTo ? lte(invoices.invoiceDate, filter.invoiceDateTo) : undefined,
      like
        ? or(
            ilike(invoices.invoiceNo, like),
            sql`exists (select 1 from ${cases} c where c.tenant_id = "invoices"."tenant_id" and c.id = "invoices"."case_id" and c.case_no ilike ${like})`,
            sql`exists (select 1 from ${companies} co where co.tenant_id = "invoices"."tenant_id" and co.id = "invoices"."company_id" and co.name ilike ${like})`,
          )
        : undefined,
    );
  },

  async listPage(
    tx: Tx,
    where: SQL | undefined,
    order: { column: keyof typeof INVOICE_SORT_FIELDS; direction: 'asc' | 'desc' }[],
    skip: number,
    take: number,
  ): Promise<InvoiceListRow[]> {
    return (await tx
      .select(listColumns)
      .from(invoices)
      .where(where)
      .orderBy(
        ...order.map((o) =>
          o.direction === 'asc' ? asc(INVOICE_SORT_FIELDS[o.column]) : desc(INVOICE_SORT_FIELDS[o.column]),
        ),
        desc(invoices.id),
      )
      .offset(skip)
      .limit(take)) as InvoiceListRow[];
  },

  async count(tx: Tx, where: SQL | undefined): Promise<number> {
    const [r] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(invoices)
      .where(where);
    return r?.n ?? 0;
  },

  async statusCounts(tx: Tx, where: SQL | undefined) {
    return tx
      .select({
        status: invoices.status,
        count: sql<number>`count(*)`.mapWith(Number),
        totalCents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)`.mapWith(Number),
      })
      .from(invoices)
      .where(where)
      .groupBy(invoices.status);
  },

  async listRow(tx: Tx, id: string): Promise<InvoiceListRow | undefined> {
    const [row] = await tx.select(listColumns).from(invoices).where(eq(invoices.id, id));
    return row as InvoiceListRow | undefined;
  },

  async find(tx: Tx, id: string): Promise<InvoiceRow | undefined> {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.isDeleted, false)));
    return row;
  },

  /** The invoice under a row lock, for a change that must see it as it is. */
  async lock(tx: Tx, id: string): Promise<InvoiceRow | undefined> {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.isDeleted, false)))
      .for('update');
    return row;
  },

  /** The invoices' lines in order, each with its account code as people read it ("4200 Assessment revenue"). */
  async lines(tx: Tx, invoiceIds: readonly string[]): Promise<(InvoiceLineRow & { accountCode: string | null })[]> {
    if (invoiceIds.length === 0) return [];
    return tx
      .select({
        ...getTableColumns(invoiceLines),
        accountCode: sql<string | null>`${accountCodes.code} || ' ' || ${accountCodes.name}`,
      })
      .from(invoiceLines)
      .leftJoin(
        accountCodes,
        and(eq(accountCodes.tenantId, invoiceLines.tenantId), eq(accountCodes.id, invoiceLines.accountCodeId)),
      )
      .where(inArray(invoiceLines.invoiceId, [...invoiceIds]))
      .orderBy(invoiceLines.invoiceId, invoiceLines.position);
  },

  async payments(tx: Tx, invoiceIds: readonly string[]): Promise<InvoicePaymentRow[]> {
    if (invoiceIds.length === 0) return [];
    return tx
      .select()
      .from(invoicePayments)
      .where(and(inArray(invoicePayments.invoiceId, [...invoiceIds]), eq(invoicePayments.isDeleted, false)))
      .orderBy(invoicePayments.invoiceId, invoicePayments.paymentDate, invoicePayments.id);
  },

  async paidCents(tx: Tx, invoiceId: string): Promise<number> {
    const [r] = await tx
      .select({ n: sql<number>`coalesce(sum(${invoicePayments.amountCents}), 0)`.mapWith(Number) })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, invoiceId), eq(invoicePayments.isDeleted, false)));
    return r?.n ?? 0;
  },

  /**
   * The next invoice number of the tenant: the counter row is created or incremented in the invoice's
   * own transaction, so its lock holds concurrent invoices back until this one commits or rolls back;
   * a rolled-back invoice gives its number back, and no two invoices get the same one.
   */
  nextNumber(tx: Tx, tenantId: string): Promise<number> {
    return nextInSeries(tx, invoiceNumberCounters, tenantId);
  },

  async insertInvoice(tx: Tx, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
    const [row] = await tx.insert(invoices).values(values).returning();
    return row!;
  },

  async updateInvoice(
    tx: Tx,
    id: string,
    stamp: string,
    values: Partial<typeof invoices.$inferInsert>,
  ): Promise<InvoiceRow | undefined> {
    const [row] = await tx
      .update(invoices)
      .set(values)
      .where(and(eq(invoices.id, id), eq(invoices.concurrencyStamp, stamp)))
      .returning();
    return row;
  },

  async replaceLines(tx: Tx, invoiceId: string, rows: (typeof invoiceLines.$inferInsert)[]): Promise<void> {
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
    if (rows.length > 0) await tx.insert(invoiceLines).values(rows);
  },

  async insertPayment(tx: Tx, values: typeof invoicePayments.$inferInsert): Promise<InvoicePaymentRow> {
    const [row] = await tx.insert(invoicePayments).values(values).returning();
    return row!;
  },

  async payment(tx: Tx, invoiceId: string, paymentId: string): Promise<InvoicePaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(invoicePayments)
      .where(
        and(
          eq(invoicePayments.id, paymentId),
          eq(invoicePayments.invoiceId, invoiceId),
          eq(invoicePayments.isDeleted, false),
        ),
      );
    return row;
  },

  async deletePayment(tx: Tx, paymentId: string, by: string | null): Promise<void> {
    await tx
      .update(invoicePayments)
      .set({ isDeleted: true, deleterId: by, deletionTime: new Date() })
      .where(eq(invoicePayments.id, paymentId));
  },

  /** The case's live, sent invoices: their totals and what is paid on them (for the case's status). */
  async caseBilling(tx: Tx, caseId: string) {
    return tx
      .select({
        id: invoices.id,
        status: invoices.status,
        totalCents: invoices.totalCents,
        paidCents: paidOf,
        creditedCents: creditedOf,
      })
      .from(invoices)
      .where(and(eq(invoices.caseId, caseId), eq(invoices.isDeleted, false)));
  },

  // Blueprints ------------------------------------------------------------------------------------------

  async blueprints(tx: Tx, skip: number, take: number, filterText?: string) {
    const like = filterText?.trim() ? `%${filterText.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = and(eq(paymentBlueprints.isDeleted, false), like ? ilike(paymentBlueprints.name, like) : undefined);
    const [items, [count]] = await Promise.all([
      tx
        .select()
        .from(paymentBlueprints)
        .where(where)
        .orderBy(asc(paymentBlueprints.name), asc(paymentBlueprints.id))
        .offset(skip)
        .limit(take),
      tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(paymentBlueprints)
        .where(where),
    ]);
    return { items, totalCount: count?.n ?? 0 };
  },

  async blueprint(tx: Tx, id: string): Promise<BlueprintRow | undefined> {
    const [row] = await tx
      .select()
      .from(paymentBlueprints)
      .where(and(eq(paymentBlueprints.id, id), eq(paymentBlueprints.isDeleted, false)));
    return row;
  },

  /**
   * The active blueprint that fits a case best: one naming the case's specialist beats one naming its
   * company, which beats one for its service type alone; a blueprint naming another specialist, company or
   * service type does not fit. Ties go to the most recently created.
   */
  async bestBlueprint(
    tx: Tx,
    c: { serviceType: string; companyId: string; specialistId: string | null },
  ): Promise<BlueprintRow | undefined> {
    const bp = paymentBlueprints;
    const [row] = await tx
      .select()
      .from(bp)
      .where(
        and(
          eq(bp.isDeleted, false),
          eq(bp.isActive, true),
          or(isNull(bp.serviceType), eq(bp.serviceType, c.serviceType as never)),
          or(isNull(bp.companyId), eq(bp.companyId, c.companyId)),
          c.specialistId ? or(isNull(bp.specialistId), eq(bp.specialistId, c.specialistId)) : isNull(bp.specialistId),
        ),
      )
      .orderBy(
        sql`(${bp.specialistId} is not null) desc`,
        sql`(${bp.companyId} is not null) desc`,
        sql`(${bp.serviceType} is not null) desc`,
        desc(bp.creationTime),
        desc(bp.id),
      )
      .limit(1);
    return row;
  },

  async insertBlueprint(tx: Tx, values: typeof paymentBlueprints.$inferInsert): Promise<BlueprintRow> {
    const [row] = await tx.insert(paymentBlueprints).values(values).returning();
    return row!;
  },

  async updateBlueprint(
    tx: Tx,
    id: string,
    stamp: string,
    values: Partial<typeof paymentBlueprints.$inferInsert>,
  ): Promise<BlueprintRow | undefined> {
    const [row] = await tx
      .update(paymentBlueprints)
      .set(values)
      .where(and(eq(paymentBlueprints.id, id), eq(paymentBlueprints.concurrencyStamp, stamp)))
      .returning();
    return row;
  },
};
