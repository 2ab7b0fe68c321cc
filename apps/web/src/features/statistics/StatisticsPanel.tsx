import { useQuery } from '@tanstack/react-query';
import { Permissions, StatisticEndpoints, type GroupCountsDto } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';

const n = (v: number | undefined) => (v === undefined ? '…' : v.toLocaleString('en-AU'));

function Groups({ id, title, data }: { id: string; title: string; data: GroupCountsDto | undefined }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <table className="dash-table" aria-label={title}>
        <tbody>
          {(data?.items ?? []).map((i) => (
            <tr key={i.key || i.label}>
              <td>{i.label}</td>
              <td className="num">{n(i.count)}</td>
            </tr>
          ))}
          {data && data.items.length === 0 && (
            <tr>
              <td className="muted-text">None</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The dashboard's statistic/* figures: today, this month's bookings and uploads, overdue statuses, bookings
 * by city; for administrators also e-mail sending and login users. Each counts what the user may see.
 */
export function StatisticsPanel() {
  const api = useApi();
  const can = useCan();
  const admin = can(Permissions.statistics.administration);
  const opts = { staleTime: 60_000 };
  const today = useQuery({ ...endpointQuery(api, StatisticEndpoints.today), ...opts });
  const bookings = useQuery({ ...endpointQuery(api, StatisticEndpoints.bookings, { query: {} }), ...opts });
  const uploads = useQuery({ ...endpointQuery(api, StatisticEndpoints.uploadCounts, { query: {} }), ...opts });
  const overdue = useQuery({ ...endpointQuery(api, StatisticEndpoints.overdueStatuses), ...opts });
  const byCity = useQuery({ ...endpointQuery(api, StatisticEndpoints.byCity, { query: {} }), ...opts });
  const mail = useQuery({
    ...endpointQuery(api, StatisticEndpoints.emailSending, { query: {} }),
    ...opts,
    enabled: admin,
  });
  const users = useQuery({ ...endpointQuery(api, StatisticEndpoints.userReport), ...opts, enabled: admin });

  return (
    <div className="case-dashboard" data-testid="statistics">
      <section className="panel" aria-labelledby="stat-today">
        <h2 id="stat-today">Today</h2>
        <dl className="facts">
          <dt>Appointments</dt>
          <dd>{n(today.data?.appointments)}</dd>
          <dt>New cases</dt>
          <dd>{n(today.data?.casesCreated)}</dd>
          <dt>Uploads</dt>
          <dd>{n(today.data?.uploads)}</dd>
          {admin && (
            <>
              <dt>E-mails sent</dt>
              <dd>{n(today.data?.emailsSent)}</dd>
            </>
          )}
        </dl>
      </section>
      <section className="panel" aria-labelledby="stat-month">
        <h2 id="stat-month">This month</h2>
        <dl className="facts">
          <dt>Bookings</dt>
          <dd>{n(bookings.data?.totalCount)}</dd>
          <dt>Uploads</dt>
          <dd>{n(uploads.data?.totalCount)}</dd>
          {admin && (
            <>
              <dt>E-mails sent</dt>
              <dd>{n(mail.data?.sent)}</dd>
              <dt>E-mails failed</dt>
              <dd>{n(mail.data?.failed)}</dd>
            </>
          )}
        </dl>
      </section>
      <Groups id="stat-overdue" title="Overdue statuses" data={overdue.data} />
      <Groups id="stat-city" title="Bookings by city this month" data={byCity.data} />
      {admin && (
        <section className="panel" aria-labelledby="stat-users">
          <h2 id="stat-users">Login users</h2>
          <table className="dash-table" aria-label="Login users">
            <thead>
              <tr>
                <th>Role</th>
                <th className="num">Active</th>
                <th className="num">Disabled</th>
                <th className="num">Signed in (30 days)</th>
              </tr>
            </thead>
            <tbody>
              {(users.data?.items ?? []).map((r) => (
                <tr key={r.role}>
                  <td>{r.role}</td>
                  <td className="num">{n(r.active)}</td>
                  <td className="num">{n(r.inactive)}</td>
                  <td className="num">{n(r.signedInLast30Days)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
