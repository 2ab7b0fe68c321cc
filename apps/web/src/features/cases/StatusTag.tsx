import { Tag } from 'antd';
import { ImeStatusLabels, isCancelledStatus, type ImeStatus } from '@casebook/domain';

const colour = (status: ImeStatus) =>
  isCancelledStatus(status)
    ? 'red'
    : status === 'REPORT_COMPLETED'
      ? 'green'
      : status.includes('INVOICED') || status.includes('PAID')
        ? 'purple'
        : status === 'CASE_CREATED'
          ? 'default'
          : 'blue';

/** A case status as a coloured tag with its label. */
export function StatusTag({ status }: { status: ImeStatus }) {
  return <Tag color={colour(status)}>{ImeStatusLabels[status]}</Tag>;
}
