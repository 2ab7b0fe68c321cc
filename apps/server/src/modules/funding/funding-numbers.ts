import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { fundingAdvanceRequests, fundingAgreements, fundingLoans, fundingRequests } from './funding.schema';
import { fundingInvoices, fundingNumberCounters as c } from './funding-invoices.schema';

/** The funding numbering series and the table whose rows each numbers. */
const SERIES = {
  agreement: fundingAgreements,
  loan: fundingLoans,
  request: fundingRequests,
  advance: fundingAdvanceRequests,
  invoice: fundingInvoices,
} as const;
export type FundingSeries = keyof typeof SERIES;

/**
 * The tenant's next number of a funding series (decision 0091). The counter row is created or incremented
 * in the caller's transaction, so a second caller waits on its lock until the first commits and then takes
 * the next number: two records made at the same moment no longer both take "count + 1". A tenant's first
 * use of a series starts after the rows it already has (numbered "count + 1" before the counter existed).
 */
export async function nextFundingNumber(tx: Tx, tenantId: string, series: FundingSeries): Promise<number> {
  const table = SERIES[series];
  const [row] = await tx
    .insert(c)
    .values({
      tenantId,
      series,
      lastValue: sql`(select count(*) + 1 from ${table} where ${table.tenantId} = ${tenantId})`,
    })
    .onConflictDoUpdate({ target: [c.tenantId, c.series], set: { lastValue: sql`${c.lastValue} + 1` } })
    .returning({ value: c.lastValue });
  return Number(row!.value);
}
