import { DownloadOutlined, MailOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { InvoiceEndpoints, Permissions } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { endpointKey, useCall } from '../../platform/api/endpoints';
import { saveFile } from '../../platform/resources/saveFile';

/** What can be done with the invoices ticked in the list: e-mail each with its PDF, or export them as CSV. */
export function SelectedInvoicesActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const call = useCall();
  const can = useCan();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const none = ids.length === 0;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const send = () =>
    run(async () => {
      const result = await call(InvoiceEndpoints.sendSelected, { body: { ids } });
      await queryClient.invalidateQueries({ queryKey: endpointKey(InvoiceEndpoints.list) });
      await queryClient.invalidateQueries({ queryKey: endpointKey(InvoiceEndpoints.statusCounts) });
      notification.success({
        title: 'Success',
        description: `${result.sent.length} invoice(s) queued to send by e-mail.`,
        duration: 3,
      });
      if (result.skipped.length > 0)
        notification.warning({
          title: 'Not sent',
          description: result.skipped.map((s) => `${s.invoiceNo}: ${s.reason}`).join('\n'),
          duration: 0,
        });
      onDone();
    });

  const exportCsv = () =>
    run(async () => {
      const file = await call(InvoiceEndpoints.exportSelected, { body: { ids } });
      saveFile(file.blob, file.fileName);
    });

  return (
    <Space>
      {can(Permissions.payments.send) && (
        <Popconfirm
          title={`Send the ${ids.length} selected invoice(s) by e-mail? Drafts among them are sent.`}
          disabled={none}
          onConfirm={() => send()}
        >
          <Button icon={<MailOutlined />} disabled={none} loading={busy}>
            Send Selected
          </Button>
        </Popconfirm>
      )}
      <Button icon={<DownloadOutlined />} disabled={none} loading={busy} onClick={() => void exportCsv()}>
        Export Selected
      </Button>
    </Space>
  );
}
