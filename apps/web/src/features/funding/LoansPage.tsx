import { useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatCents, FundingEndpoints as api, LOAN_STATUSES, type LoanDto, type LoanStatus } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';
import { DownloadSearchResults, type ExportColumn } from './DownloadSearchResults';
import { money } from './fundingFormat';

export const LOAN_STATUS_COLOURS: Record<LoanStatus, string> = {
  Pending: 'warning',
  Active: 'processing',
  Settled: 'success',
  Cancelled: 'default',
};

const LOAN_EXPORT: readonly ExportColumn<LoanDto>[] = [
  { title: 'Loan No', value: (l) => l.loanNo },
  { title: 'Agreement', value: (l) => l.agreementNo },
  { title: 'Provider', value: (l) => l.providerName },
  { title: 'Borrower', value: (l) => l.borrowerName },
  { title: 'Case', value: (l) => l.caseReference },
  { title: 'Borrower Reference', value: (l) => l.borrowerReference },
  { title: 'Status', value: (l) => l.status },
  { title: 'Principal', value: (l) => formatCents(l.principalCents) },
  { title: 'Interest', value: (l) => formatCents(l.interestCents) },
  { title: 'Fees', value: (l) => formatCents(l.feeCents) },
  { title: 'Balance', value: (l) => formatCents(l.balanceCents) },
  { title: 'Interest To', value: (l) => l.interestPostedTo },
];

/** /view/disbursement-funding: loan fundings with their ledger balances. */
export function LoansPage() {
  const client = useApi();
  const can = useCan();
  const { open } = useWorkspace();
  const [filterText, setFilterText] = useState('');
  const [status, setStatus] = useState<LoanStatus | undefined>();
  const list = useQuery(
    endpointQuery(client, api.listLoans, { query: { filterText, status: status ?? null, maxResultCount: 1000 } }),
  );
  return (
    <div className="screen">
      <h1 className="screen-title">Loan Fundings</h1>
      <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        <Input.Search
          placeholder="Search"
          aria-label="Search loans"
          allowClear
          onSearch={setFilterText}
          style={{ maxWidth: 320 }}
        />
        <Select<LoanStatus>
          allowClear
          placeholder="Status"
          aria-label="Status"
          style={{ width: 160 }}
          value={status}
          onChange={setStatus}
          options={LOAN_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <DownloadSearchResults
          endpoint={api.listLoans}
          query={{ filterText, ...(status ? { status } : {}) }}
          name="loan-fundings"
          columns={LOAN_EXPORT}
        />
        {can(api.createLoan.access.permission!) && (
          <Button type="primary" onClick={() => open({ path: '/view/disbursement-funding/add' })}>
            Add Loan Funding
          </Button>
        )}
      </div>
      <Table<LoanDto>
        size="small"
        aria-label="Loan fundings"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ pageSize: 20 }}
        onRow={(row) => ({ onClick: () => open({ path: `/view/disbursement-funding/detail/${row.id}` }) })}
        columns={[
          { title: 'Loan No', dataIndex: 'loanNo' },
          { title: 'Agreement', dataIndex: 'agreementNo' },
          { title: 'Borrower', dataIndex: 'borrowerName' },
          { title: 'Case', dataIndex: 'caseReference' },
          { title: 'Principal', key: 'principal', align: 'right', render: (_, l) => money(l.principalCents) },
          { title: 'Interest', key: 'interest', align: 'right', render: (_, l) => money(l.interestCents) },
          { title: 'Fees', key: 'fees', align: 'right', render: (_, l) => money(l.feeCents) },
          { title: 'Balance', key: 'balance', align: 'right', render: (_, l) => money(l.balanceCents) },
          { title: 'Interest To', dataIndex: 'interestPostedTo' },
          {
            title: 'Status',
            key: 'status',
            render: (_, l) => <Tag color={LOAN_STATUS_COLOURS[l.status]}>{l.status}</Tag>,
          },
        ]}
      />
    </div>
  );
}
