import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, List, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  caseDetailPath,
  FormMessages,
  PersonDetailBases,
  SearchEndpoints,
  TenancyEndpoints,
  FileEndpoints,
  Permissions,
  type AccountCaseDto,
  type MyRecordsDto,
  type ProductUpdateDto,
} from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';
import { useCan } from '../../app/session/useCan';
import { dateText, dayTextIn } from '../../platform/time';

const text = (v: string | null | undefined) => v ?? '';

function useMyRecords() {
  const api = useApi();
  return useQuery(endpointQuery(api, SearchEndpoints.myRecords));
}

function CaseTable({ cases, title }: { cases: AccountCaseDto[]; title: string }) {
  const { open } = useWorkspace();
  return (
    <Card size="small" title={title} style={{ marginTop: 16 }}>
      <Table<AccountCaseDto>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={cases}
        locale={{ emptyText: FormMessages.noData }}
        columns={[
          {
            title: 'Case',
            dataIndex: 'caseNo',
            render: (v: string, r) => (
              <Typography.Link onClick={() => open({ path: caseDetailPath(r.serviceType, r.id) })}>{v}</Typography.Link>
            ),
          },
          { title: 'Service', dataIndex: 'moduleTitle' },
          { title: 'Claimant', dataIndex: 'claimantName' },
          { title: 'Status', dataIndex: 'statusLabel' },
          {
            title: 'Appointment',
            dataIndex: 'appointmentDate',
            render: (v: string | null, r) => (v ? `${dateText(v)} ${text(r.appointmentTime)}`.trim() : ''),
          },
        ]}
      />
    </Card>
  );
}

function Page({
  title,
  loading,
  missing,
  children,
}: {
  title: string;
  loading: boolean;
  missing: string | false;
  children?: React.ReactNode;
}) {
  return (
    <div className="screen">
      <h1 className="screen-title">{title}</h1>
      {loading ? <Spin /> : missing ? <Empty description={missing} /> : children}
    </div>
  );
}

/** /view/dr-account (Doctor Profile): the specialist's own record, their cases and next appointments. */
export function DoctorProfilePage() {
  const records = useMyRecords();
  const s = records.data?.specialist;
  const { open } = useWorkspace();
  return (
    <Page
      title="Doctor Profile"
      loading={records.isLoading}
      missing={!s && 'Your user account is not linked to a specialist record. Ask your administrator to link it.'}
    >
      {s && (
        <>
          <Card
            title={[s.title, s.name].filter(Boolean).join(' ')}
            extra={
              <Typography.Link onClick={() => open({ path: `${PersonDetailBases.specialist}/detail/${s.id}` })}>
                Open record
              </Typography.Link>
            }
          >
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label="Specialty">{text(s.specialty)}</Descriptions.Item>
              <Descriptions.Item label="Provider number">{text(s.providerNumber)}</Descriptions.Item>
              <Descriptions.Item label="Email">{text(s.email)}</Descriptions.Item>
              <Descriptions.Item label="Phone">{text(s.phone)}</Descriptions.Item>
              <Descriptions.Item label="Mobile">{text(s.mobile)}</Descriptions.Item>
              <Descriptions.Item label="Address">{text(s.address)}</Descriptions.Item>
              <Descriptions.Item label="Onboarded">{dateText(s.onboardedDate)}</Descriptions.Item>
            </Descriptions>
            <Statistic title="Cases" value={s.caseCount} style={{ marginTop: 12 }} />
          </Card>
          <CaseTable title="Upcoming appointments" cases={s.upcoming} />
        </>
      )}
    </Page>
  );
}

