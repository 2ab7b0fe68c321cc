import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  addMonths,
  daysInMonth,
  defaultMonthRange,
  formatIsoDate,
  ImeStatusStages,
  Permissions,
  ImeStatusLabels,
  roleLabel,
  Roles,
  StatisticEndpoints as api,
  todayIn,
  type MonthlyActiveDto,
  type MonthlyActiveInput,
  type StatisticPeriod,
} from '@casebook/domain';
import { contextOf, type RequestContext } from '../../platform/access/context';
import { recordCondition } from '../../platform/access/records';
import { sqlRows, type Database, type Tx } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { AppError, notFound } from '../../platform/http/errors';
import { registerEndpoint } from '../../platform/http/endpoints';
import { cases } from '../cases/cases.schema';
import { attachments } from '../files/files.schema';
import { users, loginAttempts } from '../identity/identity.schema';
import { mailOutbox } from '../correspondence/correspondence.schema';
import { fundingLedger, fundingLoans } from '../funding/funding.schema';
import { centres } from '../reference/reference.schema';
import { cities } from '../geography/geography.schema';
import '../cases/cases.access';
import '../files/files.access';
import '../funding/funding.access';

/** The longest month range the monthly counts answer. */
export const MONTH_RANGE_LIMIT = 60;

const where = (...parts: (SQL | undefined | false)[]): SQL =>
  sql.join(
    parts.filter((p): p is SQL => Boolean(p)),
    sql` and `,
  );

/** A timestamp as a date where the tenant is. */
const dayOf = (ctx: RequestContext, column: unknown) => sql`(${column} at time zone ${ctx.tenant.timezone})::date`;

/** The period asked for, or the current month where the tenant is. */
function periodOf(ctx: RequestContext, q: StatisticPeriod): { from: string; to: string } {
  const today = todayIn(ctx.tenant.timezone);
  return {
    from: q.from ?? formatIsoDate({ ...today, day: 1 }),
    to: q.to ?? formatIsoDate({ ...today, day: daysInMonth(today.year, today.month) }),
  };
}

async function dayCounts(tx: Tx, period: { from: string; to: string }, query: SQL) {
  const items = (await sqlRows<{ date: string; count: number }>(tx, query)).map((r) => ({
    date: String(r.date).slice(0, 10),
    count: Number(r.count),
  }));
  return { ...period, totalCount: items.reduce((n, i) => n + i.count, 0), items };
}

/** The months from one `YYYY-MM` to another, both included. */
function monthsBetween(fromMonth: string, toMonth: string): string[] {
  const months: string[] = [];
  let [year, month] = fromMonth.split('-').map(Number) as [number, number];
  while (`${year}-${String(month).padStart(2, '0')}` <= toMonth) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    if (months.length > MONTH_RANGE_LIMIT) {
      throw new AppError('Casebook:Validation', 'Your provided data is invalid', [
        { message: `toMonth may be at most ${MONTH_RANGE_LIMIT} months after fromMonth`, members: ['toMonth'] },
      ]);
    }
    ({ year, month } = addMonths({ year, month, day: 1 }, 1));
  }
  return months;
}

/** One tenant's count for each month: `count(tx, monthStart, monthEnd)` in the tenant's transaction. */
export type MonthCount = (tx: Tx, timezone: string, months: string[]) => Promise<Map<string, number>>;

/**
 * The monthly counts of the tenants the caller may name: a tenant's users their own tenant only (another
 * tenant's id is a 404); the host the tenant it picks, or every tenant but itself.
 */
async function monthlyActive(
  database: Database,
  ctx: RequestContext,
  q: MonthlyActiveInput,
  count: MonthCount,
): Promise<MonthlyActiveDto> {
  const range = defaultMonthRange(todayIn(ctx.tenant.timezone));
  const fromMonth = q.fromMonth ?? (q.toMonth && q.toMonth < range.fromMonth ? q.toMonth : range.fromMonth);
  const toMonth = q.toMonth ?? (fromMonth > range.toMonth ? fromMonth : range.toMonth);
  const months = monthsBetween(fromMonth, toMonth);
  let targets: { id: string; name: string; timezone: string }[];
  if (!ctx.tenant.isHost) {
    if (q.tenantId !== undefined && q.tenantId !== ctx.tenant.id) throw notFound('The tenant');
    targets = [{ id: ctx.tenant.id, name: ctx.tenant.name, timezone: ctx.tenant.timezone }];
  } else {
    targets = await database.withSystem((tx) =>
      tx
        .select({ id: tenants.id, name: tenants.name, timezone: tenants.timezone })
        .from(tenants)
        .where(q.tenantId !== undefined ? eq(tenants.id, q.tenantId) : eq(tenants.isHost, false))
        .orderBy(asc(tenants.name)),
    );
    if (q.tenantId !== undefined && targets.length === 0) throw notFound('The tenant');
  }
  const items: MonthlyActiveDto['items'] = [];
  for (const t of targets) {
    const counts = await database.withTenantRead(t.id, (tx) => count(tx, t.timezone, months));
    for (const month of months) {
      items.push({ tenant: { id: t.id, name: t.name }, applyForMonth: month, numberOfClient: counts.get(month) ?? 0 });
    }
  }
  return { fromMonth, toMonth, totalCount: items.length, items };
}

