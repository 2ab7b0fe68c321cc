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
import type { FundingInvoiceStatus } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';
import { tenants } from '../../platform/db/platform.schema';
import { fundingLoans } from './funding.schema';

const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * A funding invoice (decision 0090): the funded disbursements of one loan billed to the borrower. The
 * amounts are fixed when it is made; what is paid on it is the sum of its payments.
 */
export const fundingInvoices = tenantTable(
  'funding_invoices',
  {
    invoiceNumber: integer('invoice_number').notNull(),
    fundingInvoiceNo: text('funding_invoice_no').notNull(),
    loanId: uuid('loan_id').notNull(),
    borrowerReference: text('borrower_reference'),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principalCents: cents('principal_cents').notNull(),
    feesCents: cents('fees_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    status: text('status').$type<FundingInvoiceStatus>().notNull(),
    notes: text('notes'),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    foreignKey({
      name: 'funding_invoices_loan_fkey',
      columns: [t.tenantId, t.loanId],
      foreignColumns: [fundingLoans.tenantId, fundingLoans.id],
    }),
    uniqueIndex('funding_invoices_number_key').on(t.tenantId, t.invoiceNumber),
    index('funding_invoices_loan_idx').on(t.tenantId, t.loanId),
    index('funding_invoices_status_idx')
      .on(t.tenantId, t.status, t.invoiceDate)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** A funded disbursement billed on a funding invoice: one advance movement of the loan's ledger. */
export const fundingInvoiceItems = pgTable(
  'funding_invoice_items',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    movementId: uuid('movement_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    principalCents: cents('principal_cents').notNull(),
    feesCents: cents('fees_cents').notNull(),
  },
  (t) => [
    primaryKey({ name: 'funding_invoice_items_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'funding_invoice_items_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    foreignKey({
      name: 'funding_invoice_items_invoice_fkey',
      columns: [t.tenantId, t.invoiceId],
      foreignColumns: [fundingInvoices.tenantId, fundingInvoices.id],
    }),
    index('funding_invoice_items_invoice_idx').on(t.tenantId, t.invoiceId),
    index('funding_invoice_items_movement_idx').on(t.tenantId, t.movementId),
  ],
);

/** A payment against a funding invoice: the ledger movement (the loan's repayment) it was recorded as. */
export const fundingInvoicePayments = pgTable(
  'funding_invoice_payments',
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
    primaryKey({ name: 'funding_invoice_payments_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'funding_invoice_payments_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    foreignKey({
      name: 'funding_invoice_payments_invoice_fkey',
      columns: [t.tenantId, t.invoiceId],
      foreignColumns: [fundingInvoices.tenantId, fundingInvoices.id],
    }),
    index('funding_invoice_payments_invoice_idx').on(t.tenantId, t.invoiceId),
  ],
);

/**
 * The tenant's last number of each funding series (agreements, loans, requests, advance requests, funding
 * invoices): taken by updating the row in the same transaction as the record, so two at once wait for
 * each other instead of both taking "count + 1" (decision 0091).
 */
export const fundingNumberCounters = pgTable(
  'funding_number_counters',
  {
    tenantId: uuid('tenant_id').notNull(),
    series: text('series').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [
    primaryKey({ name: 'funding_number_counters_pkey', columns: [t.tenantId, t.series] }),
    foreignKey({
      name: 'funding_number_counters_tenant_fkey',
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
    }),
  ],
);
