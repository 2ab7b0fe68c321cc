import { and, asc, count, desc, eq, ilike, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import type {
  FundingAgreementDto,
  FundingProviderDto,
  FundingProviderStaffDto,
  FundingTransactionDto,
  LoanDto,
  LoanMovement,
  LoanSummaryDto,
} from '@casebook/domain';
import { LOAN_STATUSES, centsFromSql } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition } from '../../platform/access/records';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import {
  fundingAgreements as a,
  fundingInterestRates as r,
  fundingLedger as g,
  fundingLoans as l,
  fundingProviders as p,
  fundingProviderStaff as s,
} from './funding.schema';
import './funding.access';

export type ProviderRow = typeof p.$inferSelect;
export type AgreementRow = typeof a.$inferSelect;
export type LoanRow = typeof l.$inferSelect;
export type LedgerRow = typeof g.$inferSelect;

const iso = (d: Date) => d.toISOString();
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------------------------------------------------
// Providers

export function toProviderDto(row: ProviderRow, staffCount: number): FundingProviderDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    isActive: row.isActive,
    staffCount,
    concurrencyStamp: row.concurrencyStamp,
  };
}

export async function providerRow(tx: Tx, id: string): Promise<ProviderRow> {
  const [row] = await tx
    .select()
    .from(p)
    .where(and(eq(p.id, id), eq(p.isDeleted, false)));
  if (!row) throw notFound('The funding provider');
  return row;
}

async function staffCounts(tx: Tx, providerIds: string[]): Promise<Map<string, number>> {
  if (providerIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: s.providerId, n: count() })
    .from(s)
    .where(and(inArray(s.providerId, providerIds), eq(s.isDeleted, false)))
    .groupBy(s.providerId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

export async function providerDto(tx: Tx, id: string): Promise<FundingProviderDto> {
  const row = await providerRow(tx, id);
  return toProviderDto(row, (await staffCounts(tx, [id])).get(id) ?? 0);
}

export async function listProviders(
  tx: Tx,
  input: { skipCount: number; maxResultCount: number; filterText?: string | undefined; isActive?: boolean | undefined },
): Promise<{ totalCount: number; items: FundingProviderDto[] }> {
  const where = and(
    eq(p.isDeleted, false),
    input.filterText ? or(ilike(p.name, like(input.filterText)), ilike(p.email, like(input.filterText))) : undefined,
    input.isActive === undefined ? undefined : eq(p.isActive, input.isActive),
  );
  const [total] = await tx.select({ n: count() }).from(p).where(where);
  const rows = await tx
    .select()
    .from(p)
    .where(where)
    .orderBy(asc(p.name))
    .offset(input.skipCount)
    .limit(input.maxResultCount);
  const counts = await staffCounts(
    tx,
    rows.map((row) => row.id),
  );
  return { totalCount: total?.n ?? 0, items: rows.map((row) => toProviderDto(row, counts.get(row.id) ?? 0)) };
}

export function toStaffDto(row: typeof s.$inferSelect): FundingProviderStaffDto {
  return {
    id: row.id,
    providerId: row.providerId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    position: row.position,
  };
}

export async function providerStaff(tx: Tx, providerId: string): Promise<FundingProviderStaffDto[]> {
  const rows = await tx
    .select()
    .from(s)
    .where(and(eq(s.providerId, providerId), eq(s.isDeleted, false)))
    .orderBy(asc(s.name));
  return rows.map(toStaffDto);
}

// ---------------------------------------------------------------------------------------------------------
// Agreements

async function agreementsDto(tx: Tx, rows: AgreementRow[]): Promise<FundingAgreementDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One query after another: a transaction is one connection.
  const rates = await tx.select().from(r).where(inArray(r.agreementId, ids)).orderBy(asc(r.effectiveFrom));
  const names = await tx
    .select({ id: p.id, name: p.name })
    .from(p)
    .where(
      inArray(
        p.id,
        rows.map((row) => row.providerId),
      ),
    );
  const loans = await tx
    .select({ id: l.agreementId, n: count() })
    .from(l)
    .where(and(inArray(l.agreementId, ids), eq(l.isDeleted, false)))
    .groupBy(l.agreementId);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const loanCount = new Map(loans.map((n) => [n.id, n.n]));
  return rows.map((row) => ({
    id: row.id,
    agreementNo: row.agreementNo,
    providerId: row.providerId,
    providerName: nameOf.get(row.providerId) ?? '',
    borrowerCompanyId: row.borrowerCompanyId,
    borrowerName: row.borrowerName,
    fundingType: row.fundingType,
    status: row.status,
    interestMethod: row.interestMethod,
    interestCharge: row.interestCharge,
    upfrontInterestDays: row.upfrontInterestDays,
    repaymentType: row.repaymentType,
    repaymentDay: row.repaymentDay,
    feeType: row.feeType,
    feeValue: row.feeValue,
    facilityLimitCents: row.facilityLimitCents,
    financingStartDate: row.financingStartDate,
    rates: rates
      .filter((rate) => rate.agreementId === row.id)
      .map((rate) => ({ id: rate.id, effectiveFrom: rate.effectiveFrom, basisPoints: rate.basisPoints })),
    loanCount: loanCount.get(row.id) ?? 0,
    creationTime: iso(row.creationTime),
    concurrencyStamp: row.concurrencyStamp,
  }));
}

