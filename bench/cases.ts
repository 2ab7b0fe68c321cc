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
import { deriveAppUrl } from '../apps/server/src/platform/db/database';
import type { Benchmark, BenchSettings } from './lib/benchmark';
import { FLOOR_PHASE, startBenchApp } from './lib/bench-app';
import { isMain, redactUrl, runMain } from './lib/cli';
import { CPU_COLUMNS, cpuPerRequest, startCpuMeter, type CpuSpent } from './lib/cpu';
import { runHttpLoad } from './lib/http-load';
import { ensureDatabase } from './lib/pg-admin';
import { recordRequests, runReplay, type Recorded, type Request } from './lib/replay';
import { fixed, summarize, table, whole, type LoadFigures } from './lib/stats';
import { printTarget, type ReportTarget, type TargetGoal } from './lib/targets';
import { seedBulk } from './seed-bulk';
import { DEFAULT_SETTINGS } from './lib/benchmark';

export const CASE_TENANTS = 100;
export const CASES_PER_TENANT = 10_000;
const CONNECTIONS = 32;
/** Arrival rates of the list's open-loop phases: the load many users' clicks make, below saturation. */
const RATES = [100, 200, 300];
/** The arrival rate (list requests a second) the list's latency target is held to. */
const TARGET_RATE = 100;
/** Every how many-th list request is recorded for the raw driver's replay (all nine kinds, half the tenants each). */
const REPLAY_EVERY = 2;

