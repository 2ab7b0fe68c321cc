import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  CaseServiceTypeLabels,
  CaseServiceTypes,
  InquiryEndpoints as api,
  InquiryStatuses,
  Permissions,
  type CaseServiceType,
  type InquiryDto,
  type InquiryStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { SelectionListBox } from '../../platform/controls';
import {
  EMPTY_DATE_RANGE,
  RelativeDateRangeBox,
  type RelativeDateRange,
} from '../../platform/controls/RelativeDateRangePicker';
import { useNotices } from '../../platform/notices/useNotices';
import { useInstantText } from '../../platform/time';

const PAGE = 20;
const COLOURS: Record<InquiryStatus, string> = {
  New: 'processing',
  Assigned: 'warning',
  Converted: 'success',
  Closed: 'default',
};
const required = [{ required: true, message: 'This field is required' }];
const serviceOptions = CaseServiceTypes.map((s) => ({ value: s, label: CaseServiceTypeLabels[s] }));

type LogValues = {
  enquirerName: string;
  companyName?: string;
  email?: string;
  phone?: string;
  serviceType: CaseServiceType;
  details?: string;
};

/**
 * /view/inquiry-centre: inquiries searched and filtered by status, assignee, service and day; logged here,
 * given to someone of the office, closed, or booked as a case.
 */
