import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { InvoiceEndpoints, Permissions, formatMoney, type Currency, type InvoiceDto } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { dateText } from '../../platform/time';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { InvoiceStatusTag } from './InvoiceStatusTag';

/** The case's Payment tab: its invoices with their payments, and invoicing the case from its blueprint. */
export function CaseInvoicesTab({ caseId, onChanged }: { caseId: string; onChanged?: () => void }) {
  const api = useApi();
  const call = useCall();
  const can = useCan();
  const queryClient = useQueryClient();
  const { open } = useWorkspace();
  const { notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const invoices = useQuery({
    ...endpointQuery(api, InvoiceEndpoints.caseDetailPayments, { query: { caseId } }),
    staleTime: 0,
  });
  const money = (i: InvoiceDto, cents: number) => formatMoney(cents, i.currency as Currency);
  const canOpen = can(Permissions.payments.update);

  const invoiceCase = async () => {
    setBusy(true);
    try {
      const inv = await call(InvoiceEndpoints.invoiceFromModule, { body: { caseId } });
      notification.success({ title: 'Success', description: 'Data has been added successfully', duration: 3 });
      await queryClient.invalidateQueries({ queryKey: endpointKey(InvoiceEndpoints.caseDetailPayments) });
      onChanged?.();
      open({ path: `/view/invoices/detail/${inv.id}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {can(Permissions.payments.create) && (
        <Button type="primary" loading={busy} onClick={() => void invoiceCase()}>
          Create Invoice
        </Button>
      )}
      <Table<InvoiceDto>
        rowKey="id"
        size="small"
        loading={invoices.isFetching}
        pagination={false}
        dataSource={invoices.data?.items ?? []}
        aria-label="Case invoices"
        expandable={{
          rowExpandable: (i) => i.payments.length > 0,
          expandedRowRender: (i) => (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={i.payments}
              columns={[
                { title: 'Payment date', key: 'paymentDate', render: (_, p) => dateText(p.paymentDate) },
                { title: 'Amount', key: 'a', align: 'right', render: (_, p) => money(i, p.amountCents) },
                { title: 'Reference', dataIndex: 'reference' },
              ]}
            />
          ),
        }}
        columns={[
          {
            title: 'Invoice No',
            key: 'no',
            render: (_, i) =>
              canOpen ? (
                <Typography.Link onClick={() => open({ path: `/view/invoices/detail/${i.id}` })}>
                  {i.invoiceNo}
                </Typography.Link>
              ) : (
                i.invoiceNo
              ),
          },
          { title: 'Invoice Date', key: 'invoiceDate', render: (_, i) => dateText(i.invoiceDate) },
          { title: 'Total', key: 't', align: 'right', render: (_, i) => money(i, i.totalCents) },
          { title: 'Paid', key: 'p', align: 'right', render: (_, i) => money(i, i.paidCents) },
          { title: 'Balance', key: 'b', align: 'right', render: (_, i) => money(i, i.balanceCents) },
          { title: 'Status', key: 's', render: (_, i) => <InvoiceStatusTag status={i.status} /> },
        ]}
      />
    </Space>
  );
}
