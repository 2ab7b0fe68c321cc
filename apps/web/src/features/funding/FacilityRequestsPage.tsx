import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  endpointKey,
  FEE_TYPES,
  FormMessages,
  formatIsoDate,
  FUNDING_REQUEST_STATUSES,
  FUNDING_TYPES,
  FundingEndpoints as api,
  INTEREST_METHODS,
  ordinal,
  parsePercent,
  REPAYMENT_DAY_MAX,
  REPAYMENT_DAY_MIN,
  REPAYMENT_TYPES,
  formatCents,
  todayIn,
  type FundingRequestDto,
  type FundingRequestStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox } from '../../platform/controls/DateInput';
import { useNotices } from '../../platform/notices/useNotices';
import { DownloadSearchResults, type ExportColumn } from './DownloadSearchResults';
import { money, moneyRule } from './fundingFormat';

export const REQUEST_STATUS_COLOURS: Record<FundingRequestStatus, string> = {
  Draft: 'default',
  Requested: 'warning',
  'Partial Pay': 'processing',
  'Full Pay': 'success',
  Cancelled: 'default',
};

const required = { required: true, message: FormMessages.required };
const percentRule = {
  validator: (_: unknown, value: string | undefined) =>
    !value || parsePercent(value) !== undefined
      ? Promise.resolve()
      : Promise.reject(new Error('Enter a percent with at most 2 decimals')),
};

const REQUEST_EXPORT: readonly ExportColumn<FundingRequestDto>[] = [
  { title: 'Request No', value: (r) => r.requestNo },
  { title: 'Party', value: (r) => r.counterpartyName },
  { title: 'Case', value: (r) => r.caseReference },
  { title: 'Reference', value: (r) => r.borrowerReference },
  { title: 'Disbursements', value: (r) => r.description },
  { title: 'Amount', value: (r) => formatCents(r.amountCents) },
  { title: 'Advanced', value: (r) => formatCents(r.advancedCents) },
  { title: 'Status', value: (r) => r.status },
  { title: 'Loan No', value: (r) => r.loanNo },
  { title: 'Requested', value: (r) => r.requestedTime?.slice(0, 10) },
];

type Dialog =
  | { kind: 'request' }
  | { kind: 'lenders' }
  | { kind: 'approve'; request: FundingRequestDto }
  | { kind: 'cancel'; request: FundingRequestDto };

/** The calls that change a request also change loans and lists on both screens. */
const AFFECTED = [api.listRequests, api.getRequest, api.listLoans, api.listAgreements, api.listApprovedLenders];

/**
 * What a row or the detail page offers: the firm sends its draft or withdraws; the lender approves or
 * declines; either opens the loan once there is one.
 */
function useRequestActions() {
  const call = useCall();
  const can = useCan();
  const queries = useQueryClient();
  const notices = useNotices();
  const { open } = useWorkspace();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const mayUpdate = can(api.sendRequest.access.permission!);

  async function refresh() {
    await Promise.all(AFFECTED.map((e) => queries.invalidateQueries({ queryKey: endpointKey(e) })));
  }
  async function send(request: FundingRequestDto) {
    try {
      await call(api.sendRequest, { params: { id: request.id } });
      notices.success('Data has been saved successfully');
      await refresh();
    } catch {
      // The notice has said why.
    }
  }
  const buttons = (r: FundingRequestDto) => (
    <Space size={4} onClick={(e) => e.stopPropagation()}>
      {r.loanId && (
        <Button size="small" onClick={() => open({ path: `/view/disbursement-funding/detail/${r.loanId}` })}>
          Open Loan
        </Button>
      )}
      {mayUpdate && r.side === 'Borrower' && r.status === 'Draft' && (
        <Button size="small" onClick={() => void send(r)}>
          Send
        </Button>
      )}
      {mayUpdate && r.side === 'Lender' && r.status === 'Requested' && !r.loanId && (
        <Button size="small" type="primary" onClick={() => setDialog({ kind: 'approve', request: r })}>
          Approve
        </Button>
      )}
      {mayUpdate && !r.loanId && (r.status === 'Draft' || r.status === 'Requested') && (
        <Button size="small" danger onClick={() => setDialog({ kind: 'cancel', request: r })}>
          {r.side === 'Lender' ? 'Decline' : 'Withdraw'}
        </Button>
      )}
    </Space>
  );
  const dialogs = dialog && <RequestDialogs dialog={dialog} close={() => setDialog(null)} refresh={refresh} />;
  return { buttons, dialogs, setDialog };
}

