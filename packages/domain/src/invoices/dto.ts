import { z } from 'zod';
import { CaseServiceTypes } from '../cases/dto';
import { ConcurrencyStamp, IsoDate, optionalId, optionalText, optionalTextArea } from '../fields';
import { FormMessages } from '../forms';
import { Uuid } from '../ids';
import { BasisPoints, MoneyInput } from '../money';
import { PagedListInput } from '../paging';
import { InvoiceStatuses } from './invoice-math';

const requiredId = z.string({ error: FormMessages.required }).trim().min(1, FormMessages.required).pipe(Uuid);
const Stamped = { concurrencyStamp: ConcurrencyStamp };

/** A line as typed on the invoice or the blueprint: description, whole quantity, unit price, discount, GST. */
export const InvoiceLineInput = z.strictObject({
  description: z.string().trim().min(1, FormMessages.required).max(500, 'must be at most 500 characters'),
  quantity: z.number().int('must be a whole number').min(1, 'The value must be at least 1').max(10_000),
  unitPrice: MoneyInput,
  /** Percent off, in basis points (12.5% is 1250). */
  discountBasisPoints: BasisPoints.default(0),
  taxable: z.boolean().default(true),
  /** The accounting account the line is booked to (an account code of the tenant), when one is chosen. */
  accountCodeId: optionalId,
});
export type InvoiceLineInput = z.input<typeof InvoiceLineInput>;

export const InvoiceLineDto = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  discountBasisPoints: z.number(),
  taxable: z.boolean(),
  amountCents: z.number(),
  gstCents: z.number(),
  totalCents: z.number(),
  accountCodeId: z.string().nullable(),
  /** The account code as people read it: its code and name ("4200 Assessment revenue"). */
  accountCode: z.string().nullable(),
});
export type InvoiceLineDto = z.infer<typeof InvoiceLineDto>;

export const InvoicePaymentDto = z.object({
  id: z.string(),
  amountCents: z.number(),
  paymentDate: z.string(),
  reference: z.string().nullable(),
  creationTime: z.string(),
});
export type InvoicePaymentDto = z.infer<typeof InvoicePaymentDto>;

/** A credit note against an invoice, with what it credits of each line. */
export const CreditNoteDto = z.object({
  id: z.string(),
  creditNoteNo: z.string(),
  invoiceId: z.string(),
  creditDate: z.string(),
  reason: z.string(),
  subtotalCents: z.number(),
  gstCents: z.number(),
  totalCents: z.number(),
  creationTime: z.string(),
  lines: z.array(
    z.object({
      invoiceLineId: z.string(),
      description: z.string(),
      quantity: z.number(),
      amountCents: z.number(),
      gstCents: z.number(),
      totalCents: z.number(),
    }),
  ),
});
export type CreditNoteDto = z.infer<typeof CreditNoteDto>;

export const InvoiceListItemDto = z.object({
  id: z.string(),
  invoiceNo: z.string(),
  status: z.enum(InvoiceStatuses),
  caseId: z.string(),
  caseNo: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  specialistId: z.string().nullable(),
  specialistName: z.string().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  totalCents: z.number(),
  paidCents: z.number(),
  /** What credit notes have taken off the invoice. */
  creditedCents: z.number(),
  /** total − credited − paid: what is still owed (below zero when the client is owed a refund). */
  balanceCents: z.number(),
});
export type InvoiceListItemDto = z.infer<typeof InvoiceListItemDto>;

export const InvoiceDto = InvoiceListItemDto.extend({
  gstBasisPoints: z.number(),
  subtotalCents: z.number(),
  discountCents: z.number(),
  gstCents: z.number(),
  commissionBasisPoints: z.number(),
  gazetted: z.boolean(),
  notes: z.string().nullable(),
  sentTime: z.string().nullable(),
  cancelledTime: z.string().nullable(),
  cancelComment: z.string().nullable(),
  /** Billed under icare (NSW workers compensation): the claim's number, date of injury and employer. */
  icareClaimNo: z.string().nullable(),
  dateOfInjury: z.string().nullable(),
  employer: z.string().nullable(),
  /** Billed under an IRO grant of legal funding (ILARS): the grant's number. */
  iroGrantNo: z.string().nullable(),
  concurrencyStamp: z.string(),
  lines: z.array(InvoiceLineDto),
  payments: z.array(InvoicePaymentDto),
  creditNotes: z.array(CreditNoteDto),
});
export type InvoiceDto = z.infer<typeof InvoiceDto>;

export const InvoiceListInput = PagedListInput.extend({
  status: z.enum(InvoiceStatuses).optional(),
  caseId: Uuid.optional(),
  companyId: Uuid.optional(),
  specialistId: Uuid.optional(),
  invoiceDateFrom: IsoDate.optional(),
  invoiceDateTo: IsoDate.optional(),
});
export type InvoiceListInput = z.input<typeof InvoiceListInput>;

