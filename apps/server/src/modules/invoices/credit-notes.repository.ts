import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { centsFromSql } from '@casebook/domain';
import type { Tx } from '../../platform/db/database';
import { creditNoteLines, creditNoteNumberCounters, creditNotes } from './invoices.schema';
import { nextInSeries } from '../../platform/db/series';

export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteLineRow = typeof creditNoteLines.$inferSelect;

/** The SQL of credit notes; runs inside tenant transactions. */
export const creditNotesRepository = {
  /** The live credit notes of the invoices, oldest first. */
  async notes(tx: Tx, invoiceIds: readonly string[]): Promise<CreditNoteRow[]> {
    if (invoiceIds.length === 0) return [];
    return tx
      .select()
      .from(creditNotes)
      .where(and(inArray(creditNotes.invoiceId, [...invoiceIds]), eq(creditNotes.isDeleted, false)))
      .orderBy(asc(creditNotes.creditNoteNumber));
  },

  async lines(tx: Tx, noteIds: readonly string[]): Promise<CreditNoteLineRow[]> {
    if (noteIds.length === 0) return [];
    return tx
      .select()
      .from(creditNoteLines)
      .where(inArray(creditNoteLines.creditNoteId, [...noteIds]))
      .orderBy(creditNoteLines.creditNoteId, creditNoteLines.position);
  },

  /** What the invoice's live credit notes have credited of each of its lines. */
  async creditedByLine(tx: Tx, invoiceId: string) {
    const rows = await tx
      .select({
        invoiceLineId: creditNoteLines.invoiceLineId,
        quantity: sql<string>`sum(${creditNoteLines.quantity})`,
        amountCents: sql<string>`sum(${creditNoteLines.amountCents})`,
        gstCents: sql<string>`sum(${creditNoteLines.gstCents})`,
      })
      .from(creditNoteLines)
      .innerJoin(
        creditNotes,
        and(eq(creditNotes.tenantId, creditNoteLines.tenantId), eq(creditNotes.id, creditNoteLines.creditNoteId)),
      )
      .where(and(eq(creditNotes.invoiceId, invoiceId), eq(creditNotes.isDeleted, false)))
      .groupBy(creditNoteLines.invoiceLineId);
    return new Map(
      rows.map((r) => [
        r.invoiceLineId,
        {
          quantity: centsFromSql(r.quantity),
          amountCents: centsFromSql(r.amountCents),
          gstCents: centsFromSql(r.gstCents),
        },
      ]),
    );
  },

  /** The next credit note number of the tenant, taken like invoice numbers: no gap, no duplicate. */
  nextNumber(tx: Tx, tenantId: string): Promise<number> {
    return nextInSeries(tx, creditNoteNumberCounters, tenantId);
  },

  async insert(
    tx: Tx,
    note: typeof creditNotes.$inferInsert,
    lines: (typeof creditNoteLines.$inferInsert)[],
  ): Promise<CreditNoteRow> {
    const [row] = await tx.insert(creditNotes).values(note).returning();
    if (lines.length > 0) await tx.insert(creditNoteLines).values(lines);
    return row!;
  },
};
