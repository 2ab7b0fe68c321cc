/**
 * The list benchmark: GET /api/app/cities through the real API against the same SQL sent straight
 * through the pg driver, on 100 tenants × 10,000 cities.
 *
 *   npm run bench -- --only list        (or: node --import tsx bench/list.ts)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { parseSorting } from '@casebook/domain';
import { deriveAppUrl } from '../apps/server/src/platform/db/database';
import { citiesResource } from '../apps/server/src/modules/geography/geography.resources';
import { ResourceRepository } from '../apps/server/src/platform/resources/resource.repository';
import { DEFAULT_BENCH_DATABASE_URL, DEFAULT_SETTINGS, type Benchmark, type BenchSettings } from './lib/benchmark';
import { startBenchApp } from './lib/bench-app';
import { isMain, redactUrl, runMain } from './lib/cli';
import { runHttpLoad } from './lib/http-load';
import { listPath, pickListRequest, PAGE_SIZE, SORTING, type ListPick, type ListVariant } from './lib/list-workload';
import { ensureDatabase } from './lib/pg-admin';
import { fixed, summarize, table, whole, type LoadFigures } from './lib/stats';
import { formatGoal, isMet, printTarget, type ReportTarget, type TargetFigure, type TargetGoal } from './lib/targets';
import { seedBulk } from './seed-bulk';

export const LIST_TENANTS = 100;
export const LIST_ROWS_PER_TENANT = 10_000;
/** Concurrent connections unless --connections says otherwise. */
const LIST_CONNECTIONS = 32;

const VARIANTS: readonly { variant: ListVariant; label: string }[] = [
  { variant: 'page', label: 'list, name asc, varied page' },
  { variant: 'filter', label: 'list + filterText, first page' },
];

/**
 * Targets the list endpoint is held to, per request mix (printed, not enforced): the API's throughput at
 * least half the raw driver's, and p99 under 25 ms at 32 connections.
 */
const TARGETS: Record<ListVariant, { ratio: TargetGoal; p99: TargetGoal }> = Object.fromEntries(
  VARIANTS.map(({ variant, label }) => [
    variant,
    {
      ratio: { name: `cities ${label}: API / raw driver throughput`, unit: '%', goal: 50, better: 'higher' },
      p99: {
        name: `cities ${label}: API p99 at ${LIST_CONNECTIONS} clients`,
        unit: 'ms',
        goal: 25,
        better: 'lower',
        strict: true,
      },
    },
  ]),
) as Record<ListVariant, { ratio: TargetGoal; p99: TargetGoal }>;

type Statement = { text: string; values: unknown[] };
/** One list request's statements: the page, and the count the API runs unless the first page is short. */
type ListStatements = { page: Statement; count: Statement };

/**
 * The statements the API sends for a pick, built by the resource's own repository parts (conditions,
 * order) and the same select shapes as ResourceRepository.page() and count(), so both sides run
 * identical SQL.
 */
export function listStatements(): (pick: ListPick) => ListStatements {
  const repo = new ResourceRepository(citiesResource);
  const parsed = parseSorting(SORTING, Object.keys(citiesResource.sorting));
  if (!parsed.ok) throw new Error(parsed.message);
  const order = repo.orderBy(parsed.terms);
  const qb = new QueryBuilder();
  const cache = new Map<string, ListStatements>();
  return (pick) => {
    const key = `${pick.filterText ?? ''}\u0000${pick.skip}`;
    let statements = cache.get(key);
    if (!statements) {
      const where = repo.conditions(pick.filterText, []);
      const page = qb
        .select()
        .from(citiesResource.table)
        .where(where)
        .orderBy(...order)
        .limit(PAGE_SIZE)
        .offset(pick.skip)
        .toSQL();
      const count = qb
        .select({ n: sql<number>`count(*)` })
        .from(citiesResource.table)
        .where(where)
        .toSQL();
      statements = { page: { text: page.sql, values: page.params }, count: { text: count.sql, values: count.params } };
      cache.set(key, statements);
    }
    return statements;
  };
}

/** Runs one list request's statements as the API does; answers the page and the total. */
async function runListStatements(client: pg.PoolClient | pg.Client, statements: ListStatements, skip: number) {
  const page = await client.query<{ id: string }>(statements.page);
  const total =
    skip === 0 && page.rows.length < PAGE_SIZE
      ? page.rows.length
      : // drizzle leaves count(*) unaliased; read the row's only column.
        Number(Object.values((await client.query<Record<string, string>>(statements.count)).rows[0]!)[0]);
  return { rows: page.rows, total };
}

/**
 * What one API list request does in the database, as plain driver calls: a transaction on the
 * restricted role, the tenant set for RLS, the page query. `seconds` of `connections` loops.
 */
