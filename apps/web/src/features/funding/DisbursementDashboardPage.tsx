import { FundingSummary } from './FundingSummary';

/** /view/dashboard-disbursement: the lender's loans by status, every amount a sum over the ledger. */
export function DisbursementDashboardPage() {
  return (
    <div className="screen">
      <h1 className="screen-title">Disbursement Dashboard</h1>
      <FundingSummary />
    </div>
  );
}