export const InvoiceStatusCountsDto = z.object({
  totalCount: z.number(),
  items: z.array(z.object({ status: z.enum(InvoiceStatuses), count: z.number(), totalCents: z.number() })),
  /** Sent and part-paid invoices past their due date, and what is still owed on them. */
  overdue: z.object({ count: z.number(), balanceCents: z.number() }),
});
export type InvoiceStatusCountsDto = z.infer<typeof InvoiceStatusCountsDto>;

/** Invoices a case: its lines come from the payment blueprint that fits the case. */
export const InvoiceFromModuleInput = z.strictObject({
  caseId: requiredId,
  invoiceDate: IsoDate.optional(),
});

export const UpdateInvoiceInput = z.strictObject({
  ...Stamped,
  invoiceDate: IsoDate,
  dueDate: IsoDate,
  notes: optionalTextArea,
  lines: z.array(InvoiceLineInput).min(1, 'An invoice needs at least one line.').max(200),
});

export const StampedInput = z.strictObject({ ...Stamped });

export const CancelInvoiceInput = z.strictObject({
  ...Stamped,
  comment: z.string().trim().min(1, FormMessages.required).max(1000, 'must be at most 1000 characters'),
});

export const CreatePartialPaymentInput = z.strictObject({
  amount: MoneyInput,
  paymentDate: IsoDate,
  reference: optionalText(200),
});

// ---------------------------------------------------------------------------------------------------------
// Payment blueprints

/** Fees for a service: the most specific blueprint (specialist, then company, then service type) applies. */
export const PaymentBlueprintDto = z.object({
  id: z.string(),
  name: z.string(),
  serviceType: z.enum(CaseServiceTypes).nullable(),
  companyId: z.string().nullable(),
  specialistId: z.string().nullable(),
  commissionBasisPoints: z.number(),
  gazetted: z.boolean(),
  paymentTermDays: z.number(),
  isActive: z.boolean(),
  items: z.array(
    z.object({
      description: z.string(),
      quantity: z.number(),
      unitPriceCents: z.number(),
      discountBasisPoints: z.number(),
      taxable: z.boolean(),
    }),
  ),
  concurrencyStamp: z.string(),
});
export type PaymentBlueprintDto = z.infer<typeof PaymentBlueprintDto>;

const BlueprintFields = {
  name: z.string().trim().min(1, FormMessages.required).max(200, 'must be at most 200 characters'),
  serviceType: z.enum(CaseServiceTypes).nullable().default(null),
  companyId: optionalId,
  specialistId: optionalId,
  commissionBasisPoints: BasisPoints.default(0),
  gazetted: z.boolean().default(false),
  paymentTermDays: z.number().int().min(0).max(365).default(14),
  isActive: z.boolean().default(true),
  items: z.array(InvoiceLineInput).min(1, 'A blueprint needs at least one fee.').max(100),
};
export const CreatePaymentBlueprintInput = z.strictObject(BlueprintFields);
export const UpdatePaymentBlueprintInput = z.strictObject({ ...Stamped, ...BlueprintFields });

export const BlueprintFromModuleInput = z.object({ caseId: requiredId });

export const CaseIdQuery = z.object({ caseId: requiredId });

// ---------------------------------------------------------------------------------------------------------
// Credit notes

/** A credit note against a sent invoice: without lines, all that is left of it; with lines, those quantities. */
export const CreateCreditNoteInput = z.strictObject({
  creditDate: IsoDate.optional(),
  reason: z.string().trim().min(1, FormMessages.required).max(1000, 'must be at most 1000 characters'),
  lines: z
    .array(
      z.strictObject({
        invoiceLineId: requiredId,
        quantity: z.number().int('must be a whole number').min(1, 'The value must be at least 1').max(10_000),
      }),
    )
    .max(200)
    .optional(),
});
export type CreateCreditNoteInput = z.input<typeof CreateCreditNoteInput>;

// ---------------------------------------------------------------------------------------------------------
// Invoices chosen in the list: sent by e-mail, or exported

/** The e-mail template invoices are sent with (the INVOICE module's Client Invoice). */
export const CLIENT_INVOICE_TEMPLATE = 'INVOICE_CLIENT_INVOICE';

export const SelectedInvoicesInput = z.strictObject({
  ids: z.array(Uuid).min(1, 'Select at least one invoice.').max(1000, 'Select at most 1000 invoices.'),
});
export type SelectedInvoicesInput = z.input<typeof SelectedInvoicesInput>;

export const SendSelectedInvoicesDto = z.object({
  /** The invoices e-mailed, by number (drafts among them were sent first). */
  sent: z.array(z.string()),
  /** Those not e-mailed, each with why. */
  skipped: z.array(z.object({ invoiceNo: z.string(), reason: z.string() })),
});
export type SendSelectedInvoicesDto = z.infer<typeof SendSelectedInvoicesDto>;
