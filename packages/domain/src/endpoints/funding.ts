import { z } from 'zod';
import { parseIsoDate } from '../calendar';
import { Uuid } from '../ids';
import { BASIS_POINTS_PER_WHOLE, BasisPoints, MoneyInput } from '../money';
import { PagedListInput, pagedResult } from '../paging';
import { Permissions } from '../permissions';
import {
  AGREEMENT_STATUSES,
  ADVANCE_REQUEST_STATUSES,
  AMOUNT_TYPES,
  FEE_TYPES,
  FUNDING_REQUEST_SIDES,
  FUNDING_REQUEST_STATUSES,
  INTEREST_CHARGES,
  LEDGER_SOURCES,
  LOAN_STATUSES,
  type LoanStatus,
  REPAYMENT_DAY_MAX,
  REPAYMENT_DAY_MIN,
  REPAYMENT_TYPES,
} from '../funding/terms';
import { INTEREST_METHODS } from '../funding/interest';
import { endpoint } from './endpoint';

const required = 'This field is required';
const IsoDate = z
  .string({ error: required })
  .refine((s) => parseIsoDate(s) !== undefined, 'must be a date as YYYY-MM-DD');
const Text = (max: number) => z.string({ error: required }).trim().min(1, required).max(max);
const OptionalText = (max: number) => z.string().trim().max(max).nullish();
const IdParams = z.object({ id: Uuid });
const FEATURES = ['DisbursementFunding', 'FundingTransaction'] as const;

// ---------------------------------------------------------------------------------------------------------
// Funding providers and their staff

export const FundingProviderDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  isActive: z.boolean(),
  staffCount: z.number().int(),
  concurrencyStamp: z.string(),
});
export type FundingProviderDto = z.infer<typeof FundingProviderDto>;

export const CreateFundingProviderInput = z.strictObject({
  name: Text(200),
  email: z.email({ error: 'The Email field is not a valid e-mail address.' }).max(200).nullish(),
  phone: OptionalText(50),
  address: OptionalText(500),
});
export type CreateFundingProviderInput = z.input<typeof CreateFundingProviderInput>;

export const UpdateFundingProviderInput = CreateFundingProviderInput.extend({
  isActive: z.boolean().default(true),
  concurrencyStamp: z.string({ error: required }),
});
export type UpdateFundingProviderInput = z.input<typeof UpdateFundingProviderInput>;

export const FundingProviderStaffDto = z.object({
  id: z.string(),
  providerId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
});
export type FundingProviderStaffDto = z.infer<typeof FundingProviderStaffDto>;

export const CreateFundingProviderStaffInput = z.strictObject({
  name: Text(200),
  email: z.email({ error: 'The Email field is not a valid e-mail address.' }).max(200).nullish(),
  phone: OptionalText(50),
  position: OptionalText(100),
});
export type CreateFundingProviderStaffInput = z.input<typeof CreateFundingProviderStaffInput>;

// ---------------------------------------------------------------------------------------------------------
// Agreements

export const InterestRateDto = z.object({ id: z.string(), effectiveFrom: z.string(), basisPoints: z.number().int() });
export type InterestRateDto = z.infer<typeof InterestRateDto>;

/** The agreement's stamp as the caller read it: when given, a change made since is a 409. */
const Stamp = { concurrencyStamp: z.string().optional() };

export const AddInterestRateInput = z.strictObject({ effectiveFrom: IsoDate, basisPoints: BasisPoints, ...Stamp });
export type AddInterestRateInput = z.input<typeof AddInterestRateInput>;

export const FundingAgreementDto = z.object({
  id: z.string(),
  agreementNo: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  borrowerCompanyId: z.string().nullable(),
  borrowerName: z.string(),
  fundingType: z.number().int(),
  status: z.enum(AGREEMENT_STATUSES),
  interestMethod: z.enum(INTEREST_METHODS),
  interestCharge: z.enum(INTEREST_CHARGES),
  /** Interest charged upfront: the days of interest each advance is charged on its day. */
  upfrontInterestDays: z.number().int().nullable(),
  repaymentType: z.enum(REPAYMENT_TYPES),
  repaymentDay: z.number().int().nullable(),
  feeType: z.enum(FEE_TYPES).nullable(),
  /** Cents for a $ fee, basis points for a % fee. */
  feeValue: z.number().int().nullable(),
  facilityLimitCents: z.number().int(),
  financingStartDate: z.string(),
  rates: z.array(InterestRateDto),
  loanCount: z.number().int(),
  creationTime: z.string(),
  concurrencyStamp: z.string(),
});
export type FundingAgreementDto = z.infer<typeof FundingAgreementDto>;

