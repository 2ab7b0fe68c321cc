import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { FormMessages, type Endpoint, type EndpointInput, type FileAnswer } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { saveFile } from '../../platform/resources/saveFile';

/**
 * Export of a screen's results as a spreadsheet (a zip when there are more than 500 rows): asks first
 * ("Do you want to download search results?"), then downloads. Without criteria (`ready` false) it says
 * a search or filter is needed instead. The export is a declared endpoint that answers a file (a GET
 * with its query, or a POST with its body).
 */
export function ExportButton<E extends Endpoint>({
  endpoint,
  input,
  ready = true,
  label = 'Export',
}: {
  endpoint: E;
  input: EndpointInput<E>;
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
          const file = (await callEndpoint(api, endpoint, input)) as FileAnswer;
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
