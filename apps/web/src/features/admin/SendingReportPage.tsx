import { Card, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatIsoDate, resolveRelativeRange, todayIn } from '@casebook/domain';
import { CorrespondenceEndpoints as mail } from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import { datePickerIn } from '../../platform/controls/tenantDatePicker';
import { DATE_FORMAT } from '../../platform/controls/RelativeDateRangePicker';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';

type ReportRow = { templateKey: string; sent: number; pending: number; failed: number; total: number };

/** /view/emails-sending-report: messages queued in a period, per template, by delivery state. */
export function SendingReportPage() {
  const api = useApi();
  const { tenant } = useSession();
  const DatePicker = datePickerIn(tenant.timezone);
  // The last 30 days up to today in the tenant's zone (the server reads the dates there), whatever the
  // browser's own zone: in the evening in Perth it is already tomorrow in Sydney.
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const { from, to } = resolveRelativeRange('last30Days', todayIn(tenant.timezone));
    return [dayjs(formatIsoDate(from)), dayjs(formatIsoDate(to))];
  });
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const report = useQuery({
    queryKey: ['emails', 'sending-report', from, to],
    queryFn: () => callEndpoint(api, mail.sendingReport, { query: { from, to } }),
  });
  const rows = report.data?.items ?? [];
  const sum = (k: keyof Omit<ReportRow, 'templateKey'>) => rows.reduce((n, r) => n + r[k], 0);
  return (
    <div className="screen">
      <h1 className="screen-title">E-mail Sending Report</h1>
      <Card>
        <Space style={{ marginBottom: 12 }}>
          <DatePicker.RangePicker
            aria-label="Period"
            format={DATE_FORMAT}
            allowClear={false}
            value={range}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          />
        </Space>
        <Table<ReportRow>
          size="small"
          aria-label="Sending report"
          rowKey="templateKey"
          loading={report.isLoading}
          dataSource={rows}
          pagination={false}
          columns={[
            { title: 'Template', dataIndex: 'templateKey' },
            { title: 'Sent', dataIndex: 'sent', align: 'right' },
            { title: 'Pending', dataIndex: 'pending', align: 'right' },
            { title: 'Failed', dataIndex: 'failed', align: 'right' },
            { title: 'Total', dataIndex: 'total', align: 'right' },
          ]}
          summary={() =>
            rows.length > 0 && (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>Total</Typography.Text>
                </Table.Summary.Cell>
                {(['sent', 'pending', 'failed', 'total'] as const).map((k, i) => (
                  <Table.Summary.Cell key={k} index={i + 1} align="right">
                    <Typography.Text strong>{sum(k)}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )
          }
        />
      </Card>
    </div>
  );
}