const monthSeries = (months: string[]) =>
  sql`generate_series(${`${months[0]}-01`}::date, ${`${months[months.length - 1]}-01`}::date, interval '1 month')`;

/**
 * Active clients of a month: the claimants with a live case whose appointment falls in the month or that
 * was opened in it (decision 0101).
 */
export const activeClients: MonthCount = async (tx, timezone, months) => {
  const rows = await sqlRows<{ month: string; n: number }>(
    tx,
    sql`select to_char(m, 'YYYY-MM') as month, count(distinct c.client_id)::int as n
      from ${monthSeries(months)} m
      join ${cases} c on not c.is_deleted and (
        (c.appointment_date >= m::date and c.appointment_date < (m + interval '1 month')::date)
        or ((c.creation_time at time zone ${timezone})::date >= m::date
          and (c.creation_time at time zone ${timezone})::date < (m + interval '1 month')::date))
      group by m`,
  );
  return new Map(rows.map((r) => [r.month, Number(r.n)]));
};

/** Active accounts of a month: the login users who signed in themselves in the month (decision 0101). */
export const activeAccounts: MonthCount = async (tx, timezone, months) => {
  const rows = await sqlRows<{ month: string; n: number }>(
    tx,
    sql`select to_char(m, 'YYYY-MM') as month, count(distinct a.user_id)::int as n
      from ${monthSeries(months)} m
      join ${loginAttempts} a on a.result = 'Succeeded' and a.user_id is not null
        and (a.creation_time at time zone ${timezone})::date >= m::date
        and (a.creation_time at time zone ${timezone})::date < (m + interval '1 month')::date
      group by m`,
  );
  return new Map(rows.map((r) => [r.month, Number(r.n)]));
};

