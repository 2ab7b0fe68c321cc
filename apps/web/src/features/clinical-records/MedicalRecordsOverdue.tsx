import { useQuery } from '@tanstack/react-query';
import { MedicalRecordModuleSummary as Module, MedicalRecordSummaryEndpoints } from '@casebook/domain';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';

/**
 * The dashboard's medical records panel: requests past their due date (decision 0040), and the list. Plain
 * markup and the module's summary: it loads with the first screen after sign-in.
 */
export function MedicalRecordsOverdue() {
  const api = useApi();
  const { open } = useWorkspace();
  const counts = useQuery({
    ...endpointQuery(api, MedicalRecordSummaryEndpoints.counts, { query: {} }),
    staleTime: 60_000,
  });
  const overdue = counts.data?.overdueCount ?? 0;
  return (
    <section className="panel" aria-labelledby="dash-records">
      <h2 id="dash-records">{Module.title}</h2>
      <table className="dash-table" aria-label="Medical records">
        <tbody>
          <tr>
            <td>Overdue</td>
            <td className="num">{counts.data ? overdue.toLocaleString('en-AU') : ''}</td>
          </tr>
          <tr>
            <td>All</td>
            <td className="num">{counts.data ? counts.data.totalCount.toLocaleString('en-AU') : ''}</td>
          </tr>
        </tbody>
      </table>
      <a
        href={Module.route}
        onClick={(e) => {
          e.preventDefault();
          open({ path: Module.route });
        }}
      >
        Open the list
      </a>
    </section>
  );
}
