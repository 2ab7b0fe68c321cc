import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  endpointKey,
  FormMessages,
  formatIsoDate,
  FundingEndpoints as api,
  todayIn,
  type FundingTransactionDto,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox } from '../../platform/controls/DateInput';
import { useNotices } from '../../platform/notices/useNotices';
import { saveFile } from '../../platform/resources/saveFile';
import { currentRate, feeText, fundingTypeLabel, money, repaymentText, moneyRule } from './fundingFormat';
import { AdvanceRequests } from './AdvanceRequests';
import { RepaymentInvoices } from './RepaymentInvoices';
import { LOAN_STATUS_COLOURS } from './LoansPage';

type Action = 'advance' | 'repayment' | 'interest' | 'cancel';
const TITLES: Record<Action, string> = {
  advance: 'Record Advance',
  repayment: 'Record Repayment',
  interest: 'Post Interest',
  cancel: 'Cancel Loan',
};

/** /view/disbursement-funding/detail/:id: the loan, its agreement's terms, its ledger and its balance. */
export function LoanDetailPage() {
  const { id = '' } = useParams();
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const queries = useQueryClient();
  const notices = useNotices();
  const { tenant } = useSession();
  const today = formatIsoDate(todayIn(tenant.timezone));
  const [action, setAction] = useState<Action | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();
  const detail = useQuery(endpointQuery(client, api.getLoan, { params: { id } }));
  const loan = detail.data;
  // The firm's copy of a loan its lender keeps takes no movement of its own.
  const mayWrite = can(api.recordAdvance.access.permission!) && !loan?.keptBy;

  async function submit() {
    if (!action) return;
    let v: Record<string, string>;
    try {
      v = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setSaving(true);
    try {
      if (action === 'advance')
        await call(api.recordAdvance, {
          params: { id },
          body: {
            amount: v.amount!,
            description: v.description!,
            invoiceNo: v.invoiceNo || null,
            invoiceDate: v.invoiceDate || null,
            paymentDate: v.paymentDate || null,
          },
        });
      else if (action === 'repayment')
        await call(api.recordRepayment, {
          params: { id },
          body: { amount: v.amount!, date: v.date!, reference: v.reference || null },
        });
      else if (action === 'interest')
        await call(api.postInterest, { params: { id }, body: { untilDate: v.untilDate! } });
      else await call(api.cancelLoan, { params: { id }, body: { reason: v.reason! } });
      notices.success('Data has been updated successfully');
      setAction(null);
      form.resetFields();
      await Promise.all(
        [api.getLoan, api.listLoans, api.listTransactions, api.accruedInterestStatement, api.loanSummary].map((e) =>
          queries.invalidateQueries({ queryKey: endpointKey(e) }),
        ),
      );
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }

  async function downloadPdf() {
    try {
      const file = await call(api.accruedInterestStatementPdf, { params: { id } });
      saveFile(file.blob, file.fileName);
    } catch {
      // The notice has said why.
    }
  }

  if (!loan) return <div className="screen" aria-busy={detail.isFetching} />;
  const a = loan.agreement;
  const open = loan.status === 'Active' || loan.status === 'Pending';
  return (
    <div className="screen">
      <h1 className="screen-title">Loan Funding Detail - {loan.loanNo}</h1>
      <Space wrap style={{ marginBottom: 12 }}>
        {mayWrite && open && <Button onClick={() => setAction('advance')}>Record Advance</Button>}
        {mayWrite && loan.status === 'Active' && (
          <Button onClick={() => setAction('repayment')}>Record Repayment</Button>
        )}
        {mayWrite && loan.status === 'Active' && <Button onClick={() => setAction('interest')}>Post Interest</Button>}
        {mayWrite && loan.status === 'Pending' && (
          <Button danger onClick={() => setAction('cancel')}>
            Cancel Loan
          </Button>
        )}
        <Button
          href={`/view/disbursement-funding/accrued-interest-statement-print?id=${loan.id}`}
          target="_blank"
          rel="noopener"
        >
          Accrued Interest Statement
        </Button>
        <Button onClick={() => void downloadPdf()}>Download Statement PDF</Button>
      </Space>
      {loan.keptBy && (
        <p data-testid="kept-by">
          {loan.keptBy} keeps this loan: its advances, repayments and interest are recorded there and shown here.
        </p>
      )}
      <Descriptions size="small" bordered column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Status">
          <Tag color={LOAN_STATUS_COLOURS[loan.status]}>{loan.status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Agreement">{a.agreementNo}</Descriptions.Item>
        <Descriptions.Item label="Provider">{a.providerName}</Descriptions.Item>
        <Descriptions.Item label="Borrower">{a.borrowerName}</Descriptions.Item>
        <Descriptions.Item label="Case Reference">{loan.caseReference}</Descriptions.Item>
        <Descriptions.Item label="Borrower Reference">{loan.borrowerReference}</Descriptions.Item>
        <Descriptions.Item label="Funding Type">{fundingTypeLabel(a.fundingType)}</Descriptions.Item>
        <Descriptions.Item label="Interest">
          {a.interestMethod === 'Compound' ? 'Compound (monthly)' : 'Simple'}, {currentRate(a, today)} a year, daily
        </Descriptions.Item>
        <Descriptions.Item label="Fee">{feeText(a)}</Descriptions.Item>
        <Descriptions.Item label="Repayment">{repaymentText(a)}</Descriptions.Item>
        <Descriptions.Item label="Financing From">{a.financingStartDate}</Descriptions.Item>
        <Descriptions.Item label="Interest Posted To">{loan.interestPostedTo ?? 'Not yet'}</Descriptions.Item>
        {loan.settlementDate && <Descriptions.Item label="Settled On">{loan.settlementDate}</Descriptions.Item>}
        {loan.cancelReason && <Descriptions.Item label="Cancelled Because">{loan.cancelReason}</Descriptions.Item>}
      </Descriptions>
      <Descriptions size="small" bordered column={4} style={{ marginBottom: 16 }} aria-label="Balances">
        <Descriptions.Item label="Principal">{money(loan.principalCents)}</Descriptions.Item>
        <Descriptions.Item label="Interest">{money(loan.interestCents)}</Descriptions.Item>
        <Descriptions.Item label="Fees">{money(loan.feeCents)}</Descriptions.Item>
        <Descriptions.Item label="Balance">
          <strong data-testid="loan-balance">{money(loan.balanceCents)}</strong>
        </Descriptions.Item>
      </Descriptions>
      <h2>Ledger</h2>
      <Table<FundingTransactionDto>
        size="small"
        aria-label="Ledger"
        rowKey="id"
        dataSource={loan.ledger}
        pagination={false}
        columns={[
          { title: 'Date', dataIndex: 'entryDate' },
          { title: 'To', dataIndex: 'periodTo' },
          { title: 'Amount Type', dataIndex: 'amountType' },
          { title: 'Description', dataIndex: 'description' },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Amount', key: 'amount', align: 'right', render: (_, t) => money(t.amountCents) },
        ]}
        summary={(rows) => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5}>
              <strong>Ledger sum</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              <strong data-testid="ledger-sum">{money(rows.reduce((sum, t) => sum + t.amountCents, 0))}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <AdvanceRequests loanId={loan.id} keptBy={loan.keptBy} open={open} />
      {!loan.keptBy && <RepaymentInvoices loanId={loan.id} today={today} active={loan.status === 'Active'} />}
      <Modal
        title={action ? TITLES[action] : ''}
        open={action !== null}
        onOk={() => void submit()}
        okText="Save"
        confirmLoading={saving}
        onCancel={() => setAction(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          {(action === 'advance' || action === 'repayment') && (
            <Form.Item
              name="amount"
              label="Amount"
              rules={[{ required: true, message: FormMessages.required }, moneyRule]}
            >
              <Input prefix="$" aria-label="Amount" />
            </Form.Item>
          )}
          {action === 'advance' && (
            <>
              <Form.Item
                name="description"
                label="Description"
                rules={[{ required: true, message: FormMessages.required }]}
              >
                <Input maxLength={500} />
              </Form.Item>
              <Form.Item name="invoiceNo" label="Invoice No">
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="invoiceDate" label="Invoice Date">
                <DateBox aria-label="Invoice Date" />
              </Form.Item>
              <Form.Item
                name="paymentDate"
                label="Payment Date"
                extra="Interest runs from the payment date, else the invoice date, else today; never before the financing start."
              >
                <DateBox aria-label="Payment Date" />
              </Form.Item>
            </>
          )}
          {action === 'repayment' && (
            <>
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
          {action === 'interest' && (
            <Form.Item
              name="untilDate"
              label="Post Interest Up To"
              rules={[{ required: true, message: FormMessages.required }]}
              initialValue={today}
            >
              <DateBox aria-label="Post Interest Up To" />
            </Form.Item>
          )}
          {action === 'cancel' && (
            <Form.Item name="reason" label="Reason" rules={[{ required: true, message: FormMessages.required }]}>
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </div>
  );
}
