import { addMonths, formatIsoDate, fromDayNumber, parseIsoDate, toDayNumber } from '../calendar';
import { BASIS_POINTS_PER_WHOLE, divideHalfEven, percentOf } from '../money';

/**
 * Interest on disbursement funding (decision 0026).
 *
 * - Daily accrual, day count Actual/365 Fixed: each day earns rate / 365 of a year's interest, in leap years
 *   too (a leap year therefore earns 366/365 of the annual rate).
 * - Interest accrues for each day from the accrual start up to, not including, the repayment or statement
 *   date: money advanced and repaid on the same day earns nothing.
 * - Simple interest is charged on the principal outstanding. Compound interest capitalises monthly: on the
 *   first day of each calendar month, the interest unpaid at the end of the month before starts earning
 *   interest too.
 * - Accrual is exact: a day's interest is `balance × basis points` units of 1 / (365 × 10,000) cent, summed
 *   in BigInt. Rounding happens once per statement line, on the running total: a line's amount is the
 *   rounded total at its end minus the rounded total at its start (half to even). Lines therefore always sum
 *   to the rounded total, however the period is split.
 * - Repayments pay fees first, then interest, then principal.
 * - Interest charged upfront (decision 0092): each advance is charged, on its day, simple interest on its
 *   amount for the agreement's upfront term at the rate in force that day (one line, the same exact
 *   accrual and rounding), and nothing accrues daily; repaying early gives none of it back.
 */

/** Days in the Actual/365 Fixed year. */
export const DAY_COUNT_BASIS = 365;

/** The exact-accrual denominator: one unit is 1 / (365 × 10,000) of a cent. */
const UNITS_PER_CENT = BigInt(DAY_COUNT_BASIS * BASIS_POINTS_PER_WHOLE);

export const INTEREST_METHODS = ['Simple', 'Compound'] as const;
export type InterestMethod = (typeof INTEREST_METHODS)[number];

/** An annual rate in basis points in force from a date (ISO YYYY-MM-DD) until the next one. */
export interface InterestRatePeriod {
  readonly effectiveFrom: string;
  readonly basisPoints: number;
}

/** An upfront fee: a fixed amount charged once with the first advance, or a percentage of each advance. */
export type UpfrontFee =
  { readonly kind: 'amount'; readonly cents: number } | { readonly kind: 'percent'; readonly basisPoints: number };

export interface InterestTerms {
  readonly method: InterestMethod;
  readonly rates: readonly InterestRatePeriod[];
  readonly fee?: UpfrontFee | null;
  /** No interest accrues before this date (ISO), whatever the advances' dates. */
  readonly financingStartDate?: string | null;
  /**
   * Interest charged upfront (decision 0092): each advance is charged, on its day, simple interest for this
   * many days at the rate in force that day, and nothing accrues daily. Absent or null: interest accrues daily.
   */
  readonly upfrontInterestDays?: number | null;
}

/** A money movement on a loan: an advance (principal lent) or a repayment. Amounts are positive cents. */
export interface LoanMovement {
  readonly kind: 'advance' | 'repayment';
  readonly date: string;
  readonly cents: number;
  readonly reference?: string;
}

export type StatementLineKind = 'advance' | 'fee' | 'interest' | 'repayment';

/** One line of an accrued-interest statement, with the balances after it. */
export interface StatementLine {
  readonly kind: StatementLineKind;
  /** The line's date; for an interest line, the first day it covers. */
  readonly date: string;
  /** Interest lines: the day the line runs up to (not included). */
  readonly toDate?: string;
  readonly days?: number;
  /** Interest lines: the annual rate. */
  readonly basisPoints?: number;
  /** Interest lines: the balance earning interest (principal, plus capitalised interest when compound). */
  readonly interestBearingCents?: number;
  /** The change to the balance: positive for advances, fees and interest, negative for repayments. */
  readonly amountCents: number;
  /** Repayments: how the amount was applied. */
  readonly appliedToFeesCents?: number;
  readonly appliedToInterestCents?: number;
  readonly appliedToPrincipalCents?: number;
  readonly reference?: string;
  readonly principalBalanceCents: number;
  readonly interestBalanceCents: number;
  readonly feeBalanceCents: number;
  readonly balanceCents: number;
}

