/**
 * The selection-list benchmark: claimant and specialist pickers searched by part of a name, e-mail or
 * phone through the real API, over 100,000 claimants and 10,000 specialists in each of two tenants.
 *
 *   npm run bench -- --only selection        (or: node --import tsx bench/selection.ts)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { deriveAppUrl } from '../apps/server/src/platform/db/database';
import { FIRST_NAMES, LAST_NAMES, seededRandom } from '../apps/server/src/modules/tenancy/demo-data';
import { DEFAULT_BENCH_DATABASE_URL, DEFAULT_SETTINGS, type Benchmark, type BenchSettings } from './lib/benchmark';
import { startBenchApp } from './lib/bench-app';
import { isMain, redactUrl, runMain } from './lib/cli';
import { CPU_COLUMNS, cpuPerRequest, startCpuMeter, type CpuSpent } from './lib/cpu';
import { runHttpLoad } from './lib/http-load';
import { ensureDatabase } from './lib/pg-admin';
import { recordRequests, runReplay, type Recorded, type Request } from './lib/replay';
import { fixed, summarize, table, whole, type LoadFigures } from './lib/stats';
import { printTarget, type ReportTarget, type TargetGoal } from './lib/targets';
import { seedBulk } from './seed-bulk';

export const SELECTION_TENANTS = 2;
export const SELECTION_CLIENTS = 100_000;
export const SELECTION_SPECIALISTS = 10_000;
/** The spec's picture: a handful of office users typing into pickers at once. */
const SELECTION_CONNECTIONS = 16;
/** Claimant searches a second arriving in the phase the latency target is held to. */
const TARGET_RATE = 100;
/** Targets of the claimant search (printed, not enforced). */
const CPU_TARGET: TargetGoal = {
  name: `claimant search: CPU per search (app + database), ${SELECTION_CONNECTIONS} clients`,
  unit: 'ms',
  goal: 1.5,
  better: 'lower',
};
const P99_TARGET: TargetGoal = {
  name: `claimant search: p99 at ${TARGET_RATE}/s arriving`,
  unit: 'ms',
  goal: 20,
  better: 'lower',
  strict: true,
};
/** Distinct requests in each mix; the load picks among them at random. */
const MIX_SIZE = 4_000;
/** Requests of each mix whose SQL is recorded and replayed through the driver alone. */
const REPLAYED = 300;

const CLIENTS_PATH = '/api/app/clients';
const SPECIALISTS_PATH = '/api/app/specialists';
/** The spec's selection-list sorting per picker (shell.md §7). */
const SORTING: Record<string, string> = { [CLIENTS_PATH]: 'firstName, lastName', [SPECIALISTS_PATH]: 'FullName' };

/** A selection-list request as the pickers send it: active rows, 20 at a time, the spec's sorting. */
export function selectionPath(base: string, filterText: string | undefined): string {
  const q = new URLSearchParams({ isSelectionList: 'true', isActive: 'true', maxResultCount: '20' });
  q.set('sorting', SORTING[base]!);
  if (filterText !== undefined) q.set('filterText', filterText);
  return `${base}?${q.toString()}`;
}

/**
 * What people type into a picker, weighted: the start of a last or first name (3 to 5 letters), a
 * first name and the start of a last name, part of an e-mail address, or a few digits of a phone.
 */
export function searchText(rand: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  const prefix = (s: string) => letters(s).slice(0, 3 + Math.floor(rand() * 3));
  const r = rand();
  if (r < 0.35) return prefix(pick(LAST_NAMES));
  if (r < 0.6) return prefix(pick(FIRST_NAMES));
  if (r < 0.75) return `${pick(FIRST_NAMES)} ${prefix(pick(LAST_NAMES))}`;
  if (r < 0.85) return `${letters(pick(FIRST_NAMES))}.${letters(pick(LAST_NAMES)).slice(0, 3)}`;
  return String(Math.floor(rand() * 1e6))
    .padStart(6, '0')
    .slice(0, 4 + Math.floor(rand() * 3));
}

function mix(base: string, tenants: number, search: boolean, seed: number): Request[] {
  const rand = seededRandom(seed);
  return Array.from({ length: MIX_SIZE }, () => ({
    tenant: Math.floor(rand() * tenants),
    path: selectionPath(base, search ? searchText(rand) : undefined),
  }));
}

