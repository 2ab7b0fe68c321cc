import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  REPAYMENT_INVOICE_STATUSES,
  RepaymentInvoiceEndpoints as api,
  type RepaymentInvoiceDto,
  type RepaymentInvoiceStatus,
} from '@casebook/domain';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { openPdf } from '../invoices/invoiceApi';
import { money } from './fundingFormat';
import { REPAYMENT_STATUS_COLOURS } from './RepaymentInvoices';

/**
 * Every loan's repayment invoices (decision 0062) with their balances and counts by status; each opens in
 * a drawer with its payments, and from there its loan, where it is sent and paid.
 */
export function RepaymentInvoiceList() {
  const client = useApi();
  const [filterText, setFilterText] = useState('');
  const [status, setStatus] = useState<RepaymentInvoiceStatus | undefined>();
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery(
    endpointQuery(client, api.list, { query: { filterText, status: status ?? null, maxResultCount: 1000 } }),
  );
  const counts = useQuery(endpointQuery(client, api.counts, { query: {} }));
  const countOf = (s: RepaymentInvoiceStatus) => counts.data?.items.find((c) => c.status === s)?.count ?? 0;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {REPAYMENT_INVOICE_STATUSES.map((s) => (
          <Tag key={s} color={REPAYMENT_STATUS_COLOURS[s]} data-testid={`ri-count-${s}`}>
            {s}: {countOf(s)}
          </Tag>
        ))}
      </Space>
      <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        <Input.Search
          placeholder="Invoice no"
          aria-label="Search repayment invoices"
          allowClear
          onSearch={setFilterText}
          style={{ maxWidth: 320 }}
        />
        <Select<RepaymentInvoiceStatus>
          allowClear
          placeholder="Status"
          aria-label="Repayment invoice status"
          style={{ width: 160 }}
          value={status}
          onChange={setStatus}
          options={REPAYMENT_INVOICE_STATUSES.map((s) => ({ value: s, label: s }))}
        />
      </div>
      <Table<RepaymentInvoiceDto>
        size="small"
        rowKey="id"
        aria-label="Repayment invoices"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        onRow={(row) => ({ onClick: () => setOpenId(row.id) })}
        columns={[
          { title: 'Invoice No', dataIndex: 'invoiceNo' },
          { title: 'Loan No', dataIndex: 'loanNo' },
          { title: 'Borrower', dataIndex: 'borrowerName' },
          { title: 'Borrower Reference', dataIndex: 'borrowerReference' },
          { title: 'Invoice Date', dataIndex: 'invoiceDate' },
          { title: 'Due Date', dataIndex: 'dueDate' },
          { title: 'Total', key: 'total', align: 'right', render: (_, i) => money(i.totalCents) },
          { title: 'Paid', key: 'paid', align: 'right', render: (_, i) => money(i.paidCents) },
          { title: 'Balance', key: 'balance', align: 'right', render: (_, i) => money(i.balanceCents) },
          {
            title: 'Status',
            key: 'status',
            render: (_, i) => <Tag color={REPAYMENT_STATUS_COLOURS[i.status]}>{i.status}</Tag>,
          },
        ]}
      />
      <Drawer
        title="Repayment Invoice"
        open={openId !== null}
        onClose={() => setOpenId(null)}
        width={720}
        destroyOnHidden
      >
        {openId && <RepaymentInvoiceDetail id={openId} />}
      </Drawer>
    </>
  );
}

/** One repayment invoice: its amounts, payments, print, and its loan (where it is sent and paid). */
function RepaymentInvoiceDetail({ id }: { id: string }) {
  const client = useApi();
  const call = useCall();
  const { open } = useWorkspace();
  const detail = useQuery(endpointQuery(client, api.get, { params: { id } }));
  const inv = detail.data;
  if (!inv) return <div aria-busy={detail.isFetching} />;
  return (
    <>
      <h2 style={{ marginTop: 0 }}>{inv.invoiceNo}</h2>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => open({ path: `/view/disbursement-funding/detail/${inv.loanId}` })}>Open Loan</Button>
        <Button
          onClick={() =>
            void call(api.print, { params: { id } })
              .then(openPdf)
              .catch(() => undefined)
          }
        >
          Print
        </Button>
      </Space>
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label="Status">
          <Tag color={REPAYMENT_STATUS_COLOURS[inv.status]}>{inv.status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Loan">{inv.loanNo}</Descriptions.Item>
        <Descriptions.Item label="Borrower">{inv.borrowerName}</Descriptions.Item>
        <Descriptions.Item label="Borrower Reference">{inv.borrowerReference}</Descriptions.Item>
        <Descriptions.Item label="Invoice Date">{inv.invoiceDate}</Descriptions.Item>
        <Descriptions.Item label="Due Date">{inv.dueDate}</Descriptions.Item>
        <Descriptions.Item label="Principal">{money(inv.principalCents)}</Descriptions.Item>
        <Descriptions.Item label="Interest">{money(inv.interestCents)}</Descriptions.Item>
        <Descriptions.Item label="Fees">{money(inv.feesCents)}</Descriptions.Item>
        <Descriptions.Item label="Total">{money(inv.totalCents)}</Descriptions.Item>
        <Descriptions.Item label="Paid">{money(inv.paidCents)}</Descriptions.Item>
        <Descriptions.Item label="Balance">
          <strong data-testid="repayment-invoice-balance">{money(inv.balanceCents)}</strong>
        </Descriptions.Item>
        {inv.cancelReason && <Descriptions.Item label="Cancelled Because">{inv.cancelReason}</Descriptions.Item>}
        {inv.notes && <Descriptions.Item label="Notes">{inv.notes}</Descriptions.Item>}
      </Descriptions>
      <h3 style={{ marginTop: 16 }}>Payments</h3>
      <Table
        size="small"
        rowKey="id"
        aria-label="Repayment payments"
        pagination={false}
        dataSource={inv.payments}
        columns={[
          { title: 'Date', dataIndex: 'date' },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Amount', key: 'amount', align: 'right', render: (_, p) => money(p.amountCents) },
        ]}
      />
    </>
  );
}
