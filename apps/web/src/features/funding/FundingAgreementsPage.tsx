import { useQuery } from '@tanstack/react-query';
import { Button, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatIsoDate, FundingEndpoints as api, todayIn, type FundingAgreementDto } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';
import { currentRate, feeText, fundingTypeLabel, money, repaymentText } from './fundingFormat';

const STATUS_COLOURS = { Pending: 'warning', Effective: 'success', Cancelled: 'default' } as const;

/** /view/facility-agreements: the funding agreements with their terms. */
export function FundingAgreementsPage() {
  const client = useApi();
  const { open } = useWorkspace();
  const { tenant } = useSession();
  const can = useCan();
  const today = formatIsoDate(todayIn(tenant.timezone));
  const [filterText, setFilterText] = useState('');
  const list = useQuery(endpointQuery(client, api.listAgreements, { query: { filterText, maxResultCount: 1000 } }));
  return (
    <div className="screen">
      <h1 className="screen-title">Facility Agreements</h1>
      <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        <Input.Search
          placeholder="Search"
          aria-label="Search agreements"
          allowClear
          onSearch={setFilterText}
          style={{ maxWidth: 320 }}
        />
        {can(api.createAgreement.access.permission!) && (
          <Button type="primary" onClick={() => open({ path: '/view/facility-agreements/add' })}>
            Add Facility Agreement
          </Button>
        )}
      </div>
      <Table<FundingAgreementDto>
        size="small"
        aria-label="Facility agreements"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ pageSize: 20 }}
        onRow={(row) => ({ onClick: () => open({ path: `/view/facility-agreements/detail/${row.id}` }) })}
        columns={[
          { title: 'Agreement No', dataIndex: 'agreementNo' },
          { title: 'Borrower', dataIndex: 'borrowerName' },
          { title: 'Provider', dataIndex: 'providerName' },
          { title: 'Type', key: 'type', render: (_, a) => fundingTypeLabel(a.fundingType) },
          { title: 'Interest', key: 'interest', render: (_, a) => `${a.interestMethod}, ${currentRate(a, today)}` },
          { title: 'Fee', key: 'fee', render: (_, a) => feeText(a) },
          { title: 'Repayment', key: 'repayment', render: (_, a) => repaymentText(a) },
          { title: 'Facility Limit', key: 'limit', align: 'right', render: (_, a) => money(a.facilityLimitCents) },
          { title: 'Loans', dataIndex: 'loanCount', align: 'right' },
          { title: 'Status', key: 'status', render: (_, a) => <Tag color={STATUS_COLOURS[a.status]}>{a.status}</Tag> },
        ]}
      />
    </div>
  );
}