/** /view/facility-requests: the tenant's copies of funding requests, the firm's or the lender's (decision 0027). */
export function FacilityRequestsPage() {
  const client = useApi();
  const can = useCan();
  const { tenant } = useSession();
  const { open } = useWorkspace();
  const [filterText, setFilterText] = useState('');
  const [status, setStatus] = useState<FundingRequestStatus | undefined>();
  const list = useQuery(
    endpointQuery(client, api.listRequests, { query: { filterText, status: status ?? null, maxResultCount: 1000 } }),
  );
  const { buttons, dialogs, setDialog } = useRequestActions();
  const borrower = tenant.editionName === 'MLP' || tenant.editionName === 'LAW CONNECT';
  return (
    <div className="screen">
      <h1 className="screen-title">Facility Requests</h1>
      <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        <Input.Search
          placeholder="Search"
          aria-label="Search requests"
          allowClear
          onSearch={setFilterText}
          style={{ maxWidth: 320 }}
        />
        <Select<FundingRequestStatus>
          allowClear
          placeholder="Status"
          aria-label="Status"
          style={{ width: 160 }}
          value={status}
          onChange={setStatus}
          options={FUNDING_REQUEST_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <DownloadSearchResults
          endpoint={api.listRequests}
          query={{ filterText, ...(status ? { status } : {}) }}
          name="facility-requests"
          columns={REQUEST_EXPORT}
        />
        {borrower && can(api.createRequest.access.permission!) && (
          <>
            <Button type="primary" onClick={() => setDialog({ kind: 'request' })}>
              Request Funding
            </Button>
            <Button onClick={() => setDialog({ kind: 'lenders' })}>Approved Lenders</Button>
          </>
        )}
      </div>
      <Table<FundingRequestDto>
        size="small"
        aria-label="Funding requests"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ pageSize: 20 }}
        onRow={(row) => ({ onClick: () => open({ path: `/view/facility-requests/detail/${row.id}` }) })}
        columns={[
          { title: 'Request No', dataIndex: 'requestNo' },
          { title: borrower ? 'Lender' : 'Firm', dataIndex: 'counterpartyName' },
          { title: 'Case', dataIndex: 'caseReference' },
          { title: 'Reference', dataIndex: 'borrowerReference' },
          { title: 'Disbursements', dataIndex: 'description', ellipsis: true },
          { title: 'Amount', key: 'amount', align: 'right', render: (_, r) => money(r.amountCents) },
          { title: 'Advanced', key: 'advanced', align: 'right', render: (_, r) => money(r.advancedCents) },
          {
            title: 'Status',
            key: 'status',
            render: (_, r) => <Tag color={REQUEST_STATUS_COLOURS[r.status]}>{r.status}</Tag>,
          },
          { title: 'Loan No', dataIndex: 'loanNo' },
          { title: '', key: 'actions', render: (_, r) => buttons(r) },
        ]}
      />
      {dialogs}
    </div>
  );
}