/** The agreement if the caller may see it; a 404 otherwise. */
export async function agreementRow(tx: Tx, ctx: RequestContext, id: string): Promise<AgreementRow> {
  const [row] = await tx
    .select()
    .from(a)
    .where(and(eq(a.id, id), eq(a.isDeleted, false), await recordCondition(tx, ctx, 'fundingAgreement')));
  if (!row) throw notFound('The agreement');
  return row;
}

export async function agreementDto(tx: Tx, row: AgreementRow): Promise<FundingAgreementDto> {
  return (await agreementsDto(tx, [row]))[0]!;
}

export async function listAgreements(
  tx: Tx,
  ctx: RequestContext,
  input: { skipCount: number; maxResultCount: number; filterText?: string | undefined; status?: string | undefined },
): Promise<{ totalCount: number; items: FundingAgreementDto[] }> {
  const where = and(
    eq(a.isDeleted, false),
    await recordCondition(tx, ctx, 'fundingAgreement'),
    input.status ? eq(a.status, input.status as AgreementRow['status']) : undefined,
    input.filterText
      ? or(ilike(a.agreementNo, like(input.filterText)), ilike(a.borrowerName, like(input.filterText)))
      : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(a).where(where);
  const rows = await tx
    .select()
    .from(a)
    .where(where)
    .orderBy(desc(a.creationTime), desc(a.id))
    .offset(input.skipCount)
    .limit(input.maxResultCount);
  return { totalCount: total?.n ?? 0, items: await agreementsDto(tx, rows) };
}

/** An agreement's rates, oldest first. */
export async function ratesOf(tx: Tx, agreementId: string) {
  return tx
    .select({ effectiveFrom: r.effectiveFrom, basisPoints: r.basisPoints })
    .from(r)
    .where(eq(r.agreementId, agreementId))
    .orderBy(asc(r.effectiveFrom));
}

/** The latest day interest is posted to on any loan of the agreement. */
export async function latestPostingOf(tx: Tx, agreementId: string): Promise<string | null> {
  const [row] = await tx
    .select({ to: max(l.interestPostedTo) })
    .from(l)
    .where(eq(l.agreementId, agreementId));
  return row?.to ?? null;
}

/** Principal advanced on all loans of an agreement (for its facility limit). */
export async function advancedUnder(tx: Tx, agreementId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string | null>`sum(${g.amountCents})` })
    .from(g)
    .where(
      and(
        eq(g.source, 'advance'),
        sql`${g.loanId} in (select ${l.id} from ${l} where ${eq(l.agreementId, agreementId)})`,
      ),
    );
  return centsFromSql(row?.total);
}

// ---------------------------------------------------------------------------------------------------------
// Loans and the ledger

type Sums = { principal: number; interest: number; fee: number; credit: number };

async function ledgerSums(tx: Tx, loanIds: string[], until?: string): Promise<Map<string, Sums>> {
  if (loanIds.length === 0) return new Map();
  const rows = await tx
    .select({ loanId: g.loanId, type: g.amountType, total: sql<string>`sum(${g.amountCents})` })
    .from(g)
    .where(
      and(
        inArray(g.loanId, loanIds),
        until ? sql`${g.entryDate} <= ${until} and (${g.periodTo} is null or ${g.periodTo} <= ${until})` : undefined,
      ),
    )
    .groupBy(g.loanId, g.amountType);
  const out = new Map<string, Sums>();
  for (const row of rows) {
    const sums = out.get(row.loanId) ?? { principal: 0, interest: 0, fee: 0, credit: 0 };
    const n = centsFromSql(row.total);
    if (row.type === 'Principal') sums.principal += n;
    else if (row.type === 'Interest') sums.interest += n;
    else if (row.type === 'Revenue') sums.fee += n;
    else sums.credit += n;
    out.set(row.loanId, sums);
  }
  return out;
}

