import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  CaseModules,
  endpointPath,
  formatIsoDate,
  formatMoney,
  ReportEndpoints,
  todayIn,
  uuidv7,
  type ReportRecordsDto,
  type ReportResultDto,
} from '@casebook/domain';
import { callerFor, createTestApp, createTestUser, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../platform/db/database';
import { seedDemoCases } from '../tenancy/demo-cases';
import { seedDemoWorld } from '../tenancy/demo-world';
import { seedDemoModuleCases } from '../tenancy/demo-modules';
import { MedicalRecordDemo } from '../medical-records/medical-records.demo';
import { TpdDemo } from '../tpd/tpd.demo';
import { MedNegDemo } from '../medneg/medneg.demo';
import { seedDemoFunding } from '../funding/demo-funding';
import { enqueueMail } from '../correspondence/outbox';
import { correspondenceNotes } from '../correspondence/correspondence.schema';

/**
 * Each report's figures, recomputed from the demo tenant's data with SQL written here on its own (not the
 * report's query), per group and in total.
 */

let t: TestApp;
let tenantId: string;
let staff: Caller;
const TZ = 'Australia/Sydney';
let from: string;
let to: string;

beforeAll(async () => {
  // The tenant is on the deployment's list for the reports offered only to named tenants.
  const name = `Exclusive Medico-Legal ${uuidv7().slice(-8)}`;
  t = await createTestApp(undefined, {
    config: { namedTenants: { exclusiveReports: [` ${name.toUpperCase()} `], accountingMenuHiddenForStaff: [] } },
  });
  tenantId = await newTenant(t.database, { name });
  const users = {
    staff: await createTestUser(t.database, tenantId, ['STAFF'], { userName: 'staff', name: 'Sam', surname: 'Staff' }),
    casemanager: await createTestUser(t.database, tenantId, ['CASE_MANAGER'], { userName: 'casemanager' }),
    specialist: await createTestUser(t.database, tenantId, ['SPECIALIST'], { userName: 'specialist' }),
  };
  expect(await seedDemoWorld(t.database, tenantId, 'demo')).toBe(true);
  await seedDemoCases(t.database, tenantId, 'demo');
  await seedDemoModuleCases(t.database, tenantId, [MedicalRecordDemo, TpdDemo, MedNegDemo]);
  staff = await callerFor(t, tenantId, ['STAFF'], { userId: users.staff.userId });
  const today = todayIn(TZ);
  from = formatIsoDate(addDays(today, -400));
  to = formatIsoDate(addDays(today, 120));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const url = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

async function report(key: string, query: Record<string, string> = {}, caller = staff): Promise<ReportResultDto> {
  const res = await caller.get(url(endpointPath(ReportEndpoints.get, { key }), { from, to, ...query }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportResultDto;
}

/** The test's own figures: rows of (group, measure values), read with the tenant set. */
async function own(query: ReturnType<typeof sql>): Promise<Map<string, Record<string, number>>> {
  const rows = await t.database.withTenant(tenantId, (tx) => sqlRows<Record<string, string | number>>(tx, query));
  return new Map(
    rows.map((r) => {
      const { g, ...values } = r;
      return [String(g), Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v)]))];
    }),
  );
}

/** The report's non-empty rows equal the test's figures, and its totals are their sums. */
function expectSame(result: ReportResultDto, expected: Map<string, Record<string, number>>) {
  expect(expected.size, 'the demo data gives this report something to count').toBeGreaterThan(0);
  const shown = new Map(
    result.rows.filter((r) => Object.values(r.values).some((v) => v !== 0)).map((r) => [r.key, r.values]),
  );
  expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(expected));
  const measures = Object.keys(result.totals);
  for (const m of measures) {
    expect(result.totals[m], m).toBe([...expected.values()].reduce((s, v) => s + (v[m] ?? 0), 0));
  }
}

