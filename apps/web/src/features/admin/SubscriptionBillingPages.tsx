import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Result,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import {
  BillingSettingEndpoints,
  endpointKey,
  formatMoney,
  formatPercent,
  formatYearMonth,
  parseMoney,
  parsePercent,
  SYSTEM_INVOICE_STATUSES,
  SystemInvoiceEndpoints,
  TenantInvoiceEndpoints,
  type BillingSettingDto,
  type SystemInvoiceDto,
  type SystemInvoiceStatus,
} from '@casebook/domain';
import { useCall } from '../../platform/api/endpoints';
import { CurrencyInput, PercentInput } from '../../platform/controls';
import { useNotices } from '../../platform/notices/useNotices';
import { useSession } from '../../app/session/useSession';
import { openPdf } from '../invoices/invoiceApi';

const PAGE_SIZE = 20;
const aud = (cents: number) => formatMoney(cents, 'AUD');
const day = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY') : '');
const StatusColours: Record<SystemInvoiceStatus, string> = {
  Draft: 'default',
  Sent: 'processing',
  Paid: 'success',
  Cancelled: 'error',
};

/** /view/billing-setting: the host's list of every tenant's rates; a tenant's admins see their own row. */
export function BillingSettingsPage() {
  const call = useCall();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [filterText, setFilterText] = useState('');
  const query = { skipCount: (page - 1) * PAGE_SIZE, maxResultCount: PAGE_SIZE, ...(filterText ? { filterText } : {}) };
  const list = useQuery({
    queryKey: endpointKey(BillingSettingEndpoints.listBillingSettings, { query }),
    queryFn: () => call(BillingSettingEndpoints.listBillingSettings, { query }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="screen">
      <h1 className="screen-title">Tenant Billing Rates</h1>
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            aria-label="Search tenants"
            placeholder="Search tenant"
            allowClear
            style={{ width: 280 }}
            onSearch={(v) => {
              setFilterText(v.trim());
              setPage(1);
            }}
          />
        </Space>
        <Table<BillingSettingDto>
          size="small"
          aria-label="Tenant billing rates"
          rowKey="tenantId"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          onRow={(r) => ({
            onClick: () => void navigate(`/view/billing-setting/detail/${r.tenantId}`),
            style: { cursor: 'pointer' },
          })}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.totalCount ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { title: 'Tenant', dataIndex: 'tenantName' },
            { title: 'Monthly base fee', key: 'base', align: 'right', render: (_, r) => aud(r.monthlyBaseFeeCents) },
            {
              title: 'Per active account',
              key: 'account',
              align: 'right',
              render: (_, r) => aud(r.perActiveAccountCents),
            },
            {
              title: 'Per active client',
              key: 'client',
              align: 'right',
              render: (_, r) => aud(r.perActiveClientCents),
            },
            { title: 'GST', key: 'gst', align: 'right', render: (_, r) => formatPercent(r.gstBasisPoints) },
            { title: 'Billing day', dataIndex: 'billingDay', align: 'right' },
            { title: 'Billing e-mail', key: 'email', render: (_, r) => r.billingEmail ?? '' },
            {
              title: 'Status',
              key: 'status',
              render: (_, r) =>
                r.concurrencyStamp === null ? (
                  <Tag>Not set</Tag>
                ) : r.isActive ? (
                  <Tag color="success">Active</Tag>
                ) : (
                  <Tag>Inactive</Tag>
                ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

type RatesForm = {
  monthlyBaseFee: number | null;
  perActiveAccount: number | null;
  perActiveClient: number | null;
  gstPercent: number | null;
  billingDay: number | null;
  paymentTermsDays: number | null;
  billingEmail: string;
  isActive: boolean;
};

const dollars = (cents: number) => cents / 100;
const cents = (amount: number | null) => parseMoney((amount ?? 0).toFixed(2)) ?? 0;

/**
 * /view/billing-setting/detail/{tenantId} ("Subscription"): the tenant's rates; the host edits them and
 * calculates the tenant's invoice for a month. A tenant's admins read them only.
 */
export function BillingSettingDetailPage() {
  const { id = '' } = useParams();
  const call = useCall();
  const navigate = useNavigate();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const isHost = useSession().tenant.isHost;
  const [form] = Form.useForm<RatesForm>();
  const [saving, setSaving] = useState(false);
  const [month, setMonth] = useState<Dayjs>(dayjs().subtract(1, 'month').startOf('month'));
  const [calculating, setCalculating] = useState(false);
  const setting = useQuery({
    queryKey: endpointKey(BillingSettingEndpoints.getBillingSetting, { params: { tenantId: id } }),
    queryFn: () => call(BillingSettingEndpoints.getBillingSetting, { params: { tenantId: id } }),
  });
  if (setting.isPending) return <Card loading />;
  if (setting.isError) return <Result status="404" title="Cannot found" />;
  const s = setting.data;

  async function save(v: RatesForm) {
    setSaving(true);
    try {
      await call(BillingSettingEndpoints.updateBillingSetting, {
        params: { tenantId: id },
        body: {
          monthlyBaseFeeCents: cents(v.monthlyBaseFee),
          perActiveAccountCents: cents(v.perActiveAccount),
          perActiveClientCents: cents(v.perActiveClient),
          gstBasisPoints: parsePercent((v.gstPercent ?? 0).toFixed(2)) ?? 0,
          billingDay: v.billingDay ?? 1,
          paymentTermsDays: v.paymentTermsDays ?? 0,
          billingEmail: v.billingEmail ?? '',
          isActive: v.isActive,
          concurrencyStamp: s.concurrencyStamp,
        },
      });
      notices.success('Data has been updated successfully');
      await queryClient.invalidateQueries({ queryKey: endpointKey(BillingSettingEndpoints.getBillingSetting) });
      await queryClient.invalidateQueries({ queryKey: endpointKey(BillingSettingEndpoints.listBillingSettings) });
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }

  async function calculate() {
    setCalculating(true);
    try {
      const invoice = await call(SystemInvoiceEndpoints.calculate, {
        body: { tenantId: id, month: month.format('YYYY-MM') },
      });
      notices.success(`Invoice ${invoice.invoiceNo} calculated: ${aud(invoice.totalCents)} (draft).`);
      await queryClient.invalidateQueries({ queryKey: endpointKey(TenantInvoiceEndpoints.listTenantInvoices) });
      void navigate(`/view/tenant-invoice/detail/${invoice.id}`);
    } catch {
      // The notice has said why.
    } finally {
      setCalculating(false);
    }
  }

  return (
    <div className="screen">
      <h1 className="screen-title">Subscription — {s.tenantName}</h1>
      <Card title="Billing rates (AUD)" style={{ maxWidth: 760 }}>
        <Form<RatesForm>
          form={form}
          layout="vertical"
          disabled={!isHost}
          initialValues={{
            monthlyBaseFee: dollars(s.monthlyBaseFeeCents),
            perActiveAccount: dollars(s.perActiveAccountCents),
            perActiveClient: dollars(s.perActiveClientCents),
            gstPercent: s.gstBasisPoints / 100,
            billingDay: s.billingDay,
            paymentTermsDays: s.paymentTermsDays,
            billingEmail: s.billingEmail ?? '',
            isActive: s.isActive,
          }}
          onFinish={(v) => void save(v)}
        >
          <Space wrap size="large" align="start">
            <CurrencyInput name="monthlyBaseFee" label="Monthly base fee" required />
            <CurrencyInput name="perActiveAccount" label="Per active account" required />
            <CurrencyInput name="perActiveClient" label="Per active client" required />
          </Space>
          <Space wrap size="large" align="start">
            <PercentInput name="gstPercent" label="GST" required min={0} max={100} />
            <Form.Item name="billingDay" label="Billing day" rules={[{ required: true }]}>
              <InputNumber min={1} max={28} precision={0} aria-label="Billing day" />
            </Form.Item>
            <Form.Item name="paymentTermsDays" label="Payment terms (days)" rules={[{ required: true }]}>
              <InputNumber min={0} max={90} precision={0} aria-label="Payment terms (days)" />
            </Form.Item>
          </Space>
          <Form.Item name="billingEmail" label="Billing e-mail" rules={[{ type: 'email' }]}>
            <Input aria-label="Billing e-mail" style={{ maxWidth: 400 }} />
          </Form.Item>
          <Form.Item name="isActive" label="Active" valuePropName="checked">
            <Switch aria-label="Active" />
          </Form.Item>
          {isHost ? (
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                Save
              </Button>
              <Button disabled={false} onClick={() => void navigate('/view/billing-setting')}>
                Back
              </Button>
            </Space>
          ) : null}
        </Form>
      </Card>
      {isHost ? (
        <Card title="Invoice" style={{ maxWidth: 760, marginTop: 16 }}>
          <Space wrap>
            <DatePicker
              picker="month"
              format="MM/YYYY"
              aria-label="Month to invoice"
              allowClear={false}
              value={month}
              disabledDate={(d) => !d.isBefore(dayjs().startOf('month'))}
              onChange={(d) => d && setMonth(d)}
            />
            <Popconfirm
              title={`Calculate ${s.tenantName}'s invoice for ${formatYearMonth(month.format('YYYY-MM'))}?`}
              description="A draft from these rates and the month's active accounts and clients."
              okText="Calculate"
              onConfirm={() => calculate()}
            >
              <Button type="primary" loading={calculating} disabled={s.concurrencyStamp === null}>
                Calculate for a month
              </Button>
            </Popconfirm>
          </Space>
          {s.concurrencyStamp === null ? <p style={{ marginTop: 8 }}>Save the rates first.</p> : null}
        </Card>
      ) : null}
    </div>
  );
}

/** /view/tenant-invoice: a tenant's invoices from the host; the host sees every tenant's. */
export function TenantInvoicesPage() {
  const call = useCall();
  const navigate = useNavigate();
  const isHost = useSession().tenant.isHost;
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<SystemInvoiceStatus | undefined>(undefined);
  const [filterText, setFilterText] = useState('');
  const query = {
    skipCount: (page - 1) * PAGE_SIZE,
    maxResultCount: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(filterText ? { filterText } : {}),
  };
  const list = useQuery({
    queryKey: endpointKey(TenantInvoiceEndpoints.listTenantInvoices, { query }),
    queryFn: () => call(TenantInvoiceEndpoints.listTenantInvoices, { query }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="screen">
      <h1 className="screen-title">Tenant Invoices</h1>
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          {isHost ? (
            <Button type="primary" onClick={() => void navigate('/view/tenant-invoice/add')}>
              Calculate invoice
            </Button>
          ) : null}
          <Input.Search
            aria-label="Search invoice number"
            placeholder="Invoice number"
            allowClear
            style={{ width: 240 }}
            onSearch={(v) => {
              setFilterText(v.trim());
              setPage(1);
            }}
          />
          <Select<SystemInvoiceStatus>
            aria-label="Status"
            placeholder="Status"
            allowClear
            style={{ width: 160 }}
            value={status}
            options={SYSTEM_INVOICE_STATUSES.filter((s) => isHost || s !== 'Draft').map((s) => ({
              value: s,
              label: s,
            }))}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
          />
        </Space>
        <Table<SystemInvoiceDto>
          size="small"
          aria-label="Tenant invoices"
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          onRow={(r) => ({
            onClick: () => void navigate(`/view/tenant-invoice/detail/${r.id}`),
            style: { cursor: 'pointer' },
          })}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.totalCount ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { title: 'Invoice No', dataIndex: 'invoiceNo' },
            ...(isHost ? [{ title: 'Tenant', dataIndex: 'tenantName' }] : []),
            { title: 'Month', key: 'month', render: (_, r) => formatYearMonth(r.month) },
            { title: 'Invoice date', key: 'date', render: (_, r) => day(r.invoiceDate) },
            { title: 'Due', key: 'due', render: (_, r) => day(r.dueDate) },
            { title: 'Total', key: 'total', align: 'right', render: (_, r) => aud(r.totalCents) },
            {
              title: 'Status',
              key: 'status',
              render: (_, r) => <Tag color={StatusColours[r.status]}>{r.status}</Tag>,
            },
          ]}
        />
      </Card>
    </div>
  );
}

/**
 * /view/tenant-invoice/detail/{id}: the invoice, its lines and PDF; the host previews, sends, marks it
 * paid or cancels it, each after a confirmation.
 */
export function TenantInvoiceDetailPage() {
  const { id = '' } = useParams();
  const call = useCall();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const isHost = useSession().tenant.isHost;
  const [busy, setBusy] = useState(false);
  const [paying, setPaying] = useState(false);
  const [paidDate, setPaidDate] = useState<Dayjs>(dayjs());
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const invoice = useQuery({
    queryKey: endpointKey(TenantInvoiceEndpoints.getTenantInvoice, { params: { id } }),
    queryFn: () => call(TenantInvoiceEndpoints.getTenantInvoice, { params: { id } }),
  });
  if (invoice.isPending) return <Card loading />;
  if (invoice.isError) return <Result status="404" title="Cannot found" />;
  const inv = invoice.data;

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      notices.success(done);
      await queryClient.invalidateQueries({ queryKey: endpointKey(TenantInvoiceEndpoints.getTenantInvoice) });
      await queryClient.invalidateQueries({ queryKey: endpointKey(TenantInvoiceEndpoints.listTenantInvoices) });
      return true;
    } catch {
      // The notice has said why.
      return false;
    } finally {
      setBusy(false);
    }
  }
  const pdf = () =>
    void run(
      async () =>
        openPdf(
          await call(isHost ? SystemInvoiceEndpoints.preview : TenantInvoiceEndpoints.downloadTenantInvoice, {
            params: { id },
          }),
        ),
      'The PDF has opened in a new tab.',
    );
  const open = inv.status === 'Draft' || inv.status === 'Sent';

  return (
    <div className="screen">
      <h1 className="screen-title">
        Invoice {inv.invoiceNo} <Tag color={StatusColours[inv.status]}>{inv.status}</Tag>
      </h1>
      <Card style={{ maxWidth: 900 }}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Button onClick={pdf} loading={busy}>
            {isHost ? 'Preview' : 'Download PDF'}
          </Button>
          {isHost && open ? (
            <Popconfirm
              title={`Send ${inv.invoiceNo} to ${inv.tenantName}?`}
              description={`It is e-mailed with its PDF to the tenant's billing e-mail${inv.billingEmail ? ` (${inv.billingEmail})` : ''}.`}
              okText="Send"
              onConfirm={() =>
                run(
                  () => call(SystemInvoiceEndpoints.sendInvoice, { params: { id } }),
                  `Invoice ${inv.invoiceNo} has been queued to send.`,
                )
              }
            >
              <Button type="primary" loading={busy}>
                {inv.status === 'Sent' ? 'Send again' : 'Send'}
              </Button>
            </Popconfirm>
          ) : null}
          {isHost && inv.status === 'Sent' ? (
            <Button loading={busy} onClick={() => setPaying(true)}>
              Mark paid
            </Button>
          ) : null}
          {isHost && open ? (
            <Button danger loading={busy} onClick={() => setCancelling(true)}>
              Cancel invoice
            </Button>
          ) : null}
        </Space>
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label="Tenant">{inv.tenantName}</Descriptions.Item>
          <Descriptions.Item label="Month">{formatYearMonth(inv.month)}</Descriptions.Item>
          <Descriptions.Item label="Invoice date">{day(inv.invoiceDate)}</Descriptions.Item>
          <Descriptions.Item label="Due date">{day(inv.dueDate)}</Descriptions.Item>
          <Descriptions.Item label="Active accounts">{inv.activeAccounts}</Descriptions.Item>
          <Descriptions.Item label="Active clients">{inv.activeClients}</Descriptions.Item>
          <Descriptions.Item label="Billing e-mail">{inv.billingEmail ?? ''}</Descriptions.Item>
          <Descriptions.Item label="Sent">
            {inv.sentAt ? dayjs(inv.sentAt).format('DD/MM/YYYY HH:mm') : ''}
          </Descriptions.Item>
          {inv.paidDate ? <Descriptions.Item label="Paid">{day(inv.paidDate)}</Descriptions.Item> : null}
          {inv.cancelReason ? <Descriptions.Item label="Cancel reason">{inv.cancelReason}</Descriptions.Item> : null}
        </Descriptions>
        <Table
          style={{ marginTop: 16 }}
          size="small"
          aria-label="Invoice lines"
          rowKey="description"
          pagination={false}
          dataSource={inv.lines}
          columns={[
            { title: 'Description', dataIndex: 'description' },
            { title: 'Qty', dataIndex: 'quantity', align: 'right' },
            { title: 'Unit price', key: 'unit', align: 'right', render: (_, l) => aud(l.unitCents) },
            { title: 'Amount', key: 'amount', align: 'right', render: (_, l) => aud(l.amountCents) },
          ]}
          summary={() => (
            <>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  Subtotal (excl. GST)
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {aud(inv.subtotalCents)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  GST {formatPercent(inv.gstBasisPoints)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {aud(inv.gstCents)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  <strong>Total (AUD)</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <strong>{aud(inv.totalCents)}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </>
          )}
        />
      </Card>
      <Modal
        title={`Mark ${inv.invoiceNo} paid`}
        open={paying}
        okText="Mark paid"
        confirmLoading={busy}
        onCancel={() => setPaying(false)}
        onOk={async () => {
          const ok = await run(
            () =>
              call(SystemInvoiceEndpoints.markAsPaid, {
                params: { id },
                body: { paidDate: paidDate.format('YYYY-MM-DD') },
              }),
            `Invoice ${inv.invoiceNo} is marked paid.`,
          );
          if (ok) setPaying(false);
        }}
      >
        <p>The date the payment of {aud(inv.totalCents)} was received:</p>
        <DatePicker
          aria-label="Paid date"
          format="DD/MM/YYYY"
          allowClear={false}
          value={paidDate}
          onChange={(d) => d && setPaidDate(d)}
        />
      </Modal>
      <Modal
        title={`Cancel ${inv.invoiceNo}`}
        open={cancelling}
        okText="Cancel invoice"
        okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
        cancelText="Keep it"
        confirmLoading={busy}
        onCancel={() => setCancelling(false)}
        onOk={async () => {
          const ok = await run(
            () => call(SystemInvoiceEndpoints.cancelInvoice, { params: { id }, body: { reason } }),
            `Invoice ${inv.invoiceNo} is cancelled.`,
          );
          if (ok) setCancelling(false);
        }}
      >
        <p>The invoice keeps its number and is no longer due. Why is it cancelled?</p>
        <Input.TextArea
          aria-label="Reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </div>
  );
}

/** /view/billing-setting/add: every tenant already has its row of rates; the list is where to pick one. */
export function BillingSettingAddPage() {
  return <Navigate to="/view/billing-setting" replace />;
}

/** /view/tenant-invoice/add (host): calculate a tenant's invoice for a month that has ended. */
export function TenantInvoiceAddPage() {
  const call = useCall();
  const navigate = useNavigate();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const isHost = useSession().tenant.isHost;
  const [tenantId, setTenantId] = useState<string | undefined>(undefined);
  const [month, setMonth] = useState<Dayjs>(dayjs().subtract(1, 'month').startOf('month'));
  const [busy, setBusy] = useState(false);
  const query = { skipCount: 0, maxResultCount: 1000 };
  const tenants = useQuery({
    queryKey: endpointKey(BillingSettingEndpoints.listBillingSettings, { query }),
    queryFn: () => call(BillingSettingEndpoints.listBillingSettings, { query }),
    enabled: isHost,
  });
  if (!isHost) return <Result status="403" title="Invoices to tenants are calculated by the host." />;
  async function calculate() {
    if (!tenantId) return;
    setBusy(true);
    try {
      const invoice = await call(SystemInvoiceEndpoints.calculate, {
        body: { tenantId, month: month.format('YYYY-MM') },
      });
      notices.success(`Invoice ${invoice.invoiceNo} calculated: ${aud(invoice.totalCents)} (draft).`);
      await queryClient.invalidateQueries({ queryKey: endpointKey(TenantInvoiceEndpoints.listTenantInvoices) });
      void navigate(`/view/tenant-invoice/detail/${invoice.id}`, { replace: true });
    } catch {
      // The notice has said why.
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="screen">
      <h1 className="screen-title">Calculate Tenant Invoice</h1>
      <Card style={{ maxWidth: 640 }}>
        <Space wrap>
          <Select<string>
            aria-label="Tenant"
            placeholder="Tenant"
            showSearch
            optionFilterProp="label"
            style={{ width: 280 }}
            loading={tenants.isFetching}
            value={tenantId}
            onChange={setTenantId}
            options={(tenants.data?.items ?? []).map((t) => ({ value: t.tenantId, label: t.tenantName }))}
          />
          <DatePicker
            picker="month"
            format="MM/YYYY"
            aria-label="Month to invoice"
            allowClear={false}
            value={month}
            disabledDate={(d) => !d.isBefore(dayjs().startOf('month'))}
            onChange={(d) => d && setMonth(d)}
          />
          <Popconfirm
            title={`Calculate the invoice for ${formatYearMonth(month.format('YYYY-MM'))}?`}
            description="A draft from the tenant's rates and the month's active accounts and clients."
            okText="Calculate"
            disabled={!tenantId}
            onConfirm={() => calculate()}
          >
            <Button type="primary" loading={busy} disabled={!tenantId}>
              Calculate for a month
            </Button>
          </Popconfirm>
        </Space>
      </Card>
    </div>
  );
}
