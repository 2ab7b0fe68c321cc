import { z } from 'zod';
import { parseIsoDate } from '../calendar';
import { Uuid } from '../ids';
import { MoneyInput } from '../money';
import { PagedListInput, pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

/**
 * Funding invoices (decision 0090): the funder bills the borrower for the disbursements it funded on a
 * loan (each advance's principal and the fee charged with it), and records what the borrower pays against
 * the bill as repayments of the loan. Statuses as the spec names them.
 */
export const FUNDING_INVOICE_STATUSES = ['Unpaid', 'Partial Pay', 'Full Pay', 'Cancelled'] as const;
export type FundingInvoiceStatus = (typeof FUNDING_INVOICE_STATUSES)[number];

const required = 'This field is required';
const IsoDate = z
  .string({ error: required })
  .refine((s) => parseIsoDate(s) !== undefined, 'must be a date as YYYY-MM-DD');
const OptionalText = (max: number) => z.string().trim().max(max).nullish();
const IdParams = z.object({ id: Uuid });

/** One funded disbursement on the invoice: an advance of the loan and the fee charged with it. */
export const FundingInvoiceItemDto = z.object({
  movementId: z.string(),
  date: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  principalCents: z.number().int(),
  feesCents: z.number().int(),
});
export type FundingInvoiceItemDto = z.infer<typeof FundingInvoiceItemDto>;

export const FundingInvoicePaymentDto = z.object({
  id: z.string(),
  date: z.string(),
  amountCents: z.number().int(),
  reference: z.string().nullable(),
});

export const FundingInvoiceDto = z.object({
  id: z.string(),
  fundingInvoiceNo: z.string(),
  loanId: z.string(),
  loanNo: z.string(),
  borrowerName: z.string().nullable(),
  borrowerReference: z.string().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  principalCents: z.number().int(),
  feesCents: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  status: z.enum(FUNDING_INVOICE_STATUSES),
  notes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  concurrencyStamp: z.string(),
  items: z.array(FundingInvoiceItemDto),
  payments: z.array(FundingInvoicePaymentDto),
});
export type FundingInvoiceDto = z.infer<typeof FundingInvoiceDto>;

export const CreateFundingInvoiceInput = z
  .strictObject({
    loanId: z.string({ error: required }).pipe(Uuid),
    invoiceDate: IsoDate,
    dueDate: IsoDate,
    /** The firm's own reference for the matter; the loan's when not given. */
    borrowerReference: OptionalText(100),
    notes: OptionalText(2000),
  })
  .refine((v) => v.dueDate >= v.invoiceDate, {
    path: ['dueDate'],
    message: 'The due date must not be before the invoice date.',
  });
export type CreateFundingInvoiceInput = z.input<typeof CreateFundingInvoiceInput>;

export const FundingInvoiceListInput = PagedListInput.extend({
  status: z.enum(FUNDING_INVOICE_STATUSES).optional(),
  loanId: Uuid.optional(),
});

export const BillableAdvancesInput = z.object({ loanId: Uuid, invoiceDate: IsoDate });
export const BillableAdvancesDto = z.object({ items: z.array(FundingInvoiceItemDto) });

export const CancelFundingInvoiceInput = z.strictObject({
  reason: z.string({ error: required }).trim().min(1, required).max(500),
  concurrencyStamp: z.string({ error: required }).min(1, required),
});
export const FundingInvoicePaymentInput = z
  .strictObject({
    amount: MoneyInput,
    date: IsoDate,
    reference: OptionalText(100),
    /** The invoice's stamp as the caller read it: when given, a change made since is a 409. */
    concurrencyStamp: z.string().optional(),
  })
  .refine((v) => v.amount > 0, { path: ['amount'], message: 'The value must be more than 0' });
export type FundingInvoicePaymentInput = z.input<typeof FundingInvoicePaymentInput>;

export const FundingInvoiceCountsDto = z.object({
  items: z.array(z.object({ status: z.enum(FUNDING_INVOICE_STATUSES), count: z.number().int() })),
});

const BASE = '/api/app/disbursement-funding/funding-invoices';
const tags = ['Funding'];
const P = Permissions.disbursementFunding;
const features = ['DisbursementFunding'] as const;

export const FundingInvoiceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: FundingInvoiceListInput,
    response: pagedResult(FundingInvoiceDto),
    access: { permission: P.read, features },
    tags,
  }),
  counts: endpoint({
    method: 'GET',
    path: `${BASE}/counts`,
    query: z.object({ loanId: Uuid.optional() }),
    response: FundingInvoiceCountsDto,
    access: { permission: P.read, features },
    summary: 'Funding invoices by status',
    tags,
  }),
  billable: endpoint({
    method: 'GET',
    path: `${BASE}/billable`,
    query: BillableAdvancesInput,
    response: BillableAdvancesDto,
    access: { permission: P.read, features },
    summary: "The loan's funded disbursements up to the invoice date that no live funding invoice bills yet",
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    params: IdParams,
    response: FundingInvoiceDto,
    access: { permission: P.read, features },
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    body: CreateFundingInvoiceInput,
    response: FundingInvoiceDto,
    access: { permission: P.update, features },
    summary: "Bills the borrower for the loan's funded disbursements not billed yet, as an unpaid invoice",
    tags,
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${BASE}/:id/cancel`,
    params: IdParams,
    body: CancelFundingInvoiceInput,
    response: FundingInvoiceDto,
    access: { permission: P.update, features },
    summary: 'Cancels an invoice nothing was paid on, with the reason; its disbursements may be billed again',
    tags,
  }),
  addPayment: endpoint({
    method: 'POST',
    path: `${BASE}/:id/payments`,
    params: IdParams,
    body: FundingInvoicePaymentInput,
    response: FundingInvoiceDto,
    access: { permission: P.update, features },
    summary: 'Records a payment against the invoice: a repayment of its loan in the ledger',
    tags,
  }),
};
