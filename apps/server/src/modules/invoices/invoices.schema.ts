import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
} from 'drizzle-orm/pg-core';
import type { CaseServiceType, Currency, InvoiceStatus } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';
import { tenants } from '../../platform/db/platform.schema';
import { cases } from '../cases/cases.schema';
import { companies, specialists } from '../people/people.schema';
import { accountCodes } from '../reference/reference.schema';

/** Whole cents: bigint in the database, a JavaScript integer in the code (safe far beyond the 1e10 maximum). */
const cents = (name: string) => bigint(name, { mode: 'number' });

/** A fee as a blueprint keeps it. */
export type BlueprintItem = {
  description: string;
  quantity: number;
  unitPriceCents: number;
  discountBasisPoints: number;
  taxable: boolean;
};

/** The fees charged for a service: per service type, company and specialist (the most specific applies). */
export const paymentBlueprints = tenantTable(
  'payment_blueprints',
  {
    name: text('name').notNull(),
    serviceType: text('service_type').$type<CaseServiceType>(),
    companyId: uuid('company_id'),
    specialistId: uuid('specialist_id'),
    commissionBasisPoints: integer('commission_basis_points').notNull().default(0),
    gazetted: boolean('gazetted').notNull().default(false),
    paymentTermDays: integer('payment_term_days').notNull().default(14),
    isActive: boolean('is_active').notNull().default(true),
    items: jsonb('items').$type<BlueprintItem[]>().notNull(),
  },
  (t) => [
    foreignKey({
      name: 'payment_blueprints_company_fkey',
      columns: [t.tenantId, t.companyId],
      foreignColumns: [companies.tenantId, companies.id],
    }),
    foreignKey({
      name: 'payment_blueprints_specialist_fkey',
      columns: [t.tenantId, t.specialistId],
      foreignColumns: [specialists.tenantId, specialists.id],
    }),
  ],
);

