import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, formatIsoDate, parseIsoDate } from '../calendar';
import { divideHalfEven } from '../money';
import { accrualStartDate, accrueInterest, rateOn, type InterestTerms, type LoanMovement } from './interest';

// One exact unit is 1 / (365 × 10,000) cent: a day's interest on B cents at R basis points is B × R units.
const UNITS = 3_650_000n;

const simple = (basisPoints: number, extra: Partial<InterestTerms> = {}): InterestTerms => ({
  method: 'Simple',
  rates: [{ effectiveFrom: '2000-01-01', basisPoints }],
  ...extra,
});
const advance = (date: string, cents: number): LoanMovement => ({ kind: 'advance', date, cents });
const repayment = (date: string, cents: number): LoanMovement => ({ kind: 'repayment', date, cents });
const interestLines = (s: ReturnType<typeof accrueInterest>) => s.lines.filter((l) => l.kind === 'interest');

describe('accrued interest', () => {
  it('a case-based loan of $10,000.00 at 9.5% simple daily from 15 Jan 2024 to 30 Sep 2024 earns $674.11', () => {
    // Days, Actual/365 Fixed, the repayment day not counted: Jan 15→Feb 1 17, Feb 29 (leap year), Mar 31,
    // Apr 30, May 31, Jun 30, Jul 31, Aug 31, Sep 1→30 29: 259 days.
    // 1,000,000 cents × 950 bp × 259 days = 246,050,000,000 units; ÷ 3,650,000 = 67,410.958… → 67,411 cents.
    const s = accrueInterest(simple(950), [advance('2024-01-15', 1_000_000)], '2024-09-30');
    expect(interestLines(s)).toHaveLength(1);
    expect(interestLines(s)[0]).toMatchObject({
      date: '2024-01-15',
      toDate: '2024-09-30',
      days: 259,
      amountCents: 67_411,
    });
    expect(s.totalInterestCents).toBe(67_411);
    expect(s.balanceCents).toBe(1_067_411);
  });

  it('interest charged upfront: $10,000.00 at 9.5% for a 365-day term is $950.00 on the advance day, and nothing accrues daily', () => {
    // 1,000,000 cents × 950 bp × 365 days = 346,750,000,000 units; ÷ 3,650,000 = 95,000 cents: $950.00.
    // A second advance of $2,000.00 on 1 Mar 2024: 200,000 × 950 × 365 = 69,350,000,000 units → $190.00.
    const terms = simple(950, { upfrontInterestDays: 365 });
    const s = accrueInterest(terms, [advance('2024-01-15', 1_000_000), advance('2024-03-01', 200_000)], '2024-09-30');
    expect(interestLines(s).map((l) => [l.date, l.toDate, l.days, l.interestBearingCents, l.amountCents])).toEqual([
      ['2024-01-15', '2025-01-14', 365, 1_000_000, 95_000],
      ['2024-03-01', '2025-03-01', 365, 200_000, 19_000],
    ]);
    expect(s.totalInterestCents).toBe(114_000);
    expect(s.balanceCents).toBe(1_314_000);
    // The same on the advance day itself and a year later: charged once, never accrued again.
    expect(accrueInterest(terms, [advance('2024-01-15', 1_000_000)], '2024-01-15').totalInterestCents).toBe(95_000);
    expect(accrueInterest(terms, [advance('2024-01-15', 1_000_000)], '2026-01-15').totalInterestCents).toBe(95_000);
    // Repaid early: the interest charged stays owed (fees, then interest, then principal).
    const early = accrueInterest(
      terms,
      [advance('2024-01-15', 1_000_000), repayment('2024-02-01', 1_000_000)],
      '2024-09-30',
    );
    expect(early).toMatchObject({ principalBalanceCents: 95_000, interestBalanceCents: 0, balanceCents: 95_000 });
    // A 90-day term rounds once, half to even: 1,000,000 × 950 × 90 / 3,650,000 = 23,424.66 → 23,425.
    expect(
      accrueInterest(simple(950, { upfrontInterestDays: 90 }), [advance('2024-01-15', 1_000_000)], '2024-09-30')
        .totalInterestCents,
    ).toBe(23_425);
    expect(() => accrueInterest(simple(950, { upfrontInterestDays: 0 }), [], '2024-01-01')).toThrow(RangeError);
  });

  it('a leap year earns 366/365 of the annual rate (Actual/365 Fixed)', () => {
    // 1 Jan 2024 → 1 Jan 2025 is 366 days: 1,000,000 × 1,000 × 366 / 3,650,000 = 100,273.97… → 100,274.
    const s = accrueInterest(simple(1000), [advance('2024-01-01', 1_000_000)], '2025-01-01');
    expect(s.totalInterestCents).toBe(100_274);
    // A common year is exactly 10%: 365 days → 100,000.
    expect(accrueInterest(simple(1000), [advance('2025-01-01', 1_000_000)], '2026-01-01').totalInterestCents).toBe(
      100_000,
    );
  });

  it('a rate change from 1 Jul 2024 (9.5% → 11%) splits the statement into two rate periods', () => {
    // 15 Jan → 1 Jul: 168 days at 950: 1,000,000 × 950 × 168 = 159,600,000,000 units → 43,726.03 → 43,726.
    // 1 Jul → 30 Sep: 91 days at 1,100: 100,100,000,000 units. Running total 259,700,000,000 → 71,150.68 →
    // 71,151; second line 71,151 − 43,726 = 27,425.
    const terms: InterestTerms = {
      method: 'Simple',
      rates: [
        { effectiveFrom: '2024-01-01', basisPoints: 950 },
        { effectiveFrom: '2024-07-01', basisPoints: 1100 },
      ],
    };
    const s = accrueInterest(terms, [advance('2024-01-15', 1_000_000)], '2024-09-30');
    expect(interestLines(s).map((l) => [l.date, l.toDate, l.days, l.basisPoints, l.amountCents])).toEqual([
      ['2024-01-15', '2024-07-01', 168, 950, 43_726],
      ['2024-07-01', '2024-09-30', 91, 1100, 27_425],
    ]);
    expect(s.totalInterestCents).toBe(71_151);
  });

  it('a partial repayment pays the interest first, then reduces the principal', () => {
    // 15 Jan → 15 May 2024: 121 days: 1,000,000 × 950 × 121 = 114,950,000,000 units → 31,493.15 → 31,493.
    // $3,000.00 repaid on 15 May: 31,493 to interest, 268,507 to principal; principal 731,493.
    // 15 May → 30 Sep: 138 days: 731,493 × 950 × 138 = 95,898,732,300 units. Running total
    // 210,848,732,300 → 57,766.78 → 57,767; second line 57,767 − 31,493 = 26,274.
    // Owed on 30 Sep: 731,493 + 26,274 = 757,767.
    const s = accrueInterest(
      simple(950),
      [advance('2024-01-15', 1_000_000), repayment('2024-05-15', 300_000)],
      '2024-09-30',
    );
    expect(s.lines.map((l) => [l.kind, l.date, l.amountCents])).toEqual([
      ['advance', '2024-01-15', 1_000_000],
      ['interest', '2024-01-15', 31_493],
      ['repayment', '2024-05-15', -300_000],
      ['interest', '2024-05-15', 26_274],
    ]);
    expect(s.lines[2]).toMatchObject({
      appliedToInterestCents: 31_493,
      appliedToPrincipalCents: 268_507,
      principalBalanceCents: 731_493,
      interestBalanceCents: 0,
    });
    expect(s.lines[3]).toMatchObject({ interestBearingCents: 731_493, days: 138 });
    expect(s.totalInterestCents).toBe(57_767);
    expect(s.principalBalanceCents).toBe(731_493);
    expect(s.interestBalanceCents).toBe(26_274);
    expect(s.balanceCents).toBe(757_767);
    // The statement's balance is the sum of its lines.
    expect(s.lines.reduce((a, l) => a + l.amountCents, 0)).toBe(s.balanceCents);
  });

  it('compound interest capitalises monthly: $10,000.00 at 12% from 1 Jan 2025 to 1 Apr 2025 earns $298.82', () => {
    // January, 31 days on 1,000,000: 37,200,000,000 units → 10,191.78 → 10,192.
    // 1 Feb the 10,192 unpaid capitalises: February, 28 days on 1,010,192: 33,942,451,200 units; running total
    // 71,142,451,200 → 19,491.08 → 19,491; February line 19,491 − 10,192 = 9,299.
    // 1 Mar: March, 31 days on 1,019,491: 37,925,065,200 units; running 109,067,516,400 → 29,881.51 → 29,882;
    // March line 10,391. (Simple interest would be 1,000,000 × 1,200 × 90 / 3,650,000 = 29,589.04 → 29,589.)
    const terms: InterestTerms = { method: 'Compound', rates: [{ effectiveFrom: '2025-01-01', basisPoints: 1200 }] };
    const s = accrueInterest(terms, [advance('2025-01-01', 1_000_000)], '2025-04-01');
    expect(interestLines(s).map((l) => [l.date, l.days, l.interestBearingCents, l.amountCents])).toEqual([
      ['2025-01-01', 31, 1_000_000, 10_192],
      ['2025-02-01', 28, 1_010_192, 9_299],
      ['2025-03-01', 31, 1_019_491, 10_391],
    ]);
    expect(s.totalInterestCents).toBe(29_882);
    expect(
      accrueInterest({ ...terms, method: 'Simple' }, [advance('2025-01-01', 1_000_000)], '2025-04-01')
        .totalInterestCents,
    ).toBe(29_589);
  });

  it('an upfront fee as $250.00 is charged once with the first advance and paid before interest', () => {
    // Fee 25,000; interest as the first case, 67,411; owed 1,000,000 + 25,000 + 67,411 = 1,092,411.
    const s = accrueInterest(
      simple(950, { fee: { kind: 'amount', cents: 25_000 } }),
      [advance('2024-01-15', 1_000_000)],
      '2024-09-30',
    );
    expect(s.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['advance', 1_000_000],
      ['fee', 25_000],
      ['interest', 67_411],
    ]);
    expect(s.balanceCents).toBe(1_092_411);
    // A second advance of $5,000.00 on 1 Mar 2024 carries no second fixed fee. A $300.00 repayment on 1 Jun
    // pays the 25,000 fee first, then interest, then principal.
    const t = accrueInterest(
      simple(950, { fee: { kind: 'amount', cents: 25_000 } }),
      [advance('2024-01-15', 1_000_000), advance('2024-03-01', 500_000), repayment('2024-06-01', 30_000)],
      '2024-09-30',
    );
    expect(t.lines.filter((l) => l.kind === 'fee')).toHaveLength(1);
    expect(t.lines.find((l) => l.kind === 'repayment')).toMatchObject({
      appliedToFeesCents: 25_000,
      appliedToInterestCents: 5_000,
      appliedToPrincipalCents: 0,
    });
  });

  it('an upfront fee of 2% is charged on each advance', () => {
    // 2% of 1,000,000 = 20,000; 2% of 333,333 = 6,666.66 → 6,667 (half to even is not involved: .66 rounds up).
    const s = accrueInterest(
      simple(950, { fee: { kind: 'percent', basisPoints: 200 } }),
      [advance('2024-01-15', 1_000_000), advance('2024-02-01', 333_333)],
      '2024-02-01',
    );
    expect(s.lines.filter((l) => l.kind === 'fee').map((l) => l.amountCents)).toEqual([20_000, 6_667]);
    // Interest 15 Jan → 1 Feb, 17 days on 1,000,000 at 950: 16,150,000,000 units → 4,424.66 → 4,425.
    expect(s.totalInterestCents).toBe(4_425);
    expect(s.balanceCents).toBe(1_000_000 + 333_333 + 20_000 + 6_667 + 4_425);
  });

  it('never accrues before the financing start date', () => {
    // Advanced 1 Jan 2024, financing from 1 Mar 2024 to 31 Mar: 30 days, 1,000,000 × 1,000 × 30 → 8,219.18 → 8,219.
    const s = accrueInterest(
      simple(1000, { financingStartDate: '2024-03-01' }),
      [advance('2024-01-01', 1_000_000)],
      '2024-03-31',
    );
    expect(interestLines(s)).toEqual([expect.objectContaining({ date: '2024-03-01', days: 30, amountCents: 8_219 })]);
  });

  it('starts from the payment date, else the invoice date, else the creation date, never before financing', () => {
    expect(accrualStartDate({ paymentDate: '2024-02-03', invoiceDate: '2024-02-01', createdDate: '2024-01-20' })).toBe(
      '2024-02-03',
    );
    expect(accrualStartDate({ paymentDate: null, invoiceDate: '2024-02-01', createdDate: '2024-01-20' })).toBe(
      '2024-02-01',
    );
    expect(accrualStartDate({ createdDate: '2024-01-20' })).toBe('2024-01-20');
    expect(accrualStartDate({ createdDate: '2024-01-20', financingStartDate: '2024-03-01' })).toBe('2024-03-01');
  });

  it('refuses a repayment larger than what is owed', () => {
    expect(() =>
      accrueInterest(simple(0), [advance('2024-01-01', 100), repayment('2024-01-02', 101)], '2024-02-01'),
    ).toThrow(RangeError);
  });

  it('the rate in force is the latest one on or before the day', () => {
    const rates = [
      { effectiveFrom: '2024-07-01', basisPoints: 1100 },
      { effectiveFrom: '2024-01-01', basisPoints: 950 },
    ];
    expect(rateOn(rates, '2023-12-31')).toBe(0);
    expect(rateOn(rates, '2024-06-30')).toBe(950);
    expect(rateOn(rates, '2024-07-01')).toBe(1100);
  });

  it('simple interest over a period equals the sum over any split of it, to the cent', () => {
    const date = fc.integer({ min: 0, max: 3000 }).map((n) => formatIsoDate(addDays(parseIsoDate('2020-01-01')!, n)));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        date,
        fc.integer({ min: 1, max: 2000 }),
        fc.array(fc.integer({ min: 1, max: 1999 }), { maxLength: 12 }),
        (cents, bp, start, days, offsets) => {
          const until = formatIsoDate(addDays(parseIsoDate(start)!, days));
          const splits = offsets.filter((o) => o < days).map((o) => formatIsoDate(addDays(parseIsoDate(start)!, o)));
          const whole = accrueInterest(simple(bp), [advance(start, cents)], until);
          const split = accrueInterest(simple(bp), [advance(start, cents)], until, { splitDates: splits });
          const direct = Number(divideHalfEven(BigInt(cents) * BigInt(bp) * BigInt(days), UNITS));
          expect(whole.totalInterestCents).toBe(direct);
          expect(interestLines(split).reduce((a, l) => a + l.amountCents, 0)).toBe(direct);
          expect(interestLines(split).reduce((a, l) => a + (l.days ?? 0), 0)).toBe(bp === 0 ? 0 : days);
          expect(split.balanceCents).toBe(whole.balanceCents);
        },
      ),
    );
  });
});
