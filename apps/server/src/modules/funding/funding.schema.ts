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
  AdvanceRequestStatus,
  FundingRequestSide,
  FundingRequestStatus,
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
    /** Interest charged upfront: the days of interest each advance is charged on its day (decision 0092). */
    upfrontInterestDays: integer('upfront_interest_days'),
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
    check(
      'funding_agreements_upfront_check',
      sql`(interest_charge = 'Upfront') = (upfront_interest_days is not null and upfront_interest_days between 1 and 3650)`,
    ),
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

/**
 * The lenders a borrowing tenant deals with (`tenants/approvedlenders`, decision 0027): each names a
 * FUNDING PROVIDER tenant by id and name. A firm may send a funding request only to one of these.
 */
export const fundingApprovedLenders = tenantTable(
  'funding_approved_lenders',
  {
    lenderTenantId: uuid('lender_tenant_id').notNull(),
    lenderName: text('lender_name').notNull(),
  },
  (t) => [
    uniqueIndex('funding_approved_lenders_lender_idx')
      .on(t.tenantId, t.lenderTenantId)
      .where(sql`not is_deleted`),
  ],
);

/**
 * One party's copy of a funding request (decision 0027): the firm's (side Borrower) or the lender's (side
 * Lender), each in its own tenant. Nothing here names the other tenant's rows; the pairing is in
 * `funding_links`, which only the owner-side exchange reads.
 */
export const fundingRequests = tenantTable(
  'funding_requests',
  {
    requestNo: text('request_no').notNull(),
    side: text('side').$type<FundingRequestSide>().notNull(),
    /** The other party's display name: the lender's for the firm, the firm's for the lender. */
    counterpartyName: text('counterparty_name').notNull(),
    /** Borrower side: the approved lender it went to. */
    approvedLenderId: uuid('approved_lender_id'),
    /** Borrower side: the firm's own case, never passed on (the lender gets its number only). */
    caseId: uuid('case_id'),
    caseReference: text('case_reference').notNull(),
    borrowerReference: text('borrower_reference'),
    description: text('description').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<FundingRequestStatus>().notNull().default('Draft'),
    requestedTime: instant('requested_time'),
    /** This party's own agreement and loan once the lender has approved it. */
    agreementId: uuid('agreement_id'),
    loanId: uuid('loan_id'),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('funding_requests_no_idx').on(t.tenantId, t.requestNo),
    index('funding_requests_loan_idx').on(t.tenantId, t.loanId),
    foreignKey({
      name: 'funding_requests_lender_fkey',
      columns: [t.tenantId, t.approvedLenderId],
      foreignColumns: [fundingApprovedLenders.tenantId, fundingApprovedLenders.id],
    }),
    foreignKey({
      name: 'funding_requests_agreement_fkey',
      columns: [t.tenantId, t.agreementId],
      foreignColumns: [fundingAgreements.tenantId, fundingAgreements.id],
    }),
    foreignKey({
      name: 'funding_requests_loan_fkey',
      columns: [t.tenantId, t.loanId],
      foreignColumns: [fundingLoans.tenantId, fundingLoans.id],
    }),
    check('funding_requests_amount_check', sql`amount_cents > 0`),
  ],
);

/**
 * One party's copy of an advance request (decision 0052): the firm asks its lender for a further advance
 * on a loan the lender keeps, for an invoice; the lender approves it (the advance is recorded on both
 * copies of the loan) or rejects it.
 */
export const fundingAdvanceRequests = tenantTable(
  'funding_advance_requests',
  {
    requestNo: text('request_no').notNull(),
    side: text('side').$type<FundingRequestSide>().notNull(),
    counterpartyName: text('counterparty_name').notNull(),
    /** This party's own copy of the loan. */
    loanId: uuid('loan_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    invoiceNo: text('invoice_no'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    status: text('status').$type<AdvanceRequestStatus>().notNull(),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('funding_advance_requests_no_idx').on(t.tenantId, t.requestNo),
    foreignKey({
      name: 'funding_advance_requests_loan_fkey',
      columns: [t.tenantId, t.loanId],
      foreignColumns: [fundingLoans.tenantId, fundingLoans.id],
    }),
    index('funding_advance_requests_loan_idx').on(t.tenantId, t.loanId),
    check('funding_advance_requests_amount_check', sql`amount_cents > 0`),
  ],
);

/**
 * The pairing of the firm's and the lender's copies (decision 0027): one row per request, agreement,
 * loan and advance request handed across. Host-owned (casebook:system): the application role cannot read it at all.
 */
export const fundingLinks = pgTable(
  'funding_links',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<'request' | 'agreement' | 'loan' | 'advance'>().notNull(),
    borrowerTenantId: uuid('borrower_tenant_id').notNull(),
    lenderTenantId: uuid('lender_tenant_id').notNull(),
    borrowerRecordId: uuid('borrower_record_id').notNull(),
    lenderRecordId: uuid('lender_record_id').notNull(),
    creationTime: instant('creation_time').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'funding_links_borrower_fkey', columns: [t.borrowerTenantId], foreignColumns: [tenants.id] }),
    foreignKey({ name: 'funding_links_lender_fkey', columns: [t.lenderTenantId], foreignColumns: [tenants.id] }),
    uniqueIndex('funding_links_borrower_idx').on(t.kind, t.borrowerTenantId, t.borrowerRecordId),
    uniqueIndex('funding_links_lender_idx').on(t.kind, t.lenderTenantId, t.lenderRecordId),
    check('funding_links_kind_check', sql`kind in ('request', 'agreement', 'loan', 'advance')`),
  ],
);
