/**
 * The case list benchmark: GET /api/app/assessments with the list screen's filters, and the status
 * counts query, through the real API on 100 tenants × 10,000 cases (1,000,000 in all).
 *
 *   npm run bench -- --only cases --database-url postgres://postgres@127.0.0.1:5432/casebook_bench_cases
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ImeStatuses } from '@casebook/domain';
import type { Benchmark, BenchSettings } from './lib/benchmark';
import { FLOOR_PHASE, startBenchApp } from './lib/bench-app';
import { isMain, redactUrl, runMain } from './lib/cli';
import { CPU_COLUMNS, cpuPerRequest, startCpuMeter } from './lib/cpu';
import { runHttpLoad } from './lib/http-load';
import { ensureDatabase } from './lib/pg-admin';
import { fixed, summarize, table, whole, type LoadFigures } from './lib/stats';
import { seedBulk } from './seed-bulk';
import { DEFAULT_SETTINGS } from './lib/benchmark';

export const CASE_TENANTS = 100;
export const CASES_PER_TENANT = 10_000;
const CONNECTIONS = 32;
/** Arrival rates of the list's open-loop phases: the load many users' clicks make, below saturation. */
const RATES = [100, 200, 300];
/** The target the list is held to (printed, not enforced). */
const TARGET_P99_MS = 30;

const COMPANIES = 10;
const CASE_MANAGERS_PER_COMPANY = 5;
const CENTRES = 8;

/** Statuses as a booking office's book looks: most cases finished, billed or paid, some in progress. */
const STATUS_MIX: readonly string[] = [
  ...Array<string>(6).fill('CLIENT_FULLY_PAID'),
  ...Array<string>(3).fill('REPORT_COMPLETED'),
  ...Array<string>(2).fill('CLIENT_INVOICED'),
  ...ImeStatuses,
];

