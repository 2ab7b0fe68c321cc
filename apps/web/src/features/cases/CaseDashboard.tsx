import { useQuery } from '@tanstack/react-query';
import {
  CaseEndpoints,
  formatIsoDate,
  ImeStatuses,
  ImeStatusLabels,
  todayIn,
  type CaseStatusCountsDto,
} from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';

/** The staff dashboard's case panels: cases per status, overdue statuses, today's appointments. */
export function CaseDashboard() {
  const api = useApi();
  const { tenant } = useSession();
  const { open } = useWorkspace();
  const today = formatIsoDate(todayIn(tenant.timezone));
  const counts = useQuery({
    queryKey: ['cases', 'dashboard', 'counts'],
    queryFn: () => callEndpoint(api, CaseEndpoints.countCaseStatus, { query: { serviceType: 'IME' } }),
    staleTime: 60_000,
  });
  const overdue = useQuery({
    queryKey: ['cases', 'dashboard', 'overdue'],
    queryFn: () => callEndpoint(api, CaseEndpoints.countOverdueCaseStatus, { query: { serviceType: 'IME' } }),
    staleTime: 60_000,
  });
  const appointments = useQuery({
    queryKey: ['cases', 'dashboard', 'today', today],
    queryFn: () =>
      callEndpoint(api, CaseEndpoints.list, {
        query: {
          serviceType: 'IME',
          dateFrom: today,
          dateTo: today,
          sorting: 'appointmentDate asc',
          maxResultCount: 50,
        },
      }),
    staleTime: 60_000,
  });
  const byStatus = (data: CaseStatusCountsDto | undefined) =>
    ImeStatuses.map((s) => ({ status: s, count: data?.items.find((i) => i.status === s)?.count ?? 0 })).filter(
      (i) => i.count > 0,
    );

  return (
    <div className="case-dashboard">
      <section className="panel" aria-labelledby="dash-status">
        <h2 id="dash-status">Cases by status</h2>
        <table className="dash-table" aria-label="Cases by status">
          <tbody>
            {byStatus(counts.data).map((i) => (
              <tr key={i.status}>
                <td>{ImeStatusLabels[i.status]}</td>
                <td className="num">{i.count.toLocaleString('en-AU')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {counts.data?.totalCount === 0 && <p className="muted-text">No Data</p>}
      </section>
      <section className="panel" aria-labelledby="dash-overdue">
        <h2 id="dash-overdue">Overdue</h2>
        <table className="dash-table" aria-label="Overdue cases">
          <tbody>
            {byStatus(overdue.data).map((i) => (
              <tr key={i.status}>
                <td>{ImeStatusLabels[i.status]}</td>
                <td className="num">{i.count.toLocaleString('en-AU')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {overdue.data?.totalCount === 0 && <p className="muted-text">No Data</p>}
      </section>
      <section className="panel" aria-labelledby="dash-today">
        <h2 id="dash-today">Today&apos;s appointments</h2>
        <table className="dash-table" aria-label="Today's appointments">
          <tbody>
            {(appointments.data?.items ?? []).map((c) => (
              <tr key={c.id}>
                <td>{c.appointmentTime ?? ''}</td>
                <td>
                  <a
                    href={`/view/assessments/detail/${c.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      open({ path: `/view/assessments/detail/${c.id}` });
                    }}
                  >
                    {c.caseNo}
                  </a>
                </td>
                <td>{c.clientName}</td>
                <td>{c.specialistName ?? ''}</td>
                <td>{c.centreName ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {appointments.data?.totalCount === 0 && <p className="muted-text">No Data</p>}
      </section>
    </div>
  );
}
