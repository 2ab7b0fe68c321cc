import { z } from 'zod';
import type { CalendarDate } from '../calendar';
import { IsoDate } from '../fields';
import { Uuid } from '../ids';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

/** A month on the wire: `YYYY-MM` (the screens show it as MM/YYYY). */
export const YearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM');
export type YearMonth = z.infer<typeof YearMonth>;

/** `YYYY-MM` as the screens show it: `MM/YYYY`. */
export function formatYearMonth(month: string): string {
  const [year, mm] = month.split('-');
  return `${mm}/${year}`;
}

/**
 * The monthly active clients' and accounts' default range: the start of the current month to the end of
 * the next (money-integrations-admin.md §2).
 */
export function defaultMonthRange(today: CalendarDate): { fromMonth: string; toMonth: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = today.month === 12 ? { year: today.year + 1, month: 1 } : { year: today.year, month: today.month + 1 };
  return { fromMonth: `${today.year}-${pad(today.month)}`, toMonth: `${next.year}-${pad(next.month)}` };
}

/** A period of days; both ends are optional and default to the current month where the tenant is. */
export const StatisticPeriod = z
  .object({ from: IsoDate.optional(), to: IsoDate.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type StatisticPeriod = z.infer<typeof StatisticPeriod>;

const DayCount = z.object({ date: z.string(), count: z.number().int() });
/** Counts per day of a period, the days without any left out, and their total. */
export const DayCountsDto = z.object({
  from: z.string(),
  to: z.string(),
  totalCount: z.number().int(),
  items: z.array(DayCount),
});
export type DayCountsDto = z.infer<typeof DayCountsDto>;

/** Counts per named group (a status, a city), largest first. */
export const GroupCountsDto = z.object({
  totalCount: z.number().int(),
  items: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
});
export type GroupCountsDto = z.infer<typeof GroupCountsDto>;

/** Amounts of loans in integer cents: principal advanced less repaid, interest, fees, and the balance owed. */
const LoanAmounts = z.object({
  principalCents: z.number().int(),
  interestCents: z.number().int(),
  feeCents: z.number().int(),
  /** Everything still owed: the sum of every ledger line, credit notes included. */
  balanceCents: z.number().int(),
});

/** statistic/disbursement-loan-report: loans per status with their ledger amounts, and the totals. */
export const DisbursementLoanReportDto = LoanAmounts.extend({
  totalCount: z.number().int(),
  items: z.array(LoanAmounts.extend({ key: z.string(), label: z.string(), count: z.number().int() })),
});
export type DisbursementLoanReportDto = z.infer<typeof DisbursementLoanReportDto>;

/** statistic/today: what happens today where the tenant is. */
export const TodayStatisticsDto = z.object({
  date: z.string(),
  appointments: z.number().int(),
  casesCreated: z.number().int(),
  uploads: z.number().int(),
  emailsSent: z.number().int(),
});
export type TodayStatisticsDto = z.infer<typeof TodayStatisticsDto>;

/** statistic/user-report: the tenant's login users per role. */
export const UserReportDto = z.object({
  totalCount: z.number().int(),
  items: z.array(
    z.object({
      role: z.string(),
      active: z.number().int(),
      inactive: z.number().int(),
      locked: z.number().int(),
      signedInLast30Days: z.number().int(),
    }),
  ),
});
export type UserReportDto = z.infer<typeof UserReportDto>;

/** statistic/email-sending: the outbox per day of creation and state. */
export const EmailSendingDto = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(
    z.object({ date: z.string(), sent: z.number().int(), failed: z.number().int(), pending: z.number().int() }),
  ),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});
export type EmailSendingDto = z.infer<typeof EmailSendingDto>;

/** The monthly active clients' and accounts' filter (money-integrations-admin.md §3 "Active client row"). */
export const MonthlyActiveInput = z
  .object({
    /** Host only: the tenant to count (absent: every tenant). A tenant's own users count their own. */
    tenantId: Uuid.optional(),
    fromMonth: YearMonth.optional(),
    toMonth: YearMonth.optional(),
  })
  .refine((q) => !q.fromMonth || !q.toMonth || q.fromMonth <= q.toMonth, {
    message: 'fromMonth must not be after toMonth',
    path: ['fromMonth'],
  });
export type MonthlyActiveInput = z.infer<typeof MonthlyActiveInput>;

/** One tenant's month: `numberOfClient` is the active clients (or accounts) of that month. */
export const MonthlyActiveRowDto = z.object({
  tenant: z.object({ id: Uuid, name: z.string() }),
  applyForMonth: z.string(),
  numberOfClient: z.number().int(),
});
export type MonthlyActiveRowDto = z.infer<typeof MonthlyActiveRowDto>;
export const MonthlyActiveDto = z.object({
  fromMonth: z.string(),
  toMonth: z.string(),
  totalCount: z.number().int(),
  items: z.array(MonthlyActiveRowDto),
});
export type MonthlyActiveDto = z.infer<typeof MonthlyActiveDto>;

