import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tag } from 'antd';
import { useState } from 'react';
import {
  InvoiceEndpoints,
  OverdueReminderEndpoints,
  CURRENCIES,
  Permissions,
  formatMoney,
  type Currency,
  type InvoiceStatusCountsDto,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { endpointKey, useCall } from '../../platform/api/endpoints';

/**
 * Beside the status counts: how many sent or part-paid invoices are past due and what is owed on them, and
 * the overdue reminders' check and send at once (the daily job does the same each morning).
 */
export function OverdueSummary({ counts }: { counts: InvoiceStatusCountsDto | undefined }) {
  const can = useCan();
  const call = useCall();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const { tenant } = useSession();
  const setting = tenant.settings['currency'] ?? '';
  const currency = (CURRENCIES as readonly string[]).includes(setting) ? (setting as Currency) : undefined;
  if (!counts) return null;
  const check = async () => {
    setBusy(true);
    try {
      const r = await call(OverdueReminderEndpoints.checkAndSend);
      const skipped = r.skipped.length > 0 ? ` No e-mail address for: ${r.skipped.join(', ')}.` : '';
      notification.success({
        title: 'Success',
        description: `${r.overdue} overdue; ${r.queued} reminder${r.queued === 1 ? '' : 's'} queued to send.${skipped}`,
        duration: 5,
      });
      await queryClient.invalidateQueries({ queryKey: endpointKey(InvoiceEndpoints.statusCounts) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Tag color="error" data-testid="count-overdue">
        Overdue: {counts.overdue.count} ({formatMoney(counts.overdue.balanceCents, currency)})
      </Tag>
      {can(Permissions.payments.send) && counts.overdue.count > 0 && (
        <Button size="small" icon={<BellOutlined />} loading={busy} onClick={() => void check()}>
          Send overdue reminders
        </Button>
      )}
    </>
  );
}
