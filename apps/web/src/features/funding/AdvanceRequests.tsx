import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  endpointKey,
  FormMessages,
  FundingEndpoints as api,
  type AdvanceRequestDto,
  type AdvanceRequestStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox } from '../../platform/controls/DateInput';
import { useNotices } from '../../platform/notices/useNotices';
import { money, moneyRule } from './fundingFormat';

const COLOURS: Record<AdvanceRequestStatus, string> = {
  Pending: 'default',
  Submitted: 'warning',
  Approved: 'success',
  Rejected: 'error',
  Cancelled: 'default',
};
const required = { required: true, message: FormMessages.required };

type Dialog =
  | { kind: 'ask' }
  | { kind: 'approve'; row: AdvanceRequestDto }
  | { kind: 'reject'; row: AdvanceRequestDto }
  | { kind: 'cancel'; row: AdvanceRequestDto };
const TITLES = {
  ask: 'Request Advance',
  approve: 'Approve Advance',
  reject: 'Reject Advance',
  cancel: 'Cancel Request',
};

/**
 * A loan's advance requests (decision 0052): on the firm's copy of a loan its lender keeps, the firm asks
 * for a further advance and may cancel; on the lender's loan, the lender approves or rejects.
 */
export function AdvanceRequests({ loanId, keptBy, open }: { loanId: string; keptBy: string | null; open: boolean }) {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const notices = useNotices();
  const queries = useQueryClient();
  const [form] = Form.useForm<Record<string, string>>();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [saving, setSaving] = useState(false);
  const list = useQuery(endpointQuery(client, api.listAdvanceRequests, { query: { loanId, maxResultCount: 1000 } }));
  const mayWrite = can(api.createAdvanceRequest.access.permission!);
  const rows = list.data?.items ?? [];
  if (!keptBy && rows.length === 0) return null;

  async function submit() {
    if (!dialog) return;
    let v: Record<string, string>;
    try {
      v = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setSaving(true);
    try {
      if (dialog.kind === 'ask') {
        if (v.invoiceNo) {
          const seen = await call(api.checkDuplicateAdvanceRequests, { query: { loanId, invoiceNo: v.invoiceNo } });
          if (seen.duplicate) {
            form.setFields([
              { name: 'invoiceNo', errors: ['An advance for this invoice has already been requested on this loan.'] },
            ]);
            return;
          }
        }
        await call(api.createAdvanceRequest, {
          body: {
            loanId,
            amount: v.amount!,
            description: v.description!,
            invoiceNo: v.invoiceNo || null,
            invoiceDate: v.invoiceDate || null,
          },
        });
      } else if (dialog.kind === 'approve')
        await call(api.approveAdvanceRequest, {
          params: { id: dialog.row.id },
          body: { paymentDate: v.paymentDate || null },
        });
      else if (dialog.kind === 'reject')
        await call(api.rejectAdvanceRequest, { params: { id: dialog.row.id }, body: { reason: v.reason! } });
      else await call(api.cancelAdvanceRequest, { params: { id: dialog.row.id }, body: { reason: v.reason! } });
      notices.success('Data has been saved successfully');
      setDialog(null);
      form.resetFields();
      await Promise.all(
        [api.listAdvanceRequests, api.getLoan, api.listLoans, api.listRequests, api.listTransactions].map((e) =>
          queries.invalidateQueries({ queryKey: endpointKey(e) }),
        ),
      );
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <h2>Advance Requests</h2>
      {keptBy && mayWrite && open && (
        <Button style={{ marginBottom: 8 }} onClick={() => setDialog({ kind: 'ask' })}>
          Request Advance
        </Button>
      )}
      <Table<AdvanceRequestDto>
        size="small"
        aria-label="Advance requests"
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: 'Request No', dataIndex: 'requestNo' },
          { title: 'Invoice No', dataIndex: 'invoiceNo' },
          { title: 'Invoice Date', dataIndex: 'invoiceDate' },
          { title: 'Description', dataIndex: 'description' },
          { title: 'Amount', key: 'amount', align: 'right', render: (_, r) => money(r.amountCents) },
          { title: 'Status', key: 'status', render: (_, r) => <Tag color={COLOURS[r.status]}>{r.status}</Tag> },
          { title: 'Reason', dataIndex: 'reason' },
          {
            title: '',
            key: 'actions',
            render: (_, r) =>
              mayWrite &&
              r.status === 'Submitted' && (
                <Space size={4}>
                  {r.side === 'Lender' ? (
                    <>
                      <Button size="small" type="primary" onClick={() => setDialog({ kind: 'approve', row: r })}>
                        Approve
                      </Button>
                      <Button size="small" danger onClick={() => setDialog({ kind: 'reject', row: r })}>
                        Reject
                      </Button>
                    </>
                  ) : (
                    <Button size="small" danger onClick={() => setDialog({ kind: 'cancel', row: r })}>
                      Cancel
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <Modal
        title={dialog ? TITLES[dialog.kind] : ''}
        open={dialog !== null}
        onOk={() => void submit()}
        okText="Save"
        confirmLoading={saving}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          {dialog?.kind === 'ask' && (
            <>
              <Form.Item name="amount" label="Amount" rules={[required, moneyRule]}>
                <Input prefix="$" aria-label="Amount" />
              </Form.Item>
              <Form.Item name="description" label="Description" rules={[required]}>
                <Input maxLength={500} />
              </Form.Item>
              <Form.Item name="invoiceNo" label="Invoice No">
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="invoiceDate" label="Invoice Date">
                <DateBox aria-label="Invoice Date" />
              </Form.Item>
            </>
          )}
          {dialog?.kind === 'approve' && (
            <>
              <p>
                {dialog.row.counterpartyName} asks for {money(dialog.row.amountCents)}: {dialog.row.description}
              </p>
              <Form.Item
                name="paymentDate"
                label="Payment Date"
                extra="Interest runs from the payment date, else the invoice date, else today."
              >
                <DateBox aria-label="Payment Date" />
              </Form.Item>
            </>
          )}
          {(dialog?.kind === 'reject' || dialog?.kind === 'cancel') && (
            <Form.Item name="reason" label="Reason" rules={[required]}>
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
