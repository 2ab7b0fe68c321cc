import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Popconfirm, Select, Space, Statistic, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import {
  formatInZone,
  MarketingEndpoints as api,
  type MarketingCampaignDto,
  type MarketingCampaignInput,
  type MarketingEmailHistoryDto,
  type MarketingRecipientKind,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useTab } from '../../app/tabs/useTab';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { MarketingConnectionCard } from './MarketingConnectionCard';
import { STAGE_COLOURS } from './MarketingCampaignsPage';

type FormValues = Omit<MarketingCampaignInput, 'companyIds' | 'caseManagerIds'> & {
  companyIds: string[];
  caseManagerIds: string[];
};

/** The companies or case managers with an e-mail address, as options (up to 1,000 at a time, searched). */
function RecipientsPicker({
  kind,
  label,
  value,
  onChange,
  disabled,
}: {
  kind: MarketingRecipientKind;
  label: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
  disabled: boolean;
}) {
  const client = useApi();
  const candidates = useQuery(endpointQuery(client, api.candidates, { query: { kind, maxResultCount: 1000 } }));
  const items = candidates.data?.items ?? [];
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        mode="multiple"
        aria-label={label}
        disabled={disabled}
        value={value ?? []}
        onChange={onChange}
        maxTagCount="responsive"
        optionFilterProp="label"
        placeholder={`Choose ${label.toLowerCase()}`}
        loading={candidates.isFetching}
        options={items.map((c) => ({
          value: c.id,
          label: `${c.name} <${c.email}>${c.companyName ? ` (${c.companyName})` : ''}`,
        }))}
        style={{ width: '100%' }}
      />
      <Button disabled={disabled || items.length === 0} onClick={() => onChange?.(items.map((c) => c.id))}>
        All ({candidates.data?.totalCount ?? 0})
      </Button>
    </Space.Compact>
  );
}

