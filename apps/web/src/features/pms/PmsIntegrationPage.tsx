import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { CaseEndpoints, PMS_PROVIDER_NAMES, PmsEndpoints as api, type PmsMatterDto } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { MatterDocuments, useWhen } from './PmsMatterPage';

/**
 * /view/pms-integration: a case linked to a matter of its law firm's practice software. Pick the case,
 * find the matter, Link; the link shows the matter's client, responsible user, status and the documents
 * sent, with Sync.
 */
export function PmsIntegrationPage() {
  const client = useApi();
  const call = useCall();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const when = useWhen();
  const [caseSearch, setCaseSearch] = useState('');
  const [caseId, setCaseId] = useState<string | null>(null);
  const [matterSearch, setMatterSearch] = useState('');
  const [matters, setMatters] = useState<PmsMatterDto[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const cases = useQuery(
    endpointQuery(client, CaseEndpoints.list, { query: { filterText: caseSearch, maxResultCount: 20 } }),
  );
  const chosen = useQuery({
    ...endpointQuery(client, CaseEndpoints.get, { params: { id: caseId ?? '' } }),
    enabled: !!caseId,
  });
  const link = useQuery({
    ...endpointQuery(client, api.caseLink, { params: { id: caseId ?? '' } }),
    enabled: !!caseId,
    refetchInterval: 5000,
  });
  const companyId = chosen.data?.companyId;

  const run = async (key: string, fn: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await fn();
    } finally {
      setBusy(null);
    }
  };
  const find = () =>
    run('find', async () => {
      if (!companyId) return;
      const found = await call(api.matters, { params: { id: companyId }, query: { filterText: matterSearch } });
      setMatters(found.items);
    });
  const linkTo = (m: PmsMatterDto) =>
    run(`link-${m.id}`, async () => {
      await call(api.linkCase, { params: { id: caseId! }, body: { matterId: m.id } });
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.caseLink) });
      setMatters(null);
      notification.success({ title: 'Success', description: 'The case is linked to the matter.', duration: 3 });
    });
  const sync = () =>
    run('sync', async () => {
      await call(api.syncCase, { params: { id: caseId! } });
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.caseLink) });
      notification.success({ title: 'Success', description: 'The matter is synced.', duration: 3 });
    });
  const current = link.data?.link ?? null;

  return (
    <div className="screen">
      <h1 className="screen-title">PMS Integration</h1>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          aria-label="Case"
          showSearch
          filterOption={false}
          placeholder="Case number"
          style={{ width: 420 }}
          value={caseId ?? undefined}
          onSearch={setCaseSearch}
          onChange={(v: string) => {
            setCaseId(v);
            setMatters(null);
          }}
          options={(cases.data?.items ?? []).map((c) => ({
            value: c.id,
            label: `${c.caseNo} — ${c.clientName ?? ''} (${c.companyName ?? ''})`,
          }))}
        />
        {caseId && link.isSuccess && current && (
          <Card title={`Matter of ${current.caseNo}`} aria-label="Linked matter">
            <Descriptions column={2} size="small">
              <Descriptions.Item label="Practice software">{PMS_PROVIDER_NAMES[current.provider]}</Descriptions.Item>
              <Descriptions.Item label="Matter">
                {[current.matterNumber, current.matterDescription].filter(Boolean).join(' — ')}
              </Descriptions.Item>
              <Descriptions.Item label="Matter status">{current.matterStatus ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Client">{current.clientName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Responsible">{current.responsibleUserName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Last sync">{when(current.lastSyncTime)}</Descriptions.Item>
            </Descriptions>
            {current.lastError && <Alert type="error" showIcon message="Last error" description={current.lastError} />}
            <div>
              <MatterDocuments link={current} />
            </div>
            <Button loading={busy === 'sync'} onClick={() => void sync()} style={{ marginTop: 12 }}>
              Sync
            </Button>
          </Card>
        )}
        {caseId && link.isSuccess && (
          <Card title={current ? 'Link to another matter' : 'Find the matter'}>
            <Space>
              <Input
                aria-label="Matter search"
                placeholder="Matter number, description or client"
                value={matterSearch}
                onChange={(e) => setMatterSearch(e.target.value)}
                onPressEnter={() => void find()}
                style={{ width: 320 }}
              />
              <Button type="primary" loading={busy === 'find'} disabled={!companyId} onClick={() => void find()}>
                Find matters
              </Button>
            </Space>
            {matters && (
              <Table<PmsMatterDto>
                aria-label="Matters found"
                rowKey="id"
                size="small"
                pagination={false}
                style={{ marginTop: 12 }}
                dataSource={matters}
                columns={[
                  { title: 'Number', dataIndex: 'number' },
                  { title: 'Description', dataIndex: 'description' },
                  { title: 'Client', dataIndex: 'clientName' },
                  { title: 'Responsible', dataIndex: 'responsibleUserName' },
                  { title: 'Status', dataIndex: 'status' },
                  {
                    title: '',
                    render: (_, m) => (
                      <Button size="small" loading={busy === `link-${m.id}`} onClick={() => void linkTo(m)}>
                        Link
                      </Button>
                    ),
                  },
                ]}
              />
            )}
          </Card>
        )}
      </Space>
    </div>
  );
}
