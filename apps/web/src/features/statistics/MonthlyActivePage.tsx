import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import {
  defaultMonthRange,
  FormMessages,
  formatYearMonth,
  StatisticEndpoints,
  todayIn,
  type MonthlyActiveRowDto,
} from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';
import { useSession } from '../../app/session/useSession';
import { HostTenantPicker, type PickedTenant } from '../admin/HostTenantPicker';

const MONTH_FORMAT = 'MM/YYYY';
type Range = { fromMonth: string; toMonth: string };

const KINDS = {
  clients: {
    title: 'Monthly Active Clients',
    column: 'Number of Active Clients',
    endpoint: StatisticEndpoints.clientActiveCount,
  },
  accounts: {
    title: 'Monthly Active Accounts',
    column: 'Number of Active Accounts',
    endpoint: StatisticEndpoints.activeAccountsByMonth,
  },
} as const;

/**
 * /view/client-active-count and /view/monthly-active-accounts: the active clients (or signed-in accounts)
 * per month; the host picks the tenant (the first by default) and sees the tenant column. The month range
 * is MM/YYYY, by default this month to the end of the next (money-integrations-admin.md §2).
 */
export function MonthlyActivePage({ kind }: { kind: keyof typeof KINDS }) {
  const { title, column, endpoint } = KINDS[kind];
  const api = useApi();
  const { tenant } = useSession();
  const isHost = tenant.isHost;
  const initial = defaultMonthRange(todayIn(tenant.timezone));
  const [range, setRange] = useState<Range>(initial);
  const [draft, setDraft] = useState<[Dayjs, Dayjs]>([
    dayjs(`${initial.fromMonth}-01`),
    dayjs(`${initial.toMonth}-01`),
  ]);
  const [picked, setPicked] = useState<PickedTenant | undefined>();
  const onPick = useCallback((t: PickedTenant | undefined) => setPicked(t), []);
  const query = { ...range, ...(isHost && picked ? { tenantId: picked.id } : {}) };
  const result = useQuery({
    ...endpointQuery(api, endpoint, { query }),
    enabled: !isHost || picked !== undefined,
  });

  const submit = () => setRange({ fromMonth: draft[0].format('YYYY-MM'), toMonth: draft[1].format('YYYY-MM') });
  const reset = () => {
    setDraft([dayjs(`${initial.fromMonth}-01`), dayjs(`${initial.toMonth}-01`)]);
    setRange(initial);
  };

  return (
    <div className="screen">
      <h1 className="screen-title">{title}</h1>
      <Card>
        <Form layout="inline" onFinish={submit} style={{ marginBottom: 16, rowGap: 8 }}>
          {isHost && (
            <Form.Item label="Tenant">
              <HostTenantPicker value={picked?.id} onChange={onPick} />
            </Form.Item>
          )}
          <Form.Item label="Month">
            <DatePicker.RangePicker
              picker="month"
              format={MONTH_FORMAT}
              allowClear={false}
              value={draft}
              onChange={(v) => v?.[0] && v[1] && setDraft([v[0], v[1]])}
              aria-label="Month range"
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              Submit
            </Button>
            <Button onClick={() => void result.refetch()}>Refresh</Button>
            <Button onClick={reset}>Reset</Button>
          </Space>
        </Form>
        <Table<MonthlyActiveRowDto>
          rowKey={(r) => `${r.tenant.id}:${r.applyForMonth}`}
          loading={result.isFetching}
          dataSource={result.data?.items ?? []}
          locale={{ emptyText: FormMessages.noData }}
          pagination={false}
          columns={[
            ...(isHost
              ? [{ title: 'Tenant', key: 'tenant', render: (_: unknown, r: MonthlyActiveRowDto) => r.tenant.name }]
              : []),
            { title: 'Month', dataIndex: 'applyForMonth', render: (m: string) => formatYearMonth(m) },
            { title: column, dataIndex: 'numberOfClient', align: 'right' as const },
          ]}
        />
      </Card>
    </div>
  );
}

export const MonthlyActiveClientsPage = () => <MonthlyActivePage kind="clients" />;
export const MonthlyActiveAccountsPage = () => <MonthlyActivePage kind="accounts" />;