type Phase = {
  key: string;
  label: string;
  base: string;
  search: boolean;
  /** Open loop: requests arriving at this rate a second (closed loop, and replayed, without). */
  rate?: number;
  /** The phase whose requests this one sends (its own otherwise). */
  mixOf?: string;
};

const PHASES: readonly Phase[] = [
  { key: 'clients', label: 'claimants: search, first page', base: CLIENTS_PATH, search: true },
  {
    key: 'clients-arriving',
    label: `claimants: search, ${TARGET_RATE}/s arriving`,
    base: CLIENTS_PATH,
    search: true,
    rate: TARGET_RATE,
    mixOf: 'clients',
  },
  { key: 'specialists', label: 'specialists: search, first page', base: SPECIALISTS_PATH, search: true },
  { key: 'clients-open', label: 'claimants: opened, no search yet', base: CLIENTS_PATH, search: false },
];

async function runSelection(settings: BenchSettings, log: (line: string) => void, target: ReportTarget): Promise<void> {
  const { databaseUrl, durationSeconds, warmupSeconds } = settings;
  const connections = settings.connections ?? SELECTION_CONNECTIONS;
  log(`database ${redactUrl(databaseUrl)}`);
  if (await ensureDatabase(databaseUrl)) log('created the database');

  // 1. Data: two tenants, each with 100,000 claimants and 10,000 specialists (a no-op when there).
  const seeded = await seedBulk({
    databaseUrl,
    tenants: SELECTION_TENANTS,
    rows: 0,
    kinds: [`clients=${SELECTION_CLIENTS}`, `specialists=${SELECTION_SPECIALISTS}`],
    log: (line) => log(`  seed: ${line.trim()}`),
  });
  const tenantIds = seeded.tenants.map((t) => t.id);
  const info = new pg.Client({ connectionString: databaseUrl });
  await info.connect();
  const version = (await info.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;
  const counts = (
    await info.query<{ clients: string; specialists: string; search: string }>(
      `select (select count(*) from clients) as clients, (select count(*) from specialists) as specialists,
              (select count(*) from person_search) as search`,
    )
  ).rows[0]!;
  await info.end();
  log(
    `PostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} cores; in the database ` +
      `${whole(Number(counts.clients))} claimants, ${whole(Number(counts.specialists))} specialists, ` +
      `${whole(Number(counts.search))} search rows; measured in ${tenantIds.length} tenants × ` +
      `(${whole(SELECTION_CLIENTS)} claimants + ${whole(SELECTION_SPECIALISTS)} specialists); ` +
      `${connections} connections, ${durationSeconds} s measured after ${warmupSeconds} s warm-up per phase; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} before the run`,
  );

  const figures = new Map<string, LoadFigures>();
  const cpuOf = new Map<string, CpuSpent>();
  const recordings = new Map<string, Recorded[]>();
  const notes: string[] = [];
  const bench = await startBenchApp(databaseUrl, tenantIds, connections);
  try {
    const { url, tokens } = bench;

    // Every picker must answer before its speed means anything; show what a typical search finds.
    let answers = true;
    for (const probe of [
      selectionPath(CLIENTS_PATH, 'nguy'),
      selectionPath(CLIENTS_PATH, 'olivia.sm'),
      selectionPath(SPECIALISTS_PATH, 'smi'),
      selectionPath(CLIENTS_PATH, undefined),
    ]) {
      const started = performance.now();
      const res = await fetch(url + probe, { headers: { authorization: `Bearer ${tokens[0]}` } });
      const ms = performance.now() - started;
      const text = await res.text();
      if (res.status !== 200) {
        log(`check: ${probe} answered ${res.status}: ${text.slice(0, 300)}`);
        notes.push(`the load phases were skipped: ${probe} answered ${res.status}`);
        answers = false;
        break;
      }
      const body = JSON.parse(text) as { totalCount: number; items: { displayName: string }[] };
      log(
        `check ${decodeURIComponent(probe)}: totalCount=${body.totalCount}, first "${body.items[0]?.displayName ?? '-'}" ` +
          `(${fixed(ms, 1)} ms cold)`,
      );
    }

    if (answers) {
      for (const phase of PHASES) {
        const seed = 20_260_000 + (phase.mixOf ?? phase.key).length;
        const requests = mix(phase.base, tenantIds.length, phase.search, seed);
        const spec = {
          url,
          connections,
          variant: 'page' as const,
          tokens,
          rowsPerTenant: 0,
          requests,
          ...(phase.rate ? { rate: phase.rate } : {}),
        };
        log(`API  ${phase.label}: warm-up ${warmupSeconds} s, measuring ${durationSeconds} s…`);
        if (warmupSeconds > 0) await runHttpLoad({ ...spec, seconds: warmupSeconds });
        const meter = await startCpuMeter(databaseUrl);
        const r = await runHttpLoad({ ...spec, seconds: durationSeconds });
        cpuOf.set(phase.key, await meter.stop());
        const non2xx = Object.values(r.statuses).reduce((a, b) => a + b, 0);
        if (non2xx > 0) notes.push(`${phase.key}: non-2xx answers ${JSON.stringify(r.statuses)}`);
        figures.set(`api:${phase.key}`, summarize(r.latencies, non2xx + r.errors, r.seconds));
        if (!phase.rate) recordings.set(phase.key, await recordRequests(url, tokens, requests.slice(0, REPLAYED)));
      }
    }
  } finally {
    await bench.close();
  }

  // The database alone: each phase's recorded SQL replayed through the driver at the same concurrency.
  const pool = new pg.Pool({ connectionString: deriveAppUrl(databaseUrl), max: connections });
  try {
    for (const phase of PHASES) {
      const recorded = recordings.get(phase.key);
      if (!recorded?.length) continue;
      log(
        `raw  ${phase.label}: ${recorded.length} recorded requests, warm-up ${warmupSeconds} s, measuring ${durationSeconds} s…`,
      );
      if (warmupSeconds > 0) await runReplay(pool, tenantIds, recorded, connections, warmupSeconds);
      figures.set(`raw:${phase.key}`, await runReplay(pool, tenantIds, recorded, connections, durationSeconds));
    }
  } finally {
    await pool.end();
  }

  const rows: string[][] = [];
  for (const p of PHASES) {
    for (const side of ['api', 'raw'] as const) {
      const f = figures.get(`${side}:${p.key}`);
      if (!f) continue;
      const cpu = side === 'api' ? cpuOf.get(p.key) : undefined;
      rows.push([
        `${side === 'api' ? 'API' : 'raw'} ${p.label}`,
        fixed(f.perSecond),
        fixed(f.p50, 2),
        fixed(f.p99, 2),
        fixed(f.max, 1),
        whole(f.completed),
        whole(f.failed),
        ...(cpu ? cpuPerRequest(cpu, f.completed) : ['', '']),
      ]);
    }
  }
  log('');
  for (const line of table(['', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'ok', 'failed', ...CPU_COLUMNS], rows))
    log(line);
  log('');
  log(
    `closed loop: ${connections} requests always in flight; "/s arriving": requests arrive at that rate ` +
      `(Poisson) over at most ${connections} connections, latency counted from when each was due; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} after the run`,
  );
  for (const note of notes) log(`note: ${note}`);
  // The claimant search's targets: its CPU in the closed loop at the target's concurrency (only where
  // the database's share could be read), its p99 at the target's arrival rate.
  const search = figures.get('api:clients');
  const searchCpu = cpuOf.get('clients');
  if (
    search &&
    searchCpu &&
    search.completed > 0 &&
    searchCpu.databaseMs !== null &&
    connections === SELECTION_CONNECTIONS
  )
    target({ ...CPU_TARGET, figure: (searchCpu.appMs + searchCpu.databaseMs) / search.completed });
  const arriving = figures.get('api:clients-arriving');
  if (arriving && arriving.completed > 0) target({ ...P99_TARGET, figure: arriving.p99 });
}

export const selectionBenchmark: Benchmark = {
  name: 'selection',
  summary: 'claimant and specialist pickers searched by part of name, e-mail or phone (100,000 + 10,000 per tenant)',
  targets: [CPU_TARGET, P99_TARGET],
  run: runSelection,
};

if (isMain(import.meta.url)) {
  runMain(() =>
    runSelection(
      { databaseUrl: process.env.DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL, ...DEFAULT_SETTINGS },
      (line) => console.log(line),
      printTarget,
    ),
  );
}
