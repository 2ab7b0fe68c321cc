import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { AccountingEndpoints as api, formatInZone, type AccountingConnectionDto } from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { UhgConnectionCard } from './UhgConnectionCard';

/**
 * /view/accounting-connections: Xero, QuickBooks and DocuSign for this tenant, connected or not, the
 * organisation (account), the last sync and the last error in words, with Connect, Disconnect and Sync now.
 */
export function AccountingConnectionsPage() {
  const client = useApi();
  const call = useCall();
  const queryClient = useQueryClient();
  const { tenant } = useSession();
  const { notification } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const list = useQuery({ ...endpointQuery(client, api.connections, {}), refetchInterval: 5000 });
  const when = (iso: string | null) => (iso ? formatInZone(new Date(iso), tenant?.timezone ?? 'UTC', true) : 'Never');

  // Back from the provider: say how it went.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const connected = params.get('connected');
    const error = params.get('error');
    if (connected)
      notification.success({
        title: 'Success',
        description: connected === 'docusign' ? 'DocuSign is connected.' : 'The accounting system is connected.',
        duration: 3,
      });
    if (error) notification.error({ title: 'Not connected', description: error });
  }, [notification]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(api.connections) });
  const act = async (key: string, fn: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await fn();
      await refresh();
    } finally {
      setBusy(null);
    }
  };
  const connect = (c: AccountingConnectionDto) =>
    act(`connect-${c.provider}`, async () => {
      const { authorizeUrl } = await call(api.connect, { params: { provider: c.provider } });
      window.location.assign(authorizeUrl);
    });
  const disconnect = (c: AccountingConnectionDto) =>
    act(`disconnect-${c.provider}`, () => call(api.disconnect, { params: { provider: c.provider } }));
  const sync = (c: AccountingConnectionDto) =>
    act(`sync-${c.provider}`, async () => {
      const { queued } = await call(api.manualSync, { params: { provider: c.provider } });
      const what =
        c.kind === 'esignature'
          ? `${queued} envelope${queued === 1 ? '' : 's'} to check`
          : `${queued} invoice${queued === 1 ? '' : 's'} to send`;
      notification.success({ title: 'Success', description: `Sync started: ${what}.`, duration: 3 });
    });

  return (
    <div className="screen">
      <h1 className="screen-title">Accounting Connections</h1>
      <Space direction="vertical" style={{ width: '100%' }}>
        {(list.data?.items ?? []).map((c) => (
          <Card
            key={c.provider}
            title={c.name}
            aria-label={`${c.name} connection`}
            extra={c.connected ? <Tag color="success">Connected</Tag> : <Tag>Disconnected</Tag>}
          >
            {!c.available && <Alert type="info" showIcon message={`${c.name} is not set up on this server.`} />}
            <Descriptions column={1} size="small">
              <Descriptions.Item label={c.kind === 'accounting' ? 'Organisation' : 'Account'}>
                {c.organisationName ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label="Connected">{c.connected ? when(c.connectedTime) : '—'}</Descriptions.Item>
              <Descriptions.Item label="Last sync">{when(c.lastSyncTime)}</Descriptions.Item>
              {c.kind === 'esignature' && (
                <Descriptions.Item label="Envelopes sent">{c.envelopesSent}</Descriptions.Item>
              )}
              {c.kind === 'accounting' && (
                <Descriptions.Item label="Invoices sent">{c.pushedInvoices}</Descriptions.Item>
              )}
            </Descriptions>
            {c.lastError && (
              <Alert
                type="error"
                showIcon
                message="Last error"
                description={`${c.lastError}${c.lastErrorTime ? ` (${when(c.lastErrorTime)})` : ''}`}
                style={{ marginBottom: 12 }}
              />
            )}
            <Space>
              {!c.connected && (
                <Button
                  type="primary"
                  disabled={!c.available}
                  loading={busy === `connect-${c.provider}`}
                  onClick={() => void connect(c)}
                >
                  Connect
                </Button>
              )}
              {c.connected && (
                <>
                  {c.kind !== 'telephony' && (
                    <Button loading={busy === `sync-${c.provider}`} onClick={() => void sync(c)}>
                      Sync now
                    </Button>
                  )}
                  <Popconfirm
                    title={`Disconnect ${c.name}?`}
                    description={
                      c.kind === 'esignature'
                        ? 'Documents will no longer be sent for signature.'
                        : c.kind === 'telephony'
                          ? 'Call results will no longer be recorded from it.'
                          : 'Invoices will no longer be sent to it.'
                    }
                    okText="Disconnect"
                    onConfirm={() => disconnect(c)}
                  >
                    <Button danger loading={busy === `disconnect-${c.provider}`}>
                      Disconnect
                    </Button>
                  </Popconfirm>
                </>
              )}
            </Space>
          </Card>
        ))}
        <UhgConnectionCard />
      </Space>
    </div>
  );
}
