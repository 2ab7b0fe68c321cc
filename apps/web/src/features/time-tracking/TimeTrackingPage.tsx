import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import {
  durationText,
  Permissions,
  TimeTrackingEndpoints as api,
  minutesBetween,
  type TimeEntryDto,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import {
  EMPTY_DATE_RANGE,
  RelativeDateRangeBox,
  type RelativeDateRange,
} from '../../platform/controls/RelativeDateRangePicker';
import { useNotices } from '../../platform/notices/useNotices';
import { saveFile } from '../../platform/resources/saveFile';
import { useInstantText } from '../../platform/time';
import { CasePicker } from './CasePicker';

const PAGE = 20;

/** The caller's timer: the running one with its time so far and Stop, or a case and Start. */
function TimerCard({ onChanged }: { onChanged: () => Promise<void> }) {
  const client = useApi();
  const call = useCall();
  const notices = useNotices();
  const running = useQuery(endpointQuery(client, api.running));
  const [caseId, setCaseId] = useState<string | undefined>();
  const [description, setDescription] = useState('');
  const [now, setNow] = useState(() => new Date());
  const entry = running.data?.entry ?? null;
  useEffect(() => {
    if (!entry) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [entry]);

  const start = async () => {
    if (!caseId) return notices.error('Choose the case first.');
    try {
      await call(api.start, { body: { caseId, description: description.trim() || null } });
      setDescription('');
      await onChanged();
    } catch {
      // The notice has said why.
    }
  };
  const stop = async (e: TimeEntryDto) => {
    try {
      await call(api.stop, { params: { id: e.id }, body: { concurrencyStamp: e.concurrencyStamp } });
      await onChanged();
    } catch {
      // The notice has said why.
    }
  };

  return (
    <Card size="small" title="Timer" style={{ marginBottom: 12 }} loading={running.isLoading}>
      {entry ? (
        <Space wrap>
          <Tag color="processing">Running</Tag>
          <Typography.Text strong>{entry.caseNo}</Typography.Text>
          <Typography.Text>{entry.description}</Typography.Text>
          <Typography.Text aria-label="Elapsed">
            {durationText(minutesBetween(new Date(entry.startTime), now))}
          </Typography.Text>
          <Button danger onClick={() => void stop(entry)}>
            Stop
          </Button>
        </Space>
      ) : (
        <Space wrap>
          <CasePicker value={caseId} onChange={setCaseId} placeholder="Case" aria-label="Timer case" />
          <Input
            aria-label="What are you working on"
            placeholder="What are you working on?"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            style={{ width: 280 }}
            maxLength={4000}
          />
          <Button type="primary" onClick={() => void start()}>
            Start
          </Button>
        </Space>
      )}
    </Card>
  );
}

type ManualValues = { caseId: string; period: [Dayjs, Dayjs]; description?: string };

/**
 * /view/time-tracking: the caller's timer, time added by hand, and the entries (their own, or everyone's for
 * administrators) filtered by case, user, day and text, with export.
 */
export function TimeTrackingPage() {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const notices = useNotices();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const when = useInstantText();
  const { tenant } = useSession();
  const [filterText, setFilterText] = useState('');
  const [caseId, setCaseId] = useState<string | undefined>();
  const [userId, setUserId] = useState<string | undefined>();
  const [range, setRange] = useState<RelativeDateRange>(EMPTY_DATE_RANGE);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [form] = Form.useForm<ManualValues>();
  const filters = {
    filterText: filterText || undefined,
    caseId,
    userId,
    dateFrom: range.from ?? undefined,
    dateTo: range.to ?? undefined,
  };
  const list = useQuery(
    endpointQuery(client, api.list, { query: { ...filters, skipCount: (page - 1) * PAGE, maxResultCount: PAGE } }),
  );
  // The user filter lists the people whose entries the caller may see.
  const people = new Map((list.data?.items ?? []).map((e) => [e.userId, e.userName]));

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
    await queryClient.invalidateQueries({ queryKey: endpointKey(api.running) });
  };

  const addManual = async () => {
    const v = await form.validateFields();
    try {
      await call(api.create, {
        body: {
          caseId: v.caseId,
          startTime: v.period[0].toISOString(),
          endTime: v.period[1].toISOString(),
          description: v.description?.trim() || null,
        },
      });
      notices.success();
      setAdding(false);
      form.resetFields();
      await refresh();
    } catch {
      // The notice has said why.
    }
  };

  const remove = (e: TimeEntryDto) =>
    modal.confirm({
      title: 'Are you sure you want to delete this item?',
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        await call(api.delete, { params: { id: e.id } });
        await refresh();
      },
    });

  const exportList = async () => {
    setExporting(true);
    try {
      const file = await call(api.export, { body: filters });
      saveFile(file.blob, file.fileName);
    } catch {
      // The notice has said why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="screen">
      <h1 className="screen-title">Time Tracking</h1>
      <TimerCard onChanged={refresh} />
      <div style={{ display: 'flex', gap: 8, margin: '12px 0', flexWrap: 'wrap' }}>
        <Input.Search
          placeholder="Case no., claimant, description"
          aria-label="Search time entries"
          allowClear
          onSearch={(v) => {
            setFilterText(v.trim());
            setPage(1);
          }}
          style={{ maxWidth: 300 }}
        />
        <CasePicker
          value={caseId}
          onChange={(v) => {
            setCaseId(v);
            setPage(1);
          }}
          aria-label="Filter by case"
        />
        <Select
          aria-label="User"
          placeholder="User"
          allowClear
          style={{ width: 180 }}
          value={userId}
          onChange={(v: string | undefined) => {
            setUserId(v);
            setPage(1);
          }}
          options={[...people].map(([value, label]) => ({ value, label }))}
        />
        <RelativeDateRangeBox
          timeZone={tenant.timezone}
          value={range}
          onChange={(v) => {
            setRange(v ?? EMPTY_DATE_RANGE);
            setPage(1);
          }}
        />
        <Button loading={exporting} onClick={() => void exportList()}>
          Export
        </Button>
        {can(Permissions.timeTracking.create) && (
          <Button type="primary" onClick={() => setAdding(true)}>
            Add Time Entry
          </Button>
        )}
      </div>
      <Table<TimeEntryDto>
        size="small"
        scroll={{ x: 'max-content' }}
        aria-label="Time entries"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.totalCount ?? 0, onChange: setPage }}
        columns={[
          { title: 'Case no.', dataIndex: 'caseNo' },
          { title: 'Claimant', dataIndex: 'clientName' },
          { title: 'User', dataIndex: 'userName' },
          { title: 'Description', dataIndex: 'description', ellipsis: true },
          { title: 'Start', key: 'start', render: (_, e) => when(e.startTime) },
          {
            title: 'End',
            key: 'end',
            render: (_, e) => (e.isRunning ? <Tag color="processing">Running</Tag> : when(e.endTime)),
          },
          { title: 'Duration', key: 'duration', render: (_, e) => durationText(e.durationMinutes) },
          { title: 'Entry', key: 'kind', render: (_, e) => (e.isManual ? 'Manual' : 'Timer') },
          {
            title: '',
            key: 'actions',
            render: (_, e) =>
              can(Permissions.timeTracking.delete) && !e.isRunning ? (
                <Button size="small" danger type="link" onClick={() => remove(e)}>
                  Delete
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        title="Add Time Entry"
        open={adding}
        okText="Save"
        onOk={() => void addManual()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="caseId" label="Case" rules={[{ required: true, message: 'This field is required' }]}>
            <CasePicker allowClear={false} />
          </Form.Item>
          <Form.Item
            name="period"
            label="From – to"
            rules={[{ required: true, message: 'This field is required' }]}
            initialValue={[dayjs().subtract(1, 'hour').startOf('minute'), dayjs().startOf('minute')]}
          >
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="DD MMM YYYY HH:mm" />
          </Form.Item>
          <Form.Item name="description" label="Description">
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
