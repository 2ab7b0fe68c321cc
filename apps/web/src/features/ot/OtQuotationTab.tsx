import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Form, Input, InputNumber, Popconfirm, Spin, Table, Typography } from 'antd';
import { endpointKey, formatMoney, formatPercent, OtEndpoints, type OtQuotationDto } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { ApiError, useApi } from '../../platform/api/api-client';
import { callEndpoint, endpointQuery } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { useFormSave } from '../../platform/resources/useFormSave';
import { dateText } from '../../platform/time';

type ItemValues = { description: string; quantity: number; unitPrice: string; taxable: boolean };

const money = (cents: number) => formatMoney(cents, 'AUD');

/** An OT case's quotation: made from the case, its item costs (add, change, delete), subtotal, GST and total. */
export function OtQuotationTab({ caseId }: { caseId: string }) {
  const api = useApi();
  const can = useCan();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const canEdit = can(OtEndpoints.addItemCost.access.permission!);
  const key = endpointKey(OtEndpoints.quotation, { params: { id: caseId } });
  const query = useQuery({
    ...endpointQuery(api, OtEndpoints.quotation, { params: { id: caseId } }, { silent: true }),
    retry: false,
    staleTime: 0,
  });
  const show = (q: OtQuotationDto) => queryClient.setQueryData(key, q);
  const [form] = Form.useForm<ItemValues>();
  const { save, saving, edited } = useFormSave(
    form,
    (v) =>
      callEndpoint(api, OtEndpoints.addItemCost, {
        params: { id: caseId },
        body: { description: v.description, quantity: v.quantity, unitPrice: v.unitPrice, taxable: v.taxable },
      }),
    {
      onSaved: (q) => {
        show(q);
        form.resetFields();
      },
    },
  );
  if (query.isLoading) return <Spin />;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  if (!query.data) {
    return (
      <Empty description={missing ? 'No quotation yet' : 'Cannot found'}>
        {missing && canEdit && (
          <Button
            type="primary"
            onClick={async () => {
              show(await callEndpoint(api, OtEndpoints.initCase, { params: { id: caseId }, body: {} }));
              notices.success();
            }}
          >
            Create quotation
          </Button>
        )}
      </Empty>
    );
  }
  const q = query.data;
  const remove = async (itemId: string) => {
    await callEndpoint(api, OtEndpoints.deleteItemCost, { params: { id: caseId, itemId } });
    await queryClient.invalidateQueries({ queryKey: key });
  };
  return (
    <>
      <Typography.Paragraph>
        Quotation of {dateText(q.quotationDate)}
        {q.validUntil ? `, valid until ${dateText(q.validUntil)}` : ''} · GST {formatPercent(q.gstBasisPoints)}
      </Typography.Paragraph>
      <Table
        size="small"
        aria-label="Item costs"
        rowKey="id"
        pagination={false}
        dataSource={q.items}
        columns={[
          { title: 'Description', key: 'description', render: (_, i) => i.description },
          { title: 'Quantity', key: 'quantity', align: 'right', render: (_, i) => i.quantity },
          { title: 'Unit price', key: 'unitPrice', align: 'right', render: (_, i) => money(i.unitPrice) },
          { title: 'Amount', key: 'amount', align: 'right', render: (_, i) => money(i.amount) },
          { title: 'GST', key: 'gst', align: 'right', render: (_, i) => money(i.gst) },
          { title: 'Total', key: 'total', align: 'right', render: (_, i) => money(i.total) },
          {
            title: '',
            key: 'actions',
            render: (_, i) =>
              canEdit && (
                <Popconfirm title="Do you want to delete this record?" onConfirm={() => remove(i.id)}>
                  <Button size="small" danger>
                    Delete
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
        summary={() => (
          <>
            {(
              [
                ['Subtotal', q.subtotal],
                ['GST', q.gst],
                ['Total', q.total],
              ] as const
            ).map(([label, cents]) => (
              <Table.Summary.Row key={label}>
                <Table.Summary.Cell index={0} colSpan={5} align="right">
                  <strong>{label}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <span aria-label={`Quotation ${label.toLowerCase()}`}>{money(cents)}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} />
              </Table.Summary.Row>
            ))}
          </>
        )}
      />
      {canEdit && (
        <Form
          form={form}
          name="otItemCost"
          layout="inline"
          style={{ marginTop: 16 }}
          initialValues={{ quantity: 1, taxable: true }}
          onValuesChange={edited}
        >
          <Form.Item
            name="description"
            label="Description"
            rules={[{ required: true, message: 'This field is required' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="quantity" label="Quantity" rules={[{ required: true, message: 'This field is required' }]}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item
            name="unitPrice"
            label="Unit price"
            rules={[{ required: true, message: 'This field is required' }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="taxable" valuePropName="checked">
            <Checkbox>GST applies</Checkbox>
          </Form.Item>
          <Button type="primary" onClick={() => void save()} loading={saving}>
            Add item
          </Button>
        </Form>
      )}
    </>
  );
}