/** statistic/* and system-report/activeAccountsByMonth. */
export function registerStatisticRoutes(app: FastifyInstance, database: Database): void {
  const inTenant = <T>(ctx: RequestContext, fn: (tx: Tx) => Promise<T>) => database.withTenantRead(ctx.tenant.id, fn);

  registerEndpoint(app, api.bookings, async (req) => {
    const ctx = contextOf(req);
    const period = periodOf(ctx, req.query);
    return inTenant(ctx, async (tx) =>
      dayCounts(
        tx,
        period,
        sql`select ${cases.appointmentDate}::text as date, count(*)::int as count from ${cases}
          where ${where(
            sql`not ${cases.isDeleted}`,
            sql`${cases.appointmentDate} between ${period.from}::date and ${period.to}::date`,
            await recordCondition(tx, ctx, 'case'),
          )}
          group by 1 order by 1`,
      ),
    );
  });

  registerEndpoint(app, api.uploadCounts, async (req) => {
    const ctx = contextOf(req);
    const period = periodOf(ctx, req.query);
    return inTenant(ctx, async (tx) =>
      dayCounts(
        tx,
        period,
        sql`select ${dayOf(ctx, attachments.creationTime)}::text as date, count(*)::int as count from ${attachments}
          where ${where(
            sql`not ${attachments.isDeleted}`,
            sql`${dayOf(ctx, attachments.creationTime)} between ${period.from}::date and ${period.to}::date`,
            await recordCondition(tx, ctx, 'attachment'),
          )}
          group by 1 order by 1`,
      ),
    );
  });

  registerEndpoint(app, api.overdueStatuses, async (req) => {
    const ctx = contextOf(req);
    const limits = Object.entries(ImeStatusStages).filter(([, s]) => s.overdueDays !== null);
    if (limits.length === 0) return { totalCount: 0, items: [] };
    const allowance = sql.join(
      [
        sql`case ${cases.status}`,
        ...limits.map(([status, s]) => sql`when ${status} then ${s.overdueDays}::int`),
        sql`end`,
      ],
      sql` `,
    );
    return inTenant(ctx, async (tx) => {
      const rows = await sqlRows<{ status: string; count: number }>(
        tx,
        sql`select ${cases.status} as status, count(*)::int as count from ${cases}
          where ${where(
            sql`not ${cases.isDeleted}`,
            sql`${cases.status} in (${sql.join(
              limits.map(([s]) => sql`${s}`),
              sql`, `,
            )})`,
            sql`${cases.statusDate} < now() - make_interval(days => ${allowance})`,
            await recordCondition(tx, ctx, 'case'),
          )}
          group by 1 order by 2 desc, 1`,
      );
      const items = rows.map((r) => ({
        key: r.status,
        label: ImeStatusLabels[r.status as keyof typeof ImeStatusLabels] ?? r.status,
        count: Number(r.count),
      }));
      return { totalCount: items.reduce((n, i) => n + i.count, 0), items };
    });
  });

  registerEndpoint(app, api.newUsers, async (req) => {
    const ctx = contextOf(req);
    const period = periodOf(ctx, req.query);
    return inTenant(ctx, async (tx) =>
      dayCounts(
        tx,
        period,
        sql`select ${dayOf(ctx, users.creationTime)}::text as date, count(*)::int as count from ${users}
          where not ${users.isDeleted}
            and ${dayOf(ctx, users.creationTime)} between ${period.from}::date and ${period.to}::date
          group by 1 order by 1`,
      ),
    );
  });

  registerEndpoint(app, api.today, async (req) => {
    const ctx = contextOf(req);
    const today = formatIsoDate(todayIn(ctx.tenant.timezone));
    return inTenant(ctx, async (tx) => {
      const caseRule = await recordCondition(tx, ctx, 'case');
      const attachmentRule = await recordCondition(tx, ctx, 'attachment');
      const [row] = await sqlRows<Record<string, number>>(
        tx,
        sql`select
          (select count(*)::int from ${cases} where ${where(sql`not ${cases.isDeleted}`, sql`${cases.appointmentDate} = ${today}::date`, caseRule)}) as appointments,
          (select count(*)::int from ${cases} where ${where(sql`not ${cases.isDeleted}`, sql`${dayOf(ctx, cases.creationTime)} = ${today}::date`, caseRule)}) as cases_created,
          (select count(*)::int from ${attachments} where ${where(sql`not ${attachments.isDeleted}`, sql`${dayOf(ctx, attachments.creationTime)} = ${today}::date`, attachmentRule)}) as uploads`,
      );
      // The outbox is the administrators' (e-mail tracking): others see no count of it.
      const seesMail = ctx.permissions.has(Permissions.statistics.administration);
      const [mail] = seesMail
        ? await sqlRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from ${mailOutbox} where ${mailOutbox.state} = 'Sent'
              and ${dayOf(ctx, mailOutbox.sentTime)} = ${today}::date`,
          )
        : [{ n: 0 }];
      return {
        date: today,
        appointments: Number(row?.appointments ?? 0),
        casesCreated: Number(row?.cases_created ?? 0),
        uploads: Number(row?.uploads ?? 0),
        emailsSent: Number(mail?.n ?? 0),
      };
    });
  });

  registerEndpoint(app, api.byCity, async (req) => {
    const ctx = contextOf(req);
    const period = periodOf(ctx, req.query);
    return inTenant(ctx, async (tx) => {
      const rows = await sqlRows<{ key: string | null; label: string | null; count: number }>(
        tx,
        sql`select ${cities.id}::text as key, ${cities.name} as label, count(*)::int as count
          from ${cases}
          left join ${centres} on ${centres.tenantId} = ${cases.tenantId} and ${centres.id} = ${cases.centreId}
          left join ${cities} on ${cities.tenantId} = ${centres.tenantId} and ${cities.id} = ${centres.cityId}
          where ${where(
            sql`not ${cases.isDeleted}`,
            sql`${cases.appointmentDate} between ${period.from}::date and ${period.to}::date`,
            await recordCondition(tx, ctx, 'case'),
          )}
          group by 1, 2 order by 3 desc, 2`,
      );
      const items = rows.map((r) => ({ key: r.key ?? '', label: r.label ?? 'No city', count: Number(r.count) }));
      return { totalCount: items.reduce((n, i) => n + i.count, 0), items };
    });
  });

  registerEndpoint(app, api.userReport, async (req) => {
    const ctx = contextOf(req);
    return inTenant(ctx, async (tx) => {
      const rows = await sqlRows<{ role: string; active: number; inactive: number; locked: number; recent: number }>(
        tx,
        sql`select r as role,
            count(*) filter (where ${users.isActive})::int as active,
            count(*) filter (where not ${users.isActive})::int as inactive,
            count(*) filter (where ${users.lockoutEnd} > now())::int as locked,
            count(*) filter (where ${users.lastLoginTime} > now() - interval '30 days')::int as recent
          from ${users}, unnest(${users.roles}) r
          where not ${users.isDeleted}
          group by r`,
      );
      const byRole = new Map(rows.map((r) => [r.role, r]));
      const items = Roles.filter((role) => byRole.has(role)).map((role) => {
        const r = byRole.get(role)!;
        return {
          role: roleLabel(role),
          active: Number(r.active),
          inactive: Number(r.inactive),
          locked: Number(r.locked),
          signedInLast30Days: Number(r.recent),
        };
      });
      const [total] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.isDeleted, false)));
      return { totalCount: Number(total?.n ?? 0), items };
    });
  });

  registerEndpoint(app, api.emailSending, async (req) => {
    const ctx = contextOf(req);
    const period = periodOf(ctx, req.query);
    return inTenant(ctx, async (tx) => {
      const rows = await sqlRows<{ date: string; sent: number; failed: number; pending: number }>(
        tx,
        sql`select ${dayOf(ctx, mailOutbox.creationTime)}::text as date,
            count(*) filter (where ${mailOutbox.state} = 'Sent' or ${mailOutbox.markedSuccess})::int as sent,
            count(*) filter (where ${mailOutbox.state} = 'Failed' and not ${mailOutbox.markedSuccess})::int as failed,
            count(*) filter (where ${mailOutbox.state} not in ('Sent', 'Failed') and not ${mailOutbox.markedSuccess})::int as pending
          from ${mailOutbox}
          where ${dayOf(ctx, mailOutbox.creationTime)} between ${period.from}::date and ${period.to}::date
          group by 1 order by 1`,
      );
      const items = rows.map((r) => ({
        date: String(r.date).slice(0, 10),
        sent: Number(r.sent),
        failed: Number(r.failed),
        pending: Number(r.pending),
      }));
      const sum = (k: 'sent' | 'failed' | 'pending') => items.reduce((n, i) => n + i[k], 0);
      return { ...period, items, sent: sum('sent'), failed: sum('failed'), pending: sum('pending') };
    });
  });

  registerEndpoint(app, api.disbursementLoanReport, async (req) => {
    const ctx = contextOf(req);
    return inTenant(ctx, async (tx) => {
      // Amounts are the sums of each loan's ledger lines by amount type (Revenue: fees), in cents.
      const rows = await sqlRows<{
        status: string;
        count: number;
        principal: string;
        interest: string;
        fee: string;
        balance: string;
      }>(
        tx,
        sql`select ${fundingLoans.status} as status, count(*)::int as count,
            coalesce(sum(s.principal), 0)::text as principal, coalesce(sum(s.interest), 0)::text as interest,
            coalesce(sum(s.fee), 0)::text as fee, coalesce(sum(s.balance), 0)::text as balance
          from ${fundingLoans}
          left join lateral (
            select sum(${fundingLedger.amountCents}) filter (where ${fundingLedger.amountType} = 'Principal') as principal,
              sum(${fundingLedger.amountCents}) filter (where ${fundingLedger.amountType} = 'Interest') as interest,
              sum(${fundingLedger.amountCents}) filter (where ${fundingLedger.amountType} = 'Revenue') as fee,
              sum(${fundingLedger.amountCents}) as balance
            from ${fundingLedger} where ${fundingLedger.loanId} = ${fundingLoans.id}
          ) s on true
          where ${where(sql`not ${fundingLoans.isDeleted}`, await recordCondition(tx, ctx, 'loan'))}
          group by 1 order by 2 desc, 1`,
      );
      const items = rows.map((r) => ({
        key: r.status,
        label: r.status,
        count: Number(r.count),
        principalCents: Number(r.principal),
        interestCents: Number(r.interest),
        feeCents: Number(r.fee),
        balanceCents: Number(r.balance),
      }));
      const total = (k: 'count' | 'principalCents' | 'interestCents' | 'feeCents' | 'balanceCents') =>
        items.reduce((n, i) => n + i[k], 0);
      return {
        totalCount: total('count'),
        principalCents: total('principalCents'),
        interestCents: total('interestCents'),
        feeCents: total('feeCents'),
        balanceCents: total('balanceCents'),
        items,
      };
    });
  });

  registerEndpoint(app, api.clientActiveCount, async (req) =>
    monthlyActive(database, contextOf(req), req.query, activeClients),
  );
  registerEndpoint(app, api.activeAccountsByMonth, async (req) =>
    monthlyActive(database, contextOf(req), req.query, activeAccounts),
  );
}
