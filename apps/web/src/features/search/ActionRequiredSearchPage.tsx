import { useQuery } from '@tanstack/react-query';
import { Card, Input, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  ActionRequiredScopeLabels,
  ActionRequiredScopes,
  caseDetailPath,
  CaseModules,
  FormMessages,
  SEARCH_DEBOUNCE_MS,
  SearchEndpoints,
  type ActionRequiredHit,
  type ActionRequiredScope,
} from '@casebook/domain';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';
import { useDebouncedValue } from '../../platform/controls/useDebouncedValue';
import { dateText } from '../../platform/time';

const serviceTypeOptions = CaseModules.flatMap((m) =>
  m.serviceTypes.map((t) => ({ value: t as string, label: m.serviceTypes.length > 1 ? `${m.title} (${t})` : m.title })),
);

/**
 * /view/action-required-search: the open action items of the cases the user may see, soonest due first,
 * filtered by due (overdue, today, this week, none), module, the user's own items and text.
 */
export function ActionRequiredSearchPage() {
  const api = useApi();
  const { open } = useWorkspace();
  const [typed, setTyped] = useState('');
  const filterText = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [scope, setScope] = useState<ActionRequiredScope>('all');
  const [serviceType, setServiceType] = useState<string | undefined>();
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const list = useQuery({
    ...endpointQuery(api, SearchEndpoints.actionRequired, {
      query: {
        scope,
        serviceType,
        mine,
        filterText: filterText || undefined,
        skipCount: (page.current - 1) * page.pageSize,
        maxResultCount: page.pageSize,
      },
    }),
  });

  return (
    <div className="screen" style={{ maxWidth: 'none' }}>
      <h1 className="screen-title">Action Required Search</h1>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label="Search action items"
            placeholder="Case number, claimant or action"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            allowClear
            style={{ width: 300 }}
          />
          <Select<ActionRequiredScope>
            aria-label="Due"
            value={scope}
            style={{ width: 200 }}
            options={ActionRequiredScopes.map((s) => ({ value: s, label: ActionRequiredScopeLabels[s] }))}
            onChange={(v) => {
              setScope(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          />
          <Select<string>
            aria-label="Service"
            placeholder="Every service"
            allowClear
            value={serviceType}
            style={{ width: 240 }}
            options={serviceTypeOptions}
            onChange={(v) => {
              setServiceType(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          />
          <Space>
            <Switch
              aria-label="Assigned to me"
              checked={mine}
              onChange={(v) => {
                setMine(v);
                setPage((p) => ({ ...p, current: 1 }));
              }}
            />
            Assigned to me
          </Space>
        </Space>
        <Table<ActionRequiredHit>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: FormMessages.noData }}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total: list.data?.totalCount ?? 0,
            pageSizeOptions: [20, 50, 100],
            showSizeChanger: true,
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
          columns={[
            {
              title: 'Case',
              dataIndex: 'caseNo',
              render: (v: string, r) => (
                <Typography.Link onClick={() => open({ path: caseDetailPath(r.serviceType, r.caseId) })}>
                  {v}
                </Typography.Link>
              ),
            },
            { title: 'Service', dataIndex: 'moduleTitle' },
            { title: 'Claimant', dataIndex: 'claimantName' },
            { title: 'Company', dataIndex: 'companyName' },
            { title: 'Status', dataIndex: 'statusLabel' },
            { title: 'Action', dataIndex: 'subject' },
            {
              title: 'Due',
              dataIndex: 'dueDate',
              render: (v: string | null, r) =>
                v ? (
                  <>
                    {dateText(v)} {r.overdue ? <Tag color="red">Overdue</Tag> : null}
                  </>
                ) : (
                  ''
                ),
            },
            { title: 'Assigned to', dataIndex: 'assignees', render: (v: string[]) => v.join(', ') },
          ]}
        />
      </Card>
    </div>
  );
}
