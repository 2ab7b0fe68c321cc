import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import {
  CaseEndpoints,
  editionCode,
  effectiveFeatures,
  FundingEndpoints,
  MedicalRecordSummaryEndpoints,
  Permissions,
  roleLabel,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { describeHealth, readHealth } from '../../health';

// The case panels load on their own, after the first screen.
const CaseDashboard = lazy(() => import('../cases/CaseDashboard').then((m) => ({ default: m.CaseDashboard })));
const MedicalRecordsOverdue = lazy(() =>
  import('../clinical-records/MedicalRecordsOverdue').then((m) => ({ default: m.MedicalRecordsOverdue })),
);
const StatisticsPanel = lazy(() =>
  import('../statistics/StatisticsPanel').then((m) => ({ default: m.StatisticsPanel })),
);
const FundingSummary = lazy(() => import('../funding/FundingSummary').then((m) => ({ default: m.FundingSummary })));

/** Whether the tenant has one of the features an endpoint needs (none needed: yes). */
const hasFeatureFor = (on: ReadonlySet<string>, e: { access: { features?: readonly string[] } }) =>
  !e.access.features || e.access.features.some((f) => on.has(f));

/**
 * /view/dashboard until the dashboards module: who is signed in, where, and whether the server is up.
 * Plain markup: it is the first screen after sign-in, so it adds no components to that load.
 */
export function DashboardPage() {
  const { profile, tenant, user, accessTenant } = useSession();
  const features = effectiveFeatures(user, accessTenant);
  const can = useCan();
  const health = useQuery({ queryKey: ['health'], queryFn: () => readHealth(), staleTime: 0 });
  const view = health.isFetching || !health.data ? ({ state: 'checking' } as const) : health.data;
  const edition = editionCode(tenant.editionName, tenant.isHost);

  return (
    <div className="screen">
      <h1 className="screen-title">Dashboard</h1>
      <section className="panel welcome-panel" aria-labelledby="welcome-title">
        <h2 id="welcome-title" className="welcome-title">
          Signed in as {profile.fullName}
        </h2>
        <p className="muted-text">Case management and booking for medico-legal service providers.</p>
        <dl className="facts">
          <dt>Roles</dt>
          <dd>{profile.roles.map((r) => roleLabel(r.name)).join(', ')}</dd>
          <dt>Tenant</dt>
          <dd>{tenant.name}</dd>
          <dt>Edition</dt>
          <dd>{tenant.editionName === edition ? edition : `${tenant.editionName} (${edition})`}</dd>
        </dl>
        <div className="health-line">
          <span className={`health-dot is-${view.state}`} aria-hidden="true" />
          <span role="status" aria-live="polite" data-state={view.state}>
            {describeHealth(view)}
          </span>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            onClick={() => void health.refetch()}
            disabled={health.isFetching}
          >
            Check again
          </Button>
        </div>
      </section>
      {/* statistic/*: the figures count only the records the server lets the user see. */}
      {can(Permissions.statistics.read) && !tenant.isHost && (
        <Suspense>
          <StatisticsPanel />
        </Suspense>
      )}
      {/* The case panels count only the cases the server lets the user see. */}
      {/* A funder has no cases: their panels would only say the feature is off. */}
      {can(Permissions.assessments.read) && hasFeatureFor(features, CaseEndpoints.countCaseStatus) && (
        <Suspense>
          <CaseDashboard />
        </Suspense>
      )}
      {can(Permissions.medicalRecords.read) && hasFeatureFor(features, MedicalRecordSummaryEndpoints.counts) && (
        <Suspense>
          <MedicalRecordsOverdue />
        </Suspense>
      )}
      {can(FundingEndpoints.loanSummary.access.permission!) &&
        hasFeatureFor(features, FundingEndpoints.loanSummary) && (
          <Suspense>
            <FundingSummary />
          </Suspense>
        )}
    </div>
  );
}
