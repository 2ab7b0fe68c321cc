import { BASIS_POINTS_PER_WHOLE, gstOn, mulDiv, sumCents } from '../money';
import type { FeeArrangement } from '../people';

/**
 * A specialist's share of what a provider invoiced for their service, by the specialist's fee arrangement
 * (1–4). Reading recorded in docs/decisions/0024-fee-arrangements.md:
 *
 * - **Split fee**: the invoiced fee is split; the provider keeps its commission rate *of* the fee and the
 *   specialist gets the rest. commission = fee × rate.
 * - **COT (commission on top)**: the invoiced fee is the specialist's fee with the provider's commission added
 *   on top of it; the specialist gets their own fee back. share = fee ÷ (1 + rate), commission = fee − share.
 *
 * Arrangement 1 splits every fee; 2 splits gazetted fees and puts commission on top of the others; 3 splits
 * gazetted and non-gazetted fees alike and puts commission on top for medical negligence; 4 puts commission
 * on top of every fee. Each amount is rounded once, half to even, and share + commission = fee exactly.
 */

export type FeeMethod = 'SPLIT' | 'COMMISSION_ON_TOP';

/** What about the service decides the method: a gazetted (regulated) fee, a medical-negligence service. */
export type ServiceKind = { gazetted: boolean; medicalNegligence: boolean };

/** The method an arrangement applies to a service. */
export function feeMethodFor(arrangement: FeeArrangement, service: ServiceKind): FeeMethod {
  switch (arrangement) {
    case 1:
      return 'SPLIT';
    case 2:
      return service.gazetted ? 'SPLIT' : 'COMMISSION_ON_TOP';
    case 3:
      return service.medicalNegligence ? 'COMMISSION_ON_TOP' : 'SPLIT';
    case 4:
      return 'COMMISSION_ON_TOP';
  }
}

export type SpecialistShare = {
  method: FeeMethod;
  /** The fee invoiced for the service, exclusive of GST. */
  feeCents: number;
  /** The specialist's share of the fee, exclusive of GST. */
  shareCents: number;
  /** The provider's commission, exclusive of GST (fee − share). */
  commissionCents: number;
  /** GST on the commission: the provider charges it to the specialist. */
  commissionTaxCents: number;
  /** commission + its GST (the spec's commissionAmountWithTax). */
  commissionAmountWithTax: number;
  /** GST collected on the fee. */
  feeTaxCents: number;
  /** What the specialist is paid: the fee with its GST, less the commission with its GST. */
  paymentCents: number;
};

/** The specialist's share of one service's fee. */
export function specialistShare(input: {
  arrangement: FeeArrangement;
  service: ServiceKind;
  feeCents: number;
  commissionBasisPoints: number;
  gstBasisPoints: number;
  /** The GST actually charged on the fee (an invoice with GST-free lines); GST on the whole fee otherwise. */
  feeTaxCents?: number;
}): SpecialistShare {
  const { feeCents, commissionBasisPoints: rate, gstBasisPoints } = input;
  if (!Number.isSafeInteger(feeCents) || feeCents < 0) throw new RangeError(`fee must be whole cents ≥ 0`);
  if (!Number.isSafeInteger(rate) || rate < 0 || rate > BASIS_POINTS_PER_WHOLE) {
    throw new RangeError('commission rate must be whole basis points from 0 to 100%');
  }
  const method = feeMethodFor(input.arrangement, input.service);
  const commissionCents =
    method === 'SPLIT'
      ? mulDiv(feeCents, rate, BASIS_POINTS_PER_WHOLE)
      : feeCents - mulDiv(feeCents, BASIS_POINTS_PER_WHOLE, BASIS_POINTS_PER_WHOLE + rate);
  const shareCents = feeCents - commissionCents;
  const commissionTaxCents = gstOn(commissionCents, gstBasisPoints);
  const commissionAmountWithTax = commissionCents + commissionTaxCents;
  const feeTaxCents = input.feeTaxCents ?? gstOn(feeCents, gstBasisPoints);
  return {
    method,
    feeCents,
    shareCents,
    commissionCents,
    commissionTaxCents,
    commissionAmountWithTax,
    feeTaxCents,
    paymentCents: feeCents + feeTaxCents - commissionAmountWithTax,
  };
}

/** A remittance: the shares of a specialist's services in a period, each summed from the rounded parts. */
export function remittanceTotals(shares: readonly SpecialistShare[]) {
  return {
    feeCents: sumCents(shares.map((s) => s.feeCents)),
    shareCents: sumCents(shares.map((s) => s.shareCents)),
    commissionCents: sumCents(shares.map((s) => s.commissionCents)),
    commissionAmountWithTax: sumCents(shares.map((s) => s.commissionAmountWithTax)),
    paymentCents: sumCents(shares.map((s) => s.paymentCents)),
  };
}
