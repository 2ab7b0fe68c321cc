import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Modal, Popconfirm, Segmented, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import {
  EML_PROPOSAL_STATUS_LABELS,
  EmlEndpoints as api,
  formatInZone,
  type EmlProposalDto,
  type EmlProposalStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { SelectionListSelect } from '../../platform/controls/SelectionListSelect';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { EmlMailboxCard } from './EmlMailboxCard';

type Filter = EmlProposalStatus | 'ALL';

/** Reads a file's bytes as base64 (what the upload call carries). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * /view/eml-synced-appointments: appointment requests read from e-mail (uploaded .eml files and the
 * tenant's mailbox), each proposed as a case that staff accept (the case is made) or reject.
 */
export function EmlSyncedAppointmentsPage() {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const queryClient = useQueryClient();
  const { tenant } = useSession();
  const { open } = useWorkspace();
  const { notification } = App.useApp();
  const [filter, setFilter] = useState<Filter>('PENDING');
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [busy, setBusy] = useState<string | null>(null);
  const [accepting, setAccepting] = useState<EmlProposalDto | null>(null);
  const [form] = Form.useForm<{ caseManagerId: string | null; clientId: string | null }>();
  const mayDecide = can(api.accept.access.permission!);
  const query = {
    ...(filter === 'ALL' ? {} : { status: filter }),
    skipCount: (page.current - 1) * page.size,
    maxResultCount: page.size,
  };
  const list = useQuery(endpointQuery(client, api.list, { query }));
  const when = (iso: string | null) => (iso ? formatInZone(new Date(iso), tenant?.timezone ?? 'UTC', true) : '—');
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
  const saved = (description = 'Data has been saved successfully') =>
    notification.success({ title: 'Success', description, duration: 3 });

  const act = async (key: string, fn: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await fn();
      await refresh();
      return true;
    } catch {
      // The notice has said why.
      return false;
    } finally {
      setBusy(null);
    }
  };

  const upload = (file: File) =>
    void act('upload', async () => {
      const created = await call(api.upload, { body: { fileName: file.name, content: await base64Of(file) } });
      saved(`${file.name} was read: ${created.claimantFirstName ?? ''} ${created.claimantLastName ?? ''}`.trim());
    });

  const startAccept = (p: EmlProposalDto) => {
    form.setFieldsValue({ caseManagerId: p.matchedCaseManagerId, clientId: p.matchedClientId });
    setAccepting(p);
  };
  const accept = async () => {
    const p = accepting!;
    const values = await form.validateFields();
    const done = await act(`accept-${p.id}`, async () => {
      const result = await call(api.accept, {
        params: { id: p.id },
        body: {
          concurrencyStamp: p.concurrencyStamp,
          caseManagerId: values.caseManagerId ?? null,
          clientId: values.clientId ?? null,
        },
      });
      saved(`Case ${result.caseNo ?? ''} has been created.`);
    });
    if (done) setAccepting(null);
  };
  const reject = (p: EmlProposalDto) =>
    void act(`reject-${p.id}`, async () => {
      await call(api.reject, { params: { id: p.id }, body: { concurrencyStamp: p.concurrencyStamp } });
      saved();
    });

  const name = (p: EmlProposalDto) => [p.claimantFirstName, p.claimantLastName].filter(Boolean).join(' ') || '—';

  return (
    <div className="screen">
      <h1 className="screen-title">Synced Appointments</h1>
      <EmlMailboxCard onSynced={() => void refresh()} />
      <Space style={{ margin: '12px 0' }} wrap>
        <Segmented<Filter>
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={[
            { value: 'PENDING', label: EML_PROPOSAL_STATUS_LABELS.PENDING },
            { value: 'ACCEPTED', label: EML_PROPOSAL_STATUS_LABELS.ACCEPTED },
            { value: 'REJECTED', label: EML_PROPOSAL_STATUS_LABELS.REJECTED },
            { value: 'ALL', label: 'All' },
          ]}
        />
        {mayDecide && (
          <Upload
            accept=".eml,message/rfc822"
            showUploadList={false}
            beforeUpload={(file) => {
              if (!/\.eml$/i.test(file.name)) {
                notification.error({ title: 'Error', description: 'Only .eml file accepted' });
              } else upload(file);
              return false;
            }}
          >
            <Button loading={busy === 'upload'}>Upload .eml</Button>
          </Upload>
        )}
      </Space>
      <Table<EmlProposalDto>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.totalCount ?? 0,
          pageSizeOptions: [20, 50, 100],
          showSizeChanger: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          { title: 'Received', key: 'received', render: (_, p) => when(p.receivedTime ?? p.creationTime) },
          {
            title: 'From',
            key: 'from',
            render: (_, p) => (
              <span>
                {p.fromName ?? p.fromEmail ?? '—'}
                <br />
                <small>{p.subject}</small>
              </span>
            ),
          },
          { title: 'Claimant', key: 'claimant', render: (_, p) => name(p) },
          { title: 'Date of birth', dataIndex: 'claimantDateOfBirth', render: (v: string | null) => v ?? '—' },
          { title: 'Company', dataIndex: 'companyName', render: (v: string | null) => v ?? '—' },
          {
            title: 'Requested',
            key: 'requested',
            render: (_, p) => [p.appointmentDate, p.appointmentTime].filter(Boolean).join(' ') || '—',
          },
          {
            title: 'Status',
            key: 'status',
            render: (_, p) => (
              <Space direction="vertical" size={2}>
                <Tag color={p.status === 'ACCEPTED' ? 'success' : p.status === 'REJECTED' ? 'default' : 'processing'}>
                  {EML_PROPOSAL_STATUS_LABELS[p.status]}
                </Tag>
                {p.caseNo && p.caseId && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => open({ path: `/view/assessments/detail/${p.caseId}` })}
                  >
                    {p.caseNo}
                  </Button>
                )}
                {p.problems.map((problem) => (
                  <small key={problem} style={{ color: '#d46b08' }}>
                    {problem}
                  </small>
                ))}
              </Space>
            ),
          },
          {
            title: 'Action',
            key: 'action',
            render: (_, p) =>
              p.status === 'PENDING' && mayDecide ? (
                <Space>
                  <Button type="primary" size="small" onClick={() => startAccept(p)}>
                    Accept
                  </Button>
                  <Popconfirm title="Reject this request? No case will be made." onConfirm={() => reject(p)}>
                    <Button size="small" danger loading={busy === `reject-${p.id}`}>
                      Reject
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={Boolean(accepting)}
        title="Accept the appointment request"
        okText="Create case"
        confirmLoading={busy === `accept-${accepting?.id}`}
        onOk={() => void accept()}
        onCancel={() => setAccepting(null)}
        destroyOnHidden
      >
        {accepting && (
          <Form form={form} layout="vertical">
            <p>
              {name(accepting)}
              {accepting.companyName ? `, ${accepting.companyName}` : ''}
              {accepting.appointmentDate ? `, ${accepting.appointmentDate}` : ''}
              {accepting.appointmentTime ? ` ${accepting.appointmentTime}` : ''}
            </p>
            {accepting.problems.length > 0 && (
              <Alert type="warning" showIcon message={accepting.problems.join(' ')} style={{ marginBottom: 12 }} />
            )}
            <SelectionListSelect name="caseManagerId" label="Booking case manager" resource="case-managers" required />
            <SelectionListSelect
              name="clientId"
              label="Claimant"
              resource="clients"
              allowClear
              extra="Left empty: the claimant named in the e-mail is added."
            />
          </Form>
        )}
      </Modal>
    </div>
  );
}
