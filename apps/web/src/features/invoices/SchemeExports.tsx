import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import {
  IRO_FUNDING_SETTING,
  InvoiceEndpoints,
  SystemConfigEndpoints,
  daysInMonth,
  formatIsoDate,
  previousMonth,
} from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox } from '../../platform/controls';
import { saveFile } from '../../platform/resources/saveFile';
import { useTimeZone } from '../../platform/time';

type Period = { invoiceDateFrom: string | null; invoiceDateTo: string | null };
type Export = 'exportIcareReport' | 'exportIro' | 'exportIro2' | 'downloadIroReportFiles';

/** Last month, the period a scheme's monthly return usually covers. */
function lastMonth(timeZone: string): Period {
  const { year, month } = previousMonth(timeZone);
  return {
    invoiceDateFrom: formatIsoDate({ year, month, day: 1 }),
    invoiceDateTo: formatIsoDate({ year, month, day: daysInMonth(year, month) }),
  };
}

/**
 * The scheme exports of the invoice list: the iCare report and, where the organisation has IRO funding,
 * the IRO lists (by invoice, by line) and the bundle of IRO invoices with their reports, for a period of
 * invoice dates (last month by default).
 */
export function SchemeExports() {
  const api = useApi();
  const call = useCall();
  const timeZone = useTimeZone();
  const iro = useQuery(endpointQuery(api, SystemConfigEndpoints.getSetting, { query: { key: IRO_FUNDING_SETTING } }));
  const iroOn = iro.data?.value === 'true';
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<Export | null>(null);
  const [form] = Form.useForm<Period>();

  const download = async (which: Export) => {
    const v = await form.validateFields();
    setBusy(which);
    try {
      const file = await call(InvoiceEndpoints[which], {
        query: { invoiceDateFrom: v.invoiceDateFrom ?? '', invoiceDateTo: v.invoiceDateTo ?? '' },
      });
      saveFile(file.blob, file.fileName);
    } catch {
      // The error notice has said why; the dialog stays open with the period.
    } finally {
      setBusy(null);
    }
  };
  const item = (which: Export, label: string) => (
    <Button
      icon={<DownloadOutlined />}
      loading={busy === which}
      disabled={busy !== null}
      onClick={() => void download(which)}
    >
      {label}
    </Button>
  );

  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => setOpen(true)}>
        Scheme Exports
      </Button>
      <Modal title="Scheme exports" open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <Typography.Paragraph type="secondary">
          Invoices sent in the period (by invoice date): the iCare report lists those with a claim number, the IRO
          exports those billed under an IRO grant.
        </Typography.Paragraph>
        <Form form={form} name="scheme-exports" layout="vertical" initialValues={lastMonth(timeZone)}>
          <Space align="start">
            <Form.Item name="invoiceDateFrom" label="Invoice date from" rules={[{ required: true }]}>
              <DateBox aria-label="Invoice date from" />
            </Form.Item>
            <Form.Item name="invoiceDateTo" label="Invoice date to" rules={[{ required: true }]}>
              <DateBox aria-label="Invoice date to" />
            </Form.Item>
          </Space>
        </Form>
        <Space wrap>
          {item('exportIcareReport', 'iCare Report')}
          {iroOn && item('exportIro', 'IRO Invoices')}
          {iroOn && item('exportIro2', 'IRO Invoice Lines')}
          {iroOn && item('downloadIroReportFiles', 'IRO Report Files')}
        </Space>
      </Modal>
    </>
  );
}
