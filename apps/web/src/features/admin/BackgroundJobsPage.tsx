import { App, Button, Card, Select, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  BackgroundJobStates,
  type BackgroundJobDto,
  type BackgroundJobState,
  type PagedResult,
} from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { useInstantText } from '../../platform/time';

const COLOURS: Record<BackgroundJobState, string> = {
  Scheduled: 'default',
  Processing: 'processing',
  Retrying: 'warning',
  Completed: 'success',
  Cancelled: 'default',
  Failed: 'error',
};

/** /view/background-jobs: the tenant's jobs with their state, and retry or cancel (tenant admins). */
export function BackgroundJobsPage() {
  const api = useApi();
  const when = useInstantText(true);
  const { notification } = App.useApp();
  const [state, setState] = useState<BackgroundJobState | undefined>();
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [data, setData] = useState<PagedResult<BackgroundJobDto>>({ totalCount: 0, items: [] });
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(
        await api.get<PagedResult<BackgroundJobDto>>('/api/app/background-jobs', {
          query: { state, skipCount: (page.current - 1) * page.pageSize, maxResultCount: page.pageSize },
        }),
      );
    } finally {
      setLoading(false);
    }
  }, [api, state, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (job: BackgroundJobDto, action: 'retry' | 'cancel') => {
    await api.post(`/api/app/background-jobs/${job.id}/${action}`);
    notification.success({ title: 'Success', description: 'Data has been saved successfully.', duration: 3 });
    await load();
  };

  return (
    <div className="screen">
      <h1 className="screen-title">Background Jobs</h1>
      <Card>
        <Space style={{ marginBottom: 12 }}>
          <Select<BackgroundJobState>
            allowClear
            placeholder="State"
            aria-label="State"
            style={{ width: 180 }}
            options={BackgroundJobStates.map((s) => ({ label: s, value: s }))}
            value={state}
            onChange={(v) => {
              setState(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          />
          <Button onClick={() => void load()}>Refresh</Button>
        </Space>
        <Table<BackgroundJobDto>
          rowKey="id"
          loading={loading}
          dataSource={data.items}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total: data.totalCount,
            pageSizeOptions: [20, 50, 100],
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
          columns={[
            { title: 'Job', dataIndex: 'name' },
            { title: 'What', dataIndex: 'summary' },
            {
              title: 'State',
              dataIndex: 'state',
              render: (s: BackgroundJobState) => <Tag color={COLOURS[s]}>{s}</Tag>,
            },
            { title: 'Attempts', render: (_, j) => `${j.retryCount + (j.startedOn ? 1 : 0)} of ${j.retryLimit + 1}` },
            { title: 'Created', dataIndex: 'createdOn', render: when },
            { title: 'Finished', dataIndex: 'completedOn', render: when },
            { title: 'Error', dataIndex: 'error', ellipsis: true },
            {
              title: '',
              render: (_, j) => (
                <Space>
                  {(j.state === 'Failed' || j.state === 'Cancelled') && (
                    <Button size="small" onClick={() => void act(j, 'retry')}>
                      Retry
                    </Button>
                  )}
                  {(j.state === 'Scheduled' || j.state === 'Retrying' || j.state === 'Processing') && (
                    <Button size="small" danger onClick={() => void act(j, 'cancel')}>
                      Cancel
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
