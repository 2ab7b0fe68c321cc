import {
  formatMoney,
  formatPercent,
  fundingTypeLabel,
  ordinal,
  parseMoney,
  type FundingAgreementDto,
} from '@casebook/domain';

/** Money as the funding screens show it: `$1,234.50`. */
export const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : formatMoney(cents);

/** An agreement's fee in words: `$250.00` or `2.00%`, or none. */
export function feeText(a: Pick<FundingAgreementDto, 'feeType' | 'feeValue'>): string {
  if (!a.feeType || a.feeValue === null) return 'None';
  return a.feeType === '$' ? formatMoney(a.feeValue) : formatPercent(a.feeValue);
}

/** The rate in force today, from the agreement's effective-dated rates. */
export function currentRate(a: Pick<FundingAgreementDto, 'rates'>, today: string): string {
  const inForce = a.rates.filter((r) => r.effectiveFrom <= today).at(-1) ?? a.rates[0];
  return inForce ? formatPercent(inForce.basisPoints) : '';
}

/** Repayment terms in words: `Monthly, on the 15th` or `Settlement`. */
export function repaymentText(a: Pick<FundingAgreementDto, 'repaymentType' | 'repaymentDay'>): string {
  return a.repaymentType === 'Monthly' && a.repaymentDay
    ? `Monthly, on the ${ordinal(a.repaymentDay)}`
    : a.repaymentType;
}

export { fundingTypeLabel };

/** A form rule for a typed amount (`$1,234.50`): empty, or money with at most 2 decimals. */
export const moneyRule = {
  validator: (_: unknown, value: string | undefined) =>
    !value || parseMoney(value) !== undefined
      ? Promise.resolve()
      : Promise.reject(new Error('Enter an amount with at most 2 decimals')),
};
