import { BASIS_POINTS_PER_WHOLE, gstOn, mulDiv, sumCents } from '../money';

/**
 * Invoice arithmetic, exact to the cent. Each line is rounded once (half to even, through `mulDiv`); the
 * invoice's subtotal, GST and total are sums of the lines' own rounded amounts, so the lines always add up
 * to the invoice exactly, whatever the rates.
 */

/** What a line is made of: a whole quantity, a unit price in cents, a discount and whether GST applies. */
export type LineInput = {
  quantity: number;
  unitPriceCents: number;
  /** Discount in basis points (10% is 1000), off the line's quantity × unit price. */
  discountBasisPoints: number;
  /** Whether the line attracts GST at the invoice's rate. */
  taxable: boolean;
};

export type LineAmounts = {
  /** quantity × unit price, before the discount. */
  grossCents: number;
  discountCents: number;
  /** The line's amount exclusive of GST (gross less discount). */
  amountCents: number;
  gstCents: number;
  /** amount + GST. */
  totalCents: number;
};

export type InvoiceAmounts = {
  lines: LineAmounts[];
  subtotalCents: number;
  discountCents: number;
  gstCents: number;
  totalCents: number;
};

function assertWhole(name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max} (got ${value})`);
  }
}

/** One line's amounts: the discount and the GST each rounded once, half to even. */
export function lineAmounts(line: LineInput, gstBasisPoints: number): LineAmounts {
  assertWhole('quantity', line.quantity, 0);
  assertWhole('unit price', line.unitPriceCents, 0);
  assertWhole('discount', line.discountBasisPoints, 0, BASIS_POINTS_PER_WHOLE);
  assertWhole('GST rate', gstBasisPoints, 0, BASIS_POINTS_PER_WHOLE);
  const grossCents = mulDiv(line.unitPriceCents, line.quantity, 1);
  const discountCents = mulDiv(grossCents, line.discountBasisPoints, BASIS_POINTS_PER_WHOLE);
  const amountCents = grossCents - discountCents;
  const gstCents = line.taxable ? gstOn(amountCents, gstBasisPoints) : 0;
  return { grossCents, discountCents, amountCents, gstCents, totalCents: amountCents + gstCents };
}

/** The invoice's amounts: every total is the sum of its lines' rounded amounts. */
export function invoiceAmounts(lines: readonly LineInput[], gstBasisPoints: number): InvoiceAmounts {
  const amounts = lines.map((l) => lineAmounts(l, gstBasisPoints));
  return {
    lines: amounts,
    subtotalCents: sumCents(amounts.map((a) => a.amountCents)),
    discountCents: sumCents(amounts.map((a) => a.discountCents)),
    gstCents: sumCents(amounts.map((a) => a.gstCents)),
    totalCents: sumCents(amounts.map((a) => a.totalCents)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Payments and status

/** The statuses of a payment invoice, in the spec's words (money §3). */
export const InvoiceStatuses = ['DRAFT', 'SENT', 'PARTIAL_PAY', 'PAID', 'CANCELLED'] as const;
export type InvoiceStatus = (typeof InvoiceStatuses)[number];
export const InvoiceStatusLabels: Record<InvoiceStatus, string> = {
  DRAFT: 'Draft',
  SENT: 'Sent',
  PARTIAL_PAY: 'Partial Pay',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
};

/** What is still owed: the total less the payments, never stored, always summed. */
export function balanceOf(totalCents: number, paymentCents: readonly number[]): number {
  return totalCents - sumCents(paymentCents);
}

/** Why a payment is refused, or undefined when it may be applied to the balance. */
export function paymentProblem(balanceCents: number, paymentCents: number): string | undefined {
  if (!Number.isSafeInteger(paymentCents)) return 'The payment must be an amount with at most 2 decimals.';
  if (paymentCents <= 0) return 'The payment must be more than 0.';
  if (paymentCents > balanceCents) return 'The payment is more than the balance owing.';
  return undefined;
}

/** The balance after a payment; refuses a payment that is not a positive whole amount within the balance. */
export function applyPayment(balanceCents: number, paymentCents: number): number {
  const problem = paymentProblem(balanceCents, paymentCents);
  if (problem) throw new RangeError(problem);
  return balanceCents - paymentCents;
}

/**
 * An invoice's status from what happened to it: cancelled wins; an unsent invoice is a draft; a sent one
 * is Paid when nothing is owed, Partial Pay when something was paid, otherwise Sent.
 */
export function invoiceStatusOf(state: {
  cancelled: boolean;
  sent: boolean;
  totalCents: number;
  paidCents: number;
}): InvoiceStatus {
  if (state.cancelled) return 'CANCELLED';
  if (!state.sent) return 'DRAFT';
  if (state.paidCents >= state.totalCents) return 'PAID';
  if (state.paidCents > 0) return 'PARTIAL_PAY';
  return 'SENT';
}

/** The case status a client invoice's status moves its case to (none for a draft or a cancelled invoice). */
export function caseStatusForInvoice(
  status: InvoiceStatus,
): 'CLIENT_INVOICED' | 'CLIENT_PARTIALLY_PAID' | 'CLIENT_FULLY_PAID' | undefined {
  switch (status) {
    case 'SENT':
      return 'CLIENT_INVOICED';
    case 'PARTIAL_PAY':
      return 'CLIENT_PARTIALLY_PAID';
    case 'PAID':
      return 'CLIENT_FULLY_PAID';
    case 'DRAFT':
    case 'CANCELLED':
      return undefined;
  }
}

/** Invoice numbers: the tenant's prefix and the counter, six digits at least (INV-000042). */
export function formatInvoiceNo(n: number, prefix = 'INV-'): string {
  assertWhole('invoice number', n, 1);
  return `${prefix}${String(n).padStart(6, '0')}`;
}

// ---------------------------------------------------------------------------------------------------------
// Credit notes

/** What earlier credit notes have credited of one invoice line. */
export type CreditedSoFar = { quantity: number; amountCents: number; gstCents: number };

/**
 * What crediting `quantity` of an invoice line comes to. The credit that takes the last of the line's
 * quantity credits exactly what is left of its amounts, so a line credited in parts comes back to the
 * line's own amounts to the cent; an earlier part is worked out like a line of that quantity, never more
 * than is left. Refuses a quantity that is not a whole number from 1 to what is left.
 */
export function creditLineAmounts(
  line: LineInput & { amountCents: number; gstCents: number },
  credited: CreditedSoFar,
  quantity: number,
  gstBasisPoints: number,
): { amountCents: number; gstCents: number; totalCents: number } {
  const left = line.quantity - credited.quantity;
  assertWhole('credited quantity', quantity, 1, Math.max(1, left));
  if (quantity > left) throw new RangeError('Nothing is left to credit on this line.');
  const leftAmount = line.amountCents - credited.amountCents;
  const leftGst = line.gstCents - credited.gstCents;
  if (quantity === left) return { amountCents: leftAmount, gstCents: leftGst, totalCents: leftAmount + leftGst };
  const part = lineAmounts({ ...line, quantity }, gstBasisPoints);
  const amountCents = Math.min(part.amountCents, leftAmount);
  const gstCents = Math.min(part.gstCents, leftGst);
  return { amountCents, gstCents, totalCents: amountCents + gstCents };
}

/** Credit note numbers: their own series per tenant, `CN-` and six digits at least (CN-000007). */
export function formatCreditNoteNo(n: number): string {
  return formatInvoiceNo(n, 'CN-');
}
