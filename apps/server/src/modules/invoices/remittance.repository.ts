import { and, asc, desc, eq, gte, inArray, isNotNull, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { cases } from '../cases/cases.schema';
import { specialists } from '../people/people.schema';
import { creditedOn } from './invoices.repository';
import { invoices, remittanceLines, remittanceStatements } from './invoices.schema';

export type StatementRow = typeof remittanceStatements.$inferSelect;

const specialistName = sql<string>`(select s.first_name || ' ' || s.last_name from ${specialists} s where s.tenant_id = "remittance_statements"."tenant_id" and s.id = "remittance_statements"."specialist_id")`;
const lineCount =
  sql<number>`(select count(*) from ${remittanceLines} l where l.tenant_id = "remittance_statements"."tenant_id" and l.statement_id = "remittance_statements"."id")`.mapWith(
    Number,
  );

/** The SQL of the remittance run and its statements. */
export const remittanceRepository = {
  /**
   * The sent, unremitted invoices with a specialist dated in [from, to): the run's work, with what the share
   * needs (the specialist's fee arrangement, the invoice's fee, rates and gazetted flag).
   */
  async unremitted(tx: Tx, from: string, to: string) {
    return tx
      .select({
        id: invoices.id,
        specialistId: invoices.specialistId,
        feeArrangement: specialists.feeArrangement,
        serviceType: invoices.serviceType,
        currency: invoices.currency,
        subtotalCents: invoices.subtotalCents,
        gstCents: invoices.gstCents,
        // What credit notes took off the fee and its GST before the run (decision 0039).
        creditedSubtotalCents: creditedOn({ amount: 'subtotal_cents' }),
        creditedGstCents: creditedOn({ amount: 'gst_cents' }),
        gstBasisPoints: invoices.gstBasisPoints,
        commissionBasisPoints: invoices.commissionBasisPoints,
        gazetted: invoices.gazetted,
      })
      .from(invoices)
      .innerJoin(
        specialists,
        and(eq(specialists.tenantId, invoices.tenantId), eq(specialists.id, invoices.specialistId)),
      )
      .where(
        and(
          eq(invoices.isDeleted, false),
          isNotNull(invoices.specialistId),
          inArray(invoices.status, ['SENT', 'PARTIAL_PAY', 'PAID']),
          gte(invoices.invoiceDate, from),
          lt(invoices.invoiceDate, to),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(remittanceLines)
              .where(and(eq(remittanceLines.tenantId, invoices.tenantId), eq(remittanceLines.invoiceId, invoices.id))),
          ),
        ),
      )
      .orderBy(asc(invoices.specialistId), asc(invoices.invoiceNumber))
      .for('update', { of: invoices });
  },

  async insertStatements(tx: Tx, rows: (typeof remittanceStatements.$inferInsert)[]) {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(remittanceStatements).values(rows.slice(i, i + 500));
  },

  async insertLines(tx: Tx, rows: (typeof remittanceLines.$inferInsert)[]) {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(remittanceLines).values(rows.slice(i, i + 500));
  },

  where(filter: { specialistId?: string; yearPeriod?: number; monthPeriod?: number }): SQL | undefined {
    return and(
      eq(remittanceStatements.isDeleted, false),
      filter.specialistId ? eq(remittanceStatements.specialistId, filter.specialistId) : undefined,
      filter.yearPeriod ? eq(remittanceStatements.yearPeriod, filter.yearPeriod) : undefined,
      filter.monthPeriod ? eq(remittanceStatements.monthPeriod, filter.monthPeriod) : undefined,
    );
  },

  async list(tx: Tx, where: SQL | undefined, skip: number, take: number) {
    const [items, [count]] = await Promise.all([
      tx
        .select({ s: remittanceStatements, specialistName, lineCount })
        .from(remittanceStatements)
        .where(where)
        .orderBy(
          desc(remittanceStatements.yearPeriod),
          desc(remittanceStatements.monthPeriod),
          asc(specialistName),
          asc(remittanceStatements.id),
        )
        .offset(skip)
        .limit(take),
      tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(remittanceStatements)
        .where(where),
    ]);
    return { items, totalCount: count?.n ?? 0 };
  },

  async find(tx: Tx, id: string) {
    const [row] = await tx
      .select({ s: remittanceStatements, specialistName, lineCount })
      .from(remittanceStatements)
      .where(and(eq(remittanceStatements.id, id), eq(remittanceStatements.isDeleted, false)));
    return row;
  },

  async lines(tx: Tx, statementId: string) {
    return tx
      .select({
        l: remittanceLines,
        invoiceNo: invoices.invoiceNo,
        invoiceDate: invoices.invoiceDate,
        caseNo: cases.caseNo,
      })
      .from(remittanceLines)
      .innerJoin(
        invoices,
        and(eq(invoices.tenantId, remittanceLines.tenantId), eq(invoices.id, remittanceLines.invoiceId)),
      )
      .innerJoin(cases, and(eq(cases.tenantId, invoices.tenantId), eq(cases.id, invoices.caseId)))
      .where(eq(remittanceLines.statementId, statementId))
      .orderBy(asc(invoices.invoiceNumber));
  },
};