const ATTENDED = sql.raw(
  `'ATTENDED_CHARGEABLE','ATTENDED_NO_FEE','DICTATION_RECEIVED','REPORT_DRAFT_SENT','REPORT_RECEIVED','COLLECT_REPORT','FURTHER_MATERIAL_REVIEW','POST_ASSESSMENT_ADMIN','QUALITY_ASSURANCE','REPORT_FINALISATION','REPORT_COMPLETED','CLIENT_INVOICED','SPECIALIST_INVOICED','CLIENT_PARTIALLY_PAID','CLIENT_FULLY_PAID','SPECIALIST_PARTIALLY_PAID','SPECIALIST_FULLY_PAID'`,
);
/** The statuses the case modules declare of these kinds (what "completed" and "cancelled" mean). */
const declared = (...kinds: string[]) =>
  sql.raw(
    CaseModules.flatMap((m) =>
      Object.entries(m.statuses)
        .filter(([, d]) => kinds.includes(d.kind))
        .map(([status]) => `'${status}'`),
    ).join(','),
  );
const DONE = declared('finished', 'invoiced', 'paid');
const CANCELLED = declared('cancelled');

describe('each report equals the demo data counted on its own', () => {
  test('bookings: cases by appointment month', async () => {
    const expected = await own(sql`
      select to_char(appointment_date, 'YYYY-MM') as g, count(*) as bookings,
        count(*) filter (where status in (${ATTENDED})) as attended,
        count(*) filter (where status = 'NOT_ATTENDED') as "notAttended",
        count(*) filter (where status in (${CANCELLED})) as cancelled
      from cases where not is_deleted and appointment_date between ${from} and ${to} group by 1`);
    const result = await report('bookings');
    expectSame(result, expected);
    expect(result.rows[0]!.label).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
  });

  test('bookings by one company, and its drill-down lists exactly those cases', async () => {
    const [top] = await t.database.withTenant(tenantId, (tx) =>
      sqlRows<{ company_id: string; n: string }>(
        tx,
        sql`select company_id, count(*) as n from cases where not is_deleted and appointment_date between ${from} and ${to}
          group by 1 order by 2 desc limit 1`,
      ),
    );
    const result = await report('bookings', { companyId: top!.company_id });
    expect(result.totals['bookings']).toBe(Number(top!.n));
    const month = result.rows.find((r) => r.values['bookings']! > 0)!;
    const res = await staff.get(
      url(endpointPath(ReportEndpoints.records, { key: 'bookings' }), {
        from,
        to,
        companyId: top!.company_id,
        group: month.key,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json() as ReportRecordsDto;
    expect(records.totalCount).toBe(month.values['bookings']);
    expect(records.items).toHaveLength(month.values['bookings']!);
    const ids = records.items.map((r) => r.id);
    const caseRows = await t.database.withTenant(tenantId, (tx) =>
      sqlRows<{ id: string }>(
        tx,
        sql`select id::text from cases where not is_deleted and company_id = ${top!.company_id}
          and to_char(appointment_date, 'YYYY-MM') = ${month.key} and appointment_date between ${from} and ${to}`,
      ),
    );
    expect(ids.sort()).toEqual(caseRows.map((r) => r.id).sort());
    expect(records.items[0]!.path).toMatch(/^\/view\/[a-z-]+\/detail\/[0-9a-f-]{36}$/);
  });

  test('booking by account: cases per company by appointment date', async () => {
    const expected = await own(sql`
      select company_id::text as g, count(*) as bookings,
        count(*) filter (where status in (${ATTENDED})) as attended,
        count(*) filter (where status in (${CANCELLED})) as cancelled
      from cases where not is_deleted and appointment_date between ${from} and ${to} group by 1`);
    const result = await report('booking-by-account');
    expectSame(result, expected);
    const names = await own(sql`select id::text as g, 0 as n from companies`);
    expect(result.rows.every((r) => names.has(r.key) && r.label.length > 0)).toBe(true);
    // Largest first.
    const counts = result.rows.map((r) => r.values['bookings']!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  test('service analysis: cases opened per service type', async () => {
    const expected = await own(sql`
      select service_type as g, count(*) as cases,
        count(*) filter (where status not in (${DONE}) and status not in (${CANCELLED})) as "inProgress",
        count(*) filter (where status in (${DONE})) as completed,
        count(*) filter (where status in (${CANCELLED})) as cancelled
      from cases where not is_deleted
        and (creation_time at time zone ${TZ})::date between ${from} and ${to} group by 1`);
    expect(expected.size, 'several service types in the demo').toBeGreaterThan(1);
    expectSame(await report('service-analysis'), expected);
  });

  test('billing KPI: issued invoices by month, paid, credited and outstanding', async () => {
    const expected = await own(sql`
      with i as (
        select inv.*, (select coalesce(sum(amount_cents), 0) from invoice_payments p where p.invoice_id = inv.id and not p.is_deleted) as paid,
          (select coalesce(sum(total_cents), 0) from credit_notes n where n.invoice_id = inv.id and not n.is_deleted) as credited
        from invoices inv where not is_deleted and status in ('SENT', 'PARTIAL_PAY', 'PAID') and invoice_date between ${from} and ${to})
      select to_char(invoice_date, 'YYYY-MM') as g, count(*) as invoices, sum(total_cents) as "invoicedCents",
        sum(paid) as "paidCents", sum(credited) as "creditedCents", sum(total_cents - paid - credited) as "outstandingCents"
      from i group by 1`);
    const result = await report('billing-kpi');
    expectSame(result, expected);
    // The demo has a part-paid invoice: something is paid and something is still owed.
    expect(result.totals['paidCents']).toBeGreaterThan(0);
    expect(result.totals['outstandingCents']).toBeGreaterThan(0);
  });

  test('service revenue analysis: fees, GST and totals per service type', async () => {
    const expected = await own(sql`
      select service_type as g, count(*) as invoices, sum(total_cents - gst_cents) as "feesCents",
        sum(gst_cents) as "gstCents", sum(total_cents) as "totalCents"
      from invoices where not is_deleted and status in ('SENT', 'PARTIAL_PAY', 'PAID')
        and invoice_date between ${from} and ${to} group by 1`);
    expectSame(await report('service-revenue-analysis'), expected);
  });

  test('staff KPI: cases opened, steps, invoiced and target per staff member', async () => {
    const staffOnly = sql.raw(`u.roles && array['TENANT_ADMIN','ADMIN_STAFF','STAFF','ACCOUNTING']::text[]`);
    const expected = await own(sql`
      with u as (select * from users u where not is_deleted and ${staffOnly}),
      opened as (select creator_id as id, count(*) as n from cases
        where not is_deleted and (creation_time at time zone ${TZ})::date between ${from} and ${to} group by 1),
      steps as (select l.user_id as id, count(*) as n from case_status_logs l join cases c on c.id = l.case_id
        where not c.is_deleted and (l.status_date at time zone ${TZ})::date between ${from} and ${to} group by 1),
      billed as (select creator_id as id, sum(total_cents) as n from invoices
        where not is_deleted and status in ('SENT', 'PARTIAL_PAY', 'PAID') and invoice_date between ${from} and ${to} group by 1),
      target as (select user_id as id, sum(amount) as n from sale_targets
        where not is_deleted and make_date(year, month, 1) between date_trunc('month', ${from}::date) and ${to} group by 1)
      select u.id::text as g, coalesce(opened.n, 0) as "casesOpened", coalesce(steps.n, 0) as "statusSteps",
        coalesce(billed.n, 0) as "invoicedCents", coalesce(target.n, 0) as "targetCents"
      from u left join opened on opened.id = u.id left join steps on steps.id = u.id
        left join billed on billed.id = u.id left join target on target.id = u.id
      where coalesce(opened.n, 0) + coalesce(steps.n, 0) + coalesce(billed.n, 0) + coalesce(target.n, 0) > 0`);
    const result = await report('staff-kpi');
    expectSame(result, expected);
    const sam = result.rows.find((r) => r.label === 'Sam Staff');
    expect(sam?.values['targetCents']).toBeGreaterThan(0);
    expect(sam?.values['statusSteps']).toBeGreaterThan(0);
  });

  test('client & CM recruitment: companies and case managers added per month', async () => {
    const expected = await own(sql`
      select g, sum(c) as companies, sum(m) as "caseManagers" from (
        select to_char((creation_time at time zone ${TZ})::date, 'YYYY-MM') as g, 1 as c, 0 as m from companies
          where not is_deleted and (creation_time at time zone ${TZ})::date between ${from} and ${to}
        union all
        select to_char((creation_time at time zone ${TZ})::date, 'YYYY-MM'), 0, 1 from case_managers
          where not is_deleted and (creation_time at time zone ${TZ})::date between ${from} and ${to}) x group by g`);
    expectSame(await report('client-cm-recruitment'), expected);
  });

  test('specialist recruitment: contracts started and ended per month', async () => {
    const wide = { from: '2000-01-01', to };
    const expected = await own(sql`
      select g, sum(s) as onboarded, sum(e) as ended from (
        select to_char(onboarded_date, 'YYYY-MM') as g, 1 as s, 0 as e from specialists
          where not is_deleted and onboarded_date between ${wide.from} and ${wide.to}
        union all
        select to_char(onboarded_end_date, 'YYYY-MM'), 0, 1 from specialists
          where not is_deleted and onboarded_end_date between ${wide.from} and ${wide.to}) x group by g`);
    expectSame(await report('specialist-recruitment', wide), expected);
  });

  test('user account analysis: accounts per role', async () => {
    const expected = await own(sql`
      select r as g, count(*) as accounts, count(*) filter (where is_active) as active,
        count(*) filter (where not is_active) as disabled,
        count(*) filter (where (last_login_time at time zone ${TZ})::date between ${from} and ${to}) as "signedIn"
      from users, unnest(roles) r where not is_deleted group by 1`);
    const result = await report('user-account-analysis');
    expectSame(result, expected);
    expect(result.rows.find((r) => r.key === 'CASE_MANAGER')?.label).toBe('Case manager');
  });
});

describe('the reports offered to named tenants', () => {
  test('IRO KPI: issued invoices under an IRO grant, by month', async () => {
    // Two of the demo's issued invoices were billed under a grant.
    await t.database.withTenant(tenantId, (tx) =>
      tx.execute(sql`update invoices set iro_grant_no = 'ILARS-' || left(id::text, 6)
        where id in (select id from invoices where status in ('SENT', 'PARTIAL_PAY', 'PAID') and not is_deleted
          order by invoice_no limit 2)`),
    );
    const expected = await own(sql`
      select to_char(invoice_date, 'YYYY-MM') as g, count(*) as invoices, sum(total_cents) as "invoicedCents",
        sum(paid) as "paidCents", sum(total_cents - paid - credited) as "outstandingCents"
      from (select i.*,
          (select coalesce(sum(amount_cents), 0) from invoice_payments p where p.invoice_id = i.id and not p.is_deleted) as paid,
          (select coalesce(sum(total_cents), 0) from credit_notes n where n.invoice_id = i.id and not n.is_deleted) as credited
        from invoices i where not is_deleted and status in ('SENT', 'PARTIAL_PAY', 'PAID') and iro_grant_no is not null
          and invoice_date between ${from} and ${to}) x
      group by 1`);
    expect([...expected.values()].reduce((n, v) => n + v['invoices']!, 0)).toBe(2);
    expectSame(await report('iro-kpi'), expected);
  });

  test('service revenue master: issued invoices per company', async () => {
    const expected = await own(sql`
      select company_id as g, count(*) as invoices, sum(total_cents - gst_cents) as "feesCents",
        sum(gst_cents) as "gstCents", sum(total_cents) as "totalCents",
        sum((select coalesce(sum(amount_cents), 0) from invoice_payments p where p.invoice_id = i.id and not p.is_deleted)) as "paidCents"
      from invoices i where not is_deleted and status in ('SENT', 'PARTIAL_PAY', 'PAID')
        and invoice_date between ${from} and ${to}
      group by 1`);
    const result = await report('service-revenue-master');
    expectSame(result, expected);
    expect(result.rows[0]!.label).not.toBe(result.rows[0]!.key); // the company's name
  });

  test('service revenue forecast: invoiced, and the average invoice for what is not invoiced yet', async () => {
    const today = formatIsoDate(todayIn(TZ));
    const expected = await own(sql`
      with issued as (select * from invoices where not is_deleted and status in ('SENT', 'PARTIAL_PAY', 'PAID')),
        average as (select service_type, round(avg(total_cents)) as cents from issued
          where invoice_date between ${today}::date - 365 and ${today}::date group by 1),
        booked as (select c.*, (select coalesce(sum(total_cents), 0) from issued where case_id = c.id) as invoiced,
            exists (select 1 from issued where case_id = c.id) as has_invoice
          from cases c where not is_deleted and appointment_date between ${from} and ${to}
            and status not in (${CANCELLED}))
      select to_char(appointment_date, 'YYYY-MM') as g, count(*) as bookings, sum(invoiced) as "invoicedCents",
        sum(case when has_invoice then 0 else coalesce(a.cents, 0) end) as "forecastCents",
        sum(invoiced + case when has_invoice then 0 else coalesce(a.cents, 0) end) as "expectedCents"
      from booked b left join average a on a.service_type = b.service_type
      group by 1`);
    const result = await report('service-revenue-forecast');
    expectSame(result, expected);
    expect(result.totals['forecastCents']).toBeGreaterThan(0);
    expect(result.totals['invoicedCents']).toBeGreaterThan(0);
  });

  test('a tenant not on the list is told they do not exist (404), and its tenant says which lists it is on', async () => {
    const other = await newTenant(t.database);
    const otherStaff = await callerFor(t, other, ['STAFF']);
    for (const key of ['iro-kpi', 'service-revenue-master', 'service-revenue-forecast']) {
      const res = await otherStaff.get(url(endpointPath(ReportEndpoints.get, { key }), { from, to }));
      expect(res.statusCode, key).toBe(404);
    }
    expect(
      (await otherStaff.get(url(endpointPath(ReportEndpoints.get, { key: 'bookings' }), { from, to }))).statusCode,
    ).toBe(200);
    const mine = (await staff.get('/api/app/tenants/current')).json() as { namedLists: string[] };
    expect(mine.namedLists).toEqual(['exclusiveReports']);
    const theirs = (await otherStaff.get('/api/app/tenants/current')).json() as { namedLists: string[] };
    expect(theirs.namedLists).toEqual([]);
  });
});

describe('correspondence analysis', () => {
  test('e-mails and notes per month equal the tenant’s own, a case’s drill-down opens the case', async () => {
    const [c1, c2] = await t.database.withTenant(tenantId, (tx) =>
      sqlRows<{ id: string; case_no: string }>(
        tx,
        sql`select id, case_no from cases where not is_deleted and service_type = 'IME' order by case_no limit 2`,
      ),
    );
    const [specialist] = await t.database.withTenant(tenantId, (tx) =>
      sqlRows<{ id: string }>(tx, sql`select id from specialists where not is_deleted limit 1`),
    );
    const note = async (fromModule: string, objectId: string, communicationType: string) => {
      const res = await staff.post('/api/app/correspondences/notes', {
        fromModule,
        objectId,
        communicationType,
        content: `A ${communicationType.toLowerCase()} about ${objectId}`,
        contactTime: new Date().toISOString(),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await note('IME', c1!.id, 'PHONE');
    await note('IME', c1!.id, 'RELATIONSHIP_CALL');
    await note('IME', c2!.id, 'SMS');
    // A note of a record other than a case (a relationship meeting with a specialist).
    await t.database.withTenant(tenantId, (tx) =>
      tx.insert(correspondenceNotes).values({
        tenantId,
        id: uuidv7(),
        fromModule: 'SPECIALIST',
        objectId: specialist!.id,
        communicationType: 'RELATIONSHIP_MEETING',
        content: 'Met the specialist',
        contactTime: new Date(),
      }),
    );
    await t.database.withTenant(tenantId, async (tx) => {
      await enqueueMail(tx, tenantId, {
        to: 'cm@example.test',
        subject: 'Appointment confirmed',
        html: '<p>x</p>',
        fromModule: 'IME',
        objectId: c1!.id,
        objectReference: c1!.case_no,
      });
      await enqueueMail(tx, tenantId, { to: 'firm@example.test', subject: 'Statement', html: '<p>x</p>' });
    });
    const expected = await own(sql`
      select g, sum(emails) as emails, sum(sent) as "emailsSent", sum(failed) as "emailsFailed",
        sum(notes) as notes, sum(calls) as calls
      from (
        select to_char((creation_time at time zone ${TZ})::date, 'YYYY-MM') as g, 1 as emails,
          (state = 'Sent')::int as sent, (state = 'Failed')::int as failed, 0 as notes, 0 as calls
        from mail_outbox where (creation_time at time zone ${TZ})::date between ${from} and ${to}
        union all
        select to_char((contact_time at time zone ${TZ})::date, 'YYYY-MM'), 0, 0, 0, 1,
          (communication_type in ('PHONE', 'UNSUCCESSFUL_PHONE_CALL_FAX', 'RELATIONSHIP_CALL'))::int
        from correspondence_notes where (contact_time at time zone ${TZ})::date between ${from} and ${to}
      ) x group by 1`);
    const result = await report('correspondence-analysis');
    expectSame(result, expected);
    const month = todayIn(TZ);
    const thisMonth = `${month.year}-${String(month.month).padStart(2, '0')}`;
    expect(result.rows.find((r) => r.key === thisMonth)!.values).toMatchObject({ notes: 4, calls: 2 });
    const res = await staff.get(
      url(endpointPath(ReportEndpoints.records, { key: 'correspondence-analysis' }), { from, to, group: thisMonth }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const records = (res.json() as ReportRecordsDto).items;
    const ofCase = records.find((r) => r.reference === c1!.case_no && r.description.startsWith('E-mail'))!;
    expect(ofCase.path).toBe(`/view/assessments/detail/${c1!.id}`);
    expect(records.find((r) => r.description.startsWith('E-mail: Statement'))?.path).toBeNull();
    expect(records.filter((r) => r.description.startsWith('Note'))).toHaveLength(4);
  });
});

describe('the funding reports equal the lender’s demo book counted on its own', () => {
  let lender: string;
  let lenderStaff: Caller;
  beforeAll(async () => {
    lender = await newTenant(t.database, {
      editionName: 'FUNDING PROVIDER',
      features: { Disbursement: 'True', DisbursementFunding: 'True', FundingTransaction: 'True' },
    });
    const user = await createTestUser(t.database, lender, ['STAFF'], {
      userName: 'staff',
      name: 'Sam',
      surname: 'Staff',
    });
    await createTestUser(t.database, lender, ['CASE_MANAGER'], { userName: 'casemanager' });
    expect(await seedDemoWorld(t.database, lender, 'fundco')).toBe(true);
    expect((await seedDemoFunding(t.database, lender)).loans).toBeGreaterThan(0);
    lenderStaff = await callerFor(t, lender, ['STAFF'], { userId: user.userId });
  }, 120_000);

  const ownIn = async (query: ReturnType<typeof sql>) => {
    const rows = await t.database.withTenant(lender, (tx) => sqlRows<Record<string, string | number>>(tx, query));
    return new Map(
      rows.map((r) => {
        const { g, ...values } = r;
        return [String(g), Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v)]))];
      }),
    );
  };

  test('funding analysis: loans by status, advanced, repaid and balance', async () => {
    const expected = await ownIn(sql`
      select l.status as g, count(*) as loans,
        sum((select coalesce(sum(amount_cents), 0) from funding_ledger x where x.loan_id = l.id and x.source = 'advance')) as "advancedCents",
        sum((select coalesce(-sum(amount_cents), 0) from funding_ledger x where x.loan_id = l.id and x.source = 'repayment')) as "repaidCents",
        sum((select coalesce(sum(amount_cents), 0) from funding_ledger x where x.loan_id = l.id)) as "balanceCents"
      from funding_loans l where not l.is_deleted
        and (l.creation_time at time zone ${TZ})::date between ${from} and ${to} group by 1`);
    const result = await report('funding-analysis', {}, lenderStaff);
    expectSame(result, expected);
    expect(result.totals['advancedCents']).toBeGreaterThan(0);
    expect(result.totals['repaidCents']).toBeGreaterThan(0);
  });

  test('disbursement funding: money moved by month', async () => {
    const expected = await ownIn(sql`
      select to_char(x.entry_date, 'YYYY-MM') as g,
        sum(amount_cents) filter (where source = 'advance') as "advancedCents",
        sum(amount_cents) filter (where source = 'fee') as "feesCents",
        sum(amount_cents) filter (where source = 'interest') as "interestCents",
        -sum(amount_cents) filter (where source = 'repayment') as "repaidCents"
      from funding_ledger x join funding_loans l on l.id = x.loan_id
      where not l.is_deleted and x.entry_date between ${from} and ${to} group by 1`);
    for (const values of expected.values()) for (const k of Object.keys(values)) values[k] = values[k] || 0;
    expectSame(await report('disbursement-funding', {}, lenderStaff), expected);
  });

  test('a tenant without the funding features may not open them', async () => {
    const without = await newTenant(t.database, {
      features: { Disbursement: 'False', DisbursementFunding: 'False', FundingTransaction: 'False' },
    });
    const office = await callerFor(t, without, ['STAFF']);
    const res = await office.get(endpointPath(ReportEndpoints.get, { key: 'funding-analysis' }));
    expect(res.statusCode).toBe(403);
    expect((await office.get(endpointPath(ReportEndpoints.get, { key: 'bookings' }))).statusCode).toBe(200);
  });
});

describe('who may see a report', () => {
  test('another tenant sees none of this tenant’s figures', async () => {
    const other = await callerFor(t, await newTenant(t.database), ['STAFF']);
    const result = await report('bookings', {}, other);
    expect(result.totals['bookings']).toBe(0);
    const billing = await report('billing-kpi', {}, other);
    expect(billing.totals['invoicedCents']).toBe(0);
  });

  test('a case manager may not open reports (403), nor anyone without the permission', async () => {
    const cm = await callerFor(t, tenantId, ['CASE_MANAGER']);
    const res = await cm.get(endpointPath(ReportEndpoints.get, { key: 'bookings' }));
    expect(res.statusCode).toBe(403);
  });

  test('bad filters are a 400 naming the field; an unknown report is a 400 naming key', async () => {
    const bad = await staff.get(url(endpointPath(ReportEndpoints.get, { key: 'bookings' }), { serviceType: 'NOPE' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('serviceType');
    const backwards = await staff.get(
      url(endpointPath(ReportEndpoints.get, { key: 'bookings' }), { from: '2026-02-01', to: '2026-01-01' }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('to');
    const unknown = await staff.get(endpointPath(ReportEndpoints.get, { key: 'no-such-report' }));
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('key');
  });

  test('without dates a report covers six months back to the end of next month, every month listed', async () => {
    const result = await report('bookings', {}, staff);
    const res = await staff.get(endpointPath(ReportEndpoints.get, { key: 'bookings' }));
    const plain = res.json() as ReportResultDto;
    expect(plain.rows).toHaveLength(8);
    expect(plain.from.endsWith('-01')).toBe(true);
    expect(result.rows.length).toBeGreaterThan(8);
  });

  test('the export is a spreadsheet of the rows with a total line', async () => {
    const res = await staff.get(url(endpointPath(ReportEndpoints.export, { key: 'billing-kpi' }), { from, to }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Month');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    const result = await report('billing-kpi');
    expect(last.getCell(3).value).toBe(formatMoney(result.totals['invoicedCents']!, result.currency));
  });
});
