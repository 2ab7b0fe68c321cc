import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  endpointKey,
  formatIsoDate,
  FormMessages,
  FUNDING_INVOICE_STATUSES,
  FundingEndpoints,
  FundingInvoiceEndpoints as api,
  todayIn,
  type FundingInvoiceDto,
  type FundingInvoiceItemDto,
  type FundingInvoiceStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useTab } from '../../app/tabs/useTab';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox } from '../../platform/controls/DateInput';
import { useNotices } from '../../platform/notices/useNotices';
import { money, moneyRule } from './fundingFormat';
import { RepaymentInvoiceList } from './RepaymentInvoiceList';

export const FUNDING_INVOICE_STATUS_COLOURS: Record<FundingInvoiceStatus, string> = {
  Unpaid: 'processing',
  'Partial Pay': 'warning',
  'Full Pay': 'success',
  Cancelled: 'error',
};

/**
 * /view/transaction-invoice: the funder's funding invoices to its borrowers for the disbursements it funded
 * (decision 0090), with counts by status; beside them, every loan's repayment invoices (decision 0062).
 */
export function FundingInvoicesPage() {
  return (
    <div className="screen">
      <h1 className="screen-title">Funding Invoices</h1>
      <Tabs
        items={[
          { key: 'funding', label: 'Funding Invoices', children: <FundingInvoiceList /> },
          { key: 'repayment', label: 'Repayment Invoices', children: <RepaymentInvoiceList /> },
        ]}
      />
    </div>
  );
}

function FundingInvoiceList() {
  const client = useApi();
  const can = useCan();
  const { open } = useWorkspace();
  const [filterText, setFilterText] = useState('');
  const [status, setStatus] = useState<FundingInvoiceStatus | undefined>();
  const list = useQuery(
    endpointQuery(client, api.list, { query: { filterText, status: status ?? null, maxResultCount: 1000 } }),
  );
  const counts = useQuery(endpointQuery(client, api.counts, { query: {} }));
  const countOf = (s: FundingInvoiceStatus) => counts.data?.items.find((c) => c.status === s)?.count ?? 0;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {FUNDING_INVOICE_STATUSES.map((s) => (
          <Tag key={s} color={FUNDING_INVOICE_STATUS_COLOURS[s]} data-testid={`count-${s}`}>
            {s}: {countOf(s)}
          </Tag>
        ))}
      </Space>
      <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        <Input.Search
          placeholder="Invoice no or borrower reference"
          aria-label="Search funding invoices"
          allowClear
          onSearch={setFilterText}
          style={{ maxWidth: 320 }}
        />
        <Select<FundingInvoiceStatus>
          allowClear
          placeholder="Status"
          aria-label="Status"
          style={{ width: 160 }}
          value={status}
          onChange={setStatus}
          options={FUNDING_INVOICE_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        {can(api.create.access.permission!) && (
          <Button type="primary" onClick={() => open({ path: '/view/transaction-invoice/add' })}>
            Add
          </Button>
        )}
      </div>
      <Table<FundingInvoiceDto>
        size="small"
        rowKey="id"
        aria-label="Funding invoices"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        onRow={(row) => ({ onClick: () => open({ path: `/view/transaction-invoice/detail/${row.id}` }) })}
        columns={[
          { title: 'Funding Invoice No', dataIndex: 'fundingInvoiceNo' },
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
            render: (_, i) => <Tag color={FUNDING_INVOICE_STATUS_COLOURS[i.status]}>{i.status}</Tag>,
          },
        ]}
      />
    </>
  );
}

const itemColumns = [
  { title: 'Date', dataIndex: 'date' },
  { title: 'Disbursement', dataIndex: 'description' },
  { title: 'Reference', dataIndex: 'reference' },
  {
    title: 'Principal',
    key: 'principal',
    align: 'right' as const,
    render: (_: unknown, i: FundingInvoiceItemDto) => money(i.principalCents),
  },
  {
    title: 'Fee',
    key: 'fee',
    align: 'right' as const,
    render: (_: unknown, i: FundingInvoiceItemDto) => money(i.feesCents),
  },
];

type AddValues = { loanId: string; invoiceDate: string; dueDate: string; borrowerReference?: string; notes?: string };