/** A client invoice for a case. Totals are the sums of its lines; what is paid is the sum of its payments. */
export const invoices = tenantTable(
  'invoices',
  {
    invoiceNumber: integer('invoice_number').notNull(),
    invoiceNo: text('invoice_no').notNull(),
    caseId: uuid('case_id').notNull(),
    companyId: uuid('company_id').notNull(),
    specialistId: uuid('specialist_id'),
    serviceType: text('service_type').$type<CaseServiceType>().notNull(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    gstBasisPoints: integer('gst_basis_points').notNull(),
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    gazetted: boolean('gazetted').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    discountCents: cents('discount_cents').notNull(),
    gstCents: cents('gst_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    notes: text('notes'),
    sentTime: instant('sent_time'),
    cancelledTime: instant('cancelled_time'),
    cancelComment: text('cancel_comment'),
    /** Billed under icare: the claim's number, date of injury and employer (the spec's "icare update"). */
    icareClaimNo: text('icare_claim_no'),
    dateOfInjury: date('date_of_injury', { mode: 'string' }),
    employer: text('employer'),
    /** Billed under an IRO grant of legal funding (ILARS). */
    iroGrantNo: text('iro_grant_no'),
  },
  (t) => [
    foreignKey({
      name: 'invoices_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    foreignKey({
      name: 'invoices_company_fkey',
      columns: [t.tenantId, t.companyId],
      foreignColumns: [companies.tenantId, companies.id],
    }),
    foreignKey({
      name: 'invoices_specialist_fkey',
      columns: [t.tenantId, t.specialistId],
      foreignColumns: [specialists.tenantId, specialists.id],
    }),
    uniqueIndex('invoices_number_key').on(t.tenantId, t.invoiceNumber),
    index('invoices_case_idx').on(t.tenantId, t.caseId),
    index('invoices_status_idx')
      .on(t.tenantId, t.status, t.invoiceDate)
      .where(sql`not ${t.isDeleted}`),
    // The scheme exports: a period of invoices by date.
    index('invoices_date_idx')
      .on(t.tenantId, t.invoiceDate)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** The lines of an invoice, each with its own rounded amounts. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    discountBasisPoints: integer('discount_basis_points').notNull(),
    taxable: boolean('taxable').notNull(),
    amountCents: cents('amount_cents').notNull(),
    gstCents: cents('gst_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    /** The accounting account the line is booked to, when one is chosen. */
    accountCodeId: uuid('account_code_id'),
  },
  (t) => [
    primaryKey({ name: 'invoice_lines_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'invoice_lines_account_code_fkey',
      columns: [t.tenantId, t.accountCodeId],
      foreignColumns: [accountCodes.tenantId, accountCodes.id],
    }),
    foreignKey({ name: 'invoice_lines_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    foreignKey({
      name: 'invoice_lines_invoice_fkey',
      columns: [t.tenantId, t.invoiceId],
      foreignColumns: [invoices.tenantId, invoices.id],
    }).onDelete('cascade'),
    index('invoice_lines_invoice_idx').on(t.tenantId, t.invoiceId, t.position),
  ],
);

/** Payments received against an invoice: a journal; a deleted payment is kept, marked deleted. */
export const invoicePayments = tenantTable(
  'invoice_payments',
  {
    invoiceId: uuid('invoice_id').notNull(),
    amountCents: cents('amount_cents').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    reference: text('reference'),
  },
  (t) => [
    foreignKey({
      name: 'invoice_payments_invoice_fkey',
      columns: [t.tenantId, t.invoiceId],
      foreignColumns: [invoices.tenantId, invoices.id],
    }),
    index('invoice_payments_invoice_idx')
      .on(t.tenantId, t.invoiceId)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** The tenant's last invoice number, taken under the row's lock in the invoice's own transaction. */
export const invoiceNumberCounters = pgTable(
  'invoice_number_counters',
  {
    tenantId: uuid('tenant_id').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [
    primaryKey({ name: 'invoice_number_counters_pkey', columns: [t.tenantId] }),
    foreignKey({ name: 'invoice_number_counters_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
  ],
);

/** A specialist's remittance statement for a month: the sums of its lines. */
export const remittanceStatements = tenantTable(
  'remittance_statements',
  {
    specialistId: uuid('specialist_id').notNull(),
    yearPeriod: integer('year_period').notNull(),
    monthPeriod: integer('month_period').notNull(),
    feeArrangement: integer('fee_arrangement').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    feeCents: cents('fee_cents').notNull(),
    shareCents: cents('share_cents').notNull(),
    commissionCents: cents('commission_cents').notNull(),
    commissionAmountWithTax: cents('commission_amount_with_tax').notNull(),
    paymentCents: cents('payment_cents').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'remittance_statements_specialist_fkey',
      columns: [t.tenantId, t.specialistId],
      foreignColumns: [specialists.tenantId, specialists.id],
    }),
    index('remittance_statements_period_idx').on(t.tenantId, t.yearPeriod, t.monthPeriod),
  ],
);

/** One invoice's share on a statement; an invoice is remitted once (unique per tenant). */
export const remittanceLines = pgTable(
  'remittance_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    statementId: uuid('statement_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    method: text('method').$type<'SPLIT' | 'COMMISSION_ON_TOP'>().notNull(),
    feeCents: cents('fee_cents').notNull(),
    shareCents: cents('share_cents').notNull(),
    commissionCents: cents('commission_cents').notNull(),
    commissionTaxCents: cents('commission_tax_cents').notNull(),
    commissionAmountWithTax: cents('commission_amount_with_tax').notNull(),
    feeTaxCents: cents('fee_tax_cents').notNull(),
    paymentCents: cents('payment_cents').notNull(),
  },
  (t) => [
    primaryKey({ name: 'remittance_lines_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'remittance_lines_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    foreignKey({
      name: 'remittance_lines_statement_fkey',
      columns: [t.tenantId, t.statementId],
      foreignColumns: [remittanceStatements.tenantId, remittanceStatements.id],
    }),
    foreignKey({
      name: 'remittance_lines_invoice_fkey',
      columns: [t.tenantId, t.invoiceId],
      foreignColumns: [invoices.tenantId, invoices.id],
    }),
    uniqueIndex('remittance_lines_invoice_key').on(t.tenantId, t.invoiceId),
    index('remittance_lines_statement_idx').on(t.tenantId, t.statementId),
  ],
);

/**
 * A credit note against a sent invoice: all of it or some of its lines. Its amounts are the sums of its
 * lines; what is credited lowers what is owed on the invoice.
 */
export const creditNotes = tenantTable(
  'credit_notes',
  {
    creditNoteNumber: integer('credit_note_number').notNull(),
    creditNoteNo: text('credit_note_no').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    creditDate: date('credit_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    gstCents: cents('gst_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'credit_notes_invoice_fkey',
      columns: [t.tenantId, t.invoiceId],
      foreignColumns: [invoices.tenantId, invoices.id],
    }),
    uniqueIndex('credit_notes_number_key').on(t.tenantId, t.creditNoteNumber),
    index('credit_notes_invoice_idx')
      .on(t.tenantId, t.invoiceId)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** What a credit note credits of one invoice line: a whole quantity and its amounts. */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    creditNoteId: uuid('credit_note_id').notNull(),
    invoiceLineId: uuid('invoice_line_id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    amountCents: cents('amount_cents').notNull(),
    gstCents: cents('gst_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
  },
  (t) => [
    primaryKey({ name: 'credit_note_lines_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'credit_note_lines_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    foreignKey({
      name: 'credit_note_lines_credit_note_fkey',
      columns: [t.tenantId, t.creditNoteId],
      foreignColumns: [creditNotes.tenantId, creditNotes.id],
    }),
    foreignKey({
      name: 'credit_note_lines_invoice_line_fkey',
      columns: [t.tenantId, t.invoiceLineId],
      foreignColumns: [invoiceLines.tenantId, invoiceLines.id],
    }),
    index('credit_note_lines_note_idx').on(t.tenantId, t.creditNoteId, t.position),
    index('credit_note_lines_invoice_line_idx').on(t.tenantId, t.invoiceLineId),
  ],
);

/** The tenant's last credit note number: its own series, taken like invoice numbers. */
export const creditNoteNumberCounters = pgTable(
  'credit_note_number_counters',
  {
    tenantId: uuid('tenant_id').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [
    primaryKey({ name: 'credit_note_number_counters_pkey', columns: [t.tenantId] }),
    foreignKey({
      name: 'credit_note_number_counters_tenant_fkey',
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
    }),
  ],
);
