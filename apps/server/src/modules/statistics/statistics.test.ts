import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  defaultMonthRange,
  formatIsoDate,
  HOST_TENANT_ID,
  StatisticEndpoints as api,
  todayIn,
  uuidv7,
  type DayCountsDto,
  type EmailSendingDto,
  type DisbursementLoanReportDto,
  type GroupCountsDto,
  type MonthlyActiveDto,
  type TodayStatisticsDto,
  type UserReportDto,
} from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  createTestUser,
  ensureHostTenant,
  newTenant,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { sqlRows } from '../../platform/db/database';
import { seedDemoCases } from '../tenancy/demo-cases';
import { seedDemoWorld } from '../tenancy/demo-world';
import { seedDemoFunding } from '../funding/demo-funding';
import { enqueueMail } from '../correspondence/outbox';

/**
 * statistic/*: each figure recomputed from the seeded demo tenant with SQL written here on its own; a case
 * manager counts only their company's records; another tenant's figures are a 404; the administrators'
 * counts are refused to others.
 */

let t: TestApp;
let tenantId: string;
let otherTenantId: string;
let lenderId: string;
let lenderStaff: Caller;
let staff: Caller;
let admin: Caller;
let caseManager: Caller;
let outsider: Caller;
let hostAdmin: Caller;
const TZ = 'Australia/Sydney';
let from: string;
let to: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database, { name: `Statistics ${uuidv7().slice(-8)}` });
  const people = {
    staff: await createTestUser(t.database, tenantId, ['STAFF'], { userName: 'staff', name: 'Sam', surname: 'Staff' }),
    casemanager: await createTestUser(t.database, tenantId, ['CASE_MANAGER'], { userName: 'casemanager' }),
    specialist: await createTestUser(t.database, tenantId, ['SPECIALIST'], { userName: 'specialist' }),
  };
  expect(await seedDemoWorld(t.database, tenantId, 'demo')).toBe(true);
  await seedDemoCases(t.database, tenantId, 'demo');
  lenderId = await newTenant(t.database, {
    editionName: 'FUNDING PROVIDER',
    features: { Disbursement: 'True', DisbursementFunding: 'True', FundingTransaction: 'True' },
  });
  const lenderUser = await createTestUser(t.database, lenderId, ['STAFF'], { userName: 'staff' });
  expect(await seedDemoWorld(t.database, lenderId, 'fundco')).toBe(true);
  expect(await seedDemoFunding(t.database, lenderId)).toEqual({ loans: 6 });
  lenderStaff = await callerFor(t, lenderId, ['STAFF'], { userId: lenderUser.userId });
  staff = await callerFor(t, tenantId, ['STAFF'], { userId: people.staff.userId });
  caseManager = await callerFor(t, tenantId, ['CASE_MANAGER'], { userId: people.casemanager.userId });
  admin = await callerFor(t, tenantId, ['TENANT_ADMIN']);
  otherTenantId = await newTenant(t.database, { name: `Other ${uuidv7().slice(-8)}` });
  outsider = await callerFor(t, otherTenantId, ['TENANT_ADMIN']);
  await ensureHostTenant(t.database);
  hostAdmin = await callerFor(t, HOST_TENANT_ID, ['TENANT_ADMIN']);
  const today = todayIn(TZ);
  from = formatIsoDate(addDays(today, -400));
  to = formatIsoDate(addDays(today, 120));

  // Uploads on a few cases and e-mails in the outbox, as the product makes them; sign-ins of two users.
  await t.database.withTenant(tenantId, async (tx) => {
    const some = await sqlRows<{ id: string }>(tx, sql`select id from cases where not is_deleted order by id limit 5`);
    for (const [i, c] of some.entries()) {
      const fileId = uuidv7();
      await tx.execute(sql`insert into files (tenant_id, id, concurrency_stamp, name, file_name, extension, content_type,
          size_in_bytes, sha256, storage_key)
        values (${tenantId}, ${fileId}, 'x', 'report.pdf', 'report.pdf', 'pdf', 'application/pdf', 10, 'h', ${`k/${fileId}`})`);
      await tx.execute(sql`insert into attachments (tenant_id, id, concurrency_stamp, file_id, name, attachment_from, object_id, creation_time)
        values (${tenantId}, ${uuidv7()}, 'x', ${fileId}, 'report.pdf', 'IME', ${c.id}, now() - make_interval(days => ${i}))`);
    }
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await enqueueMail(tx, tenantId, { to, subject: 'Hello', html: '<p>Hi</p>' });
    }
    await tx.execute(sql`update mail_outbox set state = 'Sent', sent_time = now() where recipient = 'a@example.com'`);
    await tx.execute(sql`update mail_outbox set state = 'Failed' where recipient = 'b@example.com'`);
    for (const [userId, result] of [
      [people.staff.userId, 'Succeeded'],
      [people.staff.userId, 'Succeeded'],
      [people.casemanager.userId, 'Succeeded'],
      [people.specialist.userId, 'InvalidCredentials'],
    ] as const) {
      await tx.execute(sql`insert into login_attempts (tenant_id, id, concurrency_stamp, user_id, user_name_or_email, result)
        values (${tenantId}, ${uuidv7()}, 'x', ${userId}, 'someone', ${result})`);
    }
  });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const url = (path: string, query: Record<string, string> = {}) =>
  Object.keys(query).length ? `${path}?${new URLSearchParams(query).toString()}` : path;

