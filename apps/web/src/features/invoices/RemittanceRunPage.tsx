import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import {
  MONTH_NAMES,
  Permissions,
  RemittanceEndpoints,
  formatMoney,
  previousMonth,
  type RemittanceRunDto,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { endpointKey, useCall } from '../../platform/api/endpoints';

/** /view/generate-doctor-payment: runs the Doctor Remittances for a month (the previous month by default). */
export function RemittanceRunPage() {
  const call = useCall();
  const can = useCan();
  const { tenant } = useSession();
  const { open } = useWorkspace();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const last = previousMonth(tenant?.timezone ?? 'UTC');
  const [year, setYear] = useState(last.year);
  const [month, setMonth] = useState(last.month);
  const [result, setResult] = useState<RemittanceRunDto | undefined>();
  const [busy, setBusy] = useState(false);

  const runNow = async () => {
    setBusy(true);
    try {
      const r = await call(RemittanceEndpoints.run, { body: { yearPeriod: year, monthPeriod: month } });
      setResult(r);
      await queryClient.invalidateQueries({ queryKey: endpointKey(RemittanceEndpoints.list) });
      notification.success({ title: 'Success', description: 'Data has been saved successfully', duration: 3 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="screen">
      <h1 className="screen-title">Doctor Remittances</h1>
      <Card>
        <Typography.Paragraph>
          Each specialist is paid their share of the month&apos;s sent invoices by their fee arrangement, less the
          commission with its GST. Invoices already remitted are left out.
        </Typography.Paragraph>
        <Space wrap>
          <Select
            aria-label="Month"
            style={{ width: 160 }}
            value={month}
            onChange={setMonth}
            options={MONTH_NAMES.map((label, i) => ({ value: i + 1, label }))}
          />
          <InputNumber
            aria-label="Year"
            min={2000}
            max={2100}
            precision={0}
            value={year}
            onChange={(v) => v && setYear(v)}
          />
          {can(Permissions.specialistRemittance.run) && (
            <Button type="primary" loading={busy} onClick={() => void runNow()}>
              Run remittance
            </Button>
          )}
          <Button onClick={() => open({ path: '/view/remittance-statements' })}>Statements</Button>
        </Space>
        {result && (
          <Typography.Paragraph style={{ marginTop: 16 }} data-testid="remittance-result">
            {MONTH_NAMES[result.monthPeriod - 1]} {result.yearPeriod}: {result.statements} statement
            {result.statements === 1 ? '' : 's'} for {result.invoices} invoice{result.invoices === 1 ? '' : 's'},{' '}
            {formatMoney(result.paymentCents)} to pay.
          </Typography.Paragraph>
        )}
      </Card>
    </div>
  );
}