export interface InterestStatement {
  readonly lines: readonly StatementLine[];
  readonly totalInterestCents: number;
  readonly totalFeesCents: number;
  readonly totalAdvancedCents: number;
  readonly totalRepaidCents: number;
  readonly principalBalanceCents: number;
  readonly interestBalanceCents: number;
  readonly feeBalanceCents: number;
  readonly balanceCents: number;
}

/**
 * When an advance starts earning interest: its payment date, else its invoice date, else the day it was
 * created; never before the financing start date.
 */
export function accrualStartDate(dates: {
  paymentDate?: string | null;
  invoiceDate?: string | null;
  createdDate: string;
  financingStartDate?: string | null;
}): string {
  const start = dates.paymentDate ?? dates.invoiceDate ?? dates.createdDate;
  return dates.financingStartDate && dates.financingStartDate > start ? dates.financingStartDate : start;
}

/** The annual rate in force on a date: the latest period starting on or before it; 0 before any. */
export function rateOn(rates: readonly InterestRatePeriod[], date: string): number {
  let best: InterestRatePeriod | undefined;
  for (const r of rates) {
    if (r.effectiveFrom <= date && (!best || r.effectiveFrom > best.effectiveFrom)) best = r;
  }
  return best?.basisPoints ?? 0;
}

/** Simple interest on a fixed balance over whole days, in exact units (1 / (365 × 10,000) cent). */
export function exactSimpleInterestUnits(cents: number, basisPoints: number, days: number): bigint {
  return BigInt(cents) * BigInt(basisPoints) * BigInt(days);
}

/** Exact units rounded to cents, half to even. */
export function unitsToCents(units: bigint): number {
  return Number(divideHalfEven(units, UNITS_PER_CENT));
}

function dayNumber(iso: string): number {
  const d = parseIsoDate(iso);
  if (!d) throw new RangeError(`not a date as YYYY-MM-DD: ${iso}`);
  return toDayNumber(d);
}

function isoOfDayNumber(n: number): string {
  return formatIsoDate(fromDayNumber(n));
}

function assertAmount(cents: number, what: string): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`${what} must be whole cents ≥ 0 (got ${cents})`);
}

/**
 * The accrued-interest statement of a loan from its first advance up to `untilDate` (not included): one line
 * per advance, fee and repayment, and one interest line per stretch of days at one rate and one balance.
 * `splitDates` add line breaks (e.g. month ends for a monthly statement) without changing any total.
 * Throws a RangeError for a repayment larger than what is owed on its day.
 */