export const CreateFundingAgreementInput = z
  .strictObject({
    providerId: Uuid,
    borrowerCompanyId: Uuid.nullish(),
    borrowerName: Text(200),
    fundingType: z.union([z.literal(0), z.literal(1), z.literal(2)], {
      error: 'fundingType must be 0 (Disbursement), 1 (Lump-Sum Loan) or 2 (Case-Based Loan)',
    }),
    interestMethod: z.enum(INTEREST_METHODS, { error: 'interestMethod must be Simple or Compound' }),
    interestCharge: z.enum(INTEREST_CHARGES, { error: 'interestCharge must be Daily or Upfront' }).default('Daily'),
    upfrontInterestDays: z
      .number()
      .int()
      .min(1, 'The value must be between 1 and 3650')
      .max(3650, 'The value must be between 1 and 3650')
      .nullish(),
    repaymentType: z.enum(REPAYMENT_TYPES, { error: 'repaymentType must be Monthly or Settlement' }),
    repaymentDay: z
      .number()
      .int()
      .min(REPAYMENT_DAY_MIN, `The value must be between ${REPAYMENT_DAY_MIN} and ${REPAYMENT_DAY_MAX}`)
      .max(REPAYMENT_DAY_MAX, `The value must be between ${REPAYMENT_DAY_MIN} and ${REPAYMENT_DAY_MAX}`)
      .nullish(),
    feeType: z.enum(FEE_TYPES, { error: 'feeType must be $ or %' }).nullish(),
    /** A $ fee in cents (or typed, `$250.00`); a % fee in basis points. */
    feeValue: z.union([z.number(), z.string()]).nullish(),
    facilityLimit: MoneyInput,
    financingStartDate: IsoDate,
    interestRate: BasisPoints,
  })
  .superRefine((v, ctx) => {
    if (v.repaymentType === 'Monthly' && !v.repaymentDay)
      ctx.addIssue({ code: 'custom', path: ['repaymentDay'], message: required });
    if (v.interestCharge === 'Upfront' && !v.upfrontInterestDays)
      ctx.addIssue({ code: 'custom', path: ['upfrontInterestDays'], message: required });
    if (v.feeType && (v.feeValue === undefined || v.feeValue === null))
      ctx.addIssue({ code: 'custom', path: ['feeValue'], message: required });
    if (v.feeType === '%' && v.feeValue !== undefined && v.feeValue !== null) {
      const ok = typeof v.feeValue === 'number' && Number.isInteger(v.feeValue);
      if (!ok || (v.feeValue as number) < 0 || (v.feeValue as number) > BASIS_POINTS_PER_WHOLE)
        ctx.addIssue({ code: 'custom', path: ['feeValue'], message: 'a % fee is whole basis points from 0 to 10,000' });
    }
    if (v.feeType === '$' && v.feeValue !== undefined && v.feeValue !== null) {
      const parsed = MoneyInput.safeParse(v.feeValue);
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', path: ['feeValue'], message: parsed.error.issues[0]?.message ?? 'invalid' });
    }
  })
  .transform((v) => ({
    ...v,
    repaymentDay: v.repaymentType === 'Monthly' ? (v.repaymentDay ?? null) : null,
    upfrontInterestDays: v.interestCharge === 'Upfront' ? (v.upfrontInterestDays ?? null) : null,
    feeType: v.feeType ?? null,
    feeValue: !v.feeType ? null : v.feeType === '$' ? (MoneyInput.parse(v.feeValue) as number) : (v.feeValue as number),
  }));
export type CreateFundingAgreementInput = z.input<typeof CreateFundingAgreementInput>;

export const ChangeAgreementStatusInput = z.strictObject({
  status: z.enum(['Effective', 'Cancelled'], { error: 'status must be Effective or Cancelled' }),
  ...Stamp,
});

export const AgreementListInput = PagedListInput.extend({
  status: z.enum(AGREEMENT_STATUSES, { error: 'status must be Pending, Effective or Cancelled' }).optional(),
});

