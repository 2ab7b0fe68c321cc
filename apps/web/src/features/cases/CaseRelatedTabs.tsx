import { Descriptions, Empty, Space } from 'antd';
import { BillingStatusLabels, CancellationTypeLabels, ImeStatusLabels, type CaseDto } from '@casebook/domain';

/**
 * Credit Request: what a credit would be asked against (billing readiness, cancellation fee, status);
 * credit requests themselves are not recorded yet, so the list shows an empty state.
 */
export function CaseCreditRequestTab({ c }: { c: CaseDto }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Descriptions column={1} bordered size="small" style={{ maxWidth: 640 }} aria-label="Billing of the case">
        <Descriptions.Item label="Billing readiness">{BillingStatusLabels[c.billingStatus]}</Descriptions.Item>
        <Descriptions.Item label="Case status">{ImeStatusLabels[c.status]}</Descriptions.Item>
        <Descriptions.Item label="Cancellation">
          {c.cancellationType ? CancellationTypeLabels[c.cancellationType] : ''}
        </Descriptions.Item>
      </Descriptions>
      <Empty description="No credit requests for this case." />
    </Space>
  );
}
