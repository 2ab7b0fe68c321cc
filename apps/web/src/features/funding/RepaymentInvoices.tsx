import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  FormMessages,
  FundingEndpoints,
  RepaymentInvoiceEndpoints as api,
  type RepaymentInvoiceDto,
  type RepaymentInvoiceStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox } from '../../platform/controls/DateInput';
import { useNotices } from '../../platform/notices/useNotices';
import { openPdf } from '../invoices/invoiceApi';
import { money, moneyRule } from './fundingFormat';

export const REPAYMENT_STATUS_COLOURS: Record<RepaymentInvoiceStatus, string> = {
  Draft: 'default',
  Sent: 'processing',
  'Partial Pay': 'warning',
  Paid: 'success',
  Cancelled: 'error',
};

type Action = { kind: 'create' } | { kind: 'pay' | 'cancel'; invoice: RepaymentInvoiceDto };
const TITLES = { create: 'New Repayment Invoice', pay: 'Record Payment', cancel: 'Cancel Repayment Invoice' };

/**
 * A loan's repayment invoices (decision 0062): bill the borrower for what the loan owes on a date, send
 * it, record what is paid against it (a repayment of the loan), cancel one nothing was paid on, print.
 */
export function RepaymentInvoices({ loanId, today, active }: { loanId: string; today: string; active: boolean }) {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const queries = useQueryClient();
  const notices = useNotices();
  const [action, setAction] = useState<Action | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();
  const list = useQuery(endpointQuery(client, api.list, { query: { loanId, maxResultCount: 100 } }));
  const mayWrite = can(api.create.access.permission!);

  async function refresh() {
    await Promise.all(
      [
        api.list,
        api.counts,
        FundingEndpoints.getLoan,
        FundingEndpoints.listLoans,
        FundingEndpoints.listTransactions,
      ].map((e) => queries.invalidateQueries({ queryKey: endpointKey(e) })),
    );
  }

  async function run(work: () => Promise<unknown>) {
    setSaving(true);
    try {
      await work();
      notices.success('Data has been updated successfully');
      setAction(null);
      form.resetFields();
      await refresh();
    } catch {
      // The notice has said why; the dialog keeps what was typed.
    } finally {
      setSaving(false);
    }
  }

  async function submit() {
    if (!action) return;
    let v: Record<string, string>;
    try {
      v = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    if (action.kind === 'create')
      await run(() =>
        call(api.create, {
          body: { loanId, invoiceDate: v.invoiceDate!, dueDate: v.dueDate!, notes: v.notes || null },
        }),
      );
    else if (action.kind === 'pay')
      await run(() =>
        call(api.addPayment, {
          params: { id: action.invoice.id },
          body: { amount: v.amount!, date: v.date!, reference: v.reference || null },
        }),
      );
    else
      await run(() =>
        call(api.cancel, {
          params: { id: action.invoice.id },
          body: { reason: v.reason!, concurrencyStamp: action.invoice.concurrencyStamp },
        }),
      );
  }

  const send = (invoice: RepaymentInvoiceDto) =>
    run(() => call(api.send, { params: { id: invoice.id }, body: { concurrencyStamp: invoice.concurrencyStamp } }));
  const print = async (invoice: RepaymentInvoiceDto) => {
    try {
      openPdf(await call(api.print, { params: { id: invoice.id } }));
    } catch {
      // The notice has said why.
    }
  };

  return (
    <section aria-label="Repayment invoices" style={{ marginTop: 16 }}>
      <Space style={{ marginBottom: 8 }}>
        <h2 style={{ margin: 0 }}>Repayment Invoices</h2>
        {mayWrite && active && <Button onClick={() => setAction({ kind: 'create' })}>New Repayment Invoice</Button>}
      </Space>
      <Table<RepaymentInvoiceDto>
        size="small"
        aria-label="Repayment invoices"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={false}
        columns={[
          { title: 'Invoice No', dataIndex: 'invoiceNo' },
          { title: 'Invoice Date', dataIndex: 'invoiceDate' },
          { title: 'Due Date', dataIndex: 'dueDate' },
          { title: 'Total', key: 'total', align: 'right', render: (_, i) => money(i.totalCents) },
          { title: 'Paid', key: 'paid', align: 'right', render: (_, i) => money(i.paidCents) },
          {
            title: 'Balance',
            key: 'balance',
            align: 'right',
            render: (_, i) => <span data-testid={`ri-balance-${i.invoiceNo}`}>{money(i.balanceCents)}</span>,
          },
          {
            title: 'Status',
            key: 'status',
            render: (_, i) => (
              <Tag color={REPAYMENT_STATUS_COLOURS[i.status]} data-testid={`ri-status-${i.invoiceNo}`}>
                {i.status}
              </Tag>
            ),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, i) => (
              <Space size="small">
                <Button size="small" onClick={() => void print(i)}>
                  Print
                </Button>
                {mayWrite && i.status === 'Draft' && (
                  <Button size="small" loading={saving} onClick={() => void send(i)}>
                    Send
                  </Button>
                )}
                {mayWrite && (i.status === 'Sent' || i.status === 'Partial Pay') && (
                  <Button size="small" onClick={() => setAction({ kind: 'pay', invoice: i })}>
                    Record Payment
                  </Button>
                )}
                {mayWrite && i.status !== 'Cancelled' && i.payments.length === 0 && (
                  <Button size="small" danger onClick={() => setAction({ kind: 'cancel', invoice: i })}>
                    Cancel
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={action ? TITLES[action.kind] : ''}
        open={action !== null}
        onOk={() => void submit()}
        okText="Save"
        confirmLoading={saving}
        onCancel={() => setAction(null)}
        destroyOnHidden
      >
        <Form form={form} name="repayment-invoice" layout="vertical">
          {action?.kind === 'create' && (
            <>
              <Form.Item
                name="invoiceDate"
                label="Invoice Date"
                rules={[{ required: true, message: FormMessages.required }]}
                initialValue={today}
                extra="The invoice bills what the loan owes on this day: principal, interest and fees."
              >
                <DateBox aria-label="Invoice Date" />
              </Form.Item>
              <Form.Item name="dueDate" label="Due Date" rules={[{ required: true, message: FormMessages.required }]}>
                <DateBox aria-label="Due Date" />
              </Form.Item>
              <Form.Item name="notes" label="Notes">
                <Input.TextArea maxLength={2000} rows={2} />
              </Form.Item>
            </>
          )}
          {action?.kind === 'pay' && (
            <>
              <Form.Item
                name="amount"
                label="Amount"
                rules={[{ required: true, message: FormMessages.required }, moneyRule]}
                initialValue={money(action.invoice.balanceCents)}
              >
                <Input aria-label="Amount" />
              </Form.Item>
              <Form.Item
                name="date"
                label="Date"
                rules={[{ required: true, message: FormMessages.required }]}
                initialValue={today}
              >
                <DateBox aria-label="Date" />
              </Form.Item>
              <Form.Item name="reference" label="Reference">
                <Input maxLength={100} />
              </Form.Item>
            </>
          )}
          {action?.kind === 'cancel' && (
            <Form.Item name="reason" label="Reason" rules={[{ required: true, message: FormMessages.required }]}>
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </section>
  );
}
