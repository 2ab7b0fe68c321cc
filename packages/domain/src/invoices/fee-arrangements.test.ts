import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { feeMethodFor, remittanceTotals, specialistShare } from './fee-arrangements';

const GST = 1000; // 10%
const TWENTY_PERCENT = 2000;
const gazetted = { gazetted: true, medicalNegligence: false };
const ordinary = { gazetted: false, medicalNegligence: false };
const medNeg = { gazetted: false, medicalNegligence: true };

describe('fee arrangements', () => {
  it('arrangement 1 (split fee): a $1,000 IME at 20% commission pays the specialist $880.00', () => {
    // The provider keeps 20% of the $1,000 fee ($200) and charges GST on it ($20): $220 commission with tax.
    // The specialist gets the fee with its GST ($1,100) less that: $880.
    const s = specialistShare({
      arrangement: 1,
      service: ordinary,
      feeCents: 1000_00,
      commissionBasisPoints: TWENTY_PERCENT,
      gstBasisPoints: GST,
    });
    expect(s).toEqual({
      method: 'SPLIT',
      feeCents: 1000_00,
      shareCents: 800_00,
      commissionCents: 200_00,
      commissionTaxCents: 20_00,
      commissionAmountWithTax: 220_00,
      feeTaxCents: 100_00,
      paymentCents: 880_00,
    });
    // A gazetted fee is split the same way under arrangement 1.
    expect(
      specialistShare({
        arrangement: 1,
        service: gazetted,
        feeCents: 1000_00,
        commissionBasisPoints: TWENTY_PERCENT,
        gstBasisPoints: GST,
      }).paymentCents,
    ).toBe(880_00);
  });

  it('arrangement 2: a gazetted $1,000 fee is split; a $600 file review has the commission on top', () => {
    const gazettedFee = specialistShare({
      arrangement: 2,
      service: gazetted,
      feeCents: 1000_00,
      commissionBasisPoints: TWENTY_PERCENT,
      gstBasisPoints: GST,
    });
    expect(gazettedFee.method).toBe('SPLIT');
    expect(gazettedFee.paymentCents).toBe(880_00);
    // $600 invoiced is the specialist's $500 with 20% ($100) on top. The provider's $100 attracts $10 GST;
    // the specialist gets $660 (fee with GST) less $110: $550.
    const review = specialistShare({
      arrangement: 2,
      service: ordinary,
      feeCents: 600_00,
      commissionBasisPoints: TWENTY_PERCENT,
      gstBasisPoints: GST,
    });
    expect(review).toMatchObject({
      method: 'COMMISSION_ON_TOP',
      shareCents: 500_00,
      commissionCents: 100_00,
      commissionAmountWithTax: 110_00,
      paymentCents: 550_00,
    });
  });

  it('arrangement 3: gazetted and other fees are split; medical negligence has the commission on top', () => {
    // Medical negligence: $1,200 invoiced is the specialist's $1,000 plus 20% on top ($200, $220 with GST);
    // the specialist is paid $1,320 less $220: $1,100.
    const mn = specialistShare({
      arrangement: 3,
      service: medNeg,
      feeCents: 1200_00,
      commissionBasisPoints: TWENTY_PERCENT,
      gstBasisPoints: GST,
    });
    expect(mn).toMatchObject({
      method: 'COMMISSION_ON_TOP',
      shareCents: 1000_00,
      commissionCents: 200_00,
      paymentCents: 1100_00,
    });
    // A $600 non-gazetted report is split: $120 commission, $132 with GST, the specialist paid $660 − $132 = $528.
    const report = specialistShare({
      arrangement: 3,
      service: ordinary,
      feeCents: 600_00,
      commissionBasisPoints: TWENTY_PERCENT,
      gstBasisPoints: GST,
    });
    expect(report).toMatchObject({
      method: 'SPLIT',
      commissionCents: 120_00,
      commissionAmountWithTax: 132_00,
      paymentCents: 528_00,
    });
    expect(feeMethodFor(3, gazetted)).toBe('SPLIT');
  });

  it("arrangement 4 (COT for all): even a gazetted $1,000 fee is the specialist's fee plus 20% on top", () => {
    // $1,000 ÷ 1.2 = $833.333…, rounded to $833.33; the commission is the rest, $166.67; its GST $16.667 rounds
    // to $16.67, so $183.34 with tax; the specialist gets $1,100.00 − $183.34 = $916.66.
    const s = specialistShare({
      arrangement: 4,
      service: gazetted,
      feeCents: 1000_00,
      commissionBasisPoints: TWENTY_PERCENT,
      gstBasisPoints: GST,
    });
    expect(s).toMatchObject({
      method: 'COMMISSION_ON_TOP',
      shareCents: 833_33,
      commissionCents: 166_67,
      commissionTaxCents: 16_67,
      commissionAmountWithTax: 183_34,
      paymentCents: 916_66,
    });
    expect(feeMethodFor(4, medNeg)).toBe('COMMISSION_ON_TOP');
  });

  it('share and commission always add back to the fee, and the payment is never negative', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 3000 }),
        (arrangement, gaz, mn, feeCents, rate, gst) => {
          const s = specialistShare({
            arrangement,
            service: { gazetted: gaz, medicalNegligence: mn },
            feeCents,
            commissionBasisPoints: rate,
            gstBasisPoints: gst,
          });
          expect(s.shareCents + s.commissionCents).toBe(feeCents);
          expect(s.shareCents).toBeGreaterThanOrEqual(0);
          expect(s.commissionCents).toBeGreaterThanOrEqual(0);
          expect(s.paymentCents).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(s.paymentCents)).toBe(true);
          const totals = remittanceTotals([s, s]);
          expect(totals.paymentCents).toBe(2 * s.paymentCents);
        },
      ),
    );
  });
});
