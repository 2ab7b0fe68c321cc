import { useQuery } from '@tanstack/react-query';
import { Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatInZone, PMS_PROVIDER_NAMES, PmsEndpoints as api, type PmsMatterLinkDto } from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';

/** An instant in the tenant's zone, or a dash. */
export function useWhen() {
  const { tenant } = useSession();
  return (iso: string | null) => (iso ? formatInZone(new Date(iso), tenant?.timezone ?? 'UTC', true) : '—');
}

/** The documents of a case sent to its matter (pending until the provider has them). */
export function MatterDocuments({ link }: { link: PmsMatterLinkDto }) {
  if (link.documents.length === 0) return <span>No documents sent yet.</span>;
  return (
    <ul aria-label="Documents sent" style={{ margin: 0, paddingLeft: 18 }}>
      {link.documents.map((d) => (
        <li key={`${d.kind}-${d.name}`}>
          {d.name} {d.externalId ? <Tag color="success">Sent</Tag> : <Tag color="processing">Pending</Tag>}
        </li>
      ))}
    </ul>
  );
}

/** /view/pms-matter: the cases linked to matters, with what was last read of each matter and when. */
export function PmsMatterPage() {
  const client = useApi();
  const when = useWhen();
  const [filterText, setFilterText] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const list = useQuery({
    ...endpointQuery(client, api.links, {
      query: { filterText, skipCount: (page.current - 1) * page.pageSize, maxResultCount: page.pageSize },
    }),
    refetchInterval: 5000,
  });
  return (
    <div className="screen">
      <h1 className="screen-title">Matter Sync</h1>
      <Input.Search
        aria-label="Search"
        placeholder="Case, matter or client"
        allowClear
        onSearch={(v) => {
          setFilterText(v);
          setPage((p) => ({ ...p, current: 1 }));
        }}
        style={{ width: 320, marginBottom: 12 }}
      />
      <Table<PmsMatterLinkDto>
        aria-label="Linked matters"
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: list.data?.totalCount ?? 0,
          pageSizeOptions: [20, 50, 100],
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        columns={[
          { title: 'Case', dataIndex: 'caseNo' },
          { title: 'Law firm', dataIndex: 'companyName' },
          { title: 'Practice software', render: (_, l) => PMS_PROVIDER_NAMES[l.provider] },
          { title: 'Matter', render: (_, l) => [l.matterNumber, l.matterDescription].filter(Boolean).join(' — ') },
          { title: 'Client', dataIndex: 'clientName' },
          { title: 'Responsible', dataIndex: 'responsibleUserName' },
          { title: 'Matter status', dataIndex: 'matterStatus' },
          { title: 'Documents', render: (_, l) => <MatterDocuments link={l} /> },
          { title: 'Last sync', render: (_, l) => when(l.lastSyncTime) },
          { title: 'Last error', render: (_, l) => l.lastError ?? '' },
        ]}
      />
    </div>
  );
}
