import { z } from 'zod';
import { Cents, IsoDate } from '../fields';
import { Uuid } from '../ids';
import { BasisPoints, gstOn, mulDiv } from '../money';
import { PagedListInput, pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';
import { YearMonth } from './statistics';

/** What the host charges one tenant for the subscription (decision 0132). Money in integer cents, AUD. */
export const BillingSettingDto = z.object({
  tenantId: Uuid,
  tenantName: z.string(),
  currency: z.literal('AUD'),
  monthlyBaseFeeCents: Cents,
  perActiveAccountCents: Cents,
  perActiveClientCents: Cents,
  /** GST in basis points (1000 = 10%). */
  gstBasisPoints: BasisPoints,
  /** Day of the month the invoice is dated and falls due from (1–28). */
  billingDay: z.number().int(),
  paymentTermsDays: z.number().int(),
  billingEmail: z.string().nullable(),
  isActive: z.boolean(),
  /** Null until the host first saves rates for the tenant. */
  concurrencyStamp: z.string().nullable(),
  lastModificationTime: z.string().nullable(),
});
export type BillingSettingDto = z.infer<typeof BillingSettingDto>;

/** The host's edit of a tenant's rates; `concurrencyStamp` null when none were saved yet. */
export const UpdateBillingSettingInput = z.strictObject({
  monthlyBaseFeeCents: Cents,
  perActiveAccountCents: Cents,
  perActiveClientCents: Cents,
  gstBasisPoints: BasisPoints,
  billingDay: z.number().int().min(1, 'billingDay must be 1 to 28').max(28, 'billingDay must be 1 to 28'),
  paymentTermsDays: z.number().int().min(0, 'must be 0 to 90 days').max(90, 'must be 0 to 90 days'),
  billingEmail: z
    .string()
    .trim()
    .max(256)
    .refine((s) => s === '' || z.email().safeParse(s).success, 'billingEmail must be a valid e-mail address')
    .transform((s) => (s === '' ? null : s))
    .nullable(),
  isActive: z.boolean(),
  concurrencyStamp: z.string().nullable(),
});
export type UpdateBillingSettingInput = z.input<typeof UpdateBillingSettingInput>;

export const BillingSettingListInput = PagedListInput.extend({ filterText: z.string().max(200).optional() });

export const SYSTEM_INVOICE_STATUSES = ['Draft', 'Sent', 'Paid', 'Cancelled'] as const;
export const SystemInvoiceStatus = z.enum(SYSTEM_INVOICE_STATUSES);
export type SystemInvoiceStatus = z.infer<typeof SystemInvoiceStatus>;

export const SystemInvoiceLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitCents: Cents,
  amountCents: Cents,
});
export type SystemInvoiceLine = z.infer<typeof SystemInvoiceLine>;

/** An invoice of the host to a tenant for one month of the subscription. */
export const SystemInvoiceDto = z.object({
  id: Uuid,
  tenantId: Uuid,
  tenantName: z.string(),
  invoiceNo: z.string(),
  month: YearMonth,
  invoiceDate: IsoDate,
  dueDate: IsoDate,
  status: SystemInvoiceStatus,
  currency: z.literal('AUD'),
  activeAccounts: z.number().int(),
  activeClients: z.number().int(),
  lines: z.array(SystemInvoiceLine),
  subtotalCents: Cents,
  gstBasisPoints: z.number().int(),
  gstCents: Cents,
  totalCents: Cents,
  billingEmail: z.string().nullable(),
  sentAt: z.string().nullable(),
  paidDate: IsoDate.nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  creationTime: z.string(),
});
export type SystemInvoiceDto = z.infer<typeof SystemInvoiceDto>;

export const SystemInvoiceListInput = PagedListInput.extend({
  tenantId: Uuid.optional(),
  status: SystemInvoiceStatus.optional(),
});
export type SystemInvoiceListInput = z.infer<typeof SystemInvoiceListInput>;

export const CalculateSystemInvoiceInput = z.strictObject({ tenantId: Uuid, month: YearMonth });
export const MarkSystemInvoicePaidInput = z.strictObject({ paidDate: IsoDate });
export const CancelSystemInvoiceInput = z.strictObject({
  reason: z.string().trim().min(1, 'reason is required').max(500, 'reason must be at most 500 characters'),
});

/** The statuses a tenant sees: what the host has sent it. */
export const TENANT_VISIBLE_STATUSES: readonly SystemInvoiceStatus[] = ['Sent', 'Paid', 'Cancelled'];

/**
 * A month's charge from the rates and the month's counts: base fee, each active account and each active
 * client at their unit price, GST on the subtotal (half-even to the cent).
 */
