import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RepaymentInvoiceStatus } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';
import { tenants } from '../../platform/db/platform.schema';
import { fundingLoans } from './funding.schema';

const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * A repayment invoice (decision 0062): what a loan owed on the invoice date, split as the ledger holds it.
 * The amounts are fixed when it is made; what is paid on it is the sum of its payments.
 */
export const fundingRepaymentInvoices = tenantTable(
  'funding_repayment_invoices',
  {
    invoiceNumber: integer('invoice_number').notNull(),
    invoiceNo: text('invoice_no').notNull(),
    loanId: uuid('loan_id').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principalCents: cents('principal_cents').notNull(),
    interestCents: cents('interest_cents').notNull(),
    feesCents: cents('fees_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    status: text('status').$type<RepaymentInvoiceStatus>().notNull(),
    notes: text('notes'),
    cancelReason: text('cancel_reason'),
    sentTime: instant('sent_time'),
  },
  (t) => [
    foreignKey({
      name: 'funding_repayment_invoices_loan_fkey',
      columns: [t.tenantId, t.loanId],
      foreignColumns: [fundingLoans.tenantId, fundingLoans.id],
    }),
    uniqueIndex('funding_repayment_invoices_number_key').on(t.tenantId, t.invoiceNumber),
    index('funding_repayment_invoices_loan_idx').on(t.tenantId, t.loanId),
    index('funding_repayment_invoices_status_idx')
      .on(t.tenantId, t.status, t.invoiceDate)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** A payment against a repayment invoice: the ledger movement (the loan's repayment) it was recorded as. */
export const fundingRepaymentInvoicePayments = pgTable(
  'funding_repayment_invoice_payments',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    movementId: uuid('movement_id').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    reference: text('reference'),
    creationTime: instant('creation_time').notNull().defaultNow(),
    creatorId: uuid('creator_id'),
  },
  (t) => [
    primaryKey({ name: 'funding_repayment_invoice_payments_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'funding_repayment_invoice_payments_tenant_fkey',
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
    }),
    foreignKey({
      name: 'funding_repayment_invoice_payments_invoice_fkey',
      columns: [t.tenantId, t.invoiceId],
      foreignColumns: [fundingRepaymentInvoices.tenantId, fundingRepaymentInvoices.id],
    }),
    index('funding_repayment_invoice_payments_invoice_idx').on(t.tenantId, t.invoiceId),
  ],
);

/** The tenant's last repayment invoice number: its own gap-free series, taken like invoice numbers. */
export const repaymentInvoiceNumberCounters = pgTable(
  'repayment_invoice_number_counters',
  {
    tenantId: uuid('tenant_id').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [
    primaryKey({ name: 'repayment_invoice_number_counters_pkey', columns: [t.tenantId] }),
    foreignKey({
      name: 'repayment_invoice_number_counters_tenant_fkey',
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
    }),
  ],
);
