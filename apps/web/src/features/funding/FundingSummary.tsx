import { useQuery } from '@tanstack/react-query';
import { FundingEndpoints as api } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';
import { money } from './fundingFormat';

/** Loans by status with their ledger sums: the funding dashboard panel and the report's table. */
export function FundingSummary({ title = 'Loan fundings' }: { title?: string }) {
  const client = useApi();
  const summary = useQuery({ ...endpointQuery(client, api.loanSummary), staleTime: 30_000 });
  const items = summary.data?.items ?? [];
  const total = (pick: (i: (typeof items)[number]) => number) => items.reduce((a, i) => a + pick(i), 0);
  return (
    <section className="panel" aria-labelledby="funding-summary">
      <h2 id="funding-summary">{title}</h2>
      <table className="dash-table" aria-label={title}>
        <thead>
          <tr>
            <th>Status</th>
            <th className="num">Loans</th>
            <th className="num">Principal</th>
            <th className="num">Interest</th>
            <th className="num">Fees</th>
            <th className="num">Balance</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.status}>
              <td>{i.status}</td>
              <td className="num">{i.count}</td>
              <td className="num">{money(i.principalCents)}</td>
              <td className="num">{money(i.interestCents)}</td>
              <td className="num">{money(i.feeCents)}</td>
              <td className="num">{money(i.balanceCents)}</td>
            </tr>
          ))}
          <tr>
            <th>Total</th>
            <th className="num">{total((i) => i.count)}</th>
            <th className="num">{money(total((i) => i.principalCents))}</th>
            <th className="num">{money(total((i) => i.interestCents))}</th>
            <th className="num">{money(total((i) => i.feeCents))}</th>
            <th className="num">{money(total((i) => i.balanceCents))}</th>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** /view/disbursement-funding-report: the loans by status, every amount a sum over the ledger. */
export function DisbursementFundingReportPage() {
  return (
    <div className="screen">
      <h1 className="screen-title">Disbursement Funding Report</h1>
      <FundingSummary title="Loans by status" />
    </div>
  );
}