// ---------------------------------------------------------------------------------------------------------
// Loans (disbursement fundings) and their ledger

export const LoanDto = z.object({
  id: z.string(),
  loanNo: z.string(),
  agreementId: z.string(),
  agreementNo: z.string(),
  providerName: z.string(),
  borrowerName: z.string(),
  borrowerReference: z.string().nullable(),
  caseReference: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(LOAN_STATUSES),
  interestPostedTo: z.string().nullable(),
  settlementDate: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Ledger sums. */
  principalCents: z.number().int(),
  interestCents: z.number().int(),
  feeCents: z.number().int(),
  balanceCents: z.number().int(),
  creationTime: z.string(),
});
export type LoanDto = z.infer<typeof LoanDto>;

export const CreateLoanInput = z.strictObject({
  agreementId: Uuid,
  borrowerReference: OptionalText(100),
  caseReference: OptionalText(100),
  description: OptionalText(500),
});
export type CreateLoanInput = z.input<typeof CreateLoanInput>;

export const LoanListInput = PagedListInput.extend({
  status: z.enum(LOAN_STATUSES, { error: 'status must be Pending, Active, Settled or Cancelled' }).optional(),
  agreementId: Uuid.optional(),
});

export const RecordAdvanceInput = z
  .strictObject({
    amount: MoneyInput,
    description: Text(500),
    invoiceNo: OptionalText(100),
    invoiceDate: IsoDate.nullish(),
    paymentDate: IsoDate.nullish(),
    /** The day it was entered, when neither paid nor invoiced; today when left out. */
    createdDate: IsoDate.nullish(),
  })
  .refine((v) => v.amount > 0, { path: ['amount'], message: 'The value must be more than 0' });
export type RecordAdvanceInput = z.input<typeof RecordAdvanceInput>;

export const RecordRepaymentInput = z
  .strictObject({ amount: MoneyInput, date: IsoDate, reference: OptionalText(100) })
  .refine((v) => v.amount > 0, { path: ['amount'], message: 'The value must be more than 0' });
export type RecordRepaymentInput = z.input<typeof RecordRepaymentInput>;

export const PostInterestInput = z.strictObject({ untilDate: IsoDate });
export const CancelLoanInput = z.strictObject({ reason: Text(500) });

export const FundingTransactionDto = z.object({
  id: z.string(),
  loanId: z.string(),
  loanNo: z.string(),
  entryDate: z.string(),
  periodTo: z.string().nullable(),
  amountType: z.enum(AMOUNT_TYPES),
  source: z.enum(LEDGER_SOURCES),
  amountCents: z.number().int(),
  description: z.string(),
  reference: z.string().nullable(),
  movementId: z.string(),
  creationTime: z.string(),
});
export type FundingTransactionDto = z.infer<typeof FundingTransactionDto>;

export const FundingTransactionListInput = PagedListInput.extend({
  loanId: Uuid.optional(),
  amountType: z.enum(AMOUNT_TYPES, { error: `amountType must be ${AMOUNT_TYPES.join(', ')}` }).optional(),
});

export const LoanDetailDto = LoanDto.extend({
  /** The firm's copy of a loan handed across (decision 0027): its lender's name, who records its movements. */
  keptBy: z.string().nullable(),
  agreement: FundingAgreementDto,
  ledger: z.array(FundingTransactionDto),
});
export type LoanDetailDto = z.infer<typeof LoanDetailDto>;

export const StatementLineDto = z.object({
  kind: z.enum(['advance', 'fee', 'interest', 'repayment']),
  date: z.string(),
  toDate: z.string().optional(),
  days: z.number().int().optional(),
  basisPoints: z.number().int().optional(),
  interestBearingCents: z.number().int().optional(),
  amountCents: z.number().int(),
  appliedToFeesCents: z.number().int().optional(),
  appliedToInterestCents: z.number().int().optional(),
  appliedToPrincipalCents: z.number().int().optional(),
  reference: z.string().optional(),
  principalBalanceCents: z.number().int(),
  interestBalanceCents: z.number().int(),
  feeBalanceCents: z.number().int(),
  balanceCents: z.number().int(),
});
export type StatementLineDto = z.infer<typeof StatementLineDto>;

