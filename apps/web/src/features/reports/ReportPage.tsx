import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Select, Space, Table, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  defaultReportRange,
  formatDisplayDate,
  parseIsoDate,
  formatMoney,
  ReportEndpoints as api,
  ReportFilterLabels,
  reportDeclaration,
  ServiceTypeLabels,
  todayIn,
  type Currency,
  type ReportDeclaration,
  type ReportFilter,
  type ReportKey,
  type ReportMeasure,
  type ReportRecordDto,
  type ReportRowDto,
  type ServiceType,
} from '@casebook/domain';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery } from '../../platform/api/endpoints';
import { DateBox, SelectionListBox } from '../../platform/controls';
import { useTimeZone } from '../../platform/time';
import { ExportButton } from '../scheduling/ExportButton';

const ReportChart = lazy(() => import('./ReportChart').then((m) => ({ default: m.ReportChart })));

type Filters = { companyId?: string; specialistId?: string; serviceType?: ServiceType; staffUserId?: string };

const figure = (m: ReportMeasure, value: number | undefined, currency: Currency) =>
  m.kind === 'money' ? formatMoney(value ?? 0, currency) : (value ?? 0).toLocaleString('en-AU');

/** A row with any figure has records behind it; an empty month has none to list. */
const hasRecords = (row: ReportRowDto) => Object.values(row.values).some((v) => v !== 0);

/** One filter of a report: companies and specialists from their selection lists, service types, staff. */
function FilterBox({
  filter,
  value,
  onChange,
  staff,
}: {
  filter: ReportFilter;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  staff: readonly { value: string; label: string }[];
}) {
  const label = ReportFilterLabels[filter];
  const common = { 'aria-label': label, placeholder: label, style: { width: 240 }, allowClear: true } as const;
  if (filter === 'companyId' || filter === 'specialistId') {
    return (
      <SelectionListBox
        {...common}
        resource={filter === 'companyId' ? 'companies' : 'specialists'}
        value={value ?? null}
        onChange={(v) => onChange((v as string | null) ?? undefined)}
      />
    );
  }
  const options =
    filter === 'serviceType' ? Object.entries(ServiceTypeLabels).map(([v, l]) => ({ value: v, label: l })) : [...staff];
  return <Select {...common} options={options} value={value} onChange={(v?: string) => onChange(v)} />;
}

/**
 * A business report (decision 0065), rendered from its declaration: the period and the report's own
 * filters, a chart, the table of rows with totals, the records behind a row in a drawer (each opening its
 * own screen), and the spreadsheet export.
 */
