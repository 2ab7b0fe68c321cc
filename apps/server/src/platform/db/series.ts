import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database';

/** A table holding one numbering series per tenant: its last number taken. */
export type SeriesTable = PgTable & { tenantId: PgColumn; lastValue: PgColumn };

/**
 * The tenant's next number of a series: the counter row is created or incremented in the caller's own
 * transaction, so its lock holds concurrent callers back until this one commits or rolls back; a
 * rolled-back record gives its number back, and no two records get the same one.
 */
export async function nextInSeries(tx: Tx, counters: SeriesTable, tenantId: string): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ tenantId, lastValue: 1 } as never)
    .onConflictDoUpdate({ target: [counters.tenantId], set: { lastValue: sql`${counters.lastValue} + 1` } as never })
    .returning({ value: counters.lastValue });
  return Number(row!.value);
}
