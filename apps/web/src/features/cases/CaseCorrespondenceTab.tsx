import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  CommunicationTypeLabels,
  CommunicationTypes,
  CorrespondenceCategories,
  CorrespondenceCategoryLabels,
  correspondenceCategoryOf,
  Permissions,
  type CommunicationType,
  type CorrespondenceCategory,
  type CorrespondenceNoteDto,
  type EmailTrackingDto,
  type MailDeliveryState,
  type CorrespondenceModule,
} from '@casebook/domain';
import { CorrespondenceEndpoints as mail } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { useFormSave } from '../../platform/resources/useFormSave';
import { useTenantDatePicker } from '../../platform/controls/tenantDatePicker';
import { instantOfPickerValue, pickerValueOf, useInstantText, useTimeZone } from '../../platform/time';
import { confirmResend } from '../admin/resendEmail';

const STATE_COLOURS: Record<MailDeliveryState, string> = {
  Pending: 'default',
  Sending: 'processing',
  Sent: 'success',
  Failed: 'error',
};

const categoryLabel = (c: CorrespondenceCategory | null) => (c ? CorrespondenceCategoryLabels[c] : '');

type Filters = { communicationType?: CommunicationType; category?: CorrespondenceCategory };

type NoteValues = {
  communicationType: CommunicationType;
  category?: CorrespondenceCategory;
  contactName?: string;
  contactTime?: Dayjs;
  content: string;
};

/** Adds a note of a call, message or meeting. */
function AddNoteDialog({
  open,
  onClose,
  onSaved,
  objectId,
  fromModule,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => Promise<void>;
  objectId: string;
  fromModule: CorrespondenceModule;
}) {
  const api = useApi();
  const timeZone = useTimeZone();
  const DatePicker = useTenantDatePicker();
  const [form] = Form.useForm<NoteValues>();
  const { save, saving } = useFormSave(
    form,
    (values) =>
      callEndpoint(api, mail.addNote, {
        body: {
          fromModule,
          objectId,
          communicationType: values.communicationType,
          category: values.category ?? null,
          contactName: values.contactName?.trim() || null,
          content: values.content,
          ...(values.contactTime ? { contactTime: instantOfPickerValue(values.contactTime, timeZone) } : {}),
        },
      }),
    {
      onSaved: async () => {
        form.resetFields();
        await onSaved();
      },
    },
  );
  return (
    <Modal
      open={open}
      title="Add correspondence"
      okText="Save"
      onOk={() => void save().then((saved) => saved && onClose())}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ contactTime: pickerValueOf(new Date(), timeZone) }}>
        <Form.Item
          name="communicationType"
          label="Communication type"
          rules={[{ required: true, message: 'This field is required' }]}
        >
          <Select options={CommunicationTypes.map((t) => ({ value: t, label: CommunicationTypeLabels[t] }))} />
        </Form.Item>
        <Form.Item name="category" label="Category">
          <Select
            allowClear
            options={CorrespondenceCategories.map((c) => ({ value: c, label: CorrespondenceCategoryLabels[c] }))}
          />
        </Form.Item>
        <Form.Item name="contactName" label="Contact">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="contactTime" label="Date and time">
          <DatePicker showTime={{ format: 'HH:mm' }} format="DD MMM YYYY HH:mm" />
        </Form.Item>
        <Form.Item
          name="content"
          label="Note"
          rules={[{ required: true, whitespace: true, message: 'This field is required' }]}
        >
          <Input.TextArea rows={4} maxLength={4000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * A case's Correspondence tab: the e-mails sent about it (from the outbox, with their delivery state
 * and Resend) and the notes of calls, messages and meetings, filtered by communication type and category.
 * `fromModule` is the case module's template family (IME for the assessment list).
 */
