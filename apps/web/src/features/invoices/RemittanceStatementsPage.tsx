import { FilePdfOutlined, MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, InputNumber, Select, Space, Table } from 'antd';
import { useState } from 'react';
import {
  FeeArrangementLabels,
  Permissions,
  RemittanceEndpoints,
  RemittanceMailEndpoints,
  formatMoney,
  previousMonth,
  type Currency,
  type FeeArrangement,
  type RemittanceStatementDto,
  MONTH_NAMES,
  remittancePeriodText,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { SelectionListBox } from '../../platform/controls';
import { openPdf } from './invoiceApi';

/** /view/remittance-statements: the specialists' remittance statements, filtered, each printable as a PDF. */
export function RemittanceStatementsPage() {
  const api = useApi();
  const call = useCall();
  const { tenant } = useSession();
  const last = previousMonth(tenant?.timezone ?? 'UTC');
  const [specialistId, setSpecialistId] = useState<string | null>(null);
  const [year, setYear] = useState<number | null>(last.year);
  const [month, setMonth] = useState<number | null>(last.month);
  const [showProviderPayment, setShowProviderPayment] = useState(true);
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const list = useQuery(
    endpointQuery(api, RemittanceEndpoints.list, {
      query: {
        specialistId: specialistId ?? undefined,
        yearPeriod: year ?? undefined,
        monthPeriod: month ?? undefined,
        skipCount: (page.current - 1) * page.pageSize,
        maxResultCount: page.pageSize,
      },
    }),
  );
  const money = (s: RemittanceStatementDto, cents: number) => formatMoney(cents, s.currency as Currency);
  const can = useCan();
  const { notification } = App.useApp();
  const [selected, setSelected] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  /** E-mails the chosen statements, or every statement of the month, to their specialists with the PDF. */
  const email = async (body: { ids: string[] } | { yearPeriod: number; monthPeriod: number }) => {
    setSending(true);
    try {
      const r = await call(RemittanceMailEndpoints.send, { body });
      const skipped = r.skipped.length > 0 ? ` Not sent (no e-mail address): ${r.skipped.join(', ')}.` : '';
      notification.success({
        title: 'Success',
        description: `${r.queued} remittance statement${r.queued === 1 ? '' : 's'} queued to send.${skipped}`,
        duration: 5,
      });
      setSelected([]);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="screen">
      <h1 className="screen-title">Provider Remittance</h1>
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          <SelectionListBox
            resource="specialists"
            aria-label="Specialist"
            style={{ width: 240 }}
            value={specialistId}
            onChange={(v) => setSpecialistId((v as string | null) ?? null)}
          />
          <Select
            allowClear
            aria-label="Month"
            placeholder="Month"
            style={{ width: 150 }}
            value={month}
            onChange={(v) => setMonth(v ?? null)}
            options={MONTH_NAMES.map((label, i) => ({ value: i + 1, label }))}
          />
          <InputNumber
            aria-label="Year"
            placeholder="Year"
            min={2000}
            max={2100}
            precision={0}
            value={year}
            onChange={setYear}
          />
          <Checkbox checked={showProviderPayment} onChange={(e) => setShowProviderPayment(e.target.checked)}>
            Show provider payment
          </Checkbox>
        </Space>
        {can(Permissions.specialistRemittance.send) && (
          <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
            <Button
              icon={<MailOutlined />}
              disabled={selected.length === 0}
              loading={sending}
              onClick={() => void email({ ids: selected })}
            >
              Email selected
            </Button>
            <Button
              icon={<MailOutlined />}
              disabled={!year || !month}
              loading={sending}
              onClick={() => year && month && void email({ yearPeriod: year, monthPeriod: month })}
            >
              Email all of the month
            </Button>
          </Space>
        )}
        <Table<RemittanceStatementDto>
          rowKey="id"
          rowSelection={
            can(Permissions.specialistRemittance.send)
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }
              : undefined
          }
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total: list.data?.totalCount ?? 0,
            pageSizeOptions: [20, 50, 100],
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
          columns={[
            { title: 'Specialist', dataIndex: 'specialistName' },
            {
              title: 'Period',
              key: 'period',
              render: (_, s) => remittancePeriodText(s),
            },
            {
              title: 'Fee arrangement',
              key: 'arrangement',
              render: (_, s) => FeeArrangementLabels[s.feeArrangement as FeeArrangement] ?? s.feeArrangement,
            },
            { title: 'Invoices', dataIndex: 'lineCount', align: 'right' },
            { title: 'Fees (excl. GST)', key: 'fee', align: 'right', render: (_, s) => money(s, s.feeCents) },
            {
              title: 'Commission incl. GST',
              key: 'commission',
              align: 'right',
              render: (_, s) => <span data-testid="commission">{money(s, s.commissionAmountWithTax)}</span>,
            },
            {
              title: 'Payment',
              key: 'payment',
              align: 'right',
              render: (_, s) => <span data-testid="payment">{money(s, s.paymentCents)}</span>,
            },
            {
              title: '',
              key: 'print',
              width: 90,
              render: (_, s) => (
                <Button
                  size="small"
                  icon={<FilePdfOutlined />}
                  onClick={() =>
                    void call(RemittanceEndpoints.print, {
                      params: { id: s.id },
                      query: { showProviderPayment },
                    }).then(openPdf)
                  }
                >
                  Print
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