const BASE = '/api/app/statistic';
const tags = ['Statistics'];
const read = { permission: Permissions.statistics.read } as const;
const admin = { permission: Permissions.statistics.administration } as const;

/**
 * statistic/*: the dashboards' figures, each one SQL aggregation in the caller's tenant and under the
 * caller's record rules (decision 0101 says what each one counts).
 */
export const StatisticEndpoints = {
  bookings: endpoint({
    method: 'GET',
    path: `${BASE}/bookings`,
    query: StatisticPeriod,
    response: DayCountsDto,
    access: read,
    summary: 'Appointments per day of a period, of the cases the caller may see',
    tags,
  }),
  uploadCounts: endpoint({
    method: 'GET',
    path: `${BASE}/upload-counts`,
    query: StatisticPeriod,
    response: DayCountsDto,
    access: read,
    summary: 'Documents uploaded per day of a period, of the records the caller may see',
    tags,
  }),
  overdueStatuses: endpoint({
    method: 'GET',
    path: `${BASE}/overdue-statuses`,
    response: GroupCountsDto,
    access: read,
    summary: 'Cases waiting in their status longer than the workflow allows, per status',
    tags,
  }),
  newUsers: endpoint({
    method: 'GET',
    path: `${BASE}/new-users`,
    query: StatisticPeriod,
    response: DayCountsDto,
    access: admin,
    summary: 'Login users created per day of a period',
    tags,
  }),
  today: endpoint({
    method: 'GET',
    path: `${BASE}/today`,
    response: TodayStatisticsDto,
    access: read,
    summary: "Today's appointments, new cases, uploads and e-mails sent",
    tags,
  }),
  byCity: endpoint({
    method: 'GET',
    path: `${BASE}/by-city`,
    query: StatisticPeriod,
    response: GroupCountsDto,
    access: read,
    summary: 'Appointments of a period per city of their centre',
    tags,
  }),
  userReport: endpoint({
    method: 'GET',
    path: `${BASE}/user-report`,
    response: UserReportDto,
    access: admin,
    summary: 'Login users per role: active, disabled, locked out and signed in within 30 days',
    tags,
  }),
  emailSending: endpoint({
    method: 'GET',
    path: `${BASE}/email-sending`,
    query: StatisticPeriod,
    response: EmailSendingDto,
    access: admin,
    summary: 'E-mails per day of a period: sent, failed and waiting',
    tags,
  }),
  disbursementLoanReport: endpoint({
    method: 'GET',
    path: `${BASE}/disbursement-loan-report`,
    response: DisbursementLoanReportDto,
    access: { permission: Permissions.disbursementFunding.read, features: ['DisbursementFunding'] },
    summary:
      'Loans per status with their amounts in cents (principal, interest, fees, balance), of the loans the caller may see',
    tags,
  }),
  clientActiveCount: endpoint({
    method: 'GET',
    path: `${BASE}/clientActiveCount`,
    query: MonthlyActiveInput,
    response: MonthlyActiveDto,
    access: admin,
    summary: 'Active clients per month (the host: of a tenant it picks, or of every tenant)',
    tags,
  }),
  activeAccountsByMonth: endpoint({
    method: 'GET',
    path: '/api/app/system-report/activeAccountsByMonth',
    query: MonthlyActiveInput,
    response: MonthlyActiveDto,
    access: admin,
    summary: 'Login users who signed in per month (the host: of a tenant it picks, or of every tenant)',
    tags,
  }),
};

/** What the migration button did: the migrations it applied (by tag) and the security rules re-run. */
export const MigrationResultDto = z.object({
  applied: z.array(z.string()),
  pendingBefore: z.number().int(),
  total: z.number().int(),
  message: z.string(),
});
export type MigrationResultDto = z.infer<typeof MigrationResultDto>;
export const MigrationStatusDto = z.object({
  total: z.number().int(),
  applied: z.number().int(),
  pending: z.array(z.string()),
  lastApplied: z.string().nullable(),
});
export type MigrationStatusDto = z.infer<typeof MigrationStatusDto>;

const migration = { permission: Permissions.migration.run, hostOnly: true } as const;

/** app/migration: the host's migration button (decision 0102). */
export const MigrationEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/api/app/migration/status',
    response: MigrationStatusDto,
    access: migration,
    summary: "The database's migrations: how many the server carries, how many are applied, which wait",
    tags: ['Migration'],
  }),
  migrateStoreProcedures: endpoint({
    method: 'POST',
    path: '/api/app/migration/MigrateStoreProcedures',
    response: MigrationResultDto,
    access: migration,
    summary: "Applies the database's pending migrations and re-runs its table security rules",
    tags: ['Migration'],
  }),
};