export function accrueInterest(
  terms: InterestTerms,
  movements: readonly LoanMovement[],
  untilDate: string,
  options: { splitDates?: readonly string[] } = {},
): InterestStatement {
  for (const r of terms.rates) {
    dayNumber(r.effectiveFrom);
    if (!Number.isSafeInteger(r.basisPoints) || r.basisPoints < 0 || r.basisPoints > BASIS_POINTS_PER_WHOLE)
      throw new RangeError(`rates are whole basis points from 0 to 10,000 (got ${r.basisPoints})`);
  }
  const upfrontDays = terms.upfrontInterestDays ?? null;
  if (upfrontDays !== null && (!Number.isSafeInteger(upfrontDays) || upfrontDays < 1))
    throw new RangeError(`the upfront interest term is whole days from 1 (got ${upfrontDays})`);
  const until = dayNumber(untilDate);
  const startFloor = terms.financingStartDate ? dayNumber(terms.financingStartDate) : -Infinity;

  // Movements by effective day; advances before repayments on the same day, then in the given order.
  const events = movements
    .map((m, index) => {
      assertAmount(m.cents, `the ${m.kind} amount`);
      const day = dayNumber(m.date);
      return { ...m, index, day: m.kind === 'advance' ? Math.max(day, startFloor) : day };
    })
    .filter((e) => e.day <= until)
    .sort((a, b) => a.day - b.day || (a.kind === b.kind ? a.index - b.index : a.kind === 'advance' ? -1 : 1));

  const lines: StatementLine[] = [];
  let principal = 0;
  let fees = 0;
  let exact = 0n; // all interest accrued, exactly
  let interestPaid = 0;
  let capitalised = 0; // compound: unpaid interest that earns interest
  let totalFees = 0;
  let totalAdvanced = 0;
  let totalRepaid = 0;
  let feeCharged = false;
  const interestBalance = () => unitsToCents(exact) - interestPaid;
  const balances = () => {
    const interest = interestBalance();
    return {
      principalBalanceCents: principal,
      interestBalanceCents: interest,
      feeBalanceCents: fees,
      balanceCents: principal + interest + fees,
    };
  };

  if (events.length === 0) return summary();

  // Line breaks: movements, rate changes, month starts (compound capitalisation) and the caller's splits.
  const first = events[0]!.day;
  const breaks = new Set<number>(events.map((e) => e.day));
  for (const r of terms.rates) breaks.add(dayNumber(r.effectiveFrom));
  for (const s of options.splitDates ?? []) breaks.add(dayNumber(s));
  if (terms.method === 'Compound') {
    for (let m = addMonths({ ...fromDayNumber(first), day: 1 }, 1); toDayNumber(m) < until; m = addMonths(m, 1))
      breaks.add(toDayNumber(m));
  }
  breaks.add(until);
  const points = [...breaks].filter((n) => n >= first && n <= until).sort((a, b) => a - b);

  let next = 0;
  for (let p = 0; p < points.length; p++) {
    const day = points[p]!;
    const date = isoOfDayNumber(day);
    if (terms.method === 'Compound' && fromDayNumber(day).day === 1) capitalised = Math.max(0, interestBalance());
    while (next < events.length && events[next]!.day === day) {
      const e = events[next++]!;
      if (e.kind === 'advance') {
        principal += e.cents;
        totalAdvanced += e.cents;
        lines.push({ kind: 'advance', date, amountCents: e.cents, reference: e.reference, ...balances() });
        const fee = !terms.fee
          ? 0
          : terms.fee.kind === 'percent'
            ? percentOf(e.cents, terms.fee.basisPoints)
            : feeCharged
              ? 0
              : terms.fee.cents;
        feeCharged = true;
        if (fee > 0) {
          fees += fee;
          totalFees += fee;
          lines.push({ kind: 'fee', date, amountCents: fee, ...balances() });
        }
        if (upfrontDays !== null) {
          const basisPoints = rateOn(terms.rates, date);
          const before = unitsToCents(exact);
          exact += exactSimpleInterestUnits(e.cents, basisPoints, upfrontDays);
          lines.push({
            kind: 'interest',
            date,
            toDate: isoOfDayNumber(day + upfrontDays),
            days: upfrontDays,
            basisPoints,
            interestBearingCents: e.cents,
            amountCents: unitsToCents(exact) - before,
            ...balances(),
          });
        }
      } else {
        const owed = principal + interestBalance() + fees;
        if (e.cents > owed)
          throw new RangeError(`a repayment of ${e.cents} cents exceeds the ${owed} cents owed on ${date}`);
        let left = e.cents;
        const toFees = Math.min(left, fees);
        left -= toFees;
        const toInterest = Math.min(left, interestBalance());
        left -= toInterest;
        const toPrincipal = left;
        fees -= toFees;
        interestPaid += toInterest;
        principal -= toPrincipal;
        capitalised = Math.min(capitalised, interestBalance());
        totalRepaid += e.cents;
        lines.push({
          kind: 'repayment',
          date,
          amountCents: -e.cents,
          appliedToFeesCents: toFees,
          appliedToInterestCents: toInterest,
          appliedToPrincipalCents: toPrincipal,
          reference: e.reference,
          ...balances(),
        });
      }
    }
    const end = points[p + 1];
    if (end === undefined) break;
    if (upfrontDays !== null) continue;
    const basisPoints = rateOn(terms.rates, date);
    const bearing = principal + (terms.method === 'Compound' ? capitalised : 0);
    if (bearing <= 0 || basisPoints === 0) continue;
    const days = end - day;
    const before = unitsToCents(exact);
    exact += exactSimpleInterestUnits(bearing, basisPoints, days);
    lines.push({
      kind: 'interest',
      date,
      toDate: isoOfDayNumber(end),
      days,
      basisPoints,
      interestBearingCents: bearing,
      amountCents: unitsToCents(exact) - before,
      ...balances(),
    });
  }
  return summary();

  function summary(): InterestStatement {
    return {
      lines,
      totalInterestCents: unitsToCents(exact),
      totalFeesCents: totalFees,
      totalAdvancedCents: totalAdvanced,
      totalRepaidCents: totalRepaid,
      ...balances(),
    };
  }
}
