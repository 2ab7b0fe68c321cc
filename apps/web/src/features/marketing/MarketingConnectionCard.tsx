import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { MarketingEndpoints as api } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';

/** SendGrid for this tenant: connected or not, the last error, and the API key to enter. */
export function MarketingConnectionCard() {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const connection = useQuery(endpointQuery(client, api.connection, {}));
  const c = connection.data;
  if (!c) return null;
  const mayConnect = can(api.connect.access.permission!);

  async function save(values: { apiKey: string }) {
    setSaving(true);
    try {
      await call(api.connect, { body: values });
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.connection) });
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.senders) });
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.unsubscribeGroups) });
      notification.success({ title: 'Success', description: 'Data has been saved successfully', duration: 3 });
      setEditing(false);
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }

  return (
    <div aria-label="SendGrid connection" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Space wrap>
        <span>{c.provider}</span>
        {c.connected ? <Tag color="success">Connected</Tag> : <Tag>Not connected</Tag>}
        {mayConnect && c.available && !editing && (
          <Button size="small" onClick={() => setEditing(true)}>
            {c.connected ? 'Change API key' : 'Enter API key'}
          </Button>
        )}
      </Space>
      {!c.available && <Alert type="info" showIcon message={`${c.provider} is not set up on this server.`} />}
      {c.lastError && <Alert type="error" showIcon message="Last error" description={c.lastError} />}
      {editing && (
        <Form layout="inline" onFinish={(v: { apiKey: string }) => void save(v)}>
          <Form.Item name="apiKey" label="API key" rules={[{ required: true, message: 'API key is required' }]}>
            <Input.Password autoComplete="off" style={{ width: 360 }} placeholder="SG.…" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
          <Button onClick={() => setEditing(false)}>Cancel</Button>
        </Form>
      )}
    </div>
  );
}
