import {
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import type { SystemInvoiceLine, SystemInvoiceStatus } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';
import { tenants } from '../../platform/db/platform.schema';

/**
 * The rates the host charges a tenant (decision 0132): one row per billed tenant, owned by it, so the
 * tenant reads its own under row-level security and the host reaches every tenant's through the system
 * connection. `id` equals the tenant's id.
 */
export const billingSettings = tenantTable(
  'billing_settings',
  {
    monthlyBaseFeeCents: integer('monthly_base_fee_cents').notNull(),
    perActiveAccountCents: integer('per_active_account_cents').notNull(),
    perActiveClientCents: integer('per_active_client_cents').notNull(),
    gstBasisPoints: integer('gst_basis_points').notNull(),
    billingDay: integer('billing_day').notNull(),
    paymentTermsDays: integer('payment_terms_days').notNull(),
    billingEmail: text('billing_email'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('billing_settings_tenant_key').on(t.tenantId)],
);

/** The host's invoices to a tenant, owned by the billed tenant (it reads what was sent to it). */
export const systemInvoices = tenantTable(
  'system_invoices',
  {
    invoiceNumber: integer('invoice_number').notNull(),
    invoiceNo: text('invoice_no').notNull(),
    month: text('month').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').$type<SystemInvoiceStatus>().notNull(),
    activeAccounts: integer('active_accounts').notNull(),
    activeClients: integer('active_clients').notNull(),
    lines: jsonb('lines').$type<SystemInvoiceLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    gstBasisPoints: integer('gst_basis_points').notNull(),
    gstCents: integer('gst_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    billingEmail: text('billing_email'),
    sentAt: instant('sent_at'),
    paidDate: date('paid_date', { mode: 'string' }),
    cancelledAt: instant('cancelled_at'),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('system_invoices_number_key').on(t.tenantId, t.invoiceNumber),
    index('system_invoices_tenant_month_idx').on(t.tenantId, t.month),
  ],
);

/** The host's invoice number series (one row, the host's): taken in the invoice's own transaction, no gaps. */
export const systemInvoiceCounters = pgTable(
  'system_invoice_number_counters',
  {
    tenantId: uuid('tenant_id').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [
    primaryKey({ name: 'system_invoice_number_counters_pkey', columns: [t.tenantId] }),
    foreignKey({
      name: 'system_invoice_number_counters_tenant_fkey',
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
    }),
  ],
);
