import { z } from 'zod';
import { NUMBER_MAX } from './forms';
import { parseIsoDate } from './calendar';

/**
 * Money: whole cents of one currency. Amounts are JavaScript integers (safe to ±9e15 cents, far above the
 * spec's 1e10 maximum); every product or quotient goes through `mulDiv`, which works in BigInt and rounds
 * once, half to even. Nothing here, and nothing that uses it, turns an amount into a floating-point number.
 */

/** The currencies a tenant may choose (tenant setting `currency`). */
export const CURRENCIES = ['AUD', 'USD', 'GBP', 'EUR'] as const;
export const Currency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof Currency>;

/** The spec's default currency. */
export const DEFAULT_CURRENCY: Currency = 'USD';

/** Currency symbols: GBP pound, EUR euro, USD and AUD dollar. */
export const CURRENCY_SYMBOLS: Record<Currency, string> = { AUD: '$', USD: '$', GBP: '£', EUR: '€' };

export interface Money {
  readonly cents: number;
  readonly currency: Currency;
}

/** The largest amount an input may carry: the spec's number maximum (1e10) in cents. */
export const MAX_CENTS = NUMBER_MAX * 100;

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amounts are whole cents (got ${cents})`);
}

export function money(cents: number, currency: Currency = DEFAULT_CURRENCY): Money {
  assertCents(cents);
  return { cents, currency };
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new RangeError(`cannot combine ${a.currency} with ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.cents + b.cents, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.cents - b.cents, a.currency);
}

/** The sum of amounts in cents (exact: integers). */
export function sumCents(amounts: Iterable<number>): number {
  let total = 0;
  for (const a of amounts) {
    assertCents(a);
    total += a;
  }
  assertCents(total);
  return total;
}

/**
 * A whole-cent amount as the database returns a sum or a bigint (text, a bigint or a number): read exactly,
 * and refused when it is not a whole number of cents within the safe range.
 */
export function centsFromSql(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const big = typeof value === 'string' ? (/^-?\d+$/.test(value.trim()) ? BigInt(value.trim()) : undefined) : value;
  if (big === undefined) throw new RangeError(`amounts are whole cents (got ${String(value)})`);
  if (typeof big === 'number') {
    assertCents(big);
    return big;
  }
  if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`amount out of range (got ${big})`);
  return Number(big);
}

function toBig(n: number | bigint): bigint {
  if (typeof n === 'bigint') return n;
  if (!Number.isSafeInteger(n)) throw new RangeError(`expected a whole number (got ${n})`);
  return BigInt(n);
}

/** numerator / denominator rounded half to even (banker's rounding), in BigInt. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  let q = n / denominator;
  const r = n % denominator;
  const twice = r * 2n;
  if (twice > denominator || (twice === denominator && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

/** cents × numerator / denominator, rounded once, half to even: the one rounding rule for money. */
export function mulDiv(cents: number, numerator: number | bigint, denominator: number | bigint): number {
  assertCents(cents);
  const result = divideHalfEven(toBig(cents) * toBig(numerator), toBig(denominator));
  const n = Number(result);
  assertCents(n);
  return n;
}

/**
 * Rates and percentages are whole basis points (hundredths of a percent): 9.5% is 950, 10% is 1000. The
 * spec's percent inputs have 2 decimals, which is exactly a basis point.
 */
export const BASIS_POINTS_PER_WHOLE = 10_000;

/** The share of an amount at a rate in basis points, rounded half to even. */
export function percentOf(cents: number, basisPoints: number): number {
  return mulDiv(cents, basisPoints, BASIS_POINTS_PER_WHOLE);
}

/**
 * Splits an amount into parts proportional to whole-number weights that sum back to it exactly: each part
 * is rounded down, and the cents left over go one each to the parts with the largest remainders (ties to the
 * earlier part). Negative amounts split as the negation of the positive split.
 */
export function allocate(cents: number, weights: readonly number[]): number[] {
  assertCents(cents);
  if (weights.length === 0) throw new RangeError('allocate needs at least one weight');
  const ws = weights.map((w) => {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`weights are whole numbers ≥ 0 (got ${w})`);
    return BigInt(w);
  });
  const total = ws.reduce((a, b) => a + b, 0n);
  if (total === 0n) throw new RangeError('weights must not all be zero');
  if (cents < 0) return allocate(-cents, weights).map((p) => (p === 0 ? 0 : -p));
  const amount = BigInt(cents);
  const parts = ws.map((w) => (amount * w) / total);
  const remainders = ws.map((w, i) => ({ i, r: (amount * w) % total }));
  let left = amount - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i] = parts[i]! + 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

