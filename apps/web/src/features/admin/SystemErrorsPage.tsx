import { Button, Card, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Permissions, SystemErrorEndpoints, type SystemErrorDto } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { useCan } from '../../app/session/useCan';

type Shown = 'Unresolved' | 'Resolved' | 'All';
const PAGE_SIZE = 20;
const when = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm:ss');

/**
 * /view/system-error (host): the server failures the API answered with a 500, one row per kind of failure
 * with how often and when it last happened; the administrator marks each resolved or unresolved.
 */
export function SystemErrorsPage() {
  const api = useApi();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const can = useCan();
  const mayUpdate = can(Permissions.systemErrors.update);
  const [shown, setShown] = useState<Shown>('Unresolved');
  const [filterText, setFilterText] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const query = {
    skipCount: (page - 1) * PAGE_SIZE,
    maxResultCount: PAGE_SIZE,
    ...(filterText ? { filterText } : {}),
    ...(shown === 'All' ? {} : { isResolved: shown === 'Resolved' }),
  };
  const errors = useQuery({
    queryKey: ['system-errors', query],
    queryFn: () => callEndpoint(api, SystemErrorEndpoints.listSystemErrors, { query }),
    placeholderData: keepPreviousData,
  });

  async function mark(error: SystemErrorDto, resolved: boolean) {
    setBusy(error.id);
    try {
      await callEndpoint(api, resolved ? SystemErrorEndpoints.markAsResolved : SystemErrorEndpoints.markAsUnresolved, {
        params: { id: error.id },
      });
      notices.success(resolved ? 'Marked as resolved.' : 'Marked as unresolved.');
      await queryClient.invalidateQueries({ queryKey: ['system-errors'] });
    } catch {
      // The notice has said why.
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="screen">
      <h1 className="screen-title">System Errors</h1>
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          <Segmented<Shown>
            aria-label="Show"
            options={['Unresolved', 'Resolved', 'All']}
            value={shown}
            onChange={(value) => {
              setShown(value);
              setPage(1);
            }}
          />
          <Input.Search
            aria-label="Search errors"
            placeholder="Search message, path or type"
            allowClear
            style={{ width: 320 }}
            onSearch={(value) => {
              setFilterText(value.trim());
              setPage(1);
            }}
          />
          <Button onClick={() => void errors.refetch()}>Refresh</Button>
        </Space>
        <Table<SystemErrorDto>
          size="small"
          aria-label="System errors"
          rowKey="id"
          loading={errors.isFetching}
          dataSource={errors.data?.items ?? []}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: errors.data?.totalCount ?? 0,
            showSizeChanger: false,
            onChange: setPage,
            showTotal: (total) => `${total} ${total === 1 ? 'error' : 'errors'}`,
          }}
          expandable={{
            expandedRowRender: (e) => (
              <div>
                <Typography.Paragraph>
                  First seen {when(e.firstSeen)} · request {e.requestId}
                  {e.userId ? ` · user ${e.userId}` : ''}
                  {e.resolvedAt ? ` · resolved ${when(e.resolvedAt)} by ${e.resolvedByName ?? 'someone'}` : ''}
                </Typography.Paragraph>
                <pre className="system-error-stack" style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>
                  {e.message}
                  {'\n\n'}
                  {e.stack}
                </pre>
              </div>
            ),
          }}
          columns={[
            { title: 'Last seen', key: 'lastSeen', render: (_, e) => when(e.lastSeen), width: 170 },
            { title: 'Times', dataIndex: 'occurrences', width: 70, align: 'right' },
            {
              title: 'Request',
              key: 'request',
              render: (_, e) => (
                <span>
                  <Tag>{e.method}</Tag>
                  {e.path}
                </span>
              ),
            },
            {
              title: 'Error',
              key: 'error',
              render: (_, e) => (
                <span>
                  <Typography.Text strong>{e.errorType}</Typography.Text>{' '}
                  <Typography.Text ellipsis={{ tooltip: e.message }} style={{ maxWidth: 420 }}>
                    {e.message.split('\n').at(-1)}
                  </Typography.Text>
                </span>
              ),
            },
            { title: 'Tenant', key: 'tenant', render: (_, e) => e.tenantName ?? 'Host', width: 140 },
            {
              title: 'Status',
              key: 'status',
              width: 110,
              render: (_, e) =>
                e.isResolved ? <Tag color="success">Resolved</Tag> : <Tag color="error">Unresolved</Tag>,
            },
            ...(mayUpdate
              ? [
                  {
                    title: 'Action',
                    key: 'action',
                    width: 170,
                    render: (_: unknown, e: SystemErrorDto) => (
                      <Button size="small" loading={busy === e.id} onClick={() => void mark(e, !e.isResolved)}>
                        {e.isResolved ? 'Mark as unresolved' : 'Mark as resolved'}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </div>
  );
}
