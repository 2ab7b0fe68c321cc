import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { UhgEndpoints as api, formatInZone } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';

/** The US health insurer: connected or not (the tenant's provider TIN there), and connecting with a TIN. */
export function UhgConnectionCard() {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const queryClient = useQueryClient();
  const { tenant } = useSession();
  const { notification } = App.useApp();
  const [saving, setSaving] = useState(false);
  const mayConnect = can(api.connect.access.permission!);
  const connection = useQuery({ ...endpointQuery(client, api.connection, {}), enabled: mayConnect });
  const c = connection.data;
  if (!mayConnect || !c) return null;

  async function save(values: { providerTin: string }) {
    setSaving(true);
    try {
      await call(api.connect, { body: values });
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.connection) });
      notification.success({ title: 'Success', description: 'Data has been saved successfully', duration: 3 });
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card
      title="UHG (US health insurer)"
      aria-label="UHG connection"
      extra={c.connected ? <Tag color="success">Connected</Tag> : <Tag>Disconnected</Tag>}
    >
      {!c.available && <Alert type="info" showIcon message="UHG is not set up on this server." />}
      {c.connected && (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Provider">
            {c.providerName} (TIN {c.providerTin})
          </Descriptions.Item>
          <Descriptions.Item label="Connected">
            {c.connectedTime ? formatInZone(new Date(c.connectedTime), tenant?.timezone ?? 'UTC', true) : '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
      {c.available && (
        <Form layout="inline" onFinish={(v: { providerTin: string }) => void save(v)} style={{ marginTop: 8 }}>
          <Form.Item
            name="providerTin"
            label="Provider TIN"
            rules={[{ required: true, pattern: /^\d{9}$/, message: 'providerTin must be 9 digits' }]}
          >
            <Input style={{ width: 160 }} maxLength={9} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {c.connected ? 'Change' : 'Connect'}
          </Button>
        </Form>
      )}
    </Card>
  );
}