/** /view/facility-requests/detail/:id: one request, its status and its loan. */
export function FacilityRequestDetailPage() {
  const { id = '' } = useParams();
  const client = useApi();
  const detail = useQuery(endpointQuery(client, api.getRequest, { params: { id } }));
  const { buttons, dialogs } = useRequestActions();
  const r = detail.data;
  if (!r) return <div className="screen" aria-busy={detail.isFetching} />;
  return (
    <div className="screen">
      <h1 className="screen-title">Facility Request Detail - {r.requestNo}</h1>
      <div style={{ marginBottom: 12 }}>{buttons(r)}</div>
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label={r.side === 'Borrower' ? 'Lender' : 'Firm'}>{r.counterpartyName}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <Tag color={REQUEST_STATUS_COLOURS[r.status]}>{r.status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Case">{r.caseReference}</Descriptions.Item>
        <Descriptions.Item label="Reference">{r.borrowerReference}</Descriptions.Item>
        <Descriptions.Item label="Amount">{money(r.amountCents)}</Descriptions.Item>
        <Descriptions.Item label="Advanced">{money(r.advancedCents)}</Descriptions.Item>
        <Descriptions.Item label="Disbursements" span={2}>
          {r.description}
        </Descriptions.Item>
        <Descriptions.Item label="Loan No">{r.loanNo}</Descriptions.Item>
        <Descriptions.Item label="Requested">{r.requestedTime?.slice(0, 10)}</Descriptions.Item>
        {r.cancelReason && (
          <Descriptions.Item label="Cancel Reason" span={2}>
            {r.cancelReason}
          </Descriptions.Item>
        )}
      </Descriptions>
      {dialogs}
    </div>
  );
}

function RequestDialogs({
  dialog,
  close,
  refresh,
}: {
  dialog: Dialog;
  close: () => void;
  refresh: () => Promise<void>;
}) {
  const client = useApi();
  const call = useCall();
  const notices = useNotices();
  const { tenant } = useSession();
  const [form] = Form.useForm<Record<string, string>>();
  const [saving, setSaving] = useState(false);
  const lenders = useQuery({
    ...endpointQuery(client, api.listApprovedLenders, {}),
    enabled: dialog.kind === 'request' || dialog.kind === 'lenders',
  });
  const options = useQuery({ ...endpointQuery(client, api.lenderOptions, {}), enabled: dialog.kind === 'lenders' });
  const providers = useQuery({
    ...endpointQuery(client, api.listProviders, { query: { isActive: true, maxResultCount: 1000 } }),
    enabled: dialog.kind === 'approve',
  });
  const repaymentType = Form.useWatch('repaymentType', form);
  const feeType = Form.useWatch('feeType', form);

  async function run(work: (v: Record<string, string>) => Promise<unknown>, message: string) {
    let v: Record<string, string>;
    try {
      v = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setSaving(true);
    try {
      await work(v);
      notices.success(message);
      await refresh();
      close();
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }

  if (dialog.kind === 'lenders') {
    const approved = lenders.data?.items ?? [];
    const candidates = (options.data?.items ?? []).filter(
      (o) => !approved.some((a) => a.lenderTenantId === o.tenantId),
    );
    return (
      <Modal open title="Approved Lenders" onCancel={close} footer={<Button onClick={close}>Close</Button>}>
        <Table
          size="small"
          rowKey="id"
          aria-label="Approved lenders"
          pagination={false}
          dataSource={approved}
          columns={[
            { title: 'Lender', dataIndex: 'lenderName' },
            {
              title: '',
              key: 'remove',
              render: (_, a) => (
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    void call(api.removeApprovedLender, { params: { id: a.id } })
                      .then(() => notices.success('Data has been deleted successfully.'))
                      .then(refresh)
                      .catch(() => undefined)
                  }
                >
                  Remove
                </Button>
              ),
            },
          ]}
        />
        <Form form={form} layout="inline" style={{ marginTop: 12 }}>
          <Form.Item name="lenderTenantId" rules={[required]}>
            <Select
              aria-label="Lender to approve"
              placeholder="Lender"
              style={{ width: 260 }}
              options={candidates.map((o) => ({ value: o.tenantId, label: o.name }))}
            />
          </Form.Item>
          <Button
            loading={saving}
            onClick={() =>
              void run(async (v) => {
                await call(api.addApprovedLender, { body: { lenderTenantId: v.lenderTenantId! } });
                form.resetFields();
              }, 'Data has been added successfully')
            }
          >
            Approve Lender
          </Button>
        </Form>
      </Modal>
    );
  }

  if (dialog.kind === 'request') {
    return (
      <Modal
        open
        title="Request Funding"
        onCancel={close}
        confirmLoading={saving}
        okText="Send Request"
        onOk={() =>
          void run(
            (v) =>
              call(api.createRequest, {
                body: {
                  approvedLenderId: v.approvedLenderId!,
                  caseReference: v.caseReference!,
                  borrowerReference: v.borrowerReference || null,
                  description: v.description!,
                  amount: v.amount!,
                  send: true,
                },
              }),
            'Data has been added successfully',
          )
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item name="approvedLenderId" label="Lender" rules={[required]}>
            <Select
              aria-label="Lender"
              loading={lenders.isFetching}
              options={(lenders.data?.items ?? []).map((a) => ({ value: a.id, label: a.lenderName }))}
            />
          </Form.Item>
          <Form.Item name="caseReference" label="Case No" rules={[required]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="borrowerReference" label="Your Reference">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label="Disbursements" rules={[required]}>
            <Input.TextArea maxLength={1000} rows={3} />
          </Form.Item>
          <Form.Item name="amount" label="Amount" rules={[required, moneyRule]}>
            <Input aria-label="Amount" prefix="$" />
          </Form.Item>
        </Form>
      </Modal>
    );
  }

  if (dialog.kind === 'cancel') {
    const lender = dialog.request.side === 'Lender';
    return (
      <Modal
        open
        title={lender ? 'Decline Request' : 'Withdraw Request'}
        onCancel={close}
        confirmLoading={saving}
        okText={lender ? 'Decline' : 'Withdraw'}
        onOk={() =>
          void run(
            (v) => call(api.cancelRequest, { params: { id: dialog.request.id }, body: { reason: v.reason! } }),
            'Data has been saved successfully',
          )
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label="Reason" rules={[required]}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    );
  }

  const r = dialog.request;
  return (
    <Modal
      open
      title={`Approve ${r.requestNo}`}
      onCancel={close}
      confirmLoading={saving}
      okText="Approve"
      onOk={() =>
        void run(
          (v) =>
            call(api.approveRequest, {
              params: { id: r.id },
              body: {
                providerId: v.providerId!,
                fundingType: Number(v.fundingType) as 0 | 1 | 2,
                interestMethod: v.interestMethod as 'Simple' | 'Compound',
                interestRate: parsePercent(v.interestRate!) ?? -1,
                financingStartDate: v.financingStartDate!,
                facilityLimit: v.facilityLimit || null,
                repaymentType: v.repaymentType as 'Monthly' | 'Settlement',
                // The day select holds the day's number.
                repaymentDay: v.repaymentType === 'Monthly' ? (v.repaymentDay as unknown as number) : null,
                feeType: (v.feeType as '$' | '%' | undefined) ?? null,
                feeValue: !v.feeType || !v.fee ? null : v.feeType === '$' ? v.fee : (parsePercent(v.fee) ?? -1),
                concurrencyStamp: r.concurrencyStamp,
              },
            }),
          'Data has been saved successfully',
        )
      }
    >
      <p>
        {r.counterpartyName} asks for {money(r.amountCents)} for case {r.caseReference}: {r.description}
      </p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          fundingType: 2,
          interestMethod: 'Simple',
          repaymentType: 'Settlement',
          financingStartDate: formatIsoDate(todayIn(tenant.timezone)),
        }}
      >
        <Form.Item name="providerId" label="Funding Provider" rules={[required]}>
          <Select
            aria-label="Funding Provider"
            loading={providers.isFetching}
            options={(providers.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="fundingType" label="Funding Type" rules={[required]}>
          <Select aria-label="Funding Type" options={FUNDING_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
        </Form.Item>
        <Form.Item name="interestMethod" label="Interest" rules={[required]}>
          <Select
            aria-label="Interest"
            options={INTEREST_METHODS.map((m) => ({ value: m, label: m === 'Compound' ? 'Compound (monthly)' : m }))}
          />
        </Form.Item>
        <Form.Item name="interestRate" label="Interest Rate (% a year)" rules={[required, percentRule]}>
          <Input aria-label="Interest Rate" suffix="%" />
        </Form.Item>
        <Form.Item name="financingStartDate" label="Financing Start Date" rules={[required]}>
          <DateBox aria-label="Financing Start Date" />
        </Form.Item>
        <Form.Item
          name="facilityLimit"
          label="Facility Limit (the amount asked for when left empty)"
          rules={[moneyRule]}
        >
          <Input aria-label="Facility Limit" prefix="$" />
        </Form.Item>
        <Form.Item name="repaymentType" label="Repayment" rules={[required]}>
          <Select aria-label="Repayment" options={REPAYMENT_TYPES.map((t) => ({ value: t, label: t }))} />
        </Form.Item>
        {repaymentType === 'Monthly' && (
          <Form.Item name="repaymentDay" label="Repayment Day" rules={[required]}>
            <Select
              aria-label="Repayment Day"
              options={Array.from({ length: REPAYMENT_DAY_MAX - REPAYMENT_DAY_MIN + 1 }, (_, i) => ({
                value: i + REPAYMENT_DAY_MIN,
                label: ordinal(i + REPAYMENT_DAY_MIN),
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="feeType" label="Upfront Fee">
          <Select
            aria-label="Upfront Fee"
            allowClear
            options={FEE_TYPES.map((f) => ({ value: f, label: f === '$' ? '$ amount' : '% of each advance' }))}
          />
        </Form.Item>
        {feeType && (
          <Form.Item
            name="fee"
            label={feeType === '$' ? 'Fee Amount' : 'Fee Percent'}
            rules={[required, feeType === '$' ? moneyRule : percentRule]}
          >
            <Input aria-label="Fee" {...(feeType === '$' ? { prefix: '$' } : { suffix: '%' })} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