/** Splits an amount into n parts as equal as cents allow, the larger parts first. */
export function splitEvenly(cents: number, n: number): number[] {
  return allocate(
    cents,
    Array.from({ length: n }, () => 1),
  );
}

// ---------------------------------------------------------------------------------------------------------
// GST

/** A GST rate from a date on (effective-dated per tenant). */
export const GstRate = z.strictObject({
  effectiveFrom: z.string().refine((s) => parseIsoDate(s) !== undefined, 'must be a date as YYYY-MM-DD'),
  basisPoints: z.number().int().min(0).max(BASIS_POINTS_PER_WHOLE),
});
export type GstRate = z.infer<typeof GstRate>;

/** Australia's GST: 10% since 1 July 2000. */
export const AUSTRALIAN_GST: readonly GstRate[] = [{ effectiveFrom: '2000-07-01', basisPoints: 1000 }];

/** The rate in force on a date (ISO YYYY-MM-DD): the latest rate whose date is on or before it; 0 before any. */
export function gstRateOn(rates: readonly GstRate[], date: string): number {
  let best: GstRate | undefined;
  for (const r of rates) {
    if (r.effectiveFrom <= date && (!best || r.effectiveFrom > best.effectiveFrom)) best = r;
  }
  return best?.basisPoints ?? 0;
}

/** GST on an amount exclusive of GST, rounded half to even. */
export function gstOn(exclusiveCents: number, basisPoints: number): number {
  return percentOf(exclusiveCents, basisPoints);
}

/** The GST contained in an amount inclusive of GST: inclusive × rate / (1 + rate), rounded half to even. */
export function gstWithin(inclusiveCents: number, basisPoints: number): number {
  return mulDiv(inclusiveCents, basisPoints, BASIS_POINTS_PER_WHOLE + basisPoints);
}

// ---------------------------------------------------------------------------------------------------------
// Text

/** Money with thousands separators and 2 decimals, e.g. `$1,234.50`, `-£12.00`. */
export function formatMoney(cents: number, currency: Currency = DEFAULT_CURRENCY): string {
  return `${cents < 0 ? '-' : ''}${CURRENCY_SYMBOLS[currency]}${formatCents(Math.abs(cents))}`;
}

/** An amount with thousands separators and 2 decimals and no symbol, e.g. `1,234.50`. */
export function formatCents(cents: number): string {
  assertCents(cents);
  const negative = cents < 0;
  const abs = negative ? -cents : cents;
  const fraction = abs % 100;
  const whole = (abs - fraction) / 100;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${String(fraction).padStart(2, '0')}`;
}

/**
 * Reads a typed amount into cents: currency symbols, thousands commas and spaces are stripped; at most two
 * decimals; an optional leading minus. Undefined when the text is not such an amount. Reads the digits, never
 * through a floating-point number.
 */
export function parseMoney(text: string): number | undefined {
  const cleaned = text.replace(/[$£€,\s]/g, '');
  const m = /^(-?)(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned) ?? /^(-?)()\.(\d{1,2})$/.exec(cleaned);
  if (!m) return undefined;
  const [, sign, whole, fraction = ''] = m;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return undefined;
  return sign === '-' ? -cents : cents;
}

/** Reads a percent with at most two decimals (`9.5`, `9.50%`) into basis points (950). */
export function parsePercent(text: string): number | undefined {
  const m = /^(\d+)(?:\.(\d{0,2}))?%?$/.exec(text.replace(/\s/g, ''));
  if (!m) return undefined;
  const [, whole, fraction = ''] = m;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Basis points as a percent with two decimals: 950 → `9.50%`. */
export function formatPercent(basisPoints: number): string {
  return `${formatCents(basisPoints)}%`;
}

/**
 * A money input: whole cents as a number, or a typed amount as text (`$1,234.50`), read by `parseMoney`;
 * minimum 0, maximum the spec's 1e10, 2 decimals.
 */
export const MoneyInput = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const cents = typeof value === 'number' ? value : parseMoney(value);
  if (cents === undefined || !Number.isSafeInteger(cents)) {
    ctx.addIssue({ code: 'custom', message: 'must be an amount with at most 2 decimals' });
    return z.NEVER;
  }
  if (cents < 0) {
    ctx.addIssue({ code: 'custom', message: 'The value must be at least 0' });
    return z.NEVER;
  }
  if (cents > MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: `The value must be at most ${NUMBER_MAX.toLocaleString('en-AU')}` });
    return z.NEVER;
  }
  return cents;
});

/** A rate in whole basis points, 0 to 100%. */
export const BasisPoints = z
  .number()
  .int('rates are whole basis points (hundredths of a percent)')
  .min(0, 'The value must be at least 0')
  .max(BASIS_POINTS_PER_WHOLE, 'The value must be at most 100%');
