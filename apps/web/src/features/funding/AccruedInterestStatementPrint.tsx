import {
  formatCents,
  FundingEndpoints as api,
  statementLineText,
  type AccruedInterestStatementDto,
} from '@casebook/domain';
import { PrintPage } from '../../app/print/PrintPage';
import { callEndpoint } from '../../platform/api/endpoints';

/**
 * /view/disbursement-funding/accrued-interest-statement-print?id=…[&untilDate=…][&fundingTransactionStatuses=Active,Settled]:
 * the statement of a loan (none, 'Cannot found', for a loan of another status),
 * line by line as the interest function gives it, with the ledger's balance beside the statement's.
 */
export function AccruedInterestStatementPrint() {
  return (
    <PrintPage<AccruedInterestStatementDto>
      title={(s) => `Accrued Interest Statement ${s.loan.loanNo}`}
      load={(query, client) =>
        callEndpoint(client, api.accruedInterestStatement, {
          params: { id: query.get('id')! },
          query: {
            untilDate: query.get('untilDate') || null,
            fundingTransactionStatuses: query.get('fundingTransactionStatuses') || null,
          },
        })
      }
      render={(s) => (
        <article className="print-sheet">
          <h1>Accrued Interest Statement</h1>
          <dl className="facts">
            <dt>Loan</dt>
            <dd>{s.loan.loanNo}</dd>
            <dt>Agreement</dt>
            <dd>{s.loan.agreementNo}</dd>
            <dt>Borrower</dt>
            <dd>{s.loan.borrowerName}</dd>
            <dt>Case reference</dt>
            <dd>{s.loan.caseReference}</dd>
            <dt>Statement to</dt>
            <dd>{s.untilDate}</dd>
          </dl>
          <table aria-label="Statement lines" style={{ width: '100%', borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                <th align="left">Date</th>
                <th align="left">Description</th>
                <th align="right">Amount</th>
                <th align="right">Balance</th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((line, i) => (
                <tr key={i}>
                  <td style={{ whiteSpace: 'nowrap', paddingRight: 8 }}>{line.date}</td>
                  <td>{statementLineText(line)}</td>
                  <td align="right" style={{ paddingLeft: 12 }}>
                    {formatCents(line.amountCents)}
                  </td>
                  <td align="right" style={{ paddingLeft: 12 }}>
                    {formatCents(line.balanceCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table aria-label="Statement totals" style={{ marginTop: 16, marginLeft: 'auto' }}>
            <tbody>
              <tr>
                <th align="left">Total advanced</th>
                <td align="right">{formatCents(s.totalAdvancedCents)}</td>
              </tr>
              <tr>
                <th align="left">Total fees</th>
                <td align="right">{formatCents(s.totalFeesCents)}</td>
              </tr>
              <tr>
                <th align="left">Total interest</th>
                <td align="right">{formatCents(s.totalInterestCents)}</td>
              </tr>
              <tr>
                <th align="left">Total repaid</th>
                <td align="right">{formatCents(s.totalRepaidCents)}</td>
              </tr>
              <tr>
                <th align="left">Balance</th>
                <td align="right" data-testid="statement-balance">
                  <strong>{formatCents(s.balanceCents)}</strong>
                </td>
              </tr>
              <tr>
                <th align="left">Ledger balance</th>
                <td align="right" data-testid="statement-ledger-balance">
                  {formatCents(s.ledgerBalanceCents)}
                </td>
              </tr>
            </tbody>
          </table>
        </article>
      )}
    />
  );
}
