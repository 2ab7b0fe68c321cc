import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocate } from '../money';
import { ageingBucketOf, daysOverdue } from './outstanding';
import {
  applyPayment,
  balanceOf,
  caseStatusForInvoice,
  creditLineAmounts,
  formatCreditNoteNo,
  formatInvoiceNo,
  invoiceAmounts,
  invoiceStatusOf,
  lineAmounts,
  paymentProblem,
} from './invoice-math';

const line = fc.record({
  quantity: fc.integer({ min: 0, max: 1000 }),
  unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }),
  discountBasisPoints: fc.integer({ min: 0, max: 10_000 }),
  taxable: fc.boolean(),
});

describe('invoice arithmetic', () => {
  it('a line: quantity × unit price, less the discount, plus GST, each rounded once half to even', () => {
    // 3 × $33.35 = $100.05; 12.5% off is $12.50625 → $12.51; $87.54 with 10% GST $8.754 → $8.75.
    expect(lineAmounts({ quantity: 3, unitPriceCents: 33_35, discountBasisPoints: 1250, taxable: true }, 1000)).toEqual(
      {
        grossCents: 100_05,
        discountCents: 12_51,
        amountCents: 87_54,
        gstCents: 8_75,
        totalCents: 96_29,
      },
    );
    expect(lineAmounts({ quantity: 1, unitPriceCents: 25, discountBasisPoints: 0, taxable: true }, 1000).gstCents).toBe(
      2,
    ); // 2.5 → 2
    expect(
      lineAmounts({ quantity: 2, unitPriceCents: 500_00, discountBasisPoints: 0, taxable: false }, 1000).gstCents,
    ).toBe(0);
  });

  it('refuses fractional quantities, prices and discounts over 100%', () => {
    expect(() =>
      lineAmounts({ quantity: 1.5, unitPriceCents: 100, discountBasisPoints: 0, taxable: false }, 1000),
    ).toThrow(/quantity/);
    expect(() =>
      lineAmounts({ quantity: 1, unitPriceCents: 10.5, discountBasisPoints: 0, taxable: false }, 1000),
    ).toThrow(/unit price/);
    expect(() =>
      lineAmounts({ quantity: 1, unitPriceCents: 100, discountBasisPoints: 10_001, taxable: false }, 1000),
    ).toThrow(/discount/);
  });

  it('property: line totals sum to the invoice total exactly, every split sums back, payments never leave a negative or fractional balance', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: -1e9, max: 1e9 }), { maxLength: 20 }),
        (lines, gst, weights, attempts) => {
          const inv = invoiceAmounts(lines, gst);
          // Lines sum to the invoice exactly.
          expect(inv.lines.reduce((a, l) => a + l.totalCents, 0)).toBe(inv.totalCents);
          expect(inv.subtotalCents + inv.gstCents).toBe(inv.totalCents);
          for (const l of inv.lines) {
            expect(l.amountCents).toBeGreaterThanOrEqual(0);
            expect(l.amountCents + l.discountCents).toBe(l.grossCents);
          }
          // Every split of the total sums back to it to the cent.
          const parts = allocate(inv.totalCents, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(inv.totalCents);
          // Any sequence of attempted payments: the accepted ones keep the balance a whole number ≥ 0.
          let balance = inv.totalCents;
          const accepted: number[] = [];
          for (const attempt of attempts) {
            if (paymentProblem(balance, attempt)) {
              expect(() => applyPayment(balance, attempt)).toThrow();
              continue;
            }
            balance = applyPayment(balance, attempt);
            accepted.push(attempt);
            expect(Number.isSafeInteger(balance)).toBe(true);
            expect(balance).toBeGreaterThanOrEqual(0);
          }
          // Paying off the rest in the split's parts ends at exactly zero.
          for (const part of allocate(balance, weights)) if (part > 0) balance = applyPayment(balance, part);
          expect(balance).toBe(0);
          expect(balanceOf(inv.totalCents, accepted)).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a fractional, zero, negative or too-large payment', () => {
    expect(paymentProblem(100_00, 10.5)).toMatch(/2 decimals/);
    expect(paymentProblem(100_00, 0)).toMatch(/more than 0/);
    expect(paymentProblem(100_00, -1)).toMatch(/more than 0/);
    expect(paymentProblem(100_00, 100_01)).toMatch(/more than the balance/);
    expect(paymentProblem(100_00, 100_00)).toBeUndefined();
  });

  it('status from payments: Draft, Sent, Partial Pay, Paid, Cancelled; and the case status each one means', () => {
    const s = (sent: boolean, paid: number, cancelled = false) =>
      invoiceStatusOf({ cancelled, sent, totalCents: 1000, paidCents: paid });
    expect(s(false, 0)).toBe('DRAFT');
    expect(s(true, 0)).toBe('SENT');
    expect(s(true, 1)).toBe('PARTIAL_PAY');
    expect(s(true, 1000)).toBe('PAID');
    expect(s(true, 1000, true)).toBe('CANCELLED');
    expect(caseStatusForInvoice('SENT')).toBe('CLIENT_INVOICED');
    expect(caseStatusForInvoice('PARTIAL_PAY')).toBe('CLIENT_PARTIALLY_PAID');
    expect(caseStatusForInvoice('PAID')).toBe('CLIENT_FULLY_PAID');
    expect(caseStatusForInvoice('DRAFT')).toBeUndefined();
  });

  it('numbers invoices with the prefix and six digits at least', () => {
    expect(formatInvoiceNo(42)).toBe('INV-000042');
    expect(formatInvoiceNo(1_234_567)).toBe('INV-1234567');
    expect(() => formatInvoiceNo(0)).toThrow();
  });
});

