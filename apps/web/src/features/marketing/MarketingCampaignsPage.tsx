import { useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  formatInZone,
  MARKETING_STAGE_NAMES,
  MarketingEndpoints as api,
  MarketingStages,
  type MarketingCampaignListItemDto,
  type MarketingStage,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { saveFile } from '../../platform/resources/saveFile';
import { MarketingConnectionCard } from './MarketingConnectionCard';

export const STAGE_COLOURS: Record<MarketingStage, string> = {
  0: 'default',
  1: 'processing',
  2: 'warning',
  3: 'success',
  4: 'error',
};

/** /view/marketing-campaigns: the campaigns, filtered by stage and search text, with export and add. */
export function MarketingCampaignsPage() {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const { open } = useWorkspace();
  const { tenant } = useSession();
  const [filterText, setFilterText] = useState('');
  const [stage, setStage] = useState<MarketingStage | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const list = useQuery(
    endpointQuery(client, api.list, {
      query: { filterText, stage, skipCount: (page - 1) * 20, maxResultCount: 20 },
    }),
  );

  async function exportList() {
    setExporting(true);
    try {
      const file = await call(api.export, { body: { filterText: filterText || undefined, stage } });
      saveFile(file.blob, file.fileName);
    } catch {
      // The notice has said why.
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="screen">
      <h1 className="screen-title">Marketing Campaigns</h1>
      <MarketingConnectionCard />
      <div style={{ display: 'flex', gap: 8, margin: '12px 0', flexWrap: 'wrap' }}>
        <Input.Search
          placeholder="Search"
          aria-label="Search campaigns"
          allowClear
          onSearch={(v) => {
            setFilterText(v);
            setPage(1);
          }}
          style={{ maxWidth: 320 }}
        />
        <Select<MarketingStage>
          aria-label="Stage"
          placeholder="Stage"
          allowClear
          style={{ width: 160 }}
          value={stage}
          onChange={(v) => {
            setStage(v);
            setPage(1);
          }}
          options={MarketingStages.map((s) => ({ value: s, label: MARKETING_STAGE_NAMES[s] }))}
        />
        <Button loading={exporting} onClick={() => void exportList()}>
          Export
        </Button>
        {can(api.create.access.permission!) && (
          <Button type="primary" onClick={() => open({ path: '/view/marketing-campaigns/add' })}>
            Add Marketing Campaign
          </Button>
        )}
      </div>
      <Table<MarketingCampaignListItemDto>
        size="small"
        aria-label="Marketing campaigns"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize: 20, total: list.data?.totalCount ?? 0, onChange: setPage }}
        onRow={(row) => ({ onClick: () => open({ path: `/view/marketing-campaigns/detail/${row.id}` }) })}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Subject', dataIndex: 'subject' },
          {
            title: 'Stage',
            key: 'stage',
            render: (_, c) => <Tag color={STAGE_COLOURS[c.stage]}>{c.stageName}</Tag>,
          },
          { title: 'Recipients', dataIndex: 'recipientCount', align: 'right' },
          { title: 'Sent', dataIndex: 'sentCount', align: 'right' },
          {
            title: 'Sent time',
            key: 'sentTime',
            render: (_, c) => (c.sentTime ? formatInZone(new Date(c.sentTime), tenant.timezone, true) : ''),
          },
        ]}
      />
    </div>
  );
}
