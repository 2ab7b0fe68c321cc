import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import {
  InvoiceEndpoints,
  Permissions,
  formatMoney,
  type CreditNoteDto,
  type Currency,
  type InvoiceDto,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useCall } from '../../platform/api/endpoints';
import { DateBox } from '../../platform/controls';
import { dateText } from '../../platform/time';
import { openPdf } from './invoiceApi';

type CreditForm = { reason: string; creditDate: string | null; quantities: Record<string, number | null> };

/** What is left to credit of each line of the invoice (its quantity less what credit notes took). */
function leftOf(inv: InvoiceDto): Map<string, number> {
  const left = new Map(inv.lines.map((l) => [l.id, l.quantity]));
  for (const n of inv.creditNotes)
    for (const l of n.lines) left.set(l.invoiceLineId, (left.get(l.invoiceLineId) ?? 0) - l.quantity);
  return left;
}

/** The invoice's credit notes, each printable, and the dialog that credits some or all of what is left. */
export function CreditNotesCard({ inv, onSaved }: { inv: InvoiceDto; onSaved: (next: InvoiceDto) => Promise<void> }) {
  const call = useCall();
  const can = useCan();
  const [form] = Form.useForm<CreditForm>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatMoney(cents, inv.currency as Currency);
  const left = leftOf(inv);
  const creditable =
    (inv.status === 'SENT' || inv.status === 'PARTIAL_PAY' || inv.status === 'PAID') &&
    [...left.values()].some((q) => q > 0);

  const save = async () => {
    const v = await form.validateFields();
    const lines = inv.lines
      .map((l) => ({ invoiceLineId: l.id, quantity: v.quantities?.[l.id] ?? 0 }))
      .filter((l) => l.quantity > 0);
    const whole = lines.length > 0 && lines.every((l) => l.quantity === left.get(l.invoiceLineId));
    const allLeft = whole && lines.length === [...left.values()].filter((q) => q > 0).length;
    setBusy(true);
    try {
      const next = await call(InvoiceEndpoints.createCreditNote, {
        params: { id: inv.id },
        body: {
          reason: v.reason,
          ...(v.creditDate ? { creditDate: v.creditDate } : {}),
          ...(allLeft ? {} : { lines }),
        },
      });
      setOpen(false);
      form.resetFields();
      await onSaved(next);
    } finally {
      setBusy(false);
    }
  };

  const print = async (note: CreditNoteDto) => {
    setBusy(true);
    try {
      openPdf(await call(InvoiceEndpoints.creditNotePrint, { params: { id: inv.id, creditNoteId: note.id } }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Credit notes"
      extra={
        creditable && can(Permissions.payments.credit) ? (
          <Button
            onClick={() => {
              form.setFieldsValue({
                reason: '',
                creditDate: null,
                quantities: Object.fromEntries([...left.entries()].map(([id, q]) => [id, q])),
              });
              setOpen(true);
            }}
          >
            Credit Note
          </Button>
        ) : null
      }
    >
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={inv.creditNotes}
        columns={[
          { title: 'Credit note', dataIndex: 'creditNoteNo' },
          { title: 'Date', key: 'creditDate', render: (_, n) => dateText(n.creditDate) },
          { title: 'Reason', dataIndex: 'reason' },
          {
            title: 'Lines',
            key: 'lines',
            render: (_, n) => n.lines.map((l) => `${l.quantity} × ${l.description}`).join('; '),
          },
          { title: 'GST', key: 'gst', align: 'right', render: (_, n) => money(n.gstCents) },
          { title: 'Total', key: 'total', align: 'right', render: (_, n) => money(n.totalCents) },
          {
            title: '',
            key: 'print',
            width: 60,
            render: (_, n) => (
              <Button
                size="small"
                icon={<FilePdfOutlined />}
                aria-label={`Print ${n.creditNoteNo}`}
                onClick={() => void print(n)}
              />
            ),
          },
        ]}
      />
      <Modal
        open={open}
        title={`Credit note against ${inv.invoiceNo}`}
        okText="Save"
        okButtonProps={{ loading: busy }}
        cancelText="Close"
        onCancel={() => setOpen(false)}
        onOk={() => void save()}
        width={640}
      >
        <Typography.Paragraph>
          Each line starts at what is left to credit of it; lower a quantity, or set it to 0, to credit less.
        </Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={inv.lines.filter((l) => (left.get(l.id) ?? 0) > 0)}
            columns={[
              { title: 'Line', dataIndex: 'description' },
              { title: 'Left', key: 'left', align: 'right', render: (_, l) => left.get(l.id) },
              {
                title: 'Credit',
                key: 'credit',
                render: (_, l) => (
                  <Form.Item name={['quantities', l.id]} noStyle>
                    <InputNumber
                      min={0}
                      max={left.get(l.id)}
                      precision={0}
                      aria-label={`Credit quantity of ${l.description}`}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
          <Form.Item name="creditDate" label="Credit date" style={{ marginTop: 12 }}>
            <DateBox aria-label="Credit date" />
          </Form.Item>
          <Form.Item name="reason" label="Reason" rules={[{ required: true, message: 'This field is required.' }]}>
            <Input.TextArea aria-label="Reason" rows={2} maxLength={1000} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