export function calculateSubscription(
  rates: Pick<
    BillingSettingDto,
    'monthlyBaseFeeCents' | 'perActiveAccountCents' | 'perActiveClientCents' | 'gstBasisPoints'
  >,
  counts: { activeAccounts: number; activeClients: number },
): { lines: SystemInvoiceLine[]; subtotalCents: number; gstCents: number; totalCents: number } {
  const lines: SystemInvoiceLine[] = [
    { description: 'Monthly base fee', quantity: 1, unitCents: rates.monthlyBaseFeeCents },
    { description: 'Active accounts', quantity: counts.activeAccounts, unitCents: rates.perActiveAccountCents },
    { description: 'Active clients', quantity: counts.activeClients, unitCents: rates.perActiveClientCents },
  ].map((l) => ({ ...l, amountCents: mulDiv(l.unitCents, l.quantity, 1) }));
  const subtotalCents = lines.reduce((n, l) => n + l.amountCents, 0);
  const gstCents = gstOn(subtotalCents, rates.gstBasisPoints);
  return { lines, subtotalCents, gstCents, totalCents: subtotalCents + gstCents };
}

const TenantParams = z.object({ tenantId: Uuid });
const IdParams = z.object({ id: Uuid });
const read = { permission: Permissions.subscription.read } as const;
const host = { permission: Permissions.subscription.read, hostOnly: true } as const;

/** billing-setting: each tenant's subscription rates; the host edits them, a tenant reads its own. */
export const BillingSettingEndpoints = {
  listBillingSettings: endpoint({
    method: 'GET',
    path: '/api/app/billing-setting',
    query: BillingSettingListInput,
    response: pagedResult(BillingSettingDto),
    access: read,
    tags: ['Billing settings'],
  }),
  getBillingSetting: endpoint({
    method: 'GET',
    path: '/api/app/billing-setting/:tenantId',
    params: TenantParams,
    response: BillingSettingDto,
    access: read,
    tags: ['Billing settings'],
  }),
  updateBillingSetting: endpoint({
    method: 'PUT',
    path: '/api/app/billing-setting/:tenantId',
    params: TenantParams,
    body: UpdateBillingSettingInput,
    response: BillingSettingDto,
    access: host,
    tags: ['Billing settings'],
  }),
};

/** tenant-invoice: the invoices the host sent; a tenant its own, the host every tenant's. */
export const TenantInvoiceEndpoints = {
  listTenantInvoices: endpoint({
    method: 'GET',
    path: '/api/app/tenant-invoice',
    query: SystemInvoiceListInput,
    response: pagedResult(SystemInvoiceDto),
    access: read,
    tags: ['Tenant invoices'],
  }),
  getTenantInvoice: endpoint({
    method: 'GET',
    path: '/api/app/tenant-invoice/:id',
    params: IdParams,
    response: SystemInvoiceDto,
    access: read,
    tags: ['Tenant invoices'],
  }),
  downloadTenantInvoice: endpoint({
    method: 'GET',
    path: '/api/app/tenant-invoice/:id/pdf',
    params: IdParams,
    access: read,
    summary: 'The invoice as a PDF.',
    tags: ['Tenant invoices'],
  }),
};

/** app/system-invoice: the host calculates, previews, sends, marks paid and cancels its invoices to tenants. */
export const SystemInvoiceEndpoints = {
  calculate: endpoint({
    method: 'POST',
    path: '/api/app/system-invoice/calculate',
    body: CalculateSystemInvoiceInput,
    response: SystemInvoiceDto,
    access: host,
    summary: "A tenant's draft invoice for a month from its rates and the month's active counts.",
    tags: ['System invoices'],
  }),
  preview: endpoint({
    method: 'GET',
    path: '/api/app/system-invoice/:id/preview',
    params: IdParams,
    access: host,
    summary: 'The invoice as a PDF.',
    tags: ['System invoices'],
  }),
  sendInvoice: endpoint({
    method: 'POST',
    path: '/api/app/system-invoice/:id/sendInvoice',
    params: IdParams,
    response: SystemInvoiceDto,
    access: host,
    tags: ['System invoices'],
  }),
  markAsPaid: endpoint({
    method: 'POST',
    path: '/api/app/system-invoice/:id/markAsPaid',
    params: IdParams,
    body: MarkSystemInvoicePaidInput,
    response: SystemInvoiceDto,
    access: host,
    tags: ['System invoices'],
  }),
  cancelInvoice: endpoint({
    method: 'POST',
    path: '/api/app/system-invoice/:id/cancelInvoice',
    params: IdParams,
    body: CancelSystemInvoiceInput,
    response: SystemInvoiceDto,
    access: host,
    tags: ['System invoices'],
  }),
};
