import { formatCents, formatPercent } from '../money';
import type { StatementLine } from './interest';

/** The description of an accrued-interest statement line: the same words on the screen and in the PDF. */
export function statementLineText(line: StatementLine): string {
  switch (line.kind) {
    case 'interest':
      return `Interest to ${line.toDate}, ${line.days} days at ${formatPercent(line.basisPoints ?? 0)} on ${formatCents(line.interestBearingCents ?? 0)}`;
    case 'repayment':
      return `Repayment${line.reference ? ` ${line.reference}` : ''}: fees ${formatCents(line.appliedToFeesCents ?? 0)}, interest ${formatCents(line.appliedToInterestCents ?? 0)}, principal ${formatCents(line.appliedToPrincipalCents ?? 0)}`;
    case 'advance':
      return `Advance${line.reference ? `: ${line.reference}` : ''}`;
    case 'fee':
      return 'Upfront fee';
  }
}