describe('ageing of an unpaid balance', () => {
  it('counts days past the due date into Current, 1–30, 31–60, 61–90 and over 90', () => {
    const due = '2027-01-31';
    const on = (asOf: string) => [daysOverdue(due, asOf), ageingBucketOf(due, asOf)];
    expect(on('2027-01-01')).toEqual([0, 'current']);
    expect(on('2027-01-31')).toEqual([0, 'current']);
    expect(on('2027-02-01')).toEqual([1, 'days30']);
    expect(on('2027-03-02')).toEqual([30, 'days30']);
    expect(on('2027-03-03')).toEqual([31, 'days60']);
    expect(on('2027-04-01')).toEqual([60, 'days60']);
    expect(on('2027-04-02')).toEqual([61, 'days90']);
    expect(on('2027-05-01')).toEqual([90, 'days90']);
    expect(on('2027-05-02')).toEqual([91, 'over90']);
  });
});

describe('credit notes', () => {
  it('a line credited in any parts comes back to its own amounts to the cent, each part positive', () => {
    fc.assert(
      fc.property(
        line.filter((l) => l.quantity >= 1),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(0, 1000, 1500),
        (l, cuts, gst) => {
          const own = lineAmounts(l, gst);
          const full = { ...l, amountCents: own.amountCents, gstCents: own.gstCents };
          const credited = { quantity: 0, amountCents: 0, gstCents: 0 };
          for (const cut of cuts) {
            const left = l.quantity - credited.quantity;
            if (left === 0) break;
            const part = creditLineAmounts(full, credited, Math.min(cut, left), gst);
            expect(part.amountCents).toBeGreaterThanOrEqual(0);
            expect(part.totalCents).toBe(part.amountCents + part.gstCents);
            credited.quantity += Math.min(cut, left);
            credited.amountCents += part.amountCents;
            credited.gstCents += part.gstCents;
          }
          const rest = l.quantity - credited.quantity;
          if (rest > 0) {
            const last = creditLineAmounts(full, credited, rest, gst);
            credited.amountCents += last.amountCents;
            credited.gstCents += last.gstCents;
          }
          expect(credited.amountCents).toBe(own.amountCents);
          expect(credited.gstCents).toBe(own.gstCents);
          expect(() => creditLineAmounts(full, { ...credited, quantity: l.quantity }, 1, gst)).toThrow(RangeError);
        },
      ),
    );
  });

  it('credit note numbers have their own prefix', () => {
    expect(formatCreditNoteNo(7)).toBe('CN-000007');
  });
});
