import type { InterestTerms, InterestRatePeriod, UpfrontFee } from './interest';

/** Funding types and their numbers (money-integrations-admin.md §3). */
export const FUNDING_TYPES = [
  { value: 0, label: 'Disbursement' },
  { value: 1, label: 'Lump-Sum Loan' },
  { value: 2, label: 'Case-Based Loan' },
] as const;
export type FundingType = (typeof FUNDING_TYPES)[number]['value'];

/** The label of a funding type number. */
export function fundingTypeLabel(value: number): string {
  return FUNDING_TYPES.find((t) => t.value === value)?.label ?? String(value);
}

export const AGREEMENT_STATUSES = ['Pending', 'Effective', 'Cancelled'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/**
 * Interest charged daily as it accrues (decision 0026), or upfront: each advance charged, on its day, the
 * interest for the agreement's upfront term (decision 0092).
 */
export const INTEREST_CHARGES = ['Daily', 'Upfront'] as const;
export type InterestCharge = (typeof INTEREST_CHARGES)[number];

export const REPAYMENT_TYPES = ['Monthly', 'Settlement'] as const;
export type RepaymentType = (typeof REPAYMENT_TYPES)[number];

/** A fee as a dollar amount or a percentage of each advance. */
export const FEE_TYPES = ['$', '%'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** Days of the month a monthly repayment may fall on. */
export const REPAYMENT_DAY_MIN = 1;
export const REPAYMENT_DAY_MAX = 25;

/** 1 → 1st, 2 → 2nd, 3 → 3rd, 11 → 11th, 22 → 22nd. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/**
 * Loan statuses (decision 0026): Pending until the first advance, Active while money is owed, Settled
 * when repaid in full, Cancelled when stopped before any advance (the spec's Active and Cancelled actions).
 */
export const LOAN_STATUSES = ['Pending', 'Active', 'Settled', 'Cancelled'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** The amount types of a funding transaction (ledger line). */
export const AMOUNT_TYPES = ['Revenue', 'Credit Note', 'Principal', 'Interest'] as const;
export type AmountType = (typeof AMOUNT_TYPES)[number];

/** What a ledger line records. */
export const LEDGER_SOURCES = ['advance', 'fee', 'interest', 'repayment'] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

/** An agreement's interest terms as the interest function reads them. */
export function interestTermsOf(agreement: {
  interestMethod: 'Simple' | 'Compound';
  feeType: FeeType | null;
  feeValue: number | null;
  rates: readonly InterestRatePeriod[];
  financingStartDate?: string | null;
  interestCharge?: InterestCharge;
  upfrontInterestDays?: number | null;
}): InterestTerms {
  let fee: UpfrontFee | null = null;
  if (agreement.feeType && agreement.feeValue) {
    fee =
      agreement.feeType === '$'
        ? { kind: 'amount', cents: agreement.feeValue }
        : { kind: 'percent', basisPoints: agreement.feeValue };
  }
  return {
    method: agreement.interestMethod,
    rates: agreement.rates,
    fee,
    financingStartDate: agreement.financingStartDate ?? null,
    upfrontInterestDays: agreement.interestCharge === 'Upfront' ? (agreement.upfrontInterestDays ?? null) : null,
  };
}

/**
 * Funding request statuses (money-integrations-admin.md §3): Draft until sent, Requested once the lender
 * has it, Partial Pay or Full Pay as the lender advances part or all of the amount asked for, Cancelled when
 * the firm withdraws it or the lender declines it (decision 0050).
 */
export const FUNDING_REQUEST_STATUSES = ['Draft', 'Requested', 'Partial Pay', 'Full Pay', 'Cancelled'] as const;
export type FundingRequestStatus = (typeof FUNDING_REQUEST_STATUSES)[number];

/** Which party's copy of a request a row is (decision 0027): the firm's or the lender's. */
export const FUNDING_REQUEST_SIDES = ['Borrower', 'Lender'] as const;
export type FundingRequestSide = (typeof FUNDING_REQUEST_SIDES)[number];

/** A request's status from what has been advanced on it so far. */
export function requestStatusFromAdvanced(requestedCents: number, advancedCents: number): FundingRequestStatus {
  if (advancedCents <= 0) return 'Requested';
  return advancedCents >= requestedCents ? 'Full Pay' : 'Partial Pay';
}

/**
 * Advance request statuses (§3 "Credit and advance request statuses", decision 0052): Submitted once the
 * lender has it, then Approved (the advance is recorded), Rejected by the lender, or Cancelled by the firm.
 * Pending is a request not sent yet; requests are sent as they are made, so none stays Pending.
 */
export const ADVANCE_REQUEST_STATUSES = ['Pending', 'Submitted', 'Approved', 'Rejected', 'Cancelled'] as const;
export type AdvanceRequestStatus = (typeof ADVANCE_REQUEST_STATUSES)[number];
