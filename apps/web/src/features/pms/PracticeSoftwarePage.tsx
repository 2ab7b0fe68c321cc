import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  formatInZone,
  PMS_PROVIDER_NAMES,
  PMS_PROVIDER_SCREENS,
  PMS_REGIONS,
  PmsEndpoints as api,
  PmsProviders,
  type PmsConfigDto,
  type PmsProvider,
  type PmsRegion,
} from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';

const STATUS_TAGS: Record<PmsConfigDto['status'], { color?: string; text: string }> = {
  CONNECTED: { color: 'success', text: 'Connected' },
  PENDING: { color: 'processing', text: 'Waiting for approval' },
  NOT_CONNECTED: { text: 'Not connected' },
};

/**
 * /view/law-practice-softwares (every law firm) and each provider's screen (/view/clio-app…, the firms on
 * that provider): the firm's practice software and region, its connection, webhooks and linked matters,
 * with Set up, Connect, Register webhooks and Disconnect.
 */
export function PracticeSoftwarePage({ provider }: { provider?: PmsProvider }) {
  const client = useApi();
  const call = useCall();
  const queryClient = useQueryClient();
  const { tenant } = useSession();
  const { notification } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<PmsConfigDto | null>(null);
  const [form] = Form.useForm<{ provider: PmsProvider; region?: PmsRegion }>();
  const chosen = Form.useWatch('provider', form);
  const list = useQuery(endpointQuery(client, api.configs, { query: provider ? { provider } : {} }));
  const when = (iso: string | null) => (iso ? formatInZone(new Date(iso), tenant?.timezone ?? 'UTC', true) : '—');
  const title = provider ? PMS_PROVIDER_NAMES[provider] : 'Practice Software';

  // Back from the provider: say how it went, once.
  const told = useRef(false);
  useEffect(() => {
    // Only the screen the provider returned to tells it (the workspace keeps other tabs open).
    const screen = provider ? PMS_PROVIDER_SCREENS[provider] : '/view/law-practice-softwares';
    if (told.current || window.location.pathname !== screen || !window.location.search) return;
    told.current = true;
    const params = new URLSearchParams(window.location.search);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (params.get('connected'))
      notification.success({ title: 'Success', description: 'The practice software is connected.', duration: 3 });
    const error = params.get('error');
    if (error) notification.error({ title: 'Not connected', description: error });
  }, [notification, provider]);

  const act = async (key: string, fn: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await fn();
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.configs) });
    } finally {
      setBusy(null);
    }
  };
  const connect = (c: PmsConfigDto) =>
    act(`connect-${c.companyId}`, async () => {
      const { authorizeUrl } = await call(api.authorize, { params: { id: c.companyId } });
      window.location.assign(authorizeUrl);
    });
  const save = async () => {
    const values = await form.validateFields();
    if (!editing) return;
    await act(`save-${editing.companyId}`, () =>
      call(api.updateConfig, {
        params: { id: editing.companyId },
        body: { provider: values.provider, region: values.region ?? null },
      }),
    );
    setEditing(null);
    notification.success({ title: 'Success', description: 'Data has been saved successfully', duration: 3 });
  };

  return (
    <div className="screen">
      <h1 className="screen-title">{title}</h1>
      <Table<PmsConfigDto>
        aria-label="Law firms"
        rowKey="companyId"
        size="small"
        loading={list.isLoading}
        pagination={false}
        dataSource={list.data?.items ?? []}
        columns={[
          { title: 'Law firm', dataIndex: 'companyName' },
          {
            title: 'Practice software',
            render: (_, c) =>
              c.provider ? `${PMS_PROVIDER_NAMES[c.provider]}${c.region ? ` (${c.region})` : ''}` : '—',
          },
          {
            title: 'Connection',
            render: (_, c) => <Tag color={STATUS_TAGS[c.status].color}>{STATUS_TAGS[c.status].text}</Tag>,
          },
          { title: 'Account', render: (_, c) => c.accountName ?? '—' },
          { title: 'Connected', render: (_, c) => when(c.connectedTime) },
          { title: 'Webhooks', render: (_, c) => (c.webhooksRegistered ? 'Registered' : '—') },
          { title: 'Linked matters', dataIndex: 'linkedMatters' },
          { title: 'Last error', render: (_, c) => c.lastError ?? '' },
          {
            title: 'Actions',
            render: (_, c) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(c);
                    form.setFieldsValue({ provider: c.provider ?? provider ?? 'clio', region: c.region ?? undefined });
                  }}
                >
                  Set up
                </Button>
                {c.provider && c.status !== 'CONNECTED' && (
                  <Button
                    size="small"
                    type="primary"
                    loading={busy === `connect-${c.companyId}`}
                    onClick={() => void connect(c)}
                  >
                    Connect
                  </Button>
                )}
                {c.status === 'CONNECTED' && (
                  <>
                    <Button
                      size="small"
                      loading={busy === `hooks-${c.companyId}`}
                      onClick={() =>
                        void act(`hooks-${c.companyId}`, () =>
                          call(api.registerWebhooks, { params: { id: c.companyId } }),
                        )
                      }
                    >
                      Register webhooks
                    </Button>
                    <Popconfirm
                      title={`Disconnect ${c.companyName}?`}
                      description="Documents will no longer be sent to its matters."
                      okText="Disconnect"
                      onConfirm={() =>
                        act(`disconnect-${c.companyId}`, () => call(api.disconnect, { params: { id: c.companyId } }))
                      }
                    >
                      <Button size="small" danger>
                        Disconnect
                      </Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing ? `Practice software of ${editing.companyName}` : ''}
        okText="Save"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        confirmLoading={busy?.startsWith('save-') ?? false}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="provider" label="Practice software" rules={[{ required: true }]}>
            <Select
              options={PmsProviders.map((p) => ({ value: p, label: PMS_PROVIDER_NAMES[p] }))}
              onChange={() => form.setFieldValue('region', undefined)}
            />
          </Form.Item>
          {chosen && PMS_REGIONS[chosen].length > 0 && (
            <Form.Item name="region" label="Region" rules={[{ required: true, message: 'Choose the region.' }]}>
              <Select options={PMS_REGIONS[chosen].map((r) => ({ value: r, label: r }))} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </div>
  );
}

export const LawPracticeSoftwaresPage = () => <PracticeSoftwarePage />;
export const ClioAppPage = () => <PracticeSoftwarePage provider="clio" />;
export const LeapAppPage = () => <PracticeSoftwarePage provider="leap" />;
export const PracticeEvolveAppPage = () => <PracticeSoftwarePage provider="practice-evolve" />;
export const ActionstepAppPage = () => <PracticeSoftwarePage provider="actionstep" />;
export const SmokeballAppPage = () => <PracticeSoftwarePage provider="smokeball" />;
