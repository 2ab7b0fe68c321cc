import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database';

/** Rows of `table` matching `where` (the caller's tenant only, by row-level security). */
export async function countWhere(tx: Tx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  return r?.n ?? 0;
}

/**
 * The total of a page that starts at `skip` and asked for `take` rows: a first page shorter than
 * asked is the whole list, so it counts itself; any other page asks `count`.
 */
export function pageTotal(
  skip: number,
  take: number,
  pageLength: number,
  count: () => Promise<number>,
): Promise<number> {
  return skip === 0 && pageLength < take ? Promise.resolve(pageLength) : count();
}