export function ReportPage({ reportKey }: { reportKey: ReportKey }) {
  const report = reportDeclaration(reportKey) as ReportDeclaration;
  const client = useApi();
  const { open } = useWorkspace();
  const initial = defaultReportRange(todayIn(useTimeZone()));
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [filters, setFilters] = useState<Filters>({});
  const [picked, setPicked] = useState<ReportRowDto | null>(null);
  const query = { from, to, ...filters };
  const result = useQuery(endpointQuery(client, api.get, { params: { key: reportKey }, query }));
  const records = useQuery({
    ...endpointQuery(client, api.records, {
      params: { key: reportKey },
      query: { ...query, group: picked?.key ?? '' },
    }),
    enabled: picked !== null,
  });
  const currency = (result.data?.currency ?? 'AUD') as Currency;
  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  // The staff filter offers the staff members the unfiltered report has rows for.
  const [staff, setStaff] = useState<{ value: string; label: string }[]>([]);
  if (report.filters.includes('staffUserId') && !filters.staffUserId && result.data && staff.length === 0) {
    const found = result.data.rows.map((r) => ({ value: r.key, label: r.label }));
    if (found.length > 0) setStaff(found);
  }

  return (
    <div className="screen">
      <h1 className="screen-title">{report.title}</h1>
      <Typography.Paragraph type="secondary">{report.description}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          <span>From</span>
          <DateBox aria-label="From" value={from} onChange={(v) => v && setFrom(v)} />
          <span>To</span>
          <DateBox aria-label="To" value={to} onChange={(v) => v && setTo(v)} />
          {report.filters.map((f) => (
            <FilterBox
              key={f}
              filter={f}
              value={filters[f]}
              staff={staff}
              onChange={(value) => setFilters((current) => ({ ...current, [f]: value }) as Filters)}
            />
          ))}
          <ExportButton endpoint={api.export} input={{ params: { key: reportKey }, query }} />
        </Space>
        {rows.length > 0 && (
          <Suspense fallback={<div style={{ height: 320 }} />}>
            <ReportChart report={report} rows={rows} currency={currency} onPick={(i) => setPicked(rows[i] ?? null)} />
          </Suspense>
        )}
        <Table<ReportRowDto>
          rowKey="key"
          aria-label={`${report.title} figures`}
          size="small"
          loading={result.isFetching}
          dataSource={rows}
          pagination={false}
          onRow={(row) => (hasRecords(row) ? { onClick: () => setPicked(row), style: { cursor: 'pointer' } } : {})}
          columns={[
            { title: report.dimension.label, dataIndex: 'label' },
            ...report.measures.map((m) => ({
              title: m.label,
              key: m.key,
              align: 'right' as const,
              render: (_: unknown, r: ReportRowDto) => figure(m, r.values[m.key], currency),
            })),
            {
              title: '',
              key: 'records',
              width: 90,
              render: (_: unknown, r: ReportRowDto) =>
                hasRecords(r) && (
                  <Button size="small" type="link" aria-label={`Records of ${r.label}`}>
                    Records
                  </Button>
                ),
            },
          ]}
          summary={() =>
            result.data ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <strong>Total</strong>
                </Table.Summary.Cell>
                {report.measures.map((m, i) => (
                  <Table.Summary.Cell key={m.key} index={1 + i} align="right">
                    <strong data-testid={`total-${m.key}`}>{figure(m, result.data.totals[m.key], currency)}</strong>
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={1 + report.measures.length} />
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
      <Drawer
        open={picked !== null}
        size="large"
        title={picked ? `${report.title}: ${picked.label}` : ''}
        onClose={() => setPicked(null)}
      >
        {records.data && records.data.totalCount > records.data.items.length && (
          <Typography.Paragraph type="secondary">
            The first {records.data.items.length} of {records.data.totalCount} records; the export has the figures of
            all of them.
          </Typography.Paragraph>
        )}
        <Table<ReportRecordDto>
          rowKey={(r) => `${r.id}-${r.date ?? ''}-${r.description}`}
          aria-label="Records"
          size="small"
          loading={records.isFetching}
          dataSource={records.data?.items ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          columns={[
            {
              title: 'Record',
              dataIndex: 'reference',
              onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
              render: (reference: string, r) =>
                r.path ? (
                  <Typography.Link
                    href={r.path}
                    onClick={(e) => {
                      e.preventDefault();
                      setPicked(null);
                      open({ path: r.path! });
                    }}
                  >
                    {reference}
                  </Typography.Link>
                ) : (
                  reference
                ),
            },
            {
              title: report.dateLabel,
              dataIndex: 'date',
              render: (date: string | null) => {
                const d = date ? parseIsoDate(date) : undefined;
                return d ? formatDisplayDate(d) : '';
              },
            },
            { title: 'Details', dataIndex: 'description' },
            // A record's counts are ones and noughts (its status says which): only its amounts are shown.
            ...report.measures
              .filter((m) => m.kind === 'money')
              .map((m) => ({
                title: m.label,
                key: m.key,
                align: 'right' as const,
                render: (_: unknown, r: ReportRecordDto) => figure(m, r.values[m.key], currency),
              })),
          ]}
        />
      </Drawer>
    </div>
  );
}
