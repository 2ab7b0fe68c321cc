import { useQuery } from '@tanstack/react-query';
import { Select, Table } from 'antd';
import { useState } from 'react';
import { AMOUNT_TYPES, FundingEndpoints as api, type AmountType, type FundingTransactionDto } from '@casebook/domain';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';
import { money } from './fundingFormat';

/** /view/facility-transactions: every ledger line of the loans the user may see, newest first. */
export function FundingTransactionsPage() {
  const client = useApi();
  const { open } = useWorkspace();
  const [amountType, setAmountType] = useState<AmountType | undefined>();
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const list = useQuery(
    endpointQuery(client, api.listTransactions, {
      query: {
        amountType: amountType ?? null,
        skipCount: (page.current - 1) * page.pageSize,
        maxResultCount: page.pageSize,
      },
    }),
  );
  return (
    <div className="screen">
      <h1 className="screen-title">Funding Transactions</h1>
      <Select<AmountType>
        allowClear
        placeholder="Amount Type"
        aria-label="Amount Type"
        style={{ width: 200, marginBottom: 12 }}
        value={amountType}
        onChange={(v) => {
          setAmountType(v);
          setPage((p) => ({ ...p, current: 1 }));
        }}
        options={AMOUNT_TYPES.map((t) => ({ value: t, label: t }))}
      />
      <Table<FundingTransactionDto>
        size="small"
        aria-label="Funding transactions"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{
          ...page,
          total: list.data?.totalCount ?? 0,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        onRow={(row) => ({ onClick: () => open({ path: `/view/disbursement-funding/detail/${row.loanId}` }) })}
        columns={[
          { title: 'Date', dataIndex: 'entryDate' },
          { title: 'Loan No', dataIndex: 'loanNo' },
          { title: 'Amount Type', dataIndex: 'amountType' },
          { title: 'Description', dataIndex: 'description' },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Amount', key: 'amount', align: 'right', render: (_, t) => money(t.amountCents) },
        ]}
      />
    </div>
  );
}