/** /view/marketing-campaigns/add and /detail/:id: the campaign, its recipients, sending and statistics. */
export function MarketingCampaignDetailPage() {
  const { id } = useParams();
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const queryClient = useQueryClient();
  const { open } = useWorkspace();
  const tabId = useTab()?.tab.id;
  const { tenant } = useSession();
  const { notification } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState<string | null>(null);
  const [historyPage, setHistoryPage] = useState(1);
  const isNew = !id;
  const detail = useQuery({
    ...endpointQuery(client, api.get, { params: { id: id ?? '' } }),
    enabled: !isNew,
    refetchInterval: (q) => ((q.state.data as MarketingCampaignDto | undefined)?.stage === 2 ? 2000 : false),
  });
  const connection = useQuery(endpointQuery(client, api.connection, {}));
  const connected = !!connection.data?.connected;
  const senders = useQuery({ ...endpointQuery(client, api.senders, {}), enabled: connected });
  const groups = useQuery({ ...endpointQuery(client, api.unsubscribeGroups, {}), enabled: connected });
  const histories = useQuery({
    ...endpointQuery(client, api.emailHistories, {
      params: { id: id ?? '' },
      query: { skipCount: (historyPage - 1) * 20, maxResultCount: 20 },
    }),
    // The histories are written when the send is done.
    enabled: !isNew && detail.data?.stage === 3,
  });
  const campaign = detail.data;
  const sent = (campaign?.stage ?? 0) >= 2;
  const mayWrite = can(isNew ? api.create.access.permission! : api.update.access.permission!) && !sent;
  const maySend = can(api.sendEmail.access.permission!);

  useEffect(() => {
    if (campaign) form.setFieldsValue(campaign);
  }, [campaign, form]);

  const when = (iso: string | null) => (iso ? formatInZone(new Date(iso), tenant.timezone, true) : '—');
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(api.get) });
  const run = async (key: string, fn: () => Promise<void>) => {
    setBusy(key);
    try {
      await fn();
    } catch {
      // The notice has said why.
    } finally {
      setBusy(null);
    }
  };

  const save = (values: FormValues) =>
    run('save', async () => {
      if (isNew) {
        const created = await call(api.create, { body: values });
        notification.success({ title: 'Success', description: 'Data has been added successfully', duration: 3 });
        await queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
        open(
          { path: `/view/marketing-campaigns/detail/${created.id}`, ...(tabId ? { id: tabId } : {}) },
          { replace: true },
        );
        return;
      }
      await call(api.update, { params: { id }, body: { ...values, concurrencyStamp: campaign!.concurrencyStamp } });
      notification.success({ title: 'Success', description: 'Data has been saved successfully', duration: 3 });
      await refresh();
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
    });

  const sendEmail = (isPreview: boolean) =>
    run(isPreview ? 'preview' : 'send', async () => {
      const result = await call(api.sendEmail, { params: { id: id! }, query: { isPreview } });
      notification.success({ title: 'Success', description: result.message, duration: 3 });
      await refresh();
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
    });

  const duplicate = () =>
    run('duplicate', async () => {
      const copy = await call(api.duplicate, { params: { id: id! } });
      notification.success({ title: 'Success', description: 'Data has been added successfully', duration: 3 });
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
      open({ path: `/view/marketing-campaigns/detail/${copy.id}` });
    });

  const sync = () =>
    run('sync', async () => {
      await call(api.syncStatistics, { params: { id: id! } });
      notification.success({ title: 'Success', description: 'Data has been saved successfully', duration: 3 });
      await refresh();
    });

  if (!isNew && !campaign) return <div className="screen" aria-busy={detail.isFetching} />;
  const stats = campaign?.statistics;
  return (
    <div className="screen">
      <h1 className="screen-title">
        {isNew ? 'Add Marketing Campaign' : `Marketing Campaign Detail - ${campaign!.name}`}{' '}
        {campaign && <Tag color={STAGE_COLOURS[campaign.stage]}>{campaign.stageName}</Tag>}
      </h1>
      {!connected && <MarketingConnectionCard />}
      {campaign && (
        <Space wrap style={{ margin: '12px 0' }}>
          {maySend && !sent && (
            <>
              <Popconfirm
                title="Send a preview?"
                description="The campaign goes to the sender's own address only."
                okText="Send preview"
                onConfirm={() => sendEmail(true)}
              >
                <Button loading={busy === 'preview'} disabled={!campaign.senderId}>
                  Preview
                </Button>
              </Popconfirm>
              <Popconfirm
                title={`Send to ${campaign.recipientCount} recipients?`}
                description="Unsubscribed addresses are left out. A sent campaign cannot be changed."
                okText="Send"
                onConfirm={() => sendEmail(false)}
              >
                <Button type="primary" loading={busy === 'send'} disabled={campaign.stage !== 1}>
                  Send
                </Button>
              </Popconfirm>
            </>
          )}
          {can(api.duplicate.access.permission!) && (
            <Button loading={busy === 'duplicate'} onClick={() => void duplicate()}>
              Duplicate
            </Button>
          )}
        </Space>
      )}
      {campaign?.lastError && <div role="alert">{campaign.lastError}</div>}
      <Form<FormValues>
        form={form}
        layout="vertical"
        disabled={!mayWrite}
        initialValues={{ companyIds: [], caseManagerIds: [], senderId: null, unsubscribeGroupId: null }}
        onFinish={(v) => void save(v)}
        style={{ maxWidth: 900 }}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="subject" label="Subject" rules={[{ required: true, message: 'Subject is required' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="senderId" label="Sender">
            <Select
              style={{ width: 320 }}
              allowClear
              loading={senders.isFetching}
              options={(senders.data?.items ?? []).map((s) => ({
                value: s.id,
                label: `${s.fromName} <${s.fromEmail}>${s.verified ? '' : ' (not verified)'}`,
                disabled: !s.verified,
              }))}
            />
          </Form.Item>
          <Form.Item name="unsubscribeGroupId" label="Unsubscribe group">
            <Select
              style={{ width: 260 }}
              allowClear
              loading={groups.isFetching}
              options={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="companyIds" label="Companies">
          <RecipientsPicker kind="company" label="Companies" disabled={!mayWrite} />
        </Form.Item>
        <Form.Item name="caseManagerIds" label="Case managers">
          <RecipientsPicker kind="caseManager" label="Case managers" disabled={!mayWrite} />
        </Form.Item>
        <Form.Item
          name="htmlContent"
          label="Content (HTML)"
          rules={[{ required: true, message: 'Content is required' }]}
        >
          <Input.TextArea rows={8} />
        </Form.Item>
        {mayWrite && (
          <Button type="primary" htmlType="submit" loading={busy === 'save'}>
            Save
          </Button>
        )}
      </Form>
      {campaign && (
        <Card
          title="Statistics"
          aria-label="Statistics"
          style={{ marginTop: 16 }}
          extra={
            campaign.singleSendId && (
              <Button loading={busy === 'sync'} onClick={() => void sync()}>
                Sync
              </Button>
            )
          }
        >
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="Recipients">{campaign.recipientCount}</Descriptions.Item>
            <Descriptions.Item label="Sent">{campaign.sentCount}</Descriptions.Item>
            <Descriptions.Item label="Unsubscribed">{campaign.unsubscribedCount}</Descriptions.Item>
            <Descriptions.Item label="Sent time">{when(campaign.sentTime)}</Descriptions.Item>
            <Descriptions.Item label="Last synced">{when(campaign.statisticsSyncTime)}</Descriptions.Item>
          </Descriptions>
          {stats ? (
            <Space size="large" wrap>
              <Statistic title="Delivered" value={stats.delivered} />
              <Statistic title="Unique opens" value={stats.uniqueOpens} />
              <Statistic title="Opens" value={stats.opens} />
              <Statistic title="Unique clicks" value={stats.uniqueClicks} />
              <Statistic title="Clicks" value={stats.clicks} />
              <Statistic title="Unsubscribes" value={stats.unsubscribes} />
              <Statistic title="Bounces" value={stats.bounces} />
            </Space>
          ) : (
            <span>Not synced yet.</span>
          )}
        </Card>
      )}
      {campaign?.stage === 3 && (
        <Card title="E-mail histories" style={{ marginTop: 16 }}>
          <Table<MarketingEmailHistoryDto>
            size="small"
            aria-label="E-mail histories"
            rowKey="email"
            loading={histories.isFetching}
            dataSource={histories.data?.items ?? []}
            pagination={{
              current: historyPage,
              pageSize: 20,
              total: histories.data?.totalCount ?? 0,
              onChange: setHistoryPage,
            }}
            columns={[
              { title: 'E-mail', dataIndex: 'email' },
              { title: 'Name', dataIndex: 'name' },
              { title: 'Status', dataIndex: 'status' },
              { title: 'Time', key: 'time', render: (_, h) => when(h.time) },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