/** /view/transaction-invoice/add: bill a loan's funded disbursements not billed yet. */
export function FundingInvoiceAddPage() {
  const client = useApi();
  const call = useCall();
  const queries = useQueryClient();
  const notices = useNotices();
  const { tenant } = useSession();
  const { open } = useWorkspace();
  const tabId = useTab()?.tab.id;
  const [form] = Form.useForm<AddValues>();
  const [saving, setSaving] = useState(false);
  const loanId = Form.useWatch('loanId', form);
  const invoiceDate = Form.useWatch('invoiceDate', form);
  const loans = useQuery(
    endpointQuery(client, FundingEndpoints.listLoans, { query: { status: 'Active', maxResultCount: 1000 } }),
  );
  const billable = useQuery({
    ...endpointQuery(client, api.billable, { query: { loanId: loanId ?? '', invoiceDate: invoiceDate ?? '' } }),
    enabled: Boolean(loanId && invoiceDate),
  });
  const billed = billable.data?.items ?? [];
  const total = billed.reduce((a, i) => a + i.principalCents + i.feesCents, 0);
  async function save() {
    let v: AddValues;
    try {
      v = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setSaving(true);
    try {
      const made = await call(api.create, {
        body: { ...v, borrowerReference: v.borrowerReference || null, notes: v.notes || null },
      });
      notices.success('Data has been added successfully');
      await queries.invalidateQueries({ queryKey: endpointKey(api.list) });
      await queries.invalidateQueries({ queryKey: endpointKey(api.counts) });
      open({ path: `/view/transaction-invoice/detail/${made.id}`, ...(tabId ? { id: tabId } : {}) }, { replace: true });
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }
  return (
    <div className="screen">
      <h1 className="screen-title">Add Funding Invoice</h1>
      <Form
        form={form}
        name="funding-invoice-add"
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{ invoiceDate: formatIsoDate(todayIn(tenant.timezone)) }}
      >
        <Form.Item name="loanId" label="Loan" rules={[{ required: true, message: FormMessages.required }]}>
          <Select
            aria-label="Loan"
            showSearch
            optionFilterProp="label"
            loading={loans.isFetching}
            onChange={(id: string) =>
              form.setFieldValue(
                'borrowerReference',
                loans.data?.items.find((l) => l.id === id)?.borrowerReference ?? undefined,
              )
            }
            options={(loans.data?.items ?? []).map((l) => ({
              value: l.id,
              label: `${l.loanNo} - ${l.borrowerName}${l.caseReference ? ` (${l.caseReference})` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="invoiceDate"
          label="Invoice Date"
          rules={[{ required: true, message: FormMessages.required }]}
          extra="The invoice bills the loan's disbursements funded up to this day that no invoice bills yet."
        >
          <DateBox aria-label="Invoice Date" />
        </Form.Item>
        <Form.Item name="dueDate" label="Due Date" rules={[{ required: true, message: FormMessages.required }]}>
          <DateBox aria-label="Due Date" />
        </Form.Item>
        <Form.Item name="borrowerReference" label="Borrower Reference">
          <Input aria-label="Borrower Reference" maxLength={100} />
        </Form.Item>
        <Form.Item name="notes" label="Notes">
          <Input.TextArea maxLength={2000} rows={2} />
        </Form.Item>
        {loanId && (
          <>
            <h2>Funded Disbursements</h2>
            <Table<FundingInvoiceItemDto>
              size="small"
              rowKey="movementId"
              aria-label="Funded disbursements"
              loading={billable.isFetching}
              pagination={false}
              dataSource={billed}
              columns={itemColumns}
              locale={{ emptyText: 'Nothing funded up to the invoice date is left to invoice.' }}
              footer={() => (
                <span>
                  Total: <strong data-testid="funding-invoice-add-total">{money(total)}</strong>
                </span>
              )}
            />
          </>
        )}
        <Button type="primary" loading={saving} onClick={() => void save()} style={{ marginTop: 12 }}>
          Save
        </Button>
      </Form>
    </div>
  );
}

type Action = { kind: 'pay' } | { kind: 'cancel' };

/** /view/transaction-invoice/detail/:id: the invoice, its disbursements and payments; record a payment, cancel. */
export function FundingInvoiceDetailPage() {
  const { id = '' } = useParams();
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const queries = useQueryClient();
  const notices = useNotices();
  const { tenant } = useSession();
  const { open } = useWorkspace();
  const [action, setAction] = useState<Action | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();
  const detail = useQuery(endpointQuery(client, api.get, { params: { id } }));
  const inv = detail.data;
  if (!inv) return <div className="screen" aria-busy={detail.isFetching} />;
  const mayWrite = can(api.addPayment.access.permission!);
  const today = formatIsoDate(todayIn(tenant.timezone));

  async function submit(invoice: FundingInvoiceDto) {
    let v: Record<string, string>;
    try {
      v = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setSaving(true);
    try {
      if (action?.kind === 'pay')
        await call(api.addPayment, {
          params: { id: invoice.id },
          body: {
            amount: v.amount!,
            date: v.date!,
            reference: v.reference || null,
            concurrencyStamp: invoice.concurrencyStamp,
          },
        });
      else
        await call(api.cancel, {
          params: { id: invoice.id },
          body: { reason: v.reason!, concurrencyStamp: invoice.concurrencyStamp },
        });
      notices.success('Data has been updated successfully');
      setAction(null);
      form.resetFields();
      await Promise.all(
        [api.get, api.list, api.counts, FundingEndpoints.getLoan, FundingEndpoints.listLoans].map((e) =>
          queries.invalidateQueries({ queryKey: endpointKey(e) }),
        ),
      );
    } catch {
      // The notice has said why; the dialog keeps what was typed.
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="screen">
      <h1 className="screen-title">Funding Invoice - {inv.fundingInvoiceNo}</h1>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => open({ path: `/view/disbursement-funding/detail/${inv.loanId}` })}>Open Loan</Button>
        {mayWrite && (inv.status === 'Unpaid' || inv.status === 'Partial Pay') && (
          <Button type="primary" onClick={() => setAction({ kind: 'pay' })}>
            Record Payment
          </Button>
        )}
        {mayWrite && inv.status !== 'Cancelled' && inv.payments.length === 0 && (
          <Button danger onClick={() => setAction({ kind: 'cancel' })}>
            Cancel Invoice
          </Button>
        )}
      </Space>
      <Descriptions size="small" bordered column={3}>
        <Descriptions.Item label="Status">
          <Tag color={FUNDING_INVOICE_STATUS_COLOURS[inv.status]} data-testid="funding-invoice-status">
            {inv.status}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Loan">{inv.loanNo}</Descriptions.Item>
        <Descriptions.Item label="Borrower">{inv.borrowerName}</Descriptions.Item>
        <Descriptions.Item label="Borrower Reference">{inv.borrowerReference}</Descriptions.Item>
        <Descriptions.Item label="Invoice Date">{inv.invoiceDate}</Descriptions.Item>
        <Descriptions.Item label="Due Date">{inv.dueDate}</Descriptions.Item>
        <Descriptions.Item label="Principal">{money(inv.principalCents)}</Descriptions.Item>
        <Descriptions.Item label="Fees">{money(inv.feesCents)}</Descriptions.Item>
        <Descriptions.Item label="Total">{money(inv.totalCents)}</Descriptions.Item>
        <Descriptions.Item label="Paid">{money(inv.paidCents)}</Descriptions.Item>
        <Descriptions.Item label="Balance">
          <strong data-testid="funding-invoice-balance">{money(inv.balanceCents)}</strong>
        </Descriptions.Item>
        {inv.cancelReason && <Descriptions.Item label="Cancelled Because">{inv.cancelReason}</Descriptions.Item>}
        {inv.notes && <Descriptions.Item label="Notes">{inv.notes}</Descriptions.Item>}
      </Descriptions>
      <h2 style={{ marginTop: 16 }}>Funded Disbursements</h2>
      <Table<FundingInvoiceItemDto>
        size="small"
        rowKey="movementId"
        aria-label="Funded disbursements"
        pagination={false}
        dataSource={inv.items}
        columns={itemColumns}
      />
      <h2 style={{ marginTop: 16 }}>Payments</h2>
      <Table
        size="small"
        rowKey="id"
        aria-label="Payments"
        pagination={false}
        dataSource={inv.payments}
        columns={[
          { title: 'Date', dataIndex: 'date' },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Amount', key: 'amount', align: 'right', render: (_, p) => money(p.amountCents) },
        ]}
      />
      <Modal
        title={action?.kind === 'pay' ? 'Record Payment' : 'Cancel Funding Invoice'}
        open={action !== null}
        onOk={() => void submit(inv)}
        okText="Save"
        confirmLoading={saving}
        onCancel={() => setAction(null)}
        destroyOnHidden
      >
        <Form form={form} name="funding-invoice-action" layout="vertical">
          {action?.kind === 'pay' && (
            <>
              <Form.Item
                name="amount"
                label="Amount"
                rules={[{ required: true, message: FormMessages.required }, moneyRule]}
                initialValue={money(inv.balanceCents)}
                extra="Recorded as a repayment of the loan: fees first, then interest, then principal."
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
                <Input aria-label="Reference" maxLength={100} />
              </Form.Item>
            </>
          )}
          {action?.kind === 'cancel' && (
            <Form.Item name="reason" label="Reason" rules={[{ required: true, message: FormMessages.required }]}>
              <Input.TextArea aria-label="Reason" maxLength={500} rows={2} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </div>
  );
}
