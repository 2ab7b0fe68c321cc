import { DeleteOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  InvoiceEndpoints,
  Permissions,
  formatCents,
  formatMoney,
  formatPercent,
  parsePercent,
  type Currency,
  type InvoiceDto,
  type InvoiceLineInput,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { dateText } from '../../platform/time';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox, SelectionListBox } from '../../platform/controls';
import { caseKeys } from '../cases/caseApi';
import { openPdf } from './invoiceApi';
import { InvoiceStatusTag } from './InvoiceStatusTag';
import { CreditNotesCard } from './CreditNotesCard';
import { SchemeDetailsCard } from './SchemeDetailsCard';

type LineRow = {
  description: string;
  quantity: number;
  unitPrice: string;
  discount: string;
  taxable: boolean;
  accountCodeId?: string | null;
};

const saved = { title: 'Success', description: 'Data has been saved successfully', duration: 3 };

/** /view/invoices/detail/:id: the invoice, its lines (editable while a draft), payments, send, cancel, print. */
export function InvoiceDetailPage() {
  const { id = '' } = useParams();
  return (
    <div className="screen">
      <InvoicePanel id={id} />
    </div>
  );
}

export function InvoicePanel({ id }: { id: string }) {
  const api = useApi();
  const call = useCall();
  const can = useCan();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const query = useQuery({ ...endpointQuery(api, InvoiceEndpoints.get, { params: { id } }), staleTime: 0 });
  const inv = query.data;
  const [form] = Form.useForm<{ invoiceDate: string; dueDate: string; notes: string; lines: LineRow[] }>();
  const [payForm] = Form.useForm<{ amount: string; paymentDate: string | null; reference: string }>();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);

  if (!inv) return <Card loading />;
  const money = (cents: number) => formatMoney(cents, inv.currency as Currency);
  const canWrite = can(Permissions.payments.update);

  const show = async (next: InvoiceDto) => {
    queryClient.setQueryData(endpointKey(InvoiceEndpoints.get, { params: { id } }), next);
    await queryClient.invalidateQueries({ queryKey: endpointKey(InvoiceEndpoints.list) });
    await queryClient.invalidateQueries({ queryKey: endpointKey(InvoiceEndpoints.statusCounts) });
    await queryClient.invalidateQueries({ queryKey: endpointKey(InvoiceEndpoints.caseDetailPayments) });
    // The case moves with its invoices: its screens read it again.
    await queryClient.invalidateQueries({ queryKey: caseKeys.all });
    notification.success(saved);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = () =>
    run(async () => {
      const v = await form.validateFields();
      const lines: InvoiceLineInput[] = v.lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discountBasisPoints: parsePercent(l.discount || '0') ?? 0,
        taxable: l.taxable,
        accountCodeId: l.accountCodeId ?? null,
      }));
      await show(
        await call(InvoiceEndpoints.update, {
          params: { id },
          body: {
            concurrencyStamp: inv.concurrencyStamp,
            invoiceDate: v.invoiceDate,
            dueDate: v.dueDate,
            notes: v.notes ?? '',
            lines,
          },
        }),
      );
    });

  const draft = inv.status === 'DRAFT';
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={
          <Space>
            <span data-testid="invoice-no">{inv.invoiceNo}</span>
            <InvoiceStatusTag status={inv.status} />
          </Space>
        }
        extra={
          <Space>
            <Button
              icon={<FilePdfOutlined />}
              onClick={() => void run(async () => openPdf(await call(InvoiceEndpoints.print, { params: { id } })))}
            >
              Print
            </Button>
            {draft && can(Permissions.payments.send) && (
              <Button
                type="primary"
                loading={busy}
                onClick={() =>
                  void run(async () =>
                    show(
                      await call(InvoiceEndpoints.send, {
                        params: { id },
                        body: { concurrencyStamp: inv.concurrencyStamp },
                      }),
                    ),
                  )
                }
              >
                Send
              </Button>
            )}
            {inv.status !== 'CANCELLED' && inv.creditNotes.length === 0 && can(Permissions.payments.cancel) && (
              <Button danger onClick={() => setCancelOpen(true)}>
                Cancel Invoice
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={3}>
          <Descriptions.Item label="Case">{inv.caseNo}</Descriptions.Item>
          <Descriptions.Item label="Company">{inv.companyName}</Descriptions.Item>
          <Descriptions.Item label="Specialist">{inv.specialistName ?? ''}</Descriptions.Item>
          <Descriptions.Item label="Invoice date">{dateText(inv.invoiceDate)}</Descriptions.Item>
          <Descriptions.Item label="Due date">{dateText(inv.dueDate)}</Descriptions.Item>
          <Descriptions.Item label="GST rate">{formatPercent(inv.gstBasisPoints)}</Descriptions.Item>
          <Descriptions.Item label="Total">
            <span data-testid="invoice-total">{money(inv.totalCents)}</span>
          </Descriptions.Item>
          {inv.creditedCents !== 0 && (
            <Descriptions.Item label="Credited">
              <span data-testid="invoice-credited">{money(inv.creditedCents)}</span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label="Paid">
            <span data-testid="invoice-paid">{money(inv.paidCents)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Balance">
            <span data-testid="invoice-balance">{money(inv.balanceCents)}</span>
          </Descriptions.Item>
          {inv.cancelComment && <Descriptions.Item label="Cancel comment">{inv.cancelComment}</Descriptions.Item>}
        </Descriptions>
      </Card>

      <Card title="Lines">
        {draft && canWrite ? (
          <Form
            form={form}
            layout="vertical"
            initialValues={{
              invoiceDate: inv.invoiceDate,
              dueDate: inv.dueDate,
              notes: inv.notes ?? '',
              lines: inv.lines.map((l) => ({
                description: l.description,
                quantity: l.quantity,
                unitPrice: formatCents(l.unitPriceCents),
                discount: l.discountBasisPoints ? formatCents(l.discountBasisPoints) : '',
                taxable: l.taxable,
                accountCodeId: l.accountCodeId,
              })),
            }}
          >
            <Space>
              <Form.Item name="invoiceDate" label="Invoice date" rules={[{ required: true }]}>
                <DateBox />
              </Form.Item>
              <Form.Item name="dueDate" label="Due date" rules={[{ required: true }]}>
                <DateBox />
              </Form.Item>
            </Space>
            <Form.List name="lines">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="baseline" wrap>
                      <Form.Item name={[f.name, 'description']} rules={[{ required: true }]}>
                        <Input placeholder="Description" aria-label="Description" style={{ width: 260 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'quantity']} rules={[{ required: true }]}>
                        <InputNumber min={1} max={10000} precision={0} aria-label="Quantity" />
                      </Form.Item>
                      <Form.Item name={[f.name, 'unitPrice']} rules={[{ required: true }]}>
                        <Input prefix="$" placeholder="Unit price" aria-label="Unit price" style={{ width: 130 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'discount']}>
                        <Input suffix="%" placeholder="Discount" aria-label="Discount" style={{ width: 100 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'accountCodeId']}>
                        <SelectionListBox
                          resource="account-codes"
                          aria-label="Account code"
                          placeholder="Account code"
                          style={{ width: 180 }}
                        />
                      </Form.Item>
                      <Form.Item name={[f.name, 'taxable']} valuePropName="checked">
                        <Checkbox>GST</Checkbox>
                      </Form.Item>
                      <Button icon={<DeleteOutlined />} aria-label="Remove line" onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  <Button
                    onClick={() => add({ description: '', quantity: 1, unitPrice: '', discount: '', taxable: true })}
                  >
                    Add line
                  </Button>
                </>
              )}
            </Form.List>
            <Form.Item name="notes" label="Notes" style={{ marginTop: 12 }}>
              <Input.TextArea rows={2} maxLength={4000} />
            </Form.Item>
            <Button type="primary" loading={busy} onClick={() => void saveDraft()}>
              Save
            </Button>
          </Form>
        ) : null}
        <Table
          style={{ marginTop: 12 }}
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={inv.lines}
          columns={[
            { title: 'Description', dataIndex: 'description' },
            { title: 'Qty', dataIndex: 'quantity', align: 'right' },
            { title: 'Unit price', key: 'unit', align: 'right', render: (_, l) => money(l.unitPriceCents) },
            {
              title: 'Discount',
              key: 'discount',
              align: 'right',
              render: (_, l) => (l.discountBasisPoints ? formatPercent(l.discountBasisPoints) : ''),
            },
            { title: 'Amount', key: 'amount', align: 'right', render: (_, l) => money(l.amountCents) },
            { title: 'GST', key: 'gst', align: 'right', render: (_, l) => money(l.gstCents) },
            { title: 'Total', key: 'total', align: 'right', render: (_, l) => money(l.totalCents) },
            { title: 'Account', key: 'account', render: (_, l) => l.accountCode ?? '' },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>
                Total
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {money(inv.subtotalCents)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {money(inv.gstCents)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {money(inv.totalCents)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Card>

      <Card title="Payments">
        {(inv.status === 'SENT' || inv.status === 'PARTIAL_PAY') && can(Permissions.payments.recordPayment) && (
          <Form
            form={payForm}
            layout="inline"
            style={{ marginBottom: 12 }}
            onFinish={(v) =>
              void run(async () => {
                await show(
                  await call(InvoiceEndpoints.addPartialPayment, {
                    params: { id },
                    body: { amount: v.amount, paymentDate: v.paymentDate ?? '', reference: v.reference ?? '' },
                  }),
                );
                payForm.resetFields();
              })
            }
          >
            <Form.Item name="amount" label="Amount" rules={[{ required: true, message: 'This field is required.' }]}>
              <Input prefix="$" aria-label="Payment amount" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item
              name="paymentDate"
              label="Payment date"
              rules={[{ required: true, message: 'This field is required.' }]}
            >
              <DateBox aria-label="Payment date" />
            </Form.Item>
            <Form.Item name="reference" label="Reference">
              <Input aria-label="Reference" style={{ width: 160 }} />
            </Form.Item>
            <Button htmlType="submit" type="primary" loading={busy}>
              Record payment
            </Button>
          </Form>
        )}
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={inv.payments}
          columns={[
            { title: 'Date', key: 'paymentDate', render: (_, p) => dateText(p.paymentDate) },
            { title: 'Amount', key: 'amount', align: 'right', render: (_, p) => money(p.amountCents) },
            { title: 'Reference', dataIndex: 'reference' },
            {
              title: '',
              key: 'delete',
              width: 60,
              render: (_, p) =>
                can(Permissions.payments.recordPayment) && inv.status !== 'CANCELLED' ? (
                  <Popconfirm
                    title="Do you want to delete this record?"
                    onConfirm={() =>
                      run(async () => {
                        await call(InvoiceEndpoints.deletePartialPayment, { params: { id, paymentId: p.id } });
                        await query.refetch();
                        await queryClient.invalidateQueries({ queryKey: caseKeys.all });
                        await queryClient.invalidateQueries({ queryKey: endpointKey(InvoiceEndpoints.list) });
                        notification.success({
                          title: 'Success',
                          description: 'Data has been deleted successfully.',
                          duration: 3,
                        });
                      })
                    }
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label="Delete payment" />
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Card>

      {inv.status !== 'DRAFT' && <CreditNotesCard inv={inv} onSaved={show} />}

      <SchemeDetailsCard inv={inv} onSaved={show} />

      <Modal
        open={cancelOpen}
        title="Cancel invoice"
        okText="Cancel Invoice"
        okButtonProps={{ danger: true, disabled: !comment.trim(), loading: busy }}
        cancelText="Close"
        onCancel={() => setCancelOpen(false)}
        onOk={() =>
          void run(async () => {
            await show(
              await call(InvoiceEndpoints.cancel, {
                params: { id },
                body: { concurrencyStamp: inv.concurrencyStamp, comment },
              }),
            );
            setCancelOpen(false);
            setComment('');
          })
        }
      >
        <Typography.Paragraph>The invoice keeps its number; a comment says why it was cancelled.</Typography.Paragraph>
        <Input.TextArea
          aria-label="Cancel comment"
          rows={3}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </Modal>
    </Space>
  );
}
