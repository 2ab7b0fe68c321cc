import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import type {
  AgreementStatus,
  AmountType,
  FeeType,
  InterestCharge,
  InterestMethod,
  LedgerSource,
  LoanStatus,
  RepaymentType,
} from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';
import { tenants } from '../../platform/db/platform.schema';

/** Lenders the tenant deals with (a funder's own funds, or the lenders a borrower is approved with). */
export const fundingProviders = tenantTable(
  'funding_providers',
  {
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('funding_providers_name_idx')
      .on(t.tenantId, t.name)
      .where(sql`not is_deleted`),
  ],
);

/** A provider's staff (`funding-providers/{id}/staffs`). */
export const fundingProviderStaff = tenantTable(
  'funding_provider_staff',
  {
    providerId: uuid('provider_id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    position: text('position'),
  },
  (t) => [
    foreignKey({
      name: 'funding_provider_staff_provider_fkey',
      columns: [t.tenantId, t.providerId],
      foreignColumns: [fundingProviders.tenantId, fundingProviders.id],
    }),
    index('funding_provider_staff_provider_idx').on(t.tenantId, t.providerId),
  ],
);

/** A funding agreement between a provider and a borrower: its interest, fee and repayment terms. */
export const fundingAgreements = tenantTable(
  'funding_agreements',
  {
    agreementNo: text('agreement_no').notNull(),
    providerId: uuid('provider_id').notNull(),
    borrowerCompanyId: uuid('borrower_company_id'),
    borrowerName: text('borrower_name').notNull(),
    fundingType: integer('funding_type').notNull(),
    status: text('status').$type<AgreementStatus>().notNull().default('Pending'),
    interestMethod: text('interest_method').$type<InterestMethod>().notNull(),
    interestCharge: text('interest_charge').$type<InterestCharge>().notNull().default('Daily'),
    repaymentType: text('repayment_type').$type<RepaymentType>().notNull(),
    repaymentDay: integer('repayment_day'),
    feeType: text('fee_type').$type<FeeType>(),
    feeValue: bigint('fee_value', { mode: 'number' }),
    facilityLimitCents: bigint('facility_limit_cents', { mode: 'number' }).notNull(),
    financingStartDate: date('financing_start_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('funding_agreements_no_idx').on(t.tenantId, t.agreementNo),
    foreignKey({
      name: 'funding_agreements_provider_fkey',
      columns: [t.tenantId, t.providerId],
      foreignColumns: [fundingProviders.tenantId, fundingProviders.id],
    }),
    check('funding_agreements_type_check', sql`funding_type in (0, 1, 2)`),
    check('funding_agreements_repayment_day_check', sql`repayment_day is null or repayment_day between 1 and 25`),
  ],
);

/** An agreement's annual interest rates, each in force from its date until the next. */
export const fundingInterestRates = pgTable(
  'funding_interest_rates',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    agreementId: uuid('agreement_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    basisPoints: integer('basis_points').notNull(),
    creationTime: instant('creation_time').notNull().defaultNow(),
    creatorId: uuid('creator_id'),
  },
  (t) => [
    primaryKey({ name: 'funding_interest_rates_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'funding_interest_rates_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    foreignKey({
      name: 'funding_interest_rates_agreement_fkey',
      columns: [t.tenantId, t.agreementId],
      foreignColumns: [fundingAgreements.tenantId, fundingAgreements.id],
    }),
    uniqueIndex('funding_interest_rates_date_idx').on(t.tenantId, t.agreementId, t.effectiveFrom),
    check('funding_interest_rates_bp_check', sql`basis_points between 0 and 10000`),
  ],
);

/** A loan (disbursement funding) under an agreement; its money is in the ledger. */
export const fundingLoans = tenantTable(
  'funding_loans',
  {
    loanNo: text('loan_no').notNull(),
    agreementId: uuid('agreement_id').notNull(),
    borrowerReference: text('borrower_reference'),
    caseReference: text('case_reference'),
    description: text('description'),
    status: text('status').$type<LoanStatus>().notNull().default('Pending'),
    interestPostedTo: date('interest_posted_to', { mode: 'string' }),
    settlementDate: date('settlement_date', { mode: 'string' }),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('funding_loans_no_idx').on(t.tenantId, t.loanNo),
    foreignKey({
      name: 'funding_loans_agreement_fkey',
      columns: [t.tenantId, t.agreementId],
      foreignColumns: [fundingAgreements.tenantId, fundingAgreements.id],
    }),
    index('funding_loans_agreement_idx').on(t.tenantId, t.agreementId),
  ],
);

/**
 * The funding ledger: one journal line per money movement on a loan, appended and never changed (the
 * database refuses UPDATE and DELETE). Balances and statements are sums over it.
 */
export const fundingLedger = pgTable(
  'funding_ledger',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    loanId: uuid('loan_id').notNull(),
    /** The lines written by one action (a repayment's fee, interest and principal parts) share it. */
    movementId: uuid('movement_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    /** Interest lines: the day the accrual runs up to (not included). */
    periodTo: date('period_to', { mode: 'string' }),
    amountType: text('amount_type').$type<AmountType>().notNull(),
    source: text('source').$type<LedgerSource>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    creationTime: instant('creation_time').notNull().defaultNow(),
    creatorId: uuid('creator_id'),
    /** The order lines were written in, lines of one transaction included. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ name: 'funding_ledger_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'funding_ledger_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    foreignKey({
      name: 'funding_ledger_loan_fkey',
      columns: [t.tenantId, t.loanId],
      foreignColumns: [fundingLoans.tenantId, fundingLoans.id],
    }),
    index('funding_ledger_loan_idx').on(t.tenantId, t.loanId, t.entryDate),
    check('funding_ledger_amount_type_check', sql`amount_type in ('Revenue', 'Credit Note', 'Principal', 'Interest')`),
  ],
);
