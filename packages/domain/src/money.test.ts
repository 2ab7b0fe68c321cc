import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AUSTRALIAN_GST,
  MoneyInput,
  addMoney,
  allocate,
  centsFromSql,
  divideHalfEven,
  formatMoney,
  formatPercent,
  gstOn,
  gstRateOn,
  gstWithin,
  money,
  mulDiv,
  parseMoney,
  parsePercent,
  percentOf,
  splitEvenly,
} from './money';

describe('Money', () => {
  it('rounds half to even, once', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n); // 2.5 → 2
    expect(divideHalfEven(7n, 2n)).toBe(4n); // 3.5 → 4
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
    expect(divideHalfEven(-7n, 2n)).toBe(-4n);
    expect(divideHalfEven(26n, 10n)).toBe(3n);
    expect(divideHalfEven(24n, 10n)).toBe(2n);
    // 10% of $0.25 is 2.5 cents: to even, 2; of $0.35 it is 3.5: 4.
    expect(percentOf(25, 1000)).toBe(2);
    expect(percentOf(35, 1000)).toBe(4);
  });

  it('works in BigInt so large products stay exact', () => {
    // $10,000,000,000.00 × 99.99% would lose cents in floating point.
    expect(mulDiv(1_000_000_000_000, 9999, 10_000)).toBe(999_900_000_000);
    expect(mulDiv(999_999_999_999, 1, 3)).toBe(333_333_333_333);
  });

  it('refuses fractional cents and mixing currencies', () => {
    expect(() => money(10.5)).toThrow(/whole cents/);
    expect(() => addMoney(money(1, 'AUD'), money(1, 'GBP'))).toThrow(/AUD with GBP/);
  });

  it('GST: 10% in Australia since 1 July 2000, effective-dated', () => {
    expect(gstRateOn(AUSTRALIAN_GST, '2000-06-30')).toBe(0);
    expect(gstRateOn(AUSTRALIAN_GST, '2024-02-29')).toBe(1000);
    const rates = [...AUSTRALIAN_GST, { effectiveFrom: '2030-01-01', basisPoints: 1500 }];
    expect(gstRateOn(rates, '2029-12-31')).toBe(1000);
    expect(gstRateOn(rates, '2030-01-01')).toBe(1500);
    expect(gstOn(123_45, 1000)).toBe(12_34); // 12.345 → 12.34 (to even)
    expect(gstWithin(110_00, 1000)).toBe(10_00);
  });

  it('formats with thousands separators, 2 decimals and the currency symbol', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(123456789, 'AUD')).toBe('$1,234,567.89');
    expect(formatMoney(-1999, 'GBP')).toBe('-£19.99');
    expect(formatMoney(100_000_000_000_000, 'EUR')).toBe('€1,000,000,000,000.00');
    expect(formatMoney(4_999_999_999_999_999 - 99)).toBe('$49,999,999,999,999.00');
    expect(formatPercent(950)).toBe('9.50%');
  });

  it('parses typed amounts, stripping $ and commas, at most 2 decimals', () => {
    expect(parseMoney('$1,234.5')).toBe(123450);
    expect(parseMoney('1234')).toBe(123400);
    expect(parseMoney('.5')).toBe(50);
    expect(parseMoney('-$3.07')).toBe(-307);
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('1.005')).toBeUndefined();
    expect(parseMoney('abc')).toBeUndefined();
    expect(parseMoney('')).toBeUndefined();
    expect(parsePercent('9.5')).toBe(950);
    expect(parsePercent('10%')).toBe(1000);
    expect(parsePercent('9.555')).toBeUndefined();
  });

  it('validates money inputs with the spec messages', () => {
    expect(MoneyInput.parse('$1,000.10')).toBe(100010);
    expect(MoneyInput.parse(250)).toBe(250);
    expect(MoneyInput.safeParse(-1).error?.issues[0]?.message).toBe('The value must be at least 0');
    expect(MoneyInput.safeParse('1.234').error?.issues[0]?.message).toBe('must be an amount with at most 2 decimals');
    expect(MoneyInput.safeParse(1.5).success).toBe(false);
    expect(MoneyInput.safeParse(1e10 * 100 + 1).success).toBe(false);
  });

  it('splits to the cent', () => {
    expect(splitEvenly(100, 3)).toEqual([34, 33, 33]);
    expect(allocate(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(-100, [1, 2])).toEqual([-33, -67]);
    expect(allocate(5, [0, 1])).toEqual([0, 5]);
  });

  const amount = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });

  it('property: every split of an amount sums back to it exactly, each part within a cent of its share', () => {
    fc.assert(
      fc.property(
        amount,
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (c, ws) => {
          fc.pre(ws.some((w) => w > 0));
          const parts = allocate(c, ws);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(c);
          const total = ws.reduce((a, b) => a + b, 0);
          parts.forEach((p, i) => {
            expect(Number.isInteger(p)).toBe(true);
            const exact = (BigInt(c) * BigInt(ws[i]!)) / BigInt(total);
            expect(Math.abs(p - Number(exact))).toBeLessThanOrEqual(1);
          });
        },
      ),
    );
  });

  it('property: formatting and parsing round-trip every amount', () => {
    fc.assert(
      fc.property(amount, (c) => {
        expect(parseMoney(formatMoney(c, 'AUD'))).toBe(c);
      }),
    );
  });

  it('property: a rate of an amount is within half a cent of the exact value and always whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (c, bp) => {
        const share = percentOf(c, bp);
        expect(Number.isSafeInteger(share)).toBe(true);
        const exactTimes10000 = BigInt(c) * BigInt(bp);
        const diff = BigInt(share) * 10_000n - exactTimes10000;
        expect(diff <= 5_000n && diff >= -5_000n).toBe(true);
      }),
    );
  });
});

describe('centsFromSql', () => {
  it('reads database sums of cents exactly and refuses anything but whole cents', () => {
    expect(centsFromSql('123456789012345')).toBe(123456789012345);
    expect(centsFromSql('-42')).toBe(-42);
    expect(centsFromSql(7n)).toBe(7);
    expect(centsFromSql(null)).toBe(0);
    expect(() => centsFromSql('10.50')).toThrow(RangeError);
    expect(() => centsFromSql('99999999999999999')).toThrow(RangeError);
    expect(() => centsFromSql(0.1)).toThrow(RangeError);
  });
});
