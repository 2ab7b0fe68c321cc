import { FilePdfOutlined, MailOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import {
  AgeingBucketLabels,
  AgeingBuckets,
  OutstandingBalanceEndpoints as api,
  formatIsoDate,
  formatMoney,
  todayIn,
  type Currency,
  type OutstandingCompanyDto,
} from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox, SelectionListBox } from '../../platform/controls';
import { openPdf } from './invoiceApi';

/** /view/invoices/outstanding-statement-print for a company on a date. */
export const outstandingStatementPrintUrl = (companyId: string, asOf: string) =>
  `/view/invoices/outstanding-statement-print?${new URLSearchParams({ companyId, asOf }).toString()}`;

/**
 * /view/outstanding-balance-report: what each law firm or insurer owes on a date, aged by days past due,
 * with the company's statement to print, open as a PDF or e-mail.
 */
export function OutstandingBalancePage() {
  const client = useApi();
  const call = useCall();
  const { tenant } = useSession();
  const { notification } = App.useApp();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [asOf, setAsOf] = useState<string>(formatIsoDate(todayIn(tenant?.timezone ?? 'UTC')));
  const [emailing, setEmailing] = useState<OutstandingCompanyDto | null>(null);
  const [to, setTo] = useState('');
  const [sending, setSending] = useState(false);
  const report = useQuery(endpointQuery(client, api.report, { query: { companyId: companyId ?? undefined, asOf } }));
  const currency = (report.data?.currency ?? 'AUD') as Currency;
  const money = (cents: number) => formatMoney(cents, currency);

  const send = async () => {
    if (!emailing) return;
    setSending(true);
    try {
      await call(api.send, { body: { companyId: emailing.companyId, asOf, to: to.trim() || undefined } });
      notification.success({ title: 'Success', description: 'The statement has been queued to send.', duration: 3 });
      setEmailing(null);
    } finally {
      setSending(false);
    }
  };

  const totals = report.data?.totals;
  return (
    <div className="screen">
      <h1 className="screen-title">Outstanding Balance</h1>
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          <SelectionListBox
            resource="companies"
            aria-label="Company"
            placeholder="Company"
            style={{ width: 260 }}
            value={companyId}
            onChange={(v) => setCompanyId((v as string | null) ?? null)}
          />
          <span>As of</span>
          <DateBox aria-label="As of" value={asOf} onChange={(v) => v && setAsOf(v)} />
        </Space>
        <Table<OutstandingCompanyDto>
          rowKey="companyId"
          aria-label="Outstanding balances"
          loading={report.isFetching}
          dataSource={report.data?.items ?? []}
          pagination={false}
          columns={[
            { title: 'Company', dataIndex: 'companyName' },
            { title: 'Invoices', dataIndex: 'invoiceCount', align: 'right' },
            ...AgeingBuckets.map((b) => ({
              title: AgeingBucketLabels[b],
              key: b,
              align: 'right' as const,
              render: (_: unknown, r: OutstandingCompanyDto) => money(r[b]),
            })),
            {
              title: 'Balance',
              key: 'balance',
              align: 'right',
              render: (_, r) => <strong data-testid="balance">{money(r.balanceCents)}</strong>,
            },
            {
              title: '',
              key: 'actions',
              width: 250,
              render: (_, r) => (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<PrinterOutlined />}
                    onClick={() => window.open(outstandingStatementPrintUrl(r.companyId, asOf), '_blank')}
                  >
                    Print
                  </Button>
                  <Button
                    size="small"
                    icon={<FilePdfOutlined />}
                    aria-label={`PDF ${r.companyName}`}
                    onClick={() => void call(api.print, { query: { companyId: r.companyId, asOf } }).then(openPdf)}
                  >
                    PDF
                  </Button>
                  <Button
                    size="small"
                    icon={<MailOutlined />}
                    onClick={() => {
                      setTo(r.email ?? '');
                      setEmailing(r);
                    }}
                  >
                    Email
                  </Button>
                </Space>
              ),
            },
          ]}
          summary={() =>
            totals ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <strong>Total</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {totals.invoiceCount}
                </Table.Summary.Cell>
                {AgeingBuckets.map((b, i) => (
                  <Table.Summary.Cell key={b} index={2 + i} align="right">
                    {money(totals[b])}
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={7} align="right">
                  <strong data-testid="total-balance">{money(totals.balanceCents)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={8} />
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
      <Modal
        open={emailing !== null}
        title={`Email outstanding statement: ${emailing?.companyName ?? ''}`}
        okText="Send"
        confirmLoading={sending}
        onOk={() => void send()}
        onCancel={() => setEmailing(null)}
      >
        <Typography.Paragraph>
          The statement as of {asOf} is sent with its PDF attached, to the company&apos;s address unless you enter
          another.
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label="To">
            <Input aria-label="To" value={to} onChange={(e) => setTo(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