export const AccruedInterestStatementDto = z.object({
  loan: LoanDto,
  untilDate: z.string(),
  lines: z.array(StatementLineDto),
  totalInterestCents: z.number().int(),
  totalFeesCents: z.number().int(),
  totalAdvancedCents: z.number().int(),
  totalRepaidCents: z.number().int(),
  balanceCents: z.number().int(),
  /** The ledger's sum up to the same date. */
  ledgerBalanceCents: z.number().int(),
});
export type AccruedInterestStatementDto = z.infer<typeof AccruedInterestStatementDto>;

/** Loans by status with their ledger sums: the funding dashboard and report. */
export const LoanSummaryDto = z.object({
  items: z.array(
    z.object({
      status: z.enum(LOAN_STATUSES),
      count: z.number().int(),
      principalCents: z.number().int(),
      interestCents: z.number().int(),
      feeCents: z.number().int(),
      balanceCents: z.number().int(),
    }),
  ),
});
export type LoanSummaryDto = z.infer<typeof LoanSummaryDto>;

/** The statement's date: the day interest was last posted to, unless another is asked for. */
/**
 * `fundingTransactionStatuses`: loan statuses, comma-separated (`Active,Settled`); a loan of another status
 * has no statement (decision 0092).
 */
export const StatementQuery = z.object({
  untilDate: IsoDate.optional(),
  fundingTransactionStatuses: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const values = (text ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      const unknown = values.filter((v) => !(LOAN_STATUSES as readonly string[]).includes(v));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be loan statuses (${LOAN_STATUSES.join(', ')}), comma-separated`,
        });
        return z.NEVER;
      }
      return values.length > 0 ? (values as LoanStatus[]) : undefined;
    }),
});

// ---------------------------------------------------------------------------------------------------------
// Across tenants (decision 0027): approved lenders and funding requests

export const ApprovedLenderDto = z.object({
  id: z.string(),
  lenderTenantId: z.string(),
  lenderName: z.string(),
  creationTime: z.string(),
});
export type ApprovedLenderDto = z.infer<typeof ApprovedLenderDto>;

/** A FUNDING PROVIDER tenant a borrower may approve: its id and name, nothing else. */
export const LenderOptionDto = z.object({ tenantId: z.string(), name: z.string() });
export type LenderOptionDto = z.infer<typeof LenderOptionDto>;

export const AddApprovedLenderInput = z.strictObject({ lenderTenantId: Uuid });
export type AddApprovedLenderInput = z.input<typeof AddApprovedLenderInput>;

export const FundingRequestDto = z.object({
  id: z.string(),
  requestNo: z.string(),
  side: z.enum(FUNDING_REQUEST_SIDES),
  /** The other party's name: the lender's for the firm, the firm's for the lender. */
  counterpartyName: z.string(),
  approvedLenderId: z.string().nullable(),
  caseId: z.string().nullable(),
  caseReference: z.string(),
  borrowerReference: z.string().nullable(),
  description: z.string(),
  amountCents: z.number().int(),
  /** Principal advanced on its loan so far (the ledger's sum). */
  advancedCents: z.number().int(),
  status: z.enum(FUNDING_REQUEST_STATUSES),
  requestedTime: z.string().nullable(),
  agreementId: z.string().nullable(),
  loanId: z.string().nullable(),
  loanNo: z.string().nullable(),
  cancelReason: z.string().nullable(),
  creationTime: z.string(),
  concurrencyStamp: z.string(),
});
export type FundingRequestDto = z.infer<typeof FundingRequestDto>;

export const CreateFundingRequestInput = z
  .strictObject({
    approvedLenderId: Uuid,
    caseId: Uuid.nullish(),
    caseReference: Text(100),
    borrowerReference: OptionalText(100),
    description: Text(1000),
    amount: MoneyInput,
    /** Send it to the lender at once; otherwise it stays a draft. */
    send: z.boolean().default(true),
  })
  .refine((v) => v.amount > 0, { path: ['amount'], message: 'The value must be more than 0' });
export type CreateFundingRequestInput = z.input<typeof CreateFundingRequestInput>;

export const FundingRequestListInput = PagedListInput.extend({
  status: z
    .enum(FUNDING_REQUEST_STATUSES, { error: `status must be ${FUNDING_REQUEST_STATUSES.join(', ')}` })
    .optional(),
});

/** The lender's approval: the terms of the agreement it lends under, to this firm, for this request. */
export const ApproveFundingRequestInput = z
  .strictObject({
    providerId: Uuid,
    fundingType: z
      .union([z.literal(0), z.literal(1), z.literal(2)], {
        error: 'fundingType must be 0 (Disbursement), 1 (Lump-Sum Loan) or 2 (Case-Based Loan)',
      })
      .default(2),
    interestMethod: z.enum(INTEREST_METHODS, { error: 'interestMethod must be Simple or Compound' }),
    repaymentType: z.enum(REPAYMENT_TYPES, { error: 'repaymentType must be Monthly or Settlement' }),
    repaymentDay: z
      .number()
      .int()
      .min(REPAYMENT_DAY_MIN, `The value must be between ${REPAYMENT_DAY_MIN} and ${REPAYMENT_DAY_MAX}`)
      .max(REPAYMENT_DAY_MAX, `The value must be between ${REPAYMENT_DAY_MIN} and ${REPAYMENT_DAY_MAX}`)
      .nullish(),
    feeType: z.enum(FEE_TYPES, { error: 'feeType must be $ or %' }).nullish(),
    feeValue: z.union([z.number(), z.string()]).nullish(),
    /** Left out: the amount asked for. */
    facilityLimit: MoneyInput.nullish(),
    financingStartDate: IsoDate,
    interestRate: BasisPoints,
    concurrencyStamp: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.repaymentType === 'Monthly' && !v.repaymentDay)
      ctx.addIssue({ code: 'custom', path: ['repaymentDay'], message: required });
    if (v.feeType && (v.feeValue === undefined || v.feeValue === null))
      ctx.addIssue({ code: 'custom', path: ['feeValue'], message: required });
  });
export type ApproveFundingRequestInput = z.input<typeof ApproveFundingRequestInput>;

export const CancelFundingRequestInput = z.strictObject({ reason: Text(500), concurrencyStamp: z.string().optional() });

// Advance requests (decision 0052): a firm asks its lender for a further advance on a loan the lender keeps

export const AdvanceRequestDto = z.object({
  id: z.string(),
  requestNo: z.string(),
  side: z.enum(FUNDING_REQUEST_SIDES),
  counterpartyName: z.string(),
  loanId: z.string(),
  loanNo: z.string(),
  amountCents: z.number().int(),
  description: z.string(),
  invoiceNo: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  status: z.enum(ADVANCE_REQUEST_STATUSES),
  reason: z.string().nullable(),
  creationTime: z.string(),
});
export type AdvanceRequestDto = z.infer<typeof AdvanceRequestDto>;

export const CreateAdvanceRequestInput = z
  .strictObject({
    loanId: Uuid,
    amount: MoneyInput,
    description: Text(500),
    invoiceNo: OptionalText(100),
    invoiceDate: IsoDate.nullish(),
  })
  .refine((v) => v.amount > 0, { path: ['amount'], message: 'The value must be more than 0' });
export type CreateAdvanceRequestInput = z.input<typeof CreateAdvanceRequestInput>;

export const AdvanceRequestListInput = PagedListInput.extend({
  loanId: Uuid.optional(),
  status: z
    .enum(ADVANCE_REQUEST_STATUSES, { error: `status must be ${ADVANCE_REQUEST_STATUSES.join(', ')}` })
    .optional(),
});

/** The lender's approval: the day the money was paid (interest runs from it), else the invoice date. */
export const ApproveAdvanceRequestInput = z.strictObject({ paymentDate: IsoDate.nullish() });
export const DecideAdvanceRequestInput = z.strictObject({ reason: Text(500) });
export const CheckDuplicateAdvanceInput = z.object({ loanId: Uuid, invoiceNo: Text(100) });

/** `calculate`: what the borrower would owe on a day if an advance of this amount were paid on another. */
export const CalculateAdvanceInput = z
  .object({ loanId: Uuid, amount: MoneyInput, date: IsoDate, untilDate: IsoDate })
  .refine((v) => v.amount > 0, { path: ['amount'], message: 'The value must be more than 0' })
  .refine((v) => v.untilDate >= v.date, { path: ['untilDate'], message: 'must not be before the date' });

const OwedDto = z.object({
  principalCents: z.number().int(),
  interestCents: z.number().int(),
  feesCents: z.number().int(),
  balanceCents: z.number().int(),
});
export const AdvanceCalculationDto = z.object({
  loanId: z.string(),
  amountCents: z.number().int(),
  date: z.string(),
  untilDate: z.string(),
  /** What the loan owes on the until date as it is, and with the advance. */
  without: OwedDto,
  with: OwedDto,
  /** The advance's own cost by then: its fee and the interest it earns. */
  feeCents: z.number().int(),
  interestCents: z.number().int(),
});
export type AdvanceCalculationDto = z.infer<typeof AdvanceCalculationDto>;

// ---------------------------------------------------------------------------------------------------------

const providers = '/api/app/funding-providers';
const agreements = '/api/app/funding-agreements';
const loans = '/api/app/disbursement-funding';
const requests = '/api/app/funding-requests';
const approvedLenders = '/api/app/tenants/approvedlenders';
const advances = '/api/app/agreement-advance-requests';
const tags = ['Funding'];
const P = Permissions;

/** Funding providers, agreements, loans and the ledger (features DisbursementFunding, FundingTransaction). */
export const FundingEndpoints = {
  listProviders: endpoint({
    method: 'GET',
    path: providers,
    query: PagedListInput,
    response: pagedResult(FundingProviderDto),
    access: { permission: P.fundingProviders.read, features: FEATURES },
    tags,
  }),
  getProvider: endpoint({
    method: 'GET',
    path: `${providers}/:id`,
    params: IdParams,
    response: FundingProviderDto,
    access: { permission: P.fundingProviders.read, features: FEATURES },
    tags,
  }),
  createProvider: endpoint({
    method: 'POST',
    path: providers,
    body: CreateFundingProviderInput,
    response: FundingProviderDto,
    access: { permission: P.fundingProviders.create, features: FEATURES },
    tags,
  }),
  updateProvider: endpoint({
    method: 'PUT',
    path: `${providers}/:id`,
    params: IdParams,
    body: UpdateFundingProviderInput,
    response: FundingProviderDto,
    access: { permission: P.fundingProviders.update, features: FEATURES },
    tags,
  }),
  listProviderStaff: endpoint({
    method: 'GET',
    path: `${providers}/:id/staffs`,
    params: IdParams,
    response: z.object({ items: z.array(FundingProviderStaffDto) }),
    access: { permission: P.fundingProviders.read, features: FEATURES },
    tags,
  }),
  addProviderStaff: endpoint({
    method: 'POST',
    path: `${providers}/:id/staffs`,
    params: IdParams,
    body: CreateFundingProviderStaffInput,
    response: FundingProviderStaffDto,
    access: { permission: P.fundingProviders.update, features: FEATURES },
    tags,
  }),
  removeProviderStaff: endpoint({
    method: 'DELETE',
    path: `${providers}/:id/staffs/:staffId`,
    params: z.object({ id: Uuid, staffId: Uuid }),
    status: 204,
    access: { permission: P.fundingProviders.update, features: FEATURES },
    tags,
  }),

  listAgreements: endpoint({
    method: 'GET',
    path: agreements,
    query: AgreementListInput,
    response: pagedResult(FundingAgreementDto),
    access: { permission: P.fundingAgreements.read, features: FEATURES },
    tags,
  }),
  getAgreement: endpoint({
    method: 'GET',
    path: `${agreements}/:id`,
    params: IdParams,
    response: FundingAgreementDto,
    access: { permission: P.fundingAgreements.read, features: FEATURES },
    tags,
  }),
  createAgreement: endpoint({
    method: 'POST',
    path: agreements,
    body: CreateFundingAgreementInput,
    response: FundingAgreementDto,
    access: { permission: P.fundingAgreements.create, features: FEATURES },
    tags,
  }),
  changeAgreementStatus: endpoint({
    method: 'PUT',
    path: `${agreements}/:id/status`,
    params: IdParams,
    body: ChangeAgreementStatusInput,
    response: FundingAgreementDto,
    access: { permission: P.fundingAgreements.update, features: FEATURES },
    tags,
  }),
  addInterestRate: endpoint({
    method: 'POST',
    path: `${agreements}/:id/interest-rates`,
    params: IdParams,
    body: AddInterestRateInput,
    response: FundingAgreementDto,
    access: { permission: P.fundingAgreements.update, features: FEATURES },
    tags,
  }),

  listLoans: endpoint({
    method: 'GET',
    path: loans,
    query: LoanListInput,
    response: pagedResult(LoanDto),
    access: { permission: P.disbursementFunding.read, features: ['DisbursementFunding'] },
    tags,
  }),
  loanSummary: endpoint({
    method: 'GET',
    path: `${loans}/summary`,
    response: LoanSummaryDto,
    access: { permission: P.disbursementFunding.read, features: ['DisbursementFunding'] },
    tags,
  }),
  getLoan: endpoint({
    method: 'GET',
    path: `${loans}/:id`,
    params: IdParams,
    response: LoanDetailDto,
    access: { permission: P.disbursementFunding.read, features: ['DisbursementFunding'] },
    tags,
  }),
  createLoan: endpoint({
    method: 'POST',
    path: loans,
    body: CreateLoanInput,
    response: LoanDto,
    access: { permission: P.disbursementFunding.create, features: ['DisbursementFunding'] },
    tags,
  }),
  recordAdvance: endpoint({
    method: 'POST',
    path: `${loans}/:id/advances`,
    params: IdParams,
    body: RecordAdvanceInput,
    response: LoanDto,
    access: { permission: P.disbursementFunding.update, features: ['DisbursementFunding'] },
    tags,
  }),
  recordRepayment: endpoint({
    method: 'POST',
    path: `${loans}/:id/repayments`,
    params: IdParams,
    body: RecordRepaymentInput,
    response: LoanDto,
    access: { permission: P.disbursementFunding.update, features: ['DisbursementFunding'] },
    tags,
  }),
  postInterest: endpoint({
    method: 'POST',
    path: `${loans}/:id/interest-postings`,
    params: IdParams,
    body: PostInterestInput,
    response: LoanDto,
    access: { permission: P.disbursementFunding.update, features: ['DisbursementFunding'] },
    tags,
  }),
  cancelLoan: endpoint({
    method: 'POST',
    path: `${loans}/:id/cancel`,
    params: IdParams,
    body: CancelLoanInput,
    response: LoanDto,
    access: { permission: P.disbursementFunding.update, features: ['DisbursementFunding'] },
    tags,
  }),
  accruedInterestStatement: endpoint({
    method: 'GET',
    path: `${loans}/:id/accrued-interest-statement`,
    params: IdParams,
    query: StatementQuery,
    response: AccruedInterestStatementDto,
    access: { permission: P.disbursementFunding.read, features: ['DisbursementFunding'] },
    tags,
  }),
  accruedInterestStatementPdf: endpoint({
    method: 'GET',
    path: `${loans}/:id/accrued-interest-statement/pdf`,
    params: IdParams,
    query: StatementQuery,
    access: { permission: P.disbursementFunding.read, features: ['DisbursementFunding'] },
    summary: 'The accrued-interest statement as a PDF',
    tags,
  }),

  listTransactions: endpoint({
    method: 'GET',
    path: '/api/app/funding-transactions',
    query: FundingTransactionListInput,
    response: pagedResult(FundingTransactionDto),
    access: { permission: P.fundingTransactions.read, features: ['FundingTransaction'] },
    tags,
  }),

  listApprovedLenders: endpoint({
    method: 'GET',
    path: approvedLenders,
    response: z.object({ items: z.array(ApprovedLenderDto) }),
    access: { permission: P.fundingRequests.read, features: FEATURES },
    tags,
  }),
  lenderOptions: endpoint({
    method: 'GET',
    path: `${approvedLenders}/options`,
    response: z.object({ items: z.array(LenderOptionDto) }),
    access: { permission: P.fundingRequests.create, features: FEATURES },
    summary: 'The lenders (FUNDING PROVIDER tenants) a borrower may approve',
    tags,
  }),
  addApprovedLender: endpoint({
    method: 'POST',
    path: approvedLenders,
    body: AddApprovedLenderInput,
    response: ApprovedLenderDto,
    access: { permission: P.fundingRequests.create, features: FEATURES },
    tags,
  }),
  removeApprovedLender: endpoint({
    method: 'DELETE',
    path: `${approvedLenders}/:id`,
    params: IdParams,
    status: 204,
    access: { permission: P.fundingRequests.create, features: FEATURES },
    tags,
  }),

  listRequests: endpoint({
    method: 'GET',
    path: requests,
    query: FundingRequestListInput,
    response: pagedResult(FundingRequestDto),
    access: { permission: P.fundingRequests.read, features: FEATURES },
    tags,
  }),
  getRequest: endpoint({
    method: 'GET',
    path: `${requests}/:id`,
    params: IdParams,
    response: FundingRequestDto,
    access: { permission: P.fundingRequests.read, features: FEATURES },
    tags,
  }),
  createRequest: endpoint({
    method: 'POST',
    path: requests,
    body: CreateFundingRequestInput,
    response: FundingRequestDto,
    access: { permission: P.fundingRequests.create, features: FEATURES },
    summary: "A firm's request to an approved lender (sent at once unless send is false)",
    tags,
  }),
  sendRequest: endpoint({
    method: 'POST',
    path: `${requests}/:id/send`,
    params: IdParams,
    response: FundingRequestDto,
    access: { permission: P.fundingRequests.update, features: FEATURES },
    tags,
  }),
  approveRequest: endpoint({
    method: 'POST',
    path: `${requests}/:id/approve`,
    params: IdParams,
    body: ApproveFundingRequestInput,
    response: FundingRequestDto,
    access: { permission: P.fundingRequests.update, features: FEATURES },
    summary: "The lender approves: its agreement and loan, and the firm's copies of both",
    tags,
  }),
  cancelRequest: endpoint({
    method: 'POST',
    path: `${requests}/:id/cancel`,
    params: IdParams,
    body: CancelFundingRequestInput,
    response: FundingRequestDto,
    access: { permission: P.fundingRequests.update, features: FEATURES },
    summary: 'The firm withdraws it or the lender declines it, before any loan',
    tags,
  }),

  listAdvanceRequests: endpoint({
    method: 'GET',
    path: advances,
    query: AdvanceRequestListInput,
    response: pagedResult(AdvanceRequestDto),
    access: { permission: P.disbursementFunding.read, features: ['DisbursementFunding'] },
    tags,
  }),
  calculateAdvance: endpoint({
    method: 'GET',
    path: `${advances}/calculate`,
    query: CalculateAdvanceInput,
    response: AdvanceCalculationDto,
    access: { permission: P.disbursementFunding.read, features: ['DisbursementFunding'] },
    summary: 'What the borrower would owe on a day if an advance were paid: its fee and the interest it earns',
    tags,
  }),
  checkDuplicateAdvanceRequests: endpoint({
    method: 'GET',
    path: `${advances}/check-duplicate-requests`,
    query: CheckDuplicateAdvanceInput,
    response: z.object({ duplicate: z.boolean() }),
    access: { permission: P.disbursementFunding.read, features: ['DisbursementFunding'] },
    summary: 'Whether an advance for this invoice has been asked for on the loan already',
    tags,
  }),
  getAdvanceRequest: endpoint({
    method: 'GET',
    path: `${advances}/:id`,
    params: IdParams,
    response: AdvanceRequestDto,
    access: { permission: P.disbursementFunding.read, features: ['DisbursementFunding'] },
    tags,
  }),
  createAdvanceRequest: endpoint({
    method: 'POST',
    path: advances,
    body: CreateAdvanceRequestInput,
    response: AdvanceRequestDto,
    access: { permission: P.disbursementFunding.update, features: ['DisbursementFunding'] },
    summary: "A firm asks its lender for a further advance on the lender's loan (sent at once)",
    tags,
  }),
  approveAdvanceRequest: endpoint({
    method: 'POST',
    path: `${advances}/:id/approve`,
    params: IdParams,
    body: ApproveAdvanceRequestInput,
    response: AdvanceRequestDto,
    access: { permission: P.disbursementFunding.update, features: ['DisbursementFunding'] },
    summary: 'The lender approves: the advance is recorded on both copies of the loan',
    tags,
  }),
  rejectAdvanceRequest: endpoint({
    method: 'POST',
    path: `${advances}/:id/reject`,
    params: IdParams,
    body: DecideAdvanceRequestInput,
    response: AdvanceRequestDto,
    access: { permission: P.disbursementFunding.update, features: ['DisbursementFunding'] },
    tags,
  }),
  cancelAdvanceRequest: endpoint({
    method: 'POST',
    path: `${advances}/:id/cancel`,
    params: IdParams,
    body: DecideAdvanceRequestInput,
    response: AdvanceRequestDto,
    access: { permission: P.disbursementFunding.update, features: ['DisbursementFunding'] },
    tags,
  }),
};
