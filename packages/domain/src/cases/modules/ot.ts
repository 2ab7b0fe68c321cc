import { z } from 'zod';
import { ConcurrencyStamp, IsoDate, optionalIsoDate, optionalTextArea, requiredText } from '../../fields';
import { invoiceAmounts, type InvoiceAmounts } from '../../invoices/invoice-math';
import { MoneyInput } from '../../money';

/**
 * Occupational therapy (case-modules.md §2, §7; decision 0046): OT cases ride the IME workflow as the service
 * type `OT`; what is OT's own is declared here: the quotation of an OT case with its item costs.
 */

/** The most units one item may quote. */
export const OT_MAX_QUANTITY = 10_000;

/** One item cost of a quotation: a description, whole units, a unit price in cents, and whether GST applies. */
export const OtItemCostInput = z.strictObject({
  description: requiredText(256),
  quantity: z
    .number()
    .int('quantity is a whole number of units')
    .min(1, 'The value must be at least 1')
    .max(OT_MAX_QUANTITY, `The value must be at most ${OT_MAX_QUANTITY}`),
  unitPrice: MoneyInput,
  taxable: z.boolean().default(true),
});
export type OtItemCostInput = z.input<typeof OtItemCostInput>;

/** A quotation made from its case: its date (today when absent), how long it holds, notes. */
export const InitOtQuotationInput = z.strictObject({
  quotationDate: optionalIsoDate,
  validUntil: optionalIsoDate,
  notes: optionalTextArea,
});

export const UpdateOtQuotationInput = z.strictObject({
  concurrencyStamp: ConcurrencyStamp,
  quotationDate: IsoDate,
  validUntil: optionalIsoDate,
  notes: optionalTextArea,
});

/** A quotation's amounts: each item rounded once, the totals the sums of the items (as invoices). */
export function otQuotationAmounts(
  items: readonly { quantity: number; unitPriceCents: number; taxable: boolean }[],
  gstBasisPoints: number,
): InvoiceAmounts {
  return invoiceAmounts(
    items.map((i) => ({ ...i, discountBasisPoints: 0 })),
    gstBasisPoints,
  );
}