/** Companies, case managers and centres of a tenant, and its cases up to CASES_PER_TENANT. */
async function seedCases(client: pg.ClientBase, tenantId: string): Promise<number> {
  const have = Number(
    (await client.query<{ n: string }>('select count(*) as n from cases where tenant_id = $1', [tenantId])).rows[0]!.n,
  );
  if (have >= CASES_PER_TENANT) return 0;
  await client.query('begin');
  try {
    const companies = (
      await client.query<{ id: string }>('select id from companies where tenant_id = $1 and name like $2', [
        tenantId,
        'Bench company %',
      ])
    ).rows.map((r) => r.id);
    if (companies.length === 0) {
      await client.query(
        `insert into companies (tenant_id, id, concurrency_stamp, name, business_type)
         select $1, gen_random_uuid(), gen_random_uuid()::text, 'Bench company ' || g, 'LAW_FIRM' from generate_series(1, $2) g`,
        [tenantId, COMPANIES],
      );
      await client.query(
        `insert into case_managers (tenant_id, id, concurrency_stamp, first_name, last_name, company_id)
         select $1, gen_random_uuid(), gen_random_uuid()::text, 'Case', 'Manager ' || c.name || ' ' || g, c.id
         from companies c cross join generate_series(1, $2) g where c.tenant_id = $1 and c.name like 'Bench company %'`,
        [tenantId, CASE_MANAGERS_PER_COMPANY],
      );
      await client.query(
        `insert into centres (tenant_id, id, concurrency_stamp, name)
         select $1, gen_random_uuid(), gen_random_uuid()::text, 'Bench centre ' || g from generate_series(1, $2) g`,
        [tenantId, CENTRES],
      );
    }
    // Cases over three years: random claimant, case manager (and its company), specialist, centre and
    // status; appointments around the booking date for most.
    await client.query(
      `with cm as (select array_agg(id order by id) ids, array_agg(company_id order by id) cos from case_managers where tenant_id = $1),
            cl as (select array_agg(id) ids from clients where tenant_id = $1),
            sp as (select array_agg(id) ids from specialists where tenant_id = $1),
            ce as (select array_agg(id) ids from centres where tenant_id = $1),
            rows as (
              select g, floor(random() * array_length(cm.ids, 1))::int + 1 as k,
                     now() - random() * interval '1095 days' as created
              from generate_series($2::int + 1, $3::int) g, cm)
       insert into cases (tenant_id, id, creation_time, concurrency_stamp, case_no, service_type, status, status_date,
                          client_id, company_id, case_manager_id, specialist_id, centre_id, appointment_date,
                          appointment_time, billing_status, is_high_risk)
       select $1, gen_random_uuid(), r.created, gen_random_uuid()::text, 'IME-' || lpad(r.g::text, 6, '0'), 'IME',
              ($4::text[])[floor(random() * array_length($4::text[], 1))::int + 1],
              r.created + random() * interval '30 days',
              cl.ids[floor(random() * array_length(cl.ids, 1))::int + 1],
              cm.cos[r.k], cm.ids[r.k],
              sp.ids[floor(random() * array_length(sp.ids, 1))::int + 1],
              ce.ids[floor(random() * array_length(ce.ids, 1))::int + 1],
              case when random() < 0.85 then (r.created + random() * interval '60 days')::date end,
              lpad((8 + floor(random() * 9))::int::text, 2, '0') || ':00',
              (array['NOT_READY','READY_TO_BILL','BILLED','NON_BILLABLE'])[floor(random() * 4)::int + 1],
              random() < 0.03
       from rows r, cm, cl, sp, ce`,
      [tenantId, have, CASES_PER_TENANT, STATUS_MIX],
    );
    await client.query(
      `insert into case_number_counters (tenant_id, prefix, last_value) values ($1, 'IME', $2)
       on conflict (tenant_id, prefix) do update set last_value = excluded.last_value`,
      [tenantId, CASES_PER_TENANT],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  return CASES_PER_TENANT - have;
}

const dayIso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function run(settings: BenchSettings, log: (line: string) => void): Promise<void> {
  const { databaseUrl, durationSeconds, warmupSeconds } = settings;
  const connections = settings.connections ?? CONNECTIONS;
  log(`database ${redactUrl(databaseUrl)}`);
  if (await ensureDatabase(databaseUrl)) log('created the database');

  // 1. Data: 100 tenants with 200 claimants and 40 specialists each, then 10,000 cases each.
  const seeded = await seedBulk({
    databaseUrl,
    tenants: CASE_TENANTS,
    rows: 0,
    kinds: ['clients=200', 'specialists=40'],
    progressEvery: 25,
    log: (line) => log(`  seed: ${line.trim()}`),
  });
  const tenantIds = seeded.tenants.map((t) => t.id);
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  const began = performance.now();
  let inserted = 0;
  for (const [i, tenantId] of tenantIds.entries()) {
    inserted += await seedCases(owner, tenantId);
    if (inserted > 0 && (i + 1) % 25 === 0) log(`  seed: cases for ${i + 1} of ${tenantIds.length} tenants`);
  }
  if (inserted > 0) {
    await owner.query('vacuum (analyze) cases');
    log(`  seed: ${whole(inserted)} cases in ${fixed((performance.now() - began) / 1000)} s`);
  }
  const version = (await owner.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;
  const total = Number((await owner.query<{ n: string }>('select count(*) as n from cases')).rows[0]!.n);
  // A company, a specialist and a centre of each tenant, for the filtered requests.
  const refs = (
    await owner.query<{ tenant_id: string; company_id: string; specialist_id: string; centre_id: string }>(
      `select distinct on (tenant_id) tenant_id, company_id, specialist_id, centre_id from cases
       where specialist_id is not null and centre_id is not null order by tenant_id, creation_time desc`,
    )
  ).rows;
  await owner.end();
  const refOf = new Map(refs.map((r) => [r.tenant_id, r]));
  log(
    `PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} cores; ${whole(total)} cases, ` +
      `${tenantIds.length} tenants × ${whole(CASES_PER_TENANT)}; ${connections} connections, ${durationSeconds} s ` +
      `measured after ${warmupSeconds} s warm-up; load average ${os.loadavg()[0]!.toFixed(1)} before the run`,
  );

  const bench = await startBenchApp(databaseUrl, tenantIds, connections);
  try {
    const { url, tokens } = bench;
    // The list screen's requests: first pages with each filter, a later page, a search.
    const listFilters = (tenantId: string): string[] => {
      const r = refOf.get(tenantId)!;
      return [
        '',
        'status=APPOINTMENT_CONFIRMED&status=PAPERWORK_SENT',
        `companyId=${r.company_id}`,
        `specialistId=${r.specialist_id}`,
        `centreId=${r.centre_id}&billingStatus=READY_TO_BILL`,
        `dateFrom=${dayIso(120)}&dateTo=${dayIso(90)}`,
        `status=REPORT_COMPLETED&dateFrom=${dayIso(365)}&dateTo=${dayIso(0)}`,
        'skipCount=200',
        'filterText=IME-0042',
      ];
    };
    const listRequests = tenantIds.flatMap((tenantId, tenant) =>
      listFilters(tenantId).map((q) => ({
        tenant,
        path: `/api/app/assessments?serviceType=IME${q ? `&${q}` : ''}`,
      })),
    );
    const rates = settings.rates ?? RATES;
    const phases: { label: string; requests: { tenant: number; path: string }[]; rate?: number }[] = [
      { label: 'list with filters (9 kinds, first pages)', requests: listRequests },
      // The same requests arriving at a set rate, as from many users, whatever the answers' speed.
      ...rates.map((rate) => ({ label: `list with filters, ${whole(rate)}/s arriving`, requests: listRequests, rate })),
      {
        label: 'status counts (countCaseStatus)',
        requests: tenantIds.flatMap((tenantId, tenant) =>
          ['', `companyId=${refOf.get(tenantId)!.company_id}`].map((q) => ({
            tenant,
            path: `/api/app/case-status-logs/countCaseStatus?serviceType=IME${q ? `&${q}` : ''}`,
          })),
        ),
      },
      {
        // The staff dashboard's three requests: counts, overdue counts, today's appointments.
        label: 'dashboard (counts, overdue, today)',
        requests: tenantIds.flatMap((_, tenant) =>
          [
            '/api/app/case-status-logs/countCaseStatus?serviceType=IME',
            '/api/app/case-status-logs/countOverdueCaseStatus?serviceType=IME',
            `/api/app/assessments?serviceType=IME&dateFrom=${dayIso(0)}&dateTo=${dayIso(0)}` +
              '&sorting=appointmentDate%20asc&maxResultCount=50',
          ].map((path) => ({ tenant, path })),
        ),
      },
      FLOOR_PHASE,
    ];
    // Every request must answer 200 before its speed means anything.
    for (const phase of phases) {
      for (const probe of phase.requests.slice(0, 9)) {
        const res = await fetch(url + probe.path, { headers: { authorization: `Bearer ${tokens[probe.tenant]}` } });
        const body = (await res.json()) as { totalCount?: number };
        if (res.status !== 200) throw new Error(`${probe.path} answered ${res.status}: ${JSON.stringify(body)}`);
      }
    }
    const rows: string[][] = [];
    for (const phase of phases) {
      const spec = {
        url,
        connections,
        tokens,
        rowsPerTenant: CASES_PER_TENANT,
        variant: 'page' as const,
        requests: phase.requests,
        ...(phase.rate ? { rate: phase.rate } : {}),
      };
      if (warmupSeconds > 0) await runHttpLoad({ ...spec, seconds: warmupSeconds });
      const loadBefore = os.loadavg()[0]!;
      const meter = await startCpuMeter(databaseUrl);
      const result = await runHttpLoad({ ...spec, seconds: durationSeconds });
      const cpu = await meter.stop();
      const failed = result.errors + Object.values(result.statuses).reduce((n, c) => n + c, 0);
      const f: LoadFigures = summarize(result.latencies, failed, result.seconds);
      rows.push([
        phase.label,
        whole(f.completed),
        String(f.failed),
        fixed(f.perSecond),
        fixed(f.p50),
        fixed(f.p99),
        fixed(f.max),
        ...cpuPerRequest(cpu, f.completed),
        `${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
      ]);
    }
    for (const line of table(
      ['phase', 'requests', 'failed', 'req/s', 'p50 ms', 'p99 ms', 'max ms', ...CPU_COLUMNS, 'load avg'],
      rows,
    ))
      log(line);
    log(
      `closed loop: ${connections} requests always in flight; "/s arriving": requests arrive at that rate ` +
        `(Poisson) over at most ${connections} connections, latency counted from when each was due`,
    );
    log(`target: list p99 under ${TARGET_P99_MS} ms at ${connections} concurrent clients`);
  } finally {
    await bench.close();
  }
}

export const casesBenchmark: Benchmark = {
  name: 'cases',
  summary: 'assessments list with filters and status counts, 100 tenants × 10,000 cases, through the API',
  run,
};

if (isMain(import.meta.url)) {
  runMain(() =>
    run(
      {
        databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/casebook_bench_cases',
        ...DEFAULT_SETTINGS,
      },
      (line) => console.log(line),
    ),
  );
}