async function ok<T>(caller: Caller, path: string, query: Record<string, string> = {}): Promise<T> {
  const res = await caller.get(url(path, query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** The test's own figures, read with the tenant set: (g, n) rows as a map. */
async function own(query: SQL, tenant = tenantId): Promise<Record<string, number>> {
  const rows = await t.database.withTenant(tenant, (tx) => sqlRows<{ g: string; n: string | number }>(tx, query));
  return Object.fromEntries(rows.map((r) => [String(r.g), Number(r.n)]));
}

const days = (r: DayCountsDto) => Object.fromEntries(r.items.map((i) => [i.date, i.count]));
const groups = (r: GroupCountsDto) => Object.fromEntries(r.items.map((i) => [i.key, i.count]));

/** The case manager's company's cases: what their record rule lets them see. */
const cmCases = sql`company_id in (select company_id from case_managers where user_id = (
  select id from users where user_name = 'casemanager'))`;

describe('each statistic equals the seeded data counted on its own', () => {
  test('bookings: appointments per day, and a case manager only their company’s', async () => {
    const expected = await own(sql`select appointment_date::text as g, count(*) as n from cases
      where not is_deleted and appointment_date between ${from} and ${to} group by 1`);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    const result = await ok<DayCountsDto>(staff, api.bookings.path, { from, to });
    expect(days(result)).toEqual(expected);
    expect(result.totalCount).toBe(Object.values(expected).reduce((a, b) => a + b, 0));

    const mine = await own(sql`select appointment_date::text as g, count(*) as n from cases
      where not is_deleted and appointment_date between ${from} and ${to} and ${cmCases} group by 1`);
    const cm = await ok<DayCountsDto>(caseManager, api.bookings.path, { from, to });
    expect(days(cm)).toEqual(mine);
    expect(cm.totalCount).toBeLessThan(result.totalCount);
  });

  test('upload counts: attachments per day where the tenant is', async () => {
    const expected = await own(sql`select (creation_time at time zone ${TZ})::date::text as g, count(*) as n
      from attachments where not is_deleted group by 1`);
    const result = await ok<DayCountsDto>(staff, api.uploadCounts.path, { from, to });
    expect(result.totalCount).toBe(5);
    expect(days(result)).toEqual(expected);
  });

  test('overdue statuses: cases past their status allowance', async () => {
    const result = await ok<GroupCountsDto>(staff, api.overdueStatuses.path);
    const { ImeStatusStages } = await import('@casebook/domain');
    const limits = Object.entries(ImeStatusStages).filter(([, s]) => s.overdueDays !== null);
    const expected: Record<string, number> = {};
    for (const [status, s] of limits) {
      const n = await own(sql`select 'x' as g, count(*) as n from cases where not is_deleted and status = ${status}
        and status_date < now() - make_interval(days => ${s.overdueDays!})`);
      if ((n.x ?? 0) > 0) expected[status] = n.x!;
    }
    expect(groups(result)).toEqual(expected);
  });

  test('new users, user report and e-mail sending: the administrators’ counts', async () => {
    const newUsers = await ok<DayCountsDto>(admin, api.newUsers.path, { from, to });
    expect(days(newUsers)).toEqual(
      await own(sql`select (creation_time at time zone ${TZ})::date::text as g, count(*) as n from users
        where not is_deleted group by 1`),
    );
    const report = await ok<UserReportDto>(admin, api.userReport.path);
    const perRole = await own(
      sql`select r as g, count(*) as n from users, unnest(roles) r where not is_deleted group by 1`,
    );
    expect(Object.values(perRole).reduce((a, b) => a + b, 0)).toBe(
      report.items.reduce((n, i) => n + i.active + i.inactive, 0),
    );
    expect(report.items.find((i) => i.role === 'Case Manager' || i.role.toLowerCase().includes('case'))?.active).toBe(
      perRole.CASE_MANAGER,
    );
    const mail = await ok<EmailSendingDto>(admin, api.emailSending.path, { from, to });
    expect([mail.sent, mail.failed, mail.pending]).toEqual([1, 1, 1]);
    for (const p of [api.newUsers.path, api.userReport.path, api.emailSending.path]) {
      expect((await caseManager.get(url(p))).statusCode).toBe(403);
    }
  });

  test('today: appointments, new cases, uploads and e-mails sent today', async () => {
    const today = formatIsoDate(todayIn(TZ));
    const result = await ok<TodayStatisticsDto>(admin, api.today.path);
    const expected =
      await own(sql`select 'appointments' as g, count(*) as n from cases where not is_deleted and appointment_date = ${today}
      union all select 'created', count(*) from cases where not is_deleted and (creation_time at time zone ${TZ})::date = ${today}
      union all select 'uploads', count(*) from attachments where (creation_time at time zone ${TZ})::date = ${today}
      union all select 'sent', count(*) from mail_outbox where state = 'Sent' and (sent_time at time zone ${TZ})::date = ${today}`);
    expect(result).toEqual({
      date: today,
      appointments: expected.appointments,
      casesCreated: expected.created,
      uploads: expected.uploads,
      emailsSent: expected.sent,
    });
    expect(result.uploads).toBe(1);
  });

  test('by city: appointments per city of their centre', async () => {
    const expected = await own(sql`select coalesce(ci.id::text, '') as g, count(*) as n from cases c
      left join centres ce on ce.id = c.centre_id left join cities ci on ci.id = ce.city_id
      where not c.is_deleted and c.appointment_date between ${from} and ${to} group by 1`);
    const result = await ok<GroupCountsDto>(staff, api.byCity.path, { from, to });
    expect(groups(result)).toEqual(expected);
  });

  test('disbursement loan report: loans per status', async () => {
    const expected = await own(
      sql`select status as g, count(*) as n from funding_loans where not is_deleted group by 1`,
      lenderId,
    );
    expect(Object.values(expected).reduce((a, b) => a + b, 0)).toBe(6);
    const report = await ok<DisbursementLoanReportDto>(lenderStaff, api.disbursementLoanReport.path);
    expect(groups(report)).toEqual(expected);
    // The amounts per status, in cents, from the ledger by the test's own SQL.
    const amounts = async (type: string | null) =>
      own(
        sql`select l.status as g, coalesce(sum(g.amount_cents), 0) as n from funding_loans l
          left join funding_ledger g on g.loan_id = l.id and (${type}::text is null or g.amount_type = ${type})
          where not l.is_deleted group by 1`,
        lenderId,
      );
    const [principal, interest, fee, balance] = await Promise.all([
      amounts('Principal'),
      amounts('Interest'),
      amounts('Revenue'),
      amounts(null),
    ]);
    const shown = (k: 'principalCents' | 'interestCents' | 'feeCents' | 'balanceCents') =>
      Object.fromEntries(report.items.map((i) => [i.key, i[k]]));
    expect(shown('principalCents')).toEqual(principal);
    expect(shown('interestCents')).toEqual(interest);
    expect(shown('feeCents')).toEqual(fee);
    expect(shown('balanceCents')).toEqual(balance);
    const sumOf = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
    expect(report).toMatchObject({
      principalCents: sumOf(principal),
      interestCents: sumOf(interest),
      feeCents: sumOf(fee),
      balanceCents: sumOf(balance),
    });
    // The fixture's loans carry money: the comparison is not of zeros.
    expect(report.principalCents).toBeGreaterThan(0);
    expect(report.balanceCents).not.toBe(report.principalCents);
    // Another tenant counts its own loans (none), never the lender's.
    const other = await ok<DisbursementLoanReportDto>(outsider, api.disbursementLoanReport.path);
    expect(other).toMatchObject({ totalCount: 0, principalCents: 0, balanceCents: 0 });
  });
});

describe('monthly active clients and accounts', () => {
  const months = () => {
    const today = todayIn(TZ);
    return { fromMonth: formatIsoDate(addDays(today, -400)).slice(0, 7), toMonth: formatIsoDate(today).slice(0, 7) };
  };

  test('a tenant admin counts their own tenant per month; the default is this month to the end of the next', async () => {
    const range = months();
    const result = await ok<MonthlyActiveDto>(admin, api.clientActiveCount.path, range);
    const expected = await own(sql`select to_char(m, 'YYYY-MM') as g, count(distinct c.client_id) as n
      from generate_series(${`${range.fromMonth}-01`}::date, ${`${range.toMonth}-01`}::date, interval '1 month') m
      join cases c on not c.is_deleted and (date_trunc('month', c.appointment_date) = m
        or date_trunc('month', (c.creation_time at time zone ${TZ})::date) = m)
      group by 1`);
    const shown = Object.fromEntries(
      result.items.filter((i) => i.numberOfClient > 0).map((i) => [i.applyForMonth, i.numberOfClient]),
    );
    expect(shown).toEqual(expected);
    expect(result.items.every((i) => i.tenant.id === tenantId)).toBe(true);

    const byDefault = await ok<MonthlyActiveDto>(admin, api.clientActiveCount.path);
    expect({ fromMonth: byDefault.fromMonth, toMonth: byDefault.toMonth }).toEqual(defaultMonthRange(todayIn(TZ)));
    expect(byDefault.items.map((i) => i.applyForMonth)).toEqual([byDefault.fromMonth, byDefault.toMonth]);
  });

  test('active accounts: users who signed in, per month', async () => {
    const month = formatIsoDate(todayIn(TZ)).slice(0, 7);
    const result = await ok<MonthlyActiveDto>(admin, api.activeAccountsByMonth.path, {
      fromMonth: month,
      toMonth: month,
    });
    expect(result.items).toEqual([
      { tenant: expect.objectContaining({ id: tenantId }), applyForMonth: month, numberOfClient: 2 },
    ]);
  });

  test('the host picks a tenant, or sees every tenant with its name; others may not name another tenant', async () => {
    const range = months();
    const mine = await ok<MonthlyActiveDto>(admin, api.clientActiveCount.path, range);
    const picked = await ok<MonthlyActiveDto>(hostAdmin, api.clientActiveCount.path, { ...range, tenantId });
    expect(picked.items).toEqual(mine.items);
    const all = await ok<MonthlyActiveDto>(hostAdmin, api.clientActiveCount.path, range);
    const ids = new Set(all.items.map((i) => i.tenant.id));
    expect(ids.has(tenantId) && ids.has(otherTenantId) && !ids.has(HOST_TENANT_ID)).toBe(true);

    expect((await outsider.get(url(api.clientActiveCount.path, { tenantId }))).statusCode).toBe(404);
    expect((await outsider.get(url(api.activeAccountsByMonth.path, { tenantId }))).statusCode).toBe(404);
    expect((await hostAdmin.get(url(api.clientActiveCount.path, { tenantId: uuidv7() }))).statusCode).toBe(404);
    // The outsider's own figures know nothing of the seeded tenant.
    const theirs = await ok<MonthlyActiveDto>(outsider, api.clientActiveCount.path, range);
    expect(theirs.items.every((i) => i.numberOfClient === 0 && i.tenant.id === otherTenantId)).toBe(true);
  });

  test('the month range is checked: a 400 naming the field', async () => {
    const bad = await admin.get(url(api.clientActiveCount.path, { fromMonth: '2026-13' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('fromMonth');
    const reversed = await admin.get(url(api.clientActiveCount.path, { fromMonth: '2026-05', toMonth: '2026-04' }));
    expect(reversed.statusCode).toBe(400);
    const tooLong = await admin.get(url(api.clientActiveCount.path, { fromMonth: '2000-01', toMonth: '2026-04' }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('toMonth');
  });
});

describe('another tenant sees none of it', () => {
  test('the outsider’s figures are its own (empty), never the seeded tenant’s', async () => {
    const b = await ok<DayCountsDto>(outsider, api.bookings.path, { from, to });
    expect(b.totalCount).toBe(0);
    const u = await ok<DayCountsDto>(outsider, api.uploadCounts.path, { from, to });
    expect(u.totalCount).toBe(0);
  });
});
