import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Descriptions, Form, Input, InputNumber, Space, Tag } from 'antd';
import { useState } from 'react';
import { EmlEndpoints as api, formatInZone, type EmlMailboxInput } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';

/** The tenant's request mailbox (IMAP): where it is, when it was last read, Fetch now, and its settings. */
export function EmlMailboxCard({ onSynced }: { onSynced?: () => void }) {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const queryClient = useQueryClient();
  const { tenant } = useSession();
  const { notification } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<'save' | 'sync' | null>(null);
  const mailbox = useQuery(endpointQuery(client, api.mailbox, {}));
  const m = mailbox.data;
  if (!m) return null;
  const mayConnect = can(api.saveMailbox.access.permission!);
  const mayFetch = can(api.sync.access.permission!);
  const when = (iso: string | null) => (iso ? formatInZone(new Date(iso), tenant?.timezone ?? 'UTC', true) : 'Never');
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(api.mailbox) });

  async function save(values: EmlMailboxInput) {
    setBusy('save');
    try {
      await call(api.saveMailbox, { body: { ...values, password: values.password || undefined } });
      await refresh();
      notification.success({ title: 'Success', description: 'Data has been saved successfully', duration: 3 });
      setEditing(false);
    } catch {
      // The notice has said why.
    } finally {
      setBusy(null);
    }
  }

  async function sync() {
    setBusy('sync');
    try {
      const result = await call(api.sync, {});
      notification.success({
        title: 'Success',
        description: `${result.fetched} message${result.fetched === 1 ? '' : 's'} read, ${result.proposed} new request${result.proposed === 1 ? '' : 's'}.`,
        duration: 3,
      });
      onSynced?.();
    } catch {
      // The notice has said why.
    } finally {
      await refresh();
      setBusy(null);
    }
  }

  return (
    <Card
      size="small"
      title="Request mailbox"
      aria-label="Request mailbox"
      extra={m.configured ? <Tag color="success">Connected</Tag> : <Tag>Not set up</Tag>}
    >
      {m.configured && (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Mailbox">
            {m.username} on {m.host}:{m.port} ({m.folder})
          </Descriptions.Item>
          <Descriptions.Item label="Last read">{when(m.lastSyncTime)}</Descriptions.Item>
        </Descriptions>
      )}
      {m.lastError && <Alert type="error" showIcon message="Last error" description={m.lastError} />}
      <Space style={{ marginTop: 8 }}>
        {m.configured && mayFetch && (
          <Button loading={busy === 'sync'} onClick={() => void sync()}>
            Fetch now
          </Button>
        )}
        {mayConnect && !editing && (
          <Button onClick={() => setEditing(true)}>{m.configured ? 'Change mailbox' : 'Set up mailbox'}</Button>
        )}
      </Space>
      {editing && (
        <Form<EmlMailboxInput>
          layout="vertical"
          style={{ marginTop: 12, maxWidth: 480 }}
          initialValues={{
            host: m.host ?? '',
            port: m.port ?? 993,
            secure: m.secure,
            username: m.username ?? '',
            folder: m.folder,
          }}
          onFinish={(v) => void save(v)}
        >
          <Form.Item name="host" label="IMAP server" rules={[{ required: true, message: 'host is required' }]}>
            <Input placeholder="imap.example.com" />
          </Form.Item>
          <Form.Item name="port" label="Port" rules={[{ required: true, message: 'port is required' }]}>
            <InputNumber min={1} max={65535} />
          </Form.Item>
          <Form.Item name="secure" valuePropName="checked">
            <Checkbox>TLS</Checkbox>
          </Form.Item>
          <Form.Item name="username" label="User name" rules={[{ required: true, message: 'username is required' }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label="Password"
            rules={m.configured ? [] : [{ required: true, message: 'password is required' }]}
            extra={m.configured ? 'Left empty: the kept password stays.' : undefined}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="folder" label="Folder" rules={[{ required: true, message: 'folder is required' }]}>
            <Input />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy === 'save'}>
              Save
            </Button>
            <Button onClick={() => setEditing(false)}>Cancel</Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}
