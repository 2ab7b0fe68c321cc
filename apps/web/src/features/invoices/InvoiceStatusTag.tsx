import { Tag } from 'antd';
import { InvoiceStatusLabels, type InvoiceStatus } from '@casebook/domain';
import { InvoiceStatusColours } from './invoiceApi';

export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  return (
    <Tag color={InvoiceStatusColours[status]} data-status={status}>
      {InvoiceStatusLabels[status]}
    </Tag>
  );
}