/** The ledger's balance of a loan: every line up to a date (all when none). */
export async function ledgerBalance(tx: Tx, loanId: string, until?: string): Promise<number> {
  const sums = (await ledgerSums(tx, [loanId], until)).get(loanId);
  return sums ? sums.principal + sums.interest + sums.fee + sums.credit : 0;
}

async function loansDto(tx: Tx, rows: LoanRow[]): Promise<LoanDto[]> {
  if (rows.length === 0) return [];
  const agreementRows = await tx
    .select({ id: a.id, agreementNo: a.agreementNo, borrowerName: a.borrowerName, providerName: p.name })
    .from(a)
    .innerJoin(p, eq(p.id, a.providerId))
    .where(
      inArray(
        a.id,
        rows.map((row) => row.agreementId),
      ),
    );
  const agreementOf = new Map(agreementRows.map((row) => [row.id, row]));
  const sums = await ledgerSums(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const agreement = agreementOf.get(row.agreementId);
    const sum = sums.get(row.id) ?? { principal: 0, interest: 0, fee: 0, credit: 0 };
    return {
      id: row.id,
      loanNo: row.loanNo,
      agreementId: row.agreementId,
      agreementNo: agreement?.agreementNo ?? '',
      providerName: agreement?.providerName ?? '',
      borrowerName: agreement?.borrowerName ?? '',
      borrowerReference: row.borrowerReference,
      caseReference: row.caseReference,
      description: row.description,
      status: row.status,
      interestPostedTo: row.interestPostedTo,
      settlementDate: row.settlementDate,
      cancelReason: row.cancelReason,
      principalCents: sum.principal,
      interestCents: sum.interest,
      feeCents: sum.fee,
      balanceCents: sum.principal + sum.interest + sum.fee + sum.credit,
      creationTime: iso(row.creationTime),
    };
  });
}

/** The loan if the caller may see it; a 404 otherwise. */
export async function loanRow(tx: Tx, ctx: RequestContext, id: string): Promise<LoanRow> {
  const [row] = await tx
    .select()
    .from(l)
    .where(and(eq(l.id, id), eq(l.isDeleted, false), await recordCondition(tx, ctx, 'loan')));
  if (!row) throw notFound('The loan');
  return row;
}

/** The loan's row locked for a change: one movement at a time per loan. */
export async function lockLoan(tx: Tx, ctx: RequestContext, id: string): Promise<LoanRow> {
  await loanRow(tx, ctx, id);
  const [row] = await tx.select().from(l).where(eq(l.id, id)).for('update');
  return row!;
}

export async function loanDto(tx: Tx, row: LoanRow): Promise<LoanDto> {
  return (await loansDto(tx, [row]))[0]!;
}

