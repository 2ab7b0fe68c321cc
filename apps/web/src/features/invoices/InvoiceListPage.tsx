import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  InvoiceEndpoints,
  InvoiceStatusLabels,
  Permissions,
  formatMoney,
  type Currency,
  type InvoiceListItemDto,
  type InvoiceStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { dateText } from '../../platform/time';
import { endpointQuery } from '../../platform/api/endpoints';
import { DateBox, useDebouncedValue } from '../../platform/controls';
import { InvoiceStatusColours, invoiceStatusOptions } from './invoiceApi';
import { InvoiceStatusTag } from './InvoiceStatusTag';
import { OverdueSummary } from './OverdueSummary';
import { SelectedInvoicesActions } from './SelectedInvoicesActions';
import { SchemeExports } from './SchemeExports';

/** /view/invoices: the invoices with their status counts, filters, and a link to each one. */
export function InvoiceListPage() {
  const api = useApi();
  const can = useCan();
  const { open } = useWorkspace();
  const [text, setText] = useState('');
  const filterText = useDebouncedValue(text.trim(), 500);
  const [status, setStatus] = useState<InvoiceStatus | undefined>();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const filters = {
    filterText: filterText || undefined,
    invoiceDateFrom: from ?? undefined,
    invoiceDateTo: to ?? undefined,
  };
  const list = useQuery(
    endpointQuery(api, InvoiceEndpoints.list, {
      query: { ...filters, status, skipCount: (page.current - 1) * page.pageSize, maxResultCount: page.pageSize },
    }),
  );
  const counts = useQuery(endpointQuery(api, InvoiceEndpoints.statusCounts, { query: filters }));
  const openInvoice = (id: string) => open({ path: `/view/invoices/detail/${id}` });
  const money = (i: InvoiceListItemDto, cents: number) => formatMoney(cents, i.currency as Currency);

  return (
    <div className="screen">
      <h1 className="screen-title">Invoices</h1>
      <Card>
        <Space wrap style={{ marginBottom: 12 }} aria-label="Status counts">
          {(counts.data?.items ?? []).map((c) => (
            <Tag.CheckableTag
              key={c.status}
              checked={status === c.status}
              data-testid={`count-${c.status}`}
              onChange={(on) => {
                setStatus(on ? c.status : undefined);
                setPage((p) => ({ ...p, current: 1 }));
              }}
            >
              <Tag color={InvoiceStatusColours[c.status]}>
                {InvoiceStatusLabels[c.status]}: {c.count}
              </Tag>
            </Tag.CheckableTag>
          ))}
          <OverdueSummary counts={counts.data} />
        </Space>
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder="Invoice no, case no or company"
            aria-label="Search"
            style={{ width: 280 }}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Select<InvoiceStatus>
            allowClear
            placeholder="Status"
            aria-label="Status"
            style={{ width: 160 }}
            options={invoiceStatusOptions}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          />
          <DateBox aria-label="Invoice date from" placeholder="Invoice date from" value={from} onChange={setFrom} />
          <DateBox aria-label="Invoice date to" placeholder="Invoice date to" value={to} onChange={setTo} />
          <SelectedInvoicesActions ids={selected} onDone={() => setSelected([])} />
          <SchemeExports />
          {can(Permissions.payments.create) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ path: '/view/invoices/add' })}>
              Add
            </Button>
          )}
        </Space>
        <Table<InvoiceListItemDto>
          rowKey="id"
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(String)),
          }}
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total: list.data?.totalCount ?? 0,
            pageSizeOptions: [20, 50, 100],
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
          columns={[
            {
              title: 'Invoice No',
              key: 'invoiceNo',
              render: (_, i) =>
                can(Permissions.payments.update) ? (
                  <Typography.Link onClick={() => openInvoice(i.id)}>{i.invoiceNo}</Typography.Link>
                ) : (
                  i.invoiceNo
                ),
            },
            { title: 'Case No', dataIndex: 'caseNo' },
            { title: 'Company', dataIndex: 'companyName' },
            { title: 'Specialist', dataIndex: 'specialistName' },
            { title: 'Invoice Date', key: 'invoiceDate', render: (_, i) => dateText(i.invoiceDate) },
            { title: 'Due Date', key: 'dueDate', render: (_, i) => dateText(i.dueDate) },
            { title: 'Total', key: 'total', align: 'right', render: (_, i) => money(i, i.totalCents) },
            {
              title: 'Credited',
              key: 'credited',
              align: 'right',
              render: (_, i) => (i.creditedCents ? money(i, i.creditedCents) : ''),
            },
            { title: 'Paid', key: 'paid', align: 'right', render: (_, i) => money(i, i.paidCents) },
            { title: 'Balance', key: 'balance', align: 'right', render: (_, i) => money(i, i.balanceCents) },
            { title: 'Status', key: 'status', render: (_, i) => <InvoiceStatusTag status={i.status} /> },
          ]}
        />
      </Card>
    </div>
  );
}