/** The targets the list is held to (printed, not enforced). */
const CPU_TARGET: TargetGoal = {
  name: `case list: CPU per request (app + database), ${CONNECTIONS} clients`,
  unit: 'ms',
  goal: 2.5,
  better: 'lower',
};
const P99_TARGET: TargetGoal = {
  name: `case list: p99 at ${TARGET_RATE}/s arriving`,
  unit: 'ms',
  goal: 30,
  better: 'lower',
  strict: true,
};
const RATIO_TARGET: TargetGoal = {
  name: `case list: API / raw driver throughput, ${CONNECTIONS} clients`,
  unit: '%',
  goal: 50,
  better: 'higher',
};

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
    // Each case's details row (its paperwork, attendance and report fields start empty).
    await client.query(
      `insert into ime_case_details (tenant_id, case_id)
       select c.tenant_id, c.id from cases c
       where c.tenant_id = $1 and not exists (select 1 from ime_case_details d where d.tenant_id = c.tenant_id and d.case_id = c.id)`,
      [tenantId],
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

/** A company, a specialist and a centre of a tenant's cases, for the filtered requests. */
export type CaseReferences = { tenant_id: string; company_id: string; specialist_id: string; centre_id: string };

/** The references of every seeded tenant, in tenant order (`client` logged in as the owner). */
export async function caseReferences(client: pg.ClientBase): Promise<CaseReferences[]> {
  return (
    await client.query<CaseReferences>(
      `select distinct on (tenant_id) tenant_id, company_id, specialist_id, centre_id from cases
       where specialist_id is not null and centre_id is not null order by tenant_id, creation_time desc`,
    )
  ).rows;
}

/**
 * The case list screen's nine kinds of request, as query strings after `serviceType=IME`: first pages with
 * each filter, a later page, a search.
 */
export function caseListFilters(r: CaseReferences): string[] {
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
}

async function run(settings: BenchSettings, log: (line: string) => void, target: ReportTarget): Promise<void> {
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
  const refs = await caseReferences(owner);
  await owner.end();
  const refOf = new Map(refs.map((r) => [r.tenant_id, r]));
  log(
    `PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} cores; ${whole(total)} cases, ` +
      `${tenantIds.length} tenants × ${whole(CASES_PER_TENANT)}; ${connections} connections, ${durationSeconds} s ` +
      `measured after ${warmupSeconds} s warm-up; load average ${os.loadavg()[0]!.toFixed(1)} before the run`,
  );

  const rates = settings.rates ?? RATES;
  const rows: string[][] = [];
  /** The closed-loop list phase, the list at the target's rate, and the raw driver's replay of the list. */
  let list: { figures: LoadFigures; cpu: CpuSpent } | undefined;
  let arriving: LoadFigures | undefined;
  let recorded: Recorded[] = [];
  const bench = await startBenchApp(databaseUrl, tenantIds, connections);
  try {
    const { url, tokens } = bench;
    // The list screen's requests: first pages with each filter, a later page, a search.
    const listFilters = (tenantId: string): string[] => caseListFilters(refOf.get(tenantId)!);
    const listRequests = tenantIds.flatMap((tenantId, tenant) =>
      listFilters(tenantId).map((q) => ({
        tenant,
        path: `/api/app/assessments?serviceType=IME${q ? `&${q}` : ''}`,
      })),
    );
    const phases: { label: string; requests: Request[]; rate?: number; list?: true }[] = [
      { label: 'list with filters (9 kinds, first pages)', requests: listRequests, list: true },
      // The same requests arriving at a set rate, as from many users, whatever the answers' speed.
      ...rates.map((rate) => ({
        label: `list with filters, ${whole(rate)}/s arriving`,
        requests: listRequests,
        rate,
        list: true as const,
      })),
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
      if (phase.list && !phase.rate) list = { figures: f, cpu };
      if (phase.list && phase.rate === TARGET_RATE) arriving = f;
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
    // The SQL the list's requests ran, for the raw driver's replay below.
    recorded = await recordRequests(
      url,
      tokens,
      listRequests.filter((_, i) => i % REPLAY_EVERY === 0),
    );
  } finally {
    await bench.close();
  }

  // The same SQL straight through pg, logged in as the restricted role as the app is, at the same
  // concurrency: what the list costs the database alone.
  let raw: LoadFigures | undefined;
  if (recorded.length > 0) {
    const pool = new pg.Pool({ connectionString: deriveAppUrl(databaseUrl), max: connections });
    try {
      log(
        `raw driver: ${recorded.length} recorded list requests, warm-up ${warmupSeconds} s, measuring ${durationSeconds} s…`,
      );
      if (warmupSeconds > 0) await runReplay(pool, tenantIds, recorded, connections, warmupSeconds);
      const loadBefore = os.loadavg()[0]!;
      const meter = await startCpuMeter(databaseUrl);
      raw = await runReplay(pool, tenantIds, recorded, connections, durationSeconds);
      const cpu = await meter.stop();
      rows.push([
        "raw driver: the list's recorded SQL",
        whole(raw.completed),
        String(raw.failed),
        fixed(raw.perSecond),
        fixed(raw.p50),
        fixed(raw.p99),
        fixed(raw.max),
        ...cpuPerRequest(cpu, raw.completed),
        `${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
      ]);
    } finally {
      await pool.end();
    }
  } else {
    log('note: no list request could be recorded for the raw driver (none answered 200 in a tenant transaction)');
  }

  for (const line of table(
    ['phase', 'requests', 'failed', 'req/s', 'p50 ms', 'p99 ms', 'max ms', ...CPU_COLUMNS, 'load avg'],
    rows,
  ))
    log(line);
  log(
    `closed loop: ${connections} requests always in flight; "/s arriving": requests arrive at that rate ` +
      `(Poisson) over at most ${connections} connections, latency counted from when each was due; raw driver: ` +
      `${connections} loops replaying the SQL the API ran (transaction, tenant, statements, commit), closed loop`,
  );
  // The targets, where measured as they are stated: the concurrency, the arrival rate, the database's CPU.
  if (list && list.figures.completed > 0 && connections === CONNECTIONS) {
    if (list.cpu.databaseMs !== null)
      target({ ...CPU_TARGET, figure: (list.cpu.appMs + list.cpu.databaseMs) / list.figures.completed });
    else log('note: the database runs elsewhere: its CPU per request, and so the CPU target, is not measured');
    if (raw && raw.completed > 0) target({ ...RATIO_TARGET, figure: (100 * list.figures.perSecond) / raw.perSecond });
  }
  if (arriving && arriving.completed > 0) target({ ...P99_TARGET, figure: arriving.p99 });
  else if (!rates.includes(TARGET_RATE)) log(`note: --rates has no ${TARGET_RATE}: the p99 target is not measured`);
}

export const casesBenchmark: Benchmark = {
  name: 'cases',
  summary: 'assessments list with filters and status counts, 100 tenants × 10,000 cases, through the API',
  targets: [CPU_TARGET, P99_TARGET, RATIO_TARGET],
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
      printTarget,
    ),
  );
}