export async function listLoans(
  tx: Tx,
  ctx: RequestContext,
  input: {
    skipCount: number;
    maxResultCount: number;
    filterText?: string | undefined;
    status?: string | undefined;
    agreementId?: string | undefined;
  },
): Promise<{ totalCount: number; items: LoanDto[] }> {
  const conditions: (SQL | undefined)[] = [
    eq(l.isDeleted, false),
    await recordCondition(tx, ctx, 'loan'),
    input.status ? eq(l.status, input.status as LoanRow['status']) : undefined,
    input.agreementId ? eq(l.agreementId, input.agreementId) : undefined,
    input.filterText
      ? or(
          ilike(l.loanNo, like(input.filterText)),
          ilike(l.caseReference, like(input.filterText)),
          ilike(l.borrowerReference, like(input.filterText)),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const [total] = await tx.select({ n: count() }).from(l).where(where);
  const rows = await tx
    .select()
    .from(l)
    .where(where)
    .orderBy(desc(l.loanNo))
    .offset(input.skipCount)
    .limit(input.maxResultCount);
  return { totalCount: total?.n ?? 0, items: await loansDto(tx, rows) };
}

/** The loans the caller may see, by status, with their ledger sums. */
export async function loanSummary(tx: Tx, ctx: RequestContext): Promise<LoanSummaryDto> {
  const visible = and(eq(l.isDeleted, false), await recordCondition(tx, ctx, 'loan'));
  const counts = await tx.select({ status: l.status, n: count() }).from(l).where(visible).groupBy(l.status);
  const sums = await tx
    .select({ status: l.status, type: g.amountType, total: sql<string>`sum(${g.amountCents})` })
    .from(g)
    .innerJoin(l, eq(l.id, g.loanId))
    .where(visible)
    .groupBy(l.status, g.amountType);
  return {
    items: LOAN_STATUSES.map((status) => {
      const of = (type: string) =>
        sums
          .filter((row) => row.status === status && row.type === type)
          .reduce((a, row) => a + centsFromSql(row.total), 0);
      const principalCents = of('Principal');
      const interestCents = of('Interest');
      const feeCents = of('Revenue');
      return {
        status,
        count: counts.find((c) => c.status === status)?.n ?? 0,
        principalCents,
        interestCents,
        feeCents,
        balanceCents: principalCents + interestCents + feeCents + of('Credit Note'),
      };
    }),
  };
}

export function toTransactionDto(row: LedgerRow, loanNo: string): FundingTransactionDto {
  return {
    id: row.id,
    loanId: row.loanId,
    loanNo,
    entryDate: row.entryDate,
    periodTo: row.periodTo,
    amountType: row.amountType,
    source: row.source,
    amountCents: row.amountCents,
    description: row.description,
    reference: row.reference,
    movementId: row.movementId,
    creationTime: iso(row.creationTime),
  };
}

/** A loan's ledger in the order it was written. */
export async function ledgerOf(tx: Tx, loanId: string): Promise<LedgerRow[]> {
  return tx.select().from(g).where(eq(g.loanId, loanId)).orderBy(asc(g.entryDate), asc(g.seq));
}

export async function listTransactions(
  tx: Tx,
  ctx: RequestContext,
  input: { skipCount: number; maxResultCount: number; loanId?: string | undefined; amountType?: string | undefined },
): Promise<{ totalCount: number; items: FundingTransactionDto[] }> {
  const visible = and(eq(l.isDeleted, false), await recordCondition(tx, ctx, 'loan'));
  const where = and(
    sql`${g.loanId} in (select ${l.id} from ${l} where ${visible})`,
    input.loanId ? eq(g.loanId, input.loanId) : undefined,
    input.amountType ? eq(g.amountType, input.amountType as LedgerRow['amountType']) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(g).where(where);
  const rows = await tx
    .select({ line: g, loanNo: l.loanNo })
    .from(g)
    .innerJoin(l, eq(l.id, g.loanId))
    .where(where)
    .orderBy(desc(g.entryDate), desc(g.seq))
    .offset(input.skipCount)
    .limit(input.maxResultCount);
  return { totalCount: total?.n ?? 0, items: rows.map((row) => toTransactionDto(row.line, row.loanNo)) };
}

/**
 * The advances and repayments of a ledger as the interest function reads them: each advance line, and each
 * repayment's lines together as one amount.
 */
export function movementsOf(ledger: readonly LedgerRow[]): LoanMovement[] {
  const out: LoanMovement[] = [];
  const repaymentAt = new Map<string, number>();
  for (const line of ledger) {
    if (line.source === 'advance') {
      out.push({ kind: 'advance', date: line.entryDate, cents: line.amountCents, reference: line.description });
    } else if (line.source === 'repayment') {
      const at = repaymentAt.get(line.movementId);
      if (at === undefined) {
        repaymentAt.set(line.movementId, out.length);
        const reference = line.reference ?? undefined;
        out.push({
          kind: 'repayment',
          date: line.entryDate,
          cents: -line.amountCents,
          ...(reference ? { reference } : {}),
        });
      } else {
        out[at] = { ...out[at]!, cents: out[at]!.cents - line.amountCents };
      }
    }
  }
  return out;
}

/** The days interest was posted to: the statement breaks there so its lines match the ledger's. */
export function postingDatesOf(ledger: readonly LedgerRow[]): string[] {
  return [...new Set(ledger.flatMap((line) => (line.periodTo ? [line.periodTo, line.entryDate] : [])))];
}