export function CaseCorrespondenceTab({
  caseId,
  fromModule = 'IME',
}: {
  caseId: string;
  fromModule?: CorrespondenceModule;
}) {
  const api = useApi();
  const { modal } = App.useApp();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const can = useCan();
  const timeZone = useTimeZone();
  const when = useInstantText();
  const office = can(Permissions.correspondence.read);
  const canAddNote = can(Permissions.correspondence.create);
  const canResend = can(Permissions.emailTracking.resend);
  const [filters, setFilters] = useState<Filters>({});
  const [adding, setAdding] = useState(false);
  const base = ['cases', 'correspondence', caseId];
  const emails = useQuery({
    queryKey: [...base, 'emails'],
    enabled: office,
    queryFn: () =>
      callEndpoint(api, mail.recordEmails, {
        query: { fromModule, objectId: caseId, maxResultCount: 1000 },
      }),
  });
  const notes = useQuery({
    queryKey: [...base, 'notes', filters],
    enabled: office,
    queryFn: () =>
      callEndpoint(api, mail.listNotes, {
        query: { fromModule, objectId: caseId, maxResultCount: 1000, ...filters },
      }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: base });

  if (!office) return <Empty description="No Data" />;

  // E-mails are the Email communication type; their category is read from the template.
  const shownEmails =
    filters.communicationType && filters.communicationType !== 'EMAIL'
      ? []
      : (emails.data?.items ?? []).filter(
          (m) => !filters.category || correspondenceCategoryOf(m.templateKey) === filters.category,
        );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Select<CommunicationType>
          allowClear
          aria-label="Communication type"
          placeholder="Communication type"
          style={{ width: 240 }}
          value={filters.communicationType}
          onChange={(communicationType) => setFilters((f) => ({ ...f, communicationType }))}
          options={CommunicationTypes.map((t) => ({ value: t, label: CommunicationTypeLabels[t] }))}
        />
        <Select<CorrespondenceCategory>
          allowClear
          aria-label="Category"
          placeholder="Category"
          style={{ width: 300 }}
          value={filters.category}
          onChange={(category) => setFilters((f) => ({ ...f, category }))}
          options={CorrespondenceCategories.map((c) => ({ value: c, label: CorrespondenceCategoryLabels[c] }))}
        />
        {canAddNote && (
          <Button type="primary" onClick={() => setAdding(true)}>
            Add correspondence
          </Button>
        )}
      </Space>

      <Typography.Title level={5}>E-mails</Typography.Title>
      <Table<EmailTrackingDto>
        size="small"
        aria-label="E-mails"
        rowKey="id"
        loading={emails.isLoading}
        pagination={false}
        dataSource={shownEmails}
        columns={[
          { title: 'Template', key: 'template', render: (_, m) => m.templateKey ?? '' },
          {
            title: 'Category',
            key: 'category',
            render: (_, m) => categoryLabel(correspondenceCategoryOf(m.templateKey)),
          },
          { title: 'Recipient', dataIndex: 'recipient' },
          { title: 'Subject', dataIndex: 'subject', ellipsis: true },
          { title: 'Sent', key: 'sent', render: (_, m) => when(m.sentTime) },
          {
            title: 'State',
            key: 'state',
            render: (_, m) => (
              <Tag color={STATE_COLOURS[m.state]} title={m.lastError ?? undefined}>
                {m.markedSuccess ? 'Sent (marked)' : m.state}
              </Tag>
            ),
          },
          {
            title: '',
            key: 'actions',
            render: (_, m) =>
              canResend && (
                <Button
                  size="small"
                  onClick={async () => {
                    if (!(await confirmResend(modal, api, m, timeZone))) return;
                    notices.success('Email has been sent!');
                    await refresh();
                  }}
                >
                  Resend
                </Button>
              ),
          },
        ]}
      />

      <Typography.Title level={5}>Notes</Typography.Title>
      <Table<CorrespondenceNoteDto>
        size="small"
        aria-label="Correspondence notes"
        rowKey="id"
        loading={notes.isLoading}
        pagination={false}
        dataSource={notes.data?.items ?? []}
        columns={[
          { title: 'When', key: 'when', render: (_, n) => when(n.contactTime) },
          { title: 'Type', key: 'type', render: (_, n) => CommunicationTypeLabels[n.communicationType] },
          { title: 'Category', key: 'category', render: (_, n) => categoryLabel(n.category) },
          { title: 'Contact', key: 'contact', render: (_, n) => n.contactName ?? '' },
          { title: 'Note', dataIndex: 'content' },
          { title: 'By', key: 'by', render: (_, n) => n.creatorName ?? '' },
        ]}
      />
      <AddNoteDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={refresh}
        objectId={caseId}
        fromModule={fromModule}
      />
    </Space>
  );
}
