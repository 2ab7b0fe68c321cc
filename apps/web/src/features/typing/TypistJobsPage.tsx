import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Select, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import {
  Permissions,
  TypedReportStatusLabels,
  TypistJobEndpoints as api,
  type TypedReportStatus,
  type TypistJobDto,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { ApiError, useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery } from '../../platform/api/endpoints';
import {
  EMPTY_DATE_RANGE,
  RelativeDateRangeBox,
  type RelativeDateRange,
} from '../../platform/controls/RelativeDateRangePicker';
import { useNotices } from '../../platform/notices/useNotices';
import { dateText, useInstantText } from '../../platform/time';
import { openFile, sendTypedReport } from './typistCalls';

const PAGE = 20;
const TITLES: Record<TypedReportStatus, string> = { 0: 'Incomplete Jobs', 1: 'Completed Jobs' };
const SORTS = [
  { value: 'dueDate', label: 'Due date (earliest first)' },
  { value: 'dueDate desc', label: 'Due date (latest first)' },
  { value: 'assignedTime desc', label: 'Newest first' },
  { value: 'completedTime desc', label: 'Recently completed' },
  { value: 'caseNo', label: 'Case number' },
];

/**
 * /view/case-typist-incomplete-jobs and /view/case-typist-completed-jobs: the typist's own jobs (the office
 * sees everyone's) of one typed-report status, searched by case, claimant, dictation or typist, filtered by
 * typist and due date, with the dictation to hear and the typed report to send back.
 */
export function TypistJobsPage({ status }: { status: TypedReportStatus }) {
  const client = useApi();
  const can = useCan();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const when = useInstantText();
  const { tenant } = useSession();
  const office = can(Permissions.typistJobs.assign);
  const [filterText, setFilterText] = useState('');
  const [contractorId, setContractorId] = useState<string | undefined>();
  const [range, setRange] = useState<RelativeDateRange>(EMPTY_DATE_RANGE);
  const [sorting, setSorting] = useState(status === 0 ? 'dueDate' : 'completedTime desc');
  const [page, setPage] = useState(1);
  const [sending, setSending] = useState<string | undefined>();
  const query = {
    typedReportStatus: status,
    filterText: filterText || undefined,
    contractorId,
    dueDateFrom: range.from ?? undefined,
    dueDateTo: range.to ?? undefined,
    sorting,
    skipCount: (page - 1) * PAGE,
    maxResultCount: PAGE,
  };
  const list = useQuery(endpointQuery(client, api.list, { query }));
  const typists = useQuery({ ...endpointQuery(client, api.typists), enabled: office });

  const send = async (job: TypistJobDto, file: File) => {
    setSending(job.id);
    try {
      await sendTypedReport(client, job, file);
      notices.success('Typed report sent');
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.summary) });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) notices.error(error.message);
    } finally {
      setSending(undefined);
    }
  };
  const reset = () => setPage(1);

  return (
    <div className="screen">
      <h1 className="screen-title">{TITLES[status]}</h1>
      <div style={{ display: 'flex', gap: 8, margin: '12px 0', flexWrap: 'wrap' }}>
        <Input.Search
          placeholder="Case no., claimant, dictation"
          aria-label="Search jobs"
          allowClear
          onSearch={(v) => {
            setFilterText(v.trim());
            reset();
          }}
          style={{ maxWidth: 300 }}
        />
        {office && (
          <Select
            aria-label="Typist"
            placeholder="Typist"
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            value={contractorId}
            onChange={(v) => {
              setContractorId(v);
              reset();
            }}
            options={(typists.data?.items ?? []).map((t) => ({ value: t.id, label: t.displayName }))}
          />
        )}
        <span aria-label="Due date">
          <RelativeDateRangeBox
            timeZone={tenant.timezone}
            value={range}
            placeholder="Due date"
            onChange={(v) => {
              setRange(v ?? EMPTY_DATE_RANGE);
              reset();
            }}
          />
        </span>
        <Select
          aria-label="Sort by"
          style={{ width: 210 }}
          value={sorting}
          onChange={(v) => {
            setSorting(v);
            reset();
          }}
          options={SORTS}
        />
      </div>
      <Table<TypistJobDto>
        size="small"
        scroll={{ x: 'max-content' }}
        aria-label={TITLES[status]}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.totalCount ?? 0, onChange: setPage }}
        columns={[
          { title: 'Case no.', dataIndex: 'caseNo' },
          { title: 'Claimant', dataIndex: 'clientName' },
          {
            title: 'Dictation',
            key: 'dictation',
            render: (_, j) => (
              <Button size="small" icon={<DownloadOutlined />} onClick={() => void openFile(client, j.dictationFileId)}>
                {j.dictationName}
              </Button>
            ),
          },
          ...(office ? [{ title: 'Typist', dataIndex: 'contractorName' }] : []),
          { title: 'Due date', key: 'dueDate', render: (_, j) => dateText(j.dueDate) },
          { title: 'Notes', dataIndex: 'notes', ellipsis: true },
          { title: 'Assigned', key: 'assignedTime', render: (_, j) => when(j.assignedTime) },
          {
            title: 'Status',
            key: 'status',
            render: (_, j) => (
              <Tag color={j.typedReportStatus === 1 ? 'success' : 'processing'}>
                {TypedReportStatusLabels[j.typedReportStatus]}
              </Tag>
            ),
          },
          {
            title: 'Typed report',
            key: 'typedReport',
            render: (_, j) =>
              j.typedReportFileId ? (
                <Space>
                  <Button size="small" type="link" onClick={() => void openFile(client, j.typedReportFileId!)}>
                    {j.typedReportName}
                  </Button>
                  {when(j.completedTime)}
                </Space>
              ) : (
                <Upload
                  accept=".doc,.docx,.pdf,.rtf,.txt"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void send(j, file);
                    return false;
                  }}
                >
                  <Button size="small" icon={<UploadOutlined />} loading={sending === j.id}>
                    Upload typed report
                  </Button>
                </Upload>
              ),
          },
        ]}
      />
    </div>
  );
}

export const IncompleteTypistJobsPage = () => <TypistJobsPage status={0} />;
export const CompletedTypistJobsPage = () => <TypistJobsPage status={1} />;
