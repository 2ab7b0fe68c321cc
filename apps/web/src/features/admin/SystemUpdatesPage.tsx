import { Button, Card, Checkbox, Descriptions, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Permissions, SystemUpdateEndpoints, type SystemUpdateDto, type SystemUpdateSendDto } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { useCan } from '../../app/session/useCan';
import { useHostTenants } from './HostTenantPicker';

const PAGE_SIZE = 20;
const when = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '');
type UpdateForm = { version: string; title: string; content: string; publish: boolean };

const status = (u: SystemUpdateDto) =>
  u.publishedAt ? <Tag color="success">Published {when(u.publishedAt)}</Tag> : <Tag>Draft</Tag>;

/** /view/system-update (host): every system update, drafts first, then the published ones newest first. */
export function SystemUpdatesPage() {
  const api = useApi();
  const navigate = useNavigate();
  const mayManage = useCan()(Permissions.systemUpdates.manage);
  const [page, setPage] = useState(1);
  const query = { skipCount: (page - 1) * PAGE_SIZE, maxResultCount: PAGE_SIZE };
  const updates = useQuery({
    queryKey: ['system-updates', query],
    queryFn: () => callEndpoint(api, SystemUpdateEndpoints.listSystemUpdates, { query }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="screen">
      <h1 className="screen-title">System Updates</h1>
      <Card>
        <Space style={{ marginBottom: 12 }}>
          {mayManage ? (
            <Button type="primary" onClick={() => void navigate('/view/system-update/add')}>
              Add System Update
            </Button>
          ) : null}
          <Button onClick={() => void updates.refetch()}>Refresh</Button>
        </Space>
        <Table<SystemUpdateDto>
          size="small"
          aria-label="System updates"
          rowKey="id"
          loading={updates.isFetching}
          dataSource={updates.data?.items ?? []}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: updates.data?.totalCount ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          onRow={(u) => ({
            onClick: () => void navigate(`/view/system-update/detail/${u.id}`),
            style: { cursor: 'pointer' },
          })}
          columns={[
            { title: 'Version', dataIndex: 'version', width: 110 },
            { title: 'Title', dataIndex: 'title' },
            { title: 'Status', key: 'status', width: 220, render: (_, u) => status(u) },
            {
              title: 'Sent by e-mail',
              key: 'sent',
              width: 200,
              render: (_, u) => (u.sendCount === 0 ? 'Never' : `${u.sendCount}× · last ${when(u.lastSentAt)}`),
            },
          ]}
        />
      </Card>
    </div>
  );
}

/** The fields of an update; `publish` shows it to every user under Product Updates. */
function UpdateFields() {
  return (
    <>
      <Form.Item name="version" label="Version" rules={[{ required: true, whitespace: true, max: 32 }]}>
        <Input placeholder="2026.12" style={{ maxWidth: 200 }} />
      </Form.Item>
      <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, max: 200 }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="content"
        label="Content"
        extra="Separate paragraphs with a blank line."
        rules={[{ required: true, whitespace: true, max: 20_000 }]}
      >
        <Input.TextArea rows={10} />
      </Form.Item>
      <Form.Item name="publish" valuePropName="checked">
        <Checkbox>Published (every user sees it under Product Updates)</Checkbox>
      </Form.Item>
    </>
  );
}

/** /view/system-update/add (host admin): a new update, a draft unless published at once. */
export function SystemUpdateAddPage() {
  const api = useApi();
  const navigate = useNavigate();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UpdateForm>();
  const [saving, setSaving] = useState(false);
  async function save(values: UpdateForm) {
    setSaving(true);
    try {
      const created = await callEndpoint(api, SystemUpdateEndpoints.createSystemUpdate, { body: values });
      notices.success('Data has been added successfully');
      await queryClient.invalidateQueries({ queryKey: ['system-updates'] });
      void navigate(`/view/system-update/detail/${created.id}`);
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }
  return (
    <div className="screen">
      <h1 className="screen-title">Add System Update</h1>
      <Card style={{ maxWidth: 900 }}>
        <Form<UpdateForm>
          form={form}
          layout="vertical"
          initialValues={{ publish: false }}
          onFinish={(v) => void save(v)}
        >
          <UpdateFields />
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              Save
            </Button>
            <Button onClick={() => void navigate('/view/system-update')}>Cancel</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}

/** /view/system-update/detail/:id: the update, its editing (host admin), sending by e-mail and its history. */
export function SystemUpdateDetailPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const mayManage = useCan()(Permissions.systemUpdates.manage);
  const [form] = Form.useForm<UpdateForm>();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sendOpen, setSendOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const tenants = useHostTenants(sendOpen);
  const update = useQuery({
    queryKey: ['system-updates', 'one', id],
    queryFn: () => callEndpoint(api, SystemUpdateEndpoints.getSystemUpdate, { params: { id } }),
  });
  const history = useQuery({
    queryKey: ['system-updates', 'history', id],
    queryFn: () => callEndpoint(api, SystemUpdateEndpoints.systemUpdateHistory, { params: { id } }),
  });
  const u = update.data;
  useEffect(() => {
    if (u && !editing) {
      form.setFieldsValue({ version: u.version, title: u.title, content: u.content, publish: Boolean(u.publishedAt) });
    }
  }, [u, editing, form]);

  async function save(values: UpdateForm) {
    setSaving(true);
    try {
      await callEndpoint(api, SystemUpdateEndpoints.updateSystemUpdate, { params: { id }, body: values });
      notices.success('Data has been saved successfully');
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: ['system-updates'] });
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }

  async function send() {
    setSending(true);
    try {
      const sent = await callEndpoint(api, SystemUpdateEndpoints.sendSystemUpdateEmail, {
        params: { id },
        body: { tenantIds: chosen },
      });
      notices.success(
        `Sent to ${sent.recipients.length} tenant ${sent.recipients.length === 1 ? 'admin' : 'admins'} of ${sent.tenantCount} ${sent.tenantCount === 1 ? 'tenant' : 'tenants'}.`,
      );
      setSendOpen(false);
      setChosen([]);
      await queryClient.invalidateQueries({ queryKey: ['system-updates'] });
    } catch {
      // The notice has said why.
    } finally {
      setSending(false);
    }
  }

  if (!u) {
    return (
      <div className="screen">
        <h1 className="screen-title">System Update Detail</h1>
        <Card loading={update.isLoading}>{update.isError ? 'Cannot found' : null}</Card>
      </div>
    );
  }
  return (
    <div className="screen">
      <h1 className="screen-title">System Update {u.version}</h1>
      <Card
        title={u.title}
        extra={
          mayManage && !editing ? (
            <Space>
              <Button onClick={() => setEditing(true)}>Edit</Button>
              <Button
                type="primary"
                disabled={!u.publishedAt}
                title={u.publishedAt ? undefined : 'Publish the update before sending it by e-mail.'}
                onClick={() => setSendOpen(true)}
              >
                Send by E-mail
              </Button>
            </Space>
          ) : null
        }
        style={{ maxWidth: 900, marginBottom: 16 }}
      >
        {editing ? (
          <Form<UpdateForm> form={form} layout="vertical" onFinish={(v) => void save(v)}>
            <UpdateFields />
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                Save
              </Button>
              <Button onClick={() => setEditing(false)}>Cancel</Button>
            </Space>
          </Form>
        ) : (
          <>
            <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="Version">{u.version}</Descriptions.Item>
              <Descriptions.Item label="Status">{status(u)}</Descriptions.Item>
            </Descriptions>
            {u.content.split(/\n\s*\n/).map((paragraph, i) => (
              <Typography.Paragraph key={i}>{paragraph}</Typography.Paragraph>
            ))}
          </>
        )}
      </Card>
      <Card title="Sent by e-mail" style={{ maxWidth: 900 }}>
        <Table<SystemUpdateSendDto>
          size="small"
          aria-label="Send history"
          rowKey="id"
          loading={history.isFetching}
          dataSource={history.data ?? []}
          locale={{ emptyText: 'Not sent yet' }}
          pagination={false}
          expandable={{
            expandedRowRender: (s) => (
              <ul style={{ margin: 0 }}>
                {s.recipients.map((r) => (
                  <li key={`${r.tenantId}-${r.email}`}>
                    {r.email} ({r.tenantName})
                  </li>
                ))}
              </ul>
            ),
          }}
          columns={[
            { title: 'Sent', key: 'sentAt', render: (_, s) => when(s.sentAt), width: 170 },
            { title: 'By', dataIndex: 'sentByName' },
            { title: 'Tenants', dataIndex: 'tenantCount', width: 90, align: 'right' },
            { title: 'Recipients', key: 'n', width: 110, align: 'right', render: (_, s) => s.recipients.length },
          ]}
        />
      </Card>
      <Modal
        title="Send by E-mail"
        open={sendOpen}
        okText="Send"
        confirmLoading={sending}
        onOk={() => void send()}
        onCancel={() => setSendOpen(false)}
      >
        <Typography.Paragraph>
          The update is sent to the tenant admins of the tenants chosen; with none chosen, to those of every active
          tenant.
        </Typography.Paragraph>
        <Select
          aria-label="Tenants"
          mode="multiple"
          allowClear
          placeholder="Every active tenant"
          style={{ width: '100%' }}
          optionFilterProp="label"
          loading={tenants.isFetching}
          value={chosen}
          onChange={setChosen}
          options={(tenants.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
      </Modal>
    </div>
  );
}