export function InquiryCentrePage() {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const notices = useNotices();
  const when = useInstantText();
  const queryClient = useQueryClient();
  const { open } = useWorkspace();
  const { tenant } = useSession();
  const canWrite = can(Permissions.inquiries.update);
  const [filterText, setFilterText] = useState('');
  const [status, setStatus] = useState<InquiryStatus | undefined>();
  const [assignedUserId, setAssignedUserId] = useState<string | undefined>();
  const [serviceType, setServiceType] = useState<CaseServiceType | undefined>();
  const [range, setRange] = useState<RelativeDateRange>(EMPTY_DATE_RANGE);
  const [page, setPage] = useState(1);
  const [logging, setLogging] = useState(false);
  const [assigning, setAssigning] = useState<InquiryDto | undefined>();
  const [converting, setConverting] = useState<InquiryDto | undefined>();
  const [logForm] = Form.useForm<LogValues>();
  const [assignForm] = Form.useForm<{ userId: string }>();
  const [convertForm] = Form.useForm<{ clientId: string; caseManagerId: string }>();
  const list = useQuery(
    endpointQuery(client, api.list, {
      query: {
        filterText: filterText || undefined,
        status,
        assignedUserId,
        serviceType,
        dateFrom: range.from ?? undefined,
        dateTo: range.to ?? undefined,
        skipCount: (page - 1) * PAGE,
        maxResultCount: PAGE,
      },
    }),
  );
  const assignees = useQuery({ ...endpointQuery(client, api.assignees), enabled: canWrite });
  const people = (assignees.data?.items ?? []).map((u) => ({ value: u.id, label: u.displayName }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
  const narrow =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const submitLog = async () => {
    const v = await logForm.validateFields();
    try {
      await call(api.create, {
        body: {
          enquirerName: v.enquirerName,
          companyName: v.companyName || null,
          email: v.email || null,
          phone: v.phone || null,
          serviceType: v.serviceType,
          details: v.details || null,
        },
      });
      notices.success();
      setLogging(false);
      await refresh();
    } catch {
      // The notice has said why.
    }
  };
  const submitAssign = async () => {
    const v = await assignForm.validateFields();
    try {
      await call(api.assign, {
        params: { id: assigning!.id },
        body: { userId: v.userId, concurrencyStamp: assigning!.concurrencyStamp },
      });
      notices.success();
      setAssigning(undefined);
      await refresh();
    } catch {
      // The notice has said why.
    }
  };
  const submitConvert = async () => {
    const v = await convertForm.validateFields();
    const inquiry = converting!;
    try {
      const done = await call(api.convert, {
        params: { id: inquiry.id },
        body: {
          serviceType: inquiry.serviceType,
          clientId: v.clientId,
          caseManagerId: v.caseManagerId,
          concurrencyStamp: inquiry.concurrencyStamp,
        },
      });
      notices.success(`Case ${done.caseNo ?? ''} booked`);
      setConverting(undefined);
      await refresh();
    } catch {
      // The notice has said why.
    }
  };
  const close = async (i: InquiryDto) => {
    try {
      await call(api.close, { params: { id: i.id }, body: { concurrencyStamp: i.concurrencyStamp } });
      await refresh();
    } catch {
      // The notice has said why.
    }
  };

  return (
    <div className="screen">
      <h1 className="screen-title">Inquiry Centre</h1>
      <div style={{ display: 'flex', gap: 8, margin: '12px 0', flexWrap: 'wrap' }}>
        <Input.Search
          placeholder="Name, company, e-mail, phone"
          aria-label="Search inquiries"
          allowClear
          onSearch={(v) => narrow(setFilterText)(v.trim())}
          style={{ maxWidth: 280 }}
        />
        <Select<InquiryStatus>
          aria-label="Status"
          placeholder="Status"
          allowClear
          style={{ width: 140 }}
          value={status}
          onChange={narrow(setStatus)}
          options={InquiryStatuses.map((s) => ({ value: s, label: s }))}
        />
        <Select<CaseServiceType>
          aria-label="Service"
          placeholder="Service"
          allowClear
          style={{ width: 180 }}
          value={serviceType}
          onChange={narrow(setServiceType)}
          options={serviceOptions}
        />
        {canWrite && (
          <Select
            aria-label="Assigned to"
            placeholder="Assigned to"
            allowClear
            style={{ width: 180 }}
            value={assignedUserId}
            onChange={narrow(setAssignedUserId)}
            options={people}
          />
        )}
        <RelativeDateRangeBox
          timeZone={tenant.timezone}
          value={range}
          onChange={(v) => narrow(setRange)(v ?? EMPTY_DATE_RANGE)}
        />
        {can(Permissions.inquiries.create) && (
          <Button type="primary" onClick={() => setLogging(true)}>
            Log Inquiry
          </Button>
        )}
      </div>
      <Table<InquiryDto>
        size="small"
        scroll={{ x: 'max-content' }}
        aria-label="Inquiries"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.totalCount ?? 0, onChange: setPage }}
        columns={[
          { title: 'Received', key: 'received', render: (_, i) => when(i.creationTime) },
          { title: 'Enquirer', dataIndex: 'enquirerName' },
          { title: 'Company', dataIndex: 'companyName' },
          { title: 'Contact', key: 'contact', render: (_, i) => [i.email, i.phone].filter(Boolean).join(' · ') },
          { title: 'Service', key: 'service', render: (_, i) => CaseServiceTypeLabels[i.serviceType] },
          { title: 'Details', dataIndex: 'details', ellipsis: true },
          { title: 'Assigned to', dataIndex: 'assignedUserName' },
          { title: 'Status', key: 'status', render: (_, i) => <Tag color={COLOURS[i.status]}>{i.status}</Tag> },
          {
            title: 'Case',
            key: 'case',
            render: (_, i) =>
              i.caseId ? (
                <Button type="link" size="small" onClick={() => open({ path: `/view/assessments/detail/${i.caseId}` })}>
                  {i.caseNo}
                </Button>
              ) : null,
          },
          {
            title: '',
            key: 'actions',
            render: (_, i) =>
              canWrite && (i.status === 'New' || i.status === 'Assigned') ? (
                <Space size={4}>
                  <Button size="small" onClick={() => setAssigning(i)}>
                    Assign
                  </Button>
                  {can(Permissions.assessments.create) && (
                    <Button size="small" type="primary" onClick={() => setConverting(i)}>
                      Create case
                    </Button>
                  )}
                  <Button size="small" onClick={() => void close(i)}>
                    Close
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        title="Log Inquiry"
        open={logging}
        okText="Save"
        onOk={() => void submitLog()}
        onCancel={() => setLogging(false)}
        destroyOnHidden
      >
        <Form form={logForm} layout="vertical" preserve={false} initialValues={{ serviceType: 'IME' }}>
          <Form.Item name="enquirerName" label="Enquirer" rules={required}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="companyName" label="Company">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="email" label="Email" rules={[{ type: 'email', message: 'Please enter a valid email' }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="phone" label="Phone">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="serviceType" label="Service" rules={required}>
            <Select options={serviceOptions} />
          </Form.Item>
          <Form.Item name="details" label="Details">
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="Assign Inquiry"
        open={!!assigning}
        okText="Assign"
        onOk={() => void submitAssign()}
        onCancel={() => setAssigning(undefined)}
        destroyOnHidden
      >
        <Form form={assignForm} layout="vertical" preserve={false}>
          <Form.Item name="userId" label="Assign to" rules={required}>
            <Select showSearch optionFilterProp="label" options={people} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="Create Case from Inquiry"
        open={!!converting}
        okText="Create case"
        onOk={() => void submitConvert()}
        onCancel={() => setConverting(undefined)}
        destroyOnHidden
      >
        <Form form={convertForm} layout="vertical" preserve={false}>
          <Form.Item name="clientId" label="Claimant" rules={required}>
            <SelectionListBox resource="clients" />
          </Form.Item>
          <Form.Item name="caseManagerId" label="Case manager" rules={required}>
            <SelectionListBox resource="case-managers" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
