import { z } from 'zod';
import { parseIsoDate } from '../calendar';
import { Uuid } from '../ids';
import { MoneyInput } from '../money';
import { PagedListInput, pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

/**
 * Repayment invoices (decision 0062): a funder bills the borrower for what a loan owes on a date — the
 * principal still out, the interest and the fees — and records what the borrower pays against it as
 * repayments of the loan. Statuses as the spec names them.
 */
export const REPAYMENT_INVOICE_STATUSES = ['Draft', 'Sent', 'Partial Pay', 'Paid', 'Cancelled'] as const;
export type RepaymentInvoiceStatus = (typeof REPAYMENT_INVOICE_STATUSES)[number];

const required = 'This field is required';
const IsoDate = z
  .string({ error: required })
  .refine((s) => parseIsoDate(s) !== undefined, 'must be a date as YYYY-MM-DD');
const OptionalText = (max: number) => z.string().trim().max(max).nullish();
const IdParams = z.object({ id: Uuid });

export const RepaymentInvoicePaymentDto = z.object({
  id: z.string(),
  date: z.string(),
  amountCents: z.number().int(),
  reference: z.string().nullable(),
});

export const RepaymentInvoiceDto = z.object({
  id: z.string(),
  invoiceNo: z.string(),
  loanId: z.string(),
  loanNo: z.string(),
  borrowerName: z.string().nullable(),
  borrowerReference: z.string().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  principalCents: z.number().int(),
  interestCents: z.number().int(),
  feesCents: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  status: z.enum(REPAYMENT_INVOICE_STATUSES),
  notes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  sentTime: z.string().nullable(),
  concurrencyStamp: z.string(),
  payments: z.array(RepaymentInvoicePaymentDto),
});
export type RepaymentInvoiceDto = z.infer<typeof RepaymentInvoiceDto>;

export const CreateRepaymentInvoiceInput = z
  .strictObject({
    loanId: z.string({ error: required }).pipe(Uuid),
    invoiceDate: IsoDate,
    dueDate: IsoDate,
    notes: OptionalText(2000),
  })
  .refine((v) => v.dueDate >= v.invoiceDate, {
    path: ['dueDate'],
    message: 'The due date must not be before the invoice date.',
  });
export type CreateRepaymentInvoiceInput = z.input<typeof CreateRepaymentInvoiceInput>;

export const RepaymentInvoiceListInput = PagedListInput.extend({
  status: z.enum(REPAYMENT_INVOICE_STATUSES).optional(),
  loanId: Uuid.optional(),
});

export const StampInput = z.strictObject({ concurrencyStamp: z.string({ error: required }).min(1, required) });
export const CancelRepaymentInvoiceInput = z.strictObject({
  reason: z.string({ error: required }).trim().min(1, required).max(500),
  concurrencyStamp: z.string({ error: required }).min(1, required),
});
export const RepaymentInvoicePaymentInput = z
  .strictObject({ amount: MoneyInput, date: IsoDate, reference: OptionalText(100) })
  .refine((v) => v.amount > 0, { path: ['amount'], message: 'The value must be more than 0' });
export type RepaymentInvoicePaymentInput = z.input<typeof RepaymentInvoicePaymentInput>;

export const RepaymentInvoiceCountsDto = z.object({
  items: z.array(z.object({ status: z.enum(REPAYMENT_INVOICE_STATUSES), count: z.number().int() })),
});

const BASE = '/api/app/disbursements/repayment-invoice';
const tags = ['Funding'];
const P = Permissions.disbursementFunding;
const features = ['DisbursementFunding'] as const;

export const RepaymentInvoiceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: RepaymentInvoiceListInput,
    response: pagedResult(RepaymentInvoiceDto),
    access: { permission: P.read, features },
    tags,
  }),
  counts: endpoint({
    method: 'GET',
    path: `${BASE}/counts`,
    query: z.object({ loanId: Uuid.optional() }),
    response: RepaymentInvoiceCountsDto,
    access: { permission: P.read, features },
    summary: 'Repayment invoices by status',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    params: IdParams,
    response: RepaymentInvoiceDto,
    access: { permission: P.read, features },
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    body: CreateRepaymentInvoiceInput,
    response: RepaymentInvoiceDto,
    access: { permission: P.update, features },
    summary: 'Bills the borrower for what the loan owes on the invoice date (principal, interest, fees), as a draft',
    tags,
  }),
  send: endpoint({
    method: 'POST',
    path: `${BASE}/:id/send`,
    params: IdParams,
    body: StampInput,
    response: RepaymentInvoiceDto,
    access: { permission: P.update, features },
    tags,
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${BASE}/:id/cancel`,
    params: IdParams,
    body: CancelRepaymentInvoiceInput,
    response: RepaymentInvoiceDto,
    access: { permission: P.update, features },
    summary: 'Cancels an invoice nothing was paid on, with the reason',
    tags,
  }),
  addPayment: endpoint({
    method: 'POST',
    path: `${BASE}/:id/transaction-payments`,
    params: IdParams,
    body: RepaymentInvoicePaymentInput,
    response: RepaymentInvoiceDto,
    access: { permission: P.update, features },
    summary: 'Records a payment against the invoice: a repayment of its loan in the ledger',
    tags,
  }),
  print: endpoint({
    method: 'GET',
    path: `${BASE}/:id/print`,
    params: IdParams,
    access: { permission: P.read, features },
    summary: 'The repayment invoice as a PDF',
    tags,
  }),
};
