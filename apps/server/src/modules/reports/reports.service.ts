import { sql, type SQL } from 'drizzle-orm';
import {
  addMonths,
  centsFromSql,
  defaultReportRange,
  effectiveFeatures,
  formatMoney,
  ImeStatusLabels,
  InvoiceStatusLabels,
  namedListsOf,
  parseIsoDate,
  REPORT_RECORDS_LIMIT,
  reportDeclaration,
  reportMonthLabel,
  reportRecordPath,
  roleLabel,
  ServiceTypeLabels,
  todayIn,
  type NamedTenantList,
  type ReportDeclaration,
  type ReportKey,
  type ReportQuery,
  type ReportRecordDto,
  type ReportRecordKind,
  type ReportRecordsDto,
  type ReportResultDto,
  type ReportRowDto,
  type ServiceType,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { sqlRows, type Database } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/errors';
import { exportRows, type ExportFile } from '../../platform/resources/resource.export';
import { currencyOf } from '../invoices/invoices.service';
import { ReportFacts, type ReportFilterValues } from './reports.repository';

type FactRow = Record<string, string | number | null> & {
  group_key: string | null;
  group_label: string | null;
  record_id: string | null;
  record_kind: ReportRecordKind;
  record_type: string | null;
  record_ref: string | null;
  record_date: string | null;
  record_desc: string | null;
  record_status: string | null;
};

const NONE = '(none)';

/** The months from one date's month to another's, as YYYY-MM. */
function monthsBetween(from: string, to: string): string[] {
  const start = parseIsoDate(from)!;
  const end = parseIsoDate(to)!;
  const out: string[] = [];
  for (let d = { ...start, day: 1 }; d.year * 12 + d.month <= end.year * 12 + end.month; d = addMonths(d, 1)) {
    out.push(`${d.year}-${String(d.month).padStart(2, '0')}`);
  }
  return out;
}

/**
 * The business reports (decision 0065): each one's facts query, summed per group for the report, listed
 * for one group in the drill-down, and written as a spreadsheet for the export.
 */
export class ReportsService {
  constructor(
    private readonly database: Database,
    /** The deployment's named-tenant lists: some reports are offered only to the tenants on one. */
    private readonly namedTenants: Partial<Record<NamedTenantList, readonly string[]>> = {},
  ) {}

  private declarationOf(ctx: RequestContext, key: ReportKey): ReportDeclaration {
    const report = reportDeclaration(key)!;
    // As the route table offers it: a report for named tenants is, to any other, a report that is not there.
    if (report.tenantNames && !namedListsOf(ctx.tenant.name, this.namedTenants).includes(report.tenantNames)) {
      throw notFound('The report');
    }
    if (report.features && report.features.length > 0) {
      const on = effectiveFeatures({ isAuthenticated: true, roles: ctx.principal.roles, isHost: false }, ctx.tenant);
      // As the guard answers for an endpoint's own features.
      if (!report.features.some((f) => on.has(f))) {
        throw new AppError('Casebook:FeatureNotEnabled', 'This feature is not enabled for your organisation.');
      }
    }
    return report;
  }

  /** The period (the default when not given) and the report's own filters; any other filter is ignored. */
  private filtersOf(ctx: RequestContext, report: ReportDeclaration, q: ReportQuery): ReportFilterValues {
    const range = defaultReportRange(todayIn(ctx.tenant.timezone));
    const from = q.from ?? (q.to && q.to < range.from ? q.to : range.from);
    const to = q.to ?? (from > range.to ? from : range.to);
    const out: ReportFilterValues = { from, to };
    for (const filter of report.filters) if (q[filter] !== undefined) out[filter] = q[filter];
    return out;
  }

  private groupLabel(report: ReportDeclaration, key: string, label: string | null): string {
    if (report.dimension.kind === 'month') return reportMonthLabel(key);
    if (report.key === 'service-analysis' || report.key === 'service-revenue-analysis') {
      return ServiceTypeLabels[key as ServiceType] ?? key;
    }
    if (report.key === 'user-account-analysis') return roleLabel(key);
    return label || key;
  }

  /** The figures per group and their totals. */
  async get(ctx: RequestContext, key: ReportKey, q: ReportQuery): Promise<ReportResultDto> {
    const report = this.declarationOf(ctx, key);
    const f = this.filtersOf(ctx, report, q);
    const rows = await this.database.withTenantRead(ctx.tenant.id, async (tx) => {
      const facts = await ReportFacts[key](tx, ctx, f);
      const sums = sql.join(
        report.measures.map((m) => sql`coalesce(sum(${sql.identifier(m.key)}), 0)::int8 as ${sql.identifier(m.key)}`),
        sql`, `,
      );
      return sqlRows<FactRow>(
        tx,
        sql`select coalesce(group_key, ${NONE}) as group_key, min(group_label) as group_label, ${sums}
          from (${facts}) f group by 1`,
      );
    });
    const byKey = new Map<string, ReportRowDto>(
      rows.map((r) => {
        const groupKey = r.group_key ?? NONE;
        return [
          groupKey,
          {
            key: groupKey,
            label: this.groupLabel(report, groupKey, r.group_label),
            values: Object.fromEntries(report.measures.map((m) => [m.key, centsFromSql(r[m.key])])),
          },
        ];
      }),
    );
    let out: ReportRowDto[];
    if (report.dimension.kind === 'month') {
      // Every month of the period, in order, so the chart's gaps are months with nothing.
      const zero = Object.fromEntries(report.measures.map((m) => [m.key, 0]));
      out = monthsBetween(f.from, f.to).map(
        (month) => byKey.get(month) ?? { key: month, label: reportMonthLabel(month), values: { ...zero } },
      );
    } else {
      const first = report.measures[0]!.key;
      out = [...byKey.values()].sort(
        (a, b) => b.values[first]! - a.values[first]! || a.label.localeCompare(b.label) || a.key.localeCompare(b.key),
      );
    }
    const totals = Object.fromEntries(
      report.measures.map((m) => [m.key, out.reduce((sum, r) => sum + (r.values[m.key] ?? 0), 0)]),
    );
    return { key, from: f.from, to: f.to, currency: currencyOf(ctx), rows: out, totals };
  }

  /** The records behind one group (the first 500, by date), each with its own figures. */
  async records(ctx: RequestContext, key: ReportKey, q: ReportQuery & { group: string }): Promise<ReportRecordsDto> {
    const report = this.declarationOf(ctx, key);
    const f = this.filtersOf(ctx, report, q);
    const { rows, total } = await this.database.withTenantRead(ctx.tenant.id, async (tx) => {
      const facts: SQL = await ReportFacts[key](tx, ctx, f);
      const inGroup = sql`coalesce(group_key, ${NONE}) = ${q.group}`;
      const [counted] = await sqlRows<{ n: string }>(tx, sql`select count(*) as n from (${facts}) f where ${inGroup}`);
      const listed = await sqlRows<FactRow>(
        tx,
        sql`select * from (${facts}) f where ${inGroup}
          order by record_date nulls last, record_ref, record_id limit ${REPORT_RECORDS_LIMIT}`,
      );
      return { rows: listed, total: centsFromSql(counted?.n) };
    });
    return {
      totalCount: total,
      items: rows.map((r): ReportRecordDto => {
        const labels: Readonly<Record<string, string>> =
          r.record_kind === 'invoice' ? InvoiceStatusLabels : ImeStatusLabels;
        const status = r.record_status ? (labels[r.record_status] ?? r.record_status) : null;
        return {
          id: r.record_id ?? '',
          path: r.record_id ? reportRecordPath(r.record_kind, r.record_id, r.record_type) : null,
          reference: r.record_ref ?? '',
          date: r.record_date,
          description: [r.record_desc, status].filter(Boolean).join(' · '),
          values: Object.fromEntries(report.measures.map((m) => [m.key, centsFromSql(r[m.key])])),
        };
      }),
    };
  }

  /** The report's rows and totals as a spreadsheet; money written as the screen writes it. */
  async export(ctx: RequestContext, key: ReportKey, q: ReportQuery): Promise<ExportFile> {
    const report = this.declarationOf(ctx, key);
    const result = await this.get(ctx, key, q);
    const cell = (kind: 'count' | 'money', value: number) =>
      kind === 'money' ? formatMoney(value, result.currency) : value;
    type Line = Record<string, string | number>;
    const lines: Line[] = [
      ...result.rows.map((r) => ({
        label: r.label,
        ...Object.fromEntries(report.measures.map((m) => [m.key, cell(m.kind, r.values[m.key] ?? 0)])),
      })),
      {
        label: 'Total',
        ...Object.fromEntries(report.measures.map((m) => [m.key, cell(m.kind, result.totals[m.key] ?? 0)])),
      },
    ];
    return exportRows<Line>({
      name: `${report.key}-${result.from}-${result.to}`,
      sheetTitle: report.title,
      columns: [
        { key: 'label', header: report.dimension.label },
        ...report.measures.map((m) => ({ key: m.key, header: m.label })),
      ],
      timeZone: ctx.tenant.timezone,
      rows: lines,
    });
  }
}
