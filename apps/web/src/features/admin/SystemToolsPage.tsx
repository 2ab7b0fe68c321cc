import { Button, Card, Col, Empty, Row, Statistic, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  BackgroundJobEndpoints,
  CorrespondenceEndpoints,
  formatIsoDate,
  HealthEndpoints,
  resolveRelativeRange,
  routeByPath,
  SystemErrorEndpoints,
  todayIn,
  type HealthCheckDto,
  type MenuItem,
} from '@casebook/domain';
import { useMayCall } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';

const SELF = '/view/system-tools';

const HEALTH: Record<HealthCheckDto['status'], { colour: string; label: string }> = {
  Healthy: { colour: 'success', label: 'Healthy' },
  Unhealthy: { colour: 'error', label: 'Unhealthy' },
  NotConfigured: { colour: 'default', label: 'Not configured' },
};

/** One figure of the status card, with a link to the screen that deals with it when the user may open it. */
function Figure(props: { title: string; value: number | undefined; failed: boolean; link: MenuItem | undefined }) {
  const { title, value, failed, link } = props;
  const bad = value !== undefined && value > 0;
  return (
    <Col xs={24} sm={12} lg={8}>
      <Card size="small" aria-label={title} role="group">
        <Statistic
          title={title}
          value={failed ? 'Not available' : (value ?? '…')}
          styles={{ content: { color: bad ? 'var(--ant-color-error)' : undefined, fontSize: failed ? 16 : 24 } }}
        />
        {link && <Link to={link.path}>Open {link.label}</Link>}
      </Card>
    </Col>
  );
}

/**
 * /view/system-tools: the system's state for the signed-in administrator — the health checks, failed
 * background jobs, unresolved server errors (host) and e-mails that failed in the last 7 days, each only
 * when the user may make its call — and a map of every administration page the user may open (decision 0128).
 */
export function SystemToolsPage() {
  const api = useApi();
  const { menu, tenant } = useSession();
  const mayCall = useMayCall();
  // The same entries the sidebar offers this user: the access rule and the menu's own rules, once.
  const offered = new Map(menu.sections.flatMap((s) => s.items).map((item) => [item.path, item]));
  const tools = (menu.sections.find((s) => s.group === 'Administration')?.items ?? []).filter((i) => i.path !== SELF);

  const mayHealth = mayCall(HealthEndpoints.healthStatus);
  const mayJobs = mayCall(BackgroundJobEndpoints.listJobs);
  const mayErrors = mayCall(SystemErrorEndpoints.listSystemErrors);
  const mayMail = mayCall(CorrespondenceEndpoints.sendingReport);
  // The last 7 days up to today in the tenant's zone, where the server reads the report's dates.
  const week = resolveRelativeRange('last7Days', todayIn(tenant.timezone));
  const mailPeriod = { from: formatIsoDate(week.from), to: formatIsoDate(week.to) };

  const health = useQuery({
    ...endpointQuery(api, HealthEndpoints.healthStatus),
    enabled: mayHealth,
    staleTime: 0,
  });
  const jobs = useQuery({
    ...endpointQuery(api, BackgroundJobEndpoints.listJobs, { query: { state: 'Failed', maxResultCount: 1 } }),
    enabled: mayJobs,
  });
  const errors = useQuery({
    ...endpointQuery(api, SystemErrorEndpoints.listSystemErrors, { query: { isResolved: false, maxResultCount: 1 } }),
    enabled: mayErrors,
  });
  const mail = useQuery({
    ...endpointQuery(api, CorrespondenceEndpoints.sendingReport, { query: mailPeriod }),
    enabled: mayMail,
  });
  const failedMail = mail.data?.items.reduce((n, row) => n + row.failed, 0);
  const refresh = () => {
    for (const [may, q] of [
      [mayHealth, health],
      [mayJobs, jobs],
      [mayErrors, errors],
      [mayMail, mail],
    ] as const) {
      if (may) void q.refetch();
    }
  };
  const anyStatus = mayHealth || mayJobs || mayErrors || mayMail;

  return (
    <div className="screen">
      <h1 className="screen-title">System Tools</h1>
      <Card
        title="Status"
        extra={
          anyStatus && (
            <Button onClick={refresh} disabled={[health, jobs, errors, mail].some((q) => q.isFetching)}>
              Refresh
            </Button>
          )
        }
      >
        {!anyStatus && (
          <Typography.Text type="secondary">
            Your role keeps no system status; the tools below are the administration pages you may open.
          </Typography.Text>
        )}
        {(mayJobs || mayErrors || mayMail) && (
          <Row gutter={[16, 16]}>
            {mayJobs && (
              <Figure
                title="Failed background jobs"
                value={jobs.data?.totalCount}
                failed={jobs.isError}
                link={offered.get('/view/background-jobs')}
              />
            )}
            {mayErrors && (
              <Figure
                title="Unresolved system errors"
                value={errors.data?.totalCount}
                failed={errors.isError}
                link={offered.get('/view/system-error')}
              />
            )}
            {mayMail && (
              <Figure
                title="E-mails failed in the last 7 days"
                value={failedMail}
                failed={mail.isError}
                link={offered.get('/view/emails-tracking') ?? offered.get('/view/emails-sending-report')}
              />
            )}
          </Row>
        )}
        {mayHealth && (
          <section
            aria-labelledby="system-tools-health"
            style={{ marginTop: mayJobs || mayErrors || mayMail ? 20 : 0 }}
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}>
              <Typography.Title level={5} id="system-tools-health" style={{ margin: 0 }}>
                Health checks
              </Typography.Title>
              <Button size="small" onClick={() => void health.refetch()} disabled={health.isFetching}>
                Check again
              </Button>
              {offered.get('/view/health-status') && <Link to="/view/health-status">Open Health Status</Link>}
            </div>
            {health.isError && <Typography.Text type="danger">The checks could not be run.</Typography.Text>}
            <ul aria-label="Health checks" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {(health.data?.items ?? []).map((check) => (
                <li
                  key={check.name}
                  style={{
                    display: 'grid',
                    gridTemplateColumns: 'minmax(140px, 220px) 130px 1fr',
                    gap: 12,
                    alignItems: 'baseline',
                    padding: '6px 0',
                    borderTop: '1px solid var(--ant-color-border-secondary)',
                  }}
                >
                  <span>{check.name}</span>
                  <span>
                    <Tag color={HEALTH[check.status].colour}>{HEALTH[check.status].label}</Tag>
                  </span>
                  <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                    {check.detail}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          </section>
        )}
      </Card>
      <Card title="Tools" style={{ marginTop: 16 }}>
        {tools.length === 0 ? (
          <Empty description="No administration pages are open to you." />
        ) : (
          <Row gutter={[16, 16]} role="list" aria-label="Tools">
            {tools.map((item) => (
              <Col key={item.path} xs={24} md={12} xl={8} role="listitem">
                <Link to={item.path} style={{ fontWeight: 600 }}>
                  {item.label}
                </Link>
                <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0' }}>
                  {routeByPath(item.path)?.description ?? routeByPath(item.path)?.title}
                </Typography.Paragraph>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </div>
  );
}
