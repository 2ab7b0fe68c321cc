import { App, Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  BackgroundJobEndpoints,
  BackgroundJobStates,
  type BackgroundJobDto,
  type BackgroundJobState,
  type PagedResult,
} from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useInstantText } from '../../platform/time';

const COLOURS: Record<BackgroundJobState, string> = {
  Scheduled: 'default',
  Processing: 'processing',
  Retrying: 'warning',
  Completed: 'success',
  Cancelled: 'default',
  Failed: 'error',
};

/** How long after it was created a job finished: "after 2 s", "after 3 min 5 s", "after 2 h 10 min". */
export function afterText(createdOn: string, completedOn: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(completedOn) - Date.parse(createdOn)) / 1000));
  if (seconds < 1) return 'at once';
  if (seconds < 60) return `after ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `after ${minutes} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `after ${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `after ${Math.floor(hours / 24)} days`;
}

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
        await callEndpoint(api, BackgroundJobEndpoints.listJobs, {
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
    await callEndpoint(api, action === 'retry' ? BackgroundJobEndpoints.retryJob : BackgroundJobEndpoints.cancelJob, {
      params: { id: job.id },
    });
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
            { title: 'Job', dataIndex: 'name', width: 120 },
            {
              title: 'What',
              key: 'what',
              render: (_, j) => (
                <Space orientation="vertical" size={0}>
                  <span style={{ overflowWrap: 'anywhere' }}>{j.summary ?? ''}</span>
                  {j.error && (
                    <Typography.Text type="danger" ellipsis={{ tooltip: j.error }} style={{ maxWidth: 360 }}>
                      {j.error}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              title: 'State',
              dataIndex: 'state',
              width: 110,
              render: (s: BackgroundJobState) => <Tag color={COLOURS[s]}>{s}</Tag>,
            },
            {
              title: 'Attempts',
              width: 100,
              render: (_, j) => `${j.retryCount + (j.startedOn ? 1 : 0)} of ${j.retryLimit + 1}`,
            },
            {
              title: 'Created',
              dataIndex: 'createdOn',
              width: 240,
              render: when,
              onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            },
            {
              title: 'Finished',
              key: 'finished',
              width: 140,
              render: (_, j) =>
                j.completedOn && <span title={when(j.completedOn)}>{afterText(j.createdOn, j.completedOn)}</span>,
            },
            {
              title: '',
              width: 90,
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
