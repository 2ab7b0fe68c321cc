import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { FormMessages } from '@casebook/domain';
import { useApi, type RequestOptions } from '../../platform/api/api-client';
import { useNotices } from '../../platform/notices/useNotices';
import { saveFile } from '../../platform/resources/saveFile';

/**
 * Export of a screen's results as a spreadsheet (a zip when there are more than 500 rows): asks first
 * ("Do you want to download search results?"), then downloads. Without criteria (`ready` false) it says
 * a search or filter is needed instead. With a body the export is a POST.
 */
export function ExportButton({
  path,
  body,
  query,
  ready = true,
  label = 'Export',
}: {
  path: string;
  body?: unknown;
  query?: RequestOptions['query'];
  ready?: boolean;
  label?: string;
}) {
  const api = useApi();
  const notices = useNotices();
  const [busy, setBusy] = useState(false);
  const run = () => {
    if (!ready) {
      notices.warning(FormMessages.exportNeedsFilter);
      return;
    }
    Modal.confirm({
      title: label,
      content: 'Do you want to download search results?',
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        setBusy(true);
        try {
          const file = await api.download(path, {
            ...(query ? { query } : {}),
            ...(body === undefined ? {} : { body }),
          });
          saveFile(file.blob, file.fileName);
        } finally {
          setBusy(false);
        }
      },
    });
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run}>
      {label}
    </Button>
  );
}