async function runRawLoad(
  pool: pg.Pool,
  tenantIds: readonly string[],
  variant: ListVariant,
  connections: number,
  seconds: number,
  statementFor: (pick: ListPick) => ListStatements,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const pick = pickListRequest(variant, tenantIds.length, LIST_ROWS_PER_TENANT, Math.random);
      const statement = statementFor(pick);
      const t0 = performance.now();
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('app.tenant_id', $1, true)`, [tenantIds[pick.tenant]]);
        await runListStatements(client, statement, pick.skip);
        await client.query('commit');
        latencies.push(performance.now() - t0);
      } catch {
        failed++;
        await client.query('rollback').catch(() => undefined);
      } finally {
        client.release();
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return summarize(latencies, failed, (performance.now() - started) / 1000);
}

async function runList(settings: BenchSettings, log: (line: string) => void, target: ReportTarget): Promise<void> {
  const { databaseUrl, durationSeconds, warmupSeconds } = settings;
  const connections = settings.connections ?? LIST_CONNECTIONS;
  log(`database ${redactUrl(databaseUrl)}`);
  if (await ensureDatabase(databaseUrl)) log('created the database');

  // 1. Data: 100 tenants × 10,000 cities (a no-op when already there).
  const seeded = await seedBulk({
    databaseUrl,
    tenants: LIST_TENANTS,
    rows: LIST_ROWS_PER_TENANT,
    kinds: ['cities'],
    progressEvery: 10,
    log: (line) => log(`  seed: ${line.trim()}`),
  });
  const tenantIds = seeded.tenants.map((t) => t.id);
  const info = new pg.Client({ connectionString: databaseUrl });
  await info.connect();
  const version = (await info.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;
  const total = (await info.query<{ n: string }>('select count(*) as n from cities')).rows[0]!.n;
  await info.end();
  log(
    `PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} cores; ${whole(Number(total))} cities, ` +
      `${tenantIds.length} tenants × ${whole(LIST_ROWS_PER_TENANT)}; ${connections} connections, ` +
      `${durationSeconds} s measured after ${warmupSeconds} s warm-up per phase; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} before the run`,
  );

  const statementFor = listStatements();
  const figures = new Map<string, LoadFigures>();
  const notes: string[] = [];

  // 2. The API: the real app in this process, the load from a child process.
  const bench = await startBenchApp(databaseUrl, tenantIds, connections);
  try {
    const { url, tokens } = bench;

    // The two sides must send the same SQL and get the same page before their speeds mean anything.
    let apiAnswers = true;
    for (const probe of PROBES) {
      const { result: res, texts } = await recordSql(() =>
        fetch(url + listPath(probe), { headers: { authorization: `Bearer ${tokens[probe.tenant]}` } }),
      );
      const text = await res.text();
      if (res.status !== 200) {
        // Loading an endpoint that fails measures the error path, not the list: say why and skip it.
        log(`check: API answered ${res.status} to ${listPath(probe)}: ${text.slice(0, 300)}`);
        notes.push(`the API phases were skipped: the probe request answered ${res.status}`);
        apiAnswers = false;
        break;
      }
      const statement = statementFor(probe);
      const raw = await rawProbe(databaseUrl, tenantIds[probe.tenant]!, statement, probe.skip);
      const body = JSON.parse(text) as { totalCount?: number; items?: { id: string }[] };
      const samePage = body.totalCount === raw.totalCount && body.items?.[0]?.id === raw.firstId;
      // The count is only sent when the first page is full, as the API does.
      const sameSql =
        texts.includes(statement.page.text) && (raw.totalCount! < PAGE_SIZE || texts.includes(statement.count.text));
      log(
        `check ${listPath(probe)}: API totalCount=${body.totalCount} first=${body.items?.[0]?.id ?? '-'}, ` +
          `raw totalCount=${raw.totalCount} first=${raw.firstId ?? '-'}; ` +
          `${samePage ? 'same page' : 'DIFFERENT page'}, ${sameSql ? 'same SQL' : 'DIFFERENT SQL'}`,
      );
      if (!samePage) notes.push(`${listPath(probe)}: the API and the raw query returned different pages`);
      if (!sameSql) {
        notes.push(
          `${listPath(probe)}: the API no longer sends the SQL the raw side replays (update listStatements); ` +
            `it sent:\n    ${texts.join('\n    ')}`,
        );
      }
    }
    if (apiAnswers) {
      for (const { variant, label } of VARIANTS) {
        const spec = { url, connections, variant, tokens, rowsPerTenant: LIST_ROWS_PER_TENANT };
        log(`API  ${label}: warm-up ${warmupSeconds} s, measuring ${durationSeconds} s…`);
        if (warmupSeconds > 0) await runHttpLoad({ ...spec, seconds: warmupSeconds });
        const r = await runHttpLoad({ ...spec, seconds: durationSeconds });
        const non2xx = Object.values(r.statuses).reduce((a, b) => a + b, 0);
        if (non2xx > 0) notes.push(`API ${variant}: non-2xx answers ${JSON.stringify(r.statuses)}`);
        figures.set(`api:${variant}`, summarize(r.latencies, non2xx + r.errors, r.seconds));
      }
    }
  } finally {
    await bench.close();
  }

  // 3. The same SQL straight through pg, logged in as the restricted role exactly as the app does.
  const pool = new pg.Pool({ connectionString: deriveAppUrl(databaseUrl), max: connections });
  try {
    for (const { variant, label } of VARIANTS) {
      log(`raw  ${label}: warm-up ${warmupSeconds} s, measuring ${durationSeconds} s…`);
      if (warmupSeconds > 0) await runRawLoad(pool, tenantIds, variant, connections, warmupSeconds, statementFor);
      figures.set(
        `raw:${variant}`,
        await runRawLoad(pool, tenantIds, variant, connections, durationSeconds, statementFor),
      );
    }
  } finally {
    await pool.end();
  }

  // 4. Figures.
  const rows: string[][] = [];
  const targets: string[] = [];
  const reports: TargetFigure[] = [];
  const none = summarize([], 0, 1);
  for (const { variant, label } of VARIANTS) {
    const api = figures.get(`api:${variant}`) ?? none;
    const raw = figures.get(`raw:${variant}`) ?? none;
    const ratio = api.perSecond / raw.perSecond;
    const goals = TARGETS[variant];
    const row = (side: string, f: LoadFigures, r: string) => [
      `${side} ${label}`,
      fixed(f.perSecond),
      fixed(f.p50, 2),
      fixed(f.p99, 2),
      fixed(f.max, 1),
      whole(f.completed),
      whole(f.failed),
      r,
    ];
    rows.push(row('API', api, `${fixed(ratio * 100, 0)}%`), row('raw', raw, ''));
    const ratioFigure = { ...goals.ratio, figure: ratio * 100 };
    const p99Figure = { ...goals.p99, figure: api.p99 };
    targets.push(
      `  ${label}: API/raw throughput ${fixed(ratio * 100, 0)}% (target ${formatGoal(goals.ratio)}: ` +
        `${isMet(ratioFigure) ? 'met' : 'not met'}); API p99 ${fixed(api.p99, 2)} ms ` +
        `(target ${formatGoal(goals.p99)} at ${LIST_CONNECTIONS} connections: ${isMet(p99Figure) ? 'met' : 'not met'})`,
    );
    // Only what was measured: both sides for the ratio, the target's concurrency for the p99.
    if (api.completed > 0 && raw.completed > 0) reports.push(ratioFigure);
    if (api.completed > 0 && connections === LIST_CONNECTIONS) reports.push(p99Figure);
  }
  log('');
  for (const line of table(['', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'ok', 'failed', 'API/raw'], rows)) log(line);
  log('');
  log(`targets at ${connections} connections:`);
  for (const line of targets) log(line);
  for (const note of notes) log(`note: ${note}`);
  for (const figure of reports) target(figure);
}

/** The requests whose SQL and answer are compared between the two sides before any load. */
const PROBES: readonly ListPick[] = [
  { tenant: 0, skip: 40, filterText: undefined },
  { tenant: 1, skip: 0, filterText: 'glen' },
];

/** Records the text of every statement sent through pg (the app's pools included) while fn runs. */
async function recordSql<T>(fn: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const texts: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    texts.push(typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), texts };
  } finally {
    proto.query = original;
  }
}

/** totalCount and first row id of one statement, run the way the API runs it. */
async function rawProbe(
  databaseUrl: string,
  tenantId: string,
  statements: ListStatements,
  skip: number,
): Promise<{ totalCount: number | undefined; firstId: string | undefined }> {
  const client = new pg.Client({ connectionString: deriveAppUrl(databaseUrl) });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
    const { rows, total } = await runListStatements(client, statements, skip);
    await client.query('commit');
    return { totalCount: total, firstId: rows[0]?.id };
  } finally {
    await client.end();
  }
}

export const listBenchmark: Benchmark = {
  name: 'list',
  summary: 'GET /api/app/cities (paged, sorted, RLS) through the API vs the same SQL through the pg driver',
  targets: VARIANTS.flatMap(({ variant }) => [TARGETS[variant].ratio, TARGETS[variant].p99]),
  run: runList,
};

if (isMain(import.meta.url)) {
  runMain(() =>
    runList(
      { databaseUrl: process.env.DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL, ...DEFAULT_SETTINGS },
      (line) => console.log(line),
      printTarget,
    ),
  );
}