function CaseManagerCard({ m }: { m: MyRecordsDto['caseManagers'][number] }) {
  const { open } = useWorkspace();
  return (
    <>
      <Card
        title={[m.title, m.name].filter(Boolean).join(' ')}
        extra={
          <Typography.Link onClick={() => open({ path: `${PersonDetailBases.company}/detail/${m.companyId}` })}>
            {m.companyName}
          </Typography.Link>
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="Company">{m.companyName}</Descriptions.Item>
          <Descriptions.Item label="Email">{text(m.email)}</Descriptions.Item>
          <Descriptions.Item label="Phone">{text(m.phone)}</Descriptions.Item>
          <Descriptions.Item label="Mobile">{text(m.mobile)}</Descriptions.Item>
          <Descriptions.Item label="Company email">{text(m.companyEmail)}</Descriptions.Item>
          <Descriptions.Item label="Company phone">{text(m.companyPhone)}</Descriptions.Item>
          <Descriptions.Item label="Company address">{text(m.address)}</Descriptions.Item>
        </Descriptions>
        <Statistic title="Cases" value={m.caseCount} style={{ marginTop: 12 }} />
      </Card>
      <CaseTable title="Latest cases" cases={m.recent} />
    </>
  );
}

/** /view/cm-profile (CaseManager Profile): the case manager's own records (one per firm), with their cases. */
export function CaseManagerProfilePage() {
  const records = useMyRecords();
  const managers = records.data?.caseManagers ?? [];
  return (
    <Page
      title="CaseManager Profile"
      loading={records.isLoading}
      missing={
        managers.length === 0 && 'Your user account is not linked to a case manager record. Ask your administrator.'
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="large">
        {managers.map((m) => (
          <div key={m.id}>
            <CaseManagerCard m={m} />
          </div>
        ))}
      </Space>
    </Page>
  );
}

const ContractorTypes: Record<string, string> = { BROKER: 'Broker', INSURER: 'Insurer', TYPIST: 'Typist' };

/** /view/contractor-detail: the contractor's own record and company. */
export function ContractorDetailPage() {
  const records = useMyRecords();
  const c = records.data?.contractor;
  return (
    <Page
      title="Contractor Detail"
      loading={records.isLoading}
      missing={!c && 'Your user account is not linked to a contractor record. Ask your administrator to link it.'}
    >
      {c && (
        <Card title={c.name}>
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label="Type">
              {c.contractorType ? ContractorTypes[c.contractorType] : ''}
            </Descriptions.Item>
            <Descriptions.Item label="Company">{text(c.companyName)}</Descriptions.Item>
            <Descriptions.Item label="Contact">{text(c.contactName)}</Descriptions.Item>
            <Descriptions.Item label="Email">{text(c.email)}</Descriptions.Item>
            <Descriptions.Item label="Phone">{text(c.phone)}</Descriptions.Item>
            <Descriptions.Item label="Address">{text(c.address)}</Descriptions.Item>
            <Descriptions.Item label="Notes">{text(c.notes)}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </Page>
  );
}

const GB = 1024 ** 3;
const size = (bytes: number) =>
  bytes >= GB ? `${(bytes / GB).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** /subscription: the tenant's edition, the features it turns on, and its storage against the limit. */
export function SubscriptionPage() {
  const api = useApi();
  const can = useCan();
  const { tenant: session } = useSession();
  const tenant = useQuery(endpointQuery(api, TenancyEndpoints.currentTenant));
  const storage = useQuery({
    ...endpointQuery(api, FileEndpoints.getTotalSize),
    enabled: can(Permissions.files.read),
  });
  const t = tenant.data ?? session;
  const features = Object.entries(t.features)
    .filter(([, v]) => v === 'True')
    .map(([k]) => k)
    .sort();
  return (
    <div className="screen">
      <h1 className="screen-title">Subscription</h1>
      <Card title={t.name}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="Edition">{t.editionName}</Descriptions.Item>
          <Descriptions.Item label="Edition code">{t.editionCode}</Descriptions.Item>
          <Descriptions.Item label="Status">{t.isActive ? 'Active' : 'Inactive'}</Descriptions.Item>
          <Descriptions.Item label="Subscribed since">{dayTextIn(t.creationTime, t.timezone)}</Descriptions.Item>
          <Descriptions.Item label="Country">{t.country?.name ?? ''}</Descriptions.Item>
          <Descriptions.Item label="Time zone">{t.timezone}</Descriptions.Item>
          {storage.data && (
            <Descriptions.Item label="Storage used">
              {size(storage.data.totalFileSizeInByte)}
              {storage.data.storageLimitInByte !== null
                ? ` of ${size(storage.data.storageLimitInByte)}`
                : ' (no limit)'}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card title={`Features (${features.length})`} size="small" style={{ marginTop: 16 }}>
        <Space wrap>
          {features.length === 0
            ? FormMessages.noData
            : features.map((f) => (
                <Typography.Text key={f} code>
                  {f}
                </Typography.Text>
              ))}
        </Space>
      </Card>
    </div>
  );
}

/** /view/product-update: the published system updates, newest first. */
export function ProductUpdatesPage() {
  const api = useApi();
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const updates = useQuery(
    endpointQuery(api, SearchEndpoints.productUpdates, {
      query: { skipCount: (page.current - 1) * page.pageSize, maxResultCount: page.pageSize },
    }),
  );
  return (
    <div className="screen">
      <h1 className="screen-title">Product Updates</h1>
      <List<ProductUpdateDto>
        loading={updates.isLoading}
        dataSource={updates.data?.items ?? []}
        locale={{ emptyText: FormMessages.noData }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: updates.data?.totalCount ?? 0,
          hideOnSinglePage: true,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        renderItem={(u) => (
          <Card
            key={u.id}
            size="small"
            style={{ marginBottom: 16 }}
            title={
              <>
                <Tag color="blue">{u.version}</Tag> {u.title}
              </>
            }
            extra={dateText(u.publishedAt)}
          >
            {u.content.split(/\n\s*\n/).map((paragraph, i) => (
              <Typography.Paragraph key={i}>{paragraph}</Typography.Paragraph>
            ))}
          </Card>
        )}
      />
    </div>
  );
}
