/**
 * Bulk data generator: N tenants, each with M rows of every requested kind, on PostgreSQL.
 *
 *   npm run seed:bulk -- --tenants 100 --rows 10000 [--kinds cities] [--database-url postgres://…]
 *
 * Tenants are named bulk-0001, bulk-0002, … and created with the project's own createTenant (so they
 * have the same reference data as any other tenant). A kind's target is the tenant's total row count:
 * a re-run tops up what is missing and skips tenants that are complete.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { uuidv7 } from '@casebook/domain';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { createTenant } from '../apps/server/src/modules/tenancy/tenancy.service';
import { intFlag, isMain, redactUrl, runMain, UsageError } from './lib/cli';

/** A tenant the generator fills. */
export type BulkTenant = { id: string; name: string; ordinal: number };

/** One statement that inserts one batch. */
export type BatchQuery = { text: string; values: unknown[] };

/** How to generate one kind of row. New kinds are added to BULK_KINDS. */
export type BulkKind = {
  /** The table the rows go to; vacuumed and analysed at the end. */
  table: string;
  /** Rows of this kind the tenant has now (runs as the owner, so RLS does not hide them). */
  count(client: pg.ClientBase, tenant: BulkTenant): Promise<number>;
  /**
   * Looks up what the rows refer to (e.g. the tenant's country), then returns a builder of the
   * insert for rows numbered from `from` (0-based ordinal within the tenant) of `target` in all.
   */
  prepare(client: pg.ClientBase, tenant: BulkTenant, target: number): Promise<(from: number, n: number) => BatchQuery>;
};

// ---------------------------------------------------------------------------------------------------
// cities

/** Small, fast, seedable PRNG (mulberry32): batches are reproducible apart from the random id bits. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(items: readonly T[], r: number): T => items[Math.floor(r * items.length)]!;

// Syllables that read like Australian place names when glued together.
const ROOTS = [
  'Alla',
  'Bal',
  'Bar',
  'Ben',
  'Bim',
  'Bool',
  'Bun',
  'Coo',
  'Cul',
  'Dar',
  'Dun',
  'Gar',
  'Gin',
  'Gool',
  'Jin',
  'Kal',
  'Kar',
  'Koo',
  'Kur',
  'Lal',
  'Mar',
  'Mil',
  'Min',
  'Mool',
  'Mur',
  'Nar',
  'Nul',
  'Oon',
  'Par',
  'Pin',
  'Quir',
  'Tal',
  'Tam',
  'Tar',
  'Too',
  'Tum',
  'Ul',
  'Wal',
  'War',
  'Wil',
  'Wol',
  'Woon',
  'Yal',
  'Yar',
  'Yan',
] as const;
const MIDDLES = ['a', 'i', 'oo', 'ra', 'ri', 'la', 'li', 'ga', 'ba', 'na', 'wa', 'ma', ''] as const;
const ENDINGS = [
  'gong',
  'bah',
  'bri',
  'dale',
  'ville',
  'ton',
  'field',
  'wood',
  'vale',
  'gatta',
  'bool',
  'bong',
  'mundi',
  'ngarra',
  'dilla',
  'burra',
  'bin',
  'lup',
  'jerup',
  'wong',
  'gerie',
  'dra',
  'nup',
  'been',
] as const;
const PREFIXES = ['Mount', 'Port', 'North', 'South', 'East', 'West', 'Upper', 'Lower', 'Glen', 'Lake', 'Cape'] as const;

/** States weighted roughly by population, each with its postcode range. */
const STATES: readonly { code: string; upTo: number; lo: number; hi: number }[] = [
  { code: 'NSW', upTo: 0.32, lo: 2000, hi: 2599 },
  { code: 'VIC', upTo: 0.58, lo: 3000, hi: 3999 },
  { code: 'QLD', upTo: 0.78, lo: 4000, hi: 4999 },
  { code: 'WA', upTo: 0.88, lo: 6000, hi: 6797 },
  { code: 'SA', upTo: 0.95, lo: 5000, hi: 5799 },
  { code: 'TAS', upTo: 0.97, lo: 7000, hi: 7799 },
  { code: 'ACT', upTo: 0.99, lo: 2600, hi: 2618 },
  { code: 'NT', upTo: 1, lo: 800, hi: 899 },
];

/** Creation times spread over the last three years, oldest row first, so ids (UUIDv7) follow them. */
const HISTORY_MS = 3 * 365 * 24 * 3600 * 1000;

const INSERT_CITIES = `
insert into cities (tenant_id, id, creation_time, concurrency_stamp, name, state, postcode, country_id, is_active)
select $1::uuid, r.id, to_timestamp(r.ms / 1000.0), r.stamp, r.name, r.state, r.postcode, $2::uuid, r.active
from unnest($3::uuid[], $4::float8[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bool[])
  as r(id, ms, stamp, name, state, postcode, active)`;

const cities: BulkKind = {
  table: 'cities',
  async count(client, tenant) {
    const r = await client.query<{ n: string }>('select count(*) as n from cities where tenant_id = $1', [tenant.id]);
    return Number(r.rows[0]!.n);
  },
  async prepare(client, tenant, target) {
    const r = await client.query<{ id: string }>(
      `select id from countries where tenant_id = $1 and code = 'AU' and not is_deleted limit 1`,
      [tenant.id],
    );
    const countryId = r.rows[0]?.id;
    if (!countryId) throw new Error(`tenant ${tenant.name} has no Australia country row to attach cities to`);
    const start = Date.now() - HISTORY_MS;
    const step = HISTORY_MS / Math.max(target, 1);
    return (from, n) => {
      const rand = prng(tenant.ordinal * 1_000_003 + from);
      // One call for all the random id bits: much cheaper than one crypto call per id.
      const noise = crypto.randomFillSync(new Uint8Array(n * 20));
      const ids: string[] = new Array(n);
      const times: number[] = new Array(n);
      const stamps: string[] = new Array(n);
      const names: string[] = new Array(n);
      const states: string[] = new Array(n);
      const postcodes: string[] = new Array(n);
      const active: boolean[] = new Array(n);
      for (let k = 0; k < n; k++) {
        const i = from + k;
        const ms = Math.floor(start + (i + rand()) * step);
        times[k] = ms;
        ids[k] = uuidv7(ms, noise.subarray(k * 20, k * 20 + 10));
        stamps[k] = uuidv7(ms, noise.subarray(k * 20 + 10, k * 20 + 20));
        const word = pick(ROOTS, rand()) + pick(MIDDLES, rand()) + pick(ENDINGS, rand());
        const prefix = rand() < 0.2 ? `${pick(PREFIXES, rand())} ` : '';
        // The ordinal suffix keeps (country, name, state) unique within the tenant.
        names[k] = `${prefix}${word} ${i + 1}`;
        const s = rand();
        const state = STATES.find((x) => s < x.upTo) ?? STATES[0]!;
        states[k] = state.code;
        postcodes[k] = String(state.lo + Math.floor(rand() * (state.hi - state.lo + 1))).padStart(4, '0');
        active[k] = rand() < 0.95;
      }
      return {
        text: INSERT_CITIES,
        values: [tenant.id, countryId, ids, times, stamps, names, states, postcodes, active],
      };
    };
  },
};

/** Every kind the generator knows, by the name --kinds uses. */
export const BULK_KINDS: Readonly<Record<string, BulkKind>> = { cities };

// ---------------------------------------------------------------------------------------------------
// runner

export type SeedBulkOptions = {
  /** Owner connection string (migrations, tenant creation, bulk inserts). */
  databaseUrl: string;
  tenants: number;
  /** Target rows of each kind per tenant. */
  rows: number;
  kinds?: readonly string[];
  /** Rows per INSERT statement. */
  batchSize?: number;
  /** Tenants filled at the same time, one connection each. */
  parallel?: number;
  log?: (line: string) => void;
  /** Print a progress line for every k-th tenant filled (default 1: every tenant). */
  progressEvery?: number;
};

export type SeedBulkResult = {
  tenants: BulkTenant[];
  createdTenants: number;
  insertedRows: number;
  seconds: number;
};

/** The name of the i-th bulk tenant (1-based): bulk-0001 … bulk-9999, bulk-10000 …; stable across runs. */
export function bulkTenantName(i: number): string {
  return `bulk-${String(i).padStart(4, '0')}`;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-AU');

/** Creates the missing bulk tenants and tops every tenant up to `rows` rows of each kind. */
export async function seedBulk(options: SeedBulkOptions): Promise<SeedBulkResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const kindNames = options.kinds ?? ['cities'];
  const kinds = kindNames.map((name) => {
    const kind = BULK_KINDS[name];
    if (!kind) throw new UsageError(`unknown kind "${name}"; known kinds: ${Object.keys(BULK_KINDS).join(', ')}`);
    return { name, kind };
  });
  const batchSize = options.batchSize ?? 10_000;
  const parallel = Math.max(1, options.parallel ?? 2);
  const began = performance.now();

  // The project's own open: it migrates (and secures the tables) exactly as the server does.
  const database = await openDatabase({ kind: 'postgres', ownerUrl: options.databaseUrl, poolSize: 1 });
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: parallel });
  try {
    const existing = await pool.query<{ id: string; name: string }>(
      `select id, name from tenants where name like 'bulk-%'`,
    );
    const byName = new Map(existing.rows.map((r) => [r.name, r.id]));
    const tenants: BulkTenant[] = [];
    let createdTenants = 0;
    for (let i = 1; i <= options.tenants; i++) {
      const name = bulkTenantName(i);
      let id = byName.get(name);
      if (!id) {
        id = await createTenant(database, { name, editionName: 'MLP' });
        createdTenants++;
      }
      tenants.push({ id, name, ordinal: i });
    }
    if (createdTenants > 0) {
      log(`created ${createdTenants} tenants (${((performance.now() - began) / 1000).toFixed(1)} s)`);
    }

    let insertedRows = 0;
    let complete = 0;
    let filled = 0;
    const every = Math.max(1, options.progressEvery ?? 1);
    const queue = [...tenants];
    const worker = async () => {
      const client = await pool.connect();
      try {
        for (let tenant = queue.shift(); tenant; tenant = queue.shift()) {
          const t0 = performance.now();
          const parts: string[] = [];
          for (const { name, kind } of kinds) {
            const have = await kind.count(client, tenant);
            if (have >= options.rows) continue;
            const build = await kind.prepare(client, tenant, options.rows);
            // Build the next batch while the database inserts the previous one.
            let pending: Promise<unknown> | undefined;
            for (let from = have; from < options.rows; from += batchSize) {
              const query = build(from, Math.min(batchSize, options.rows - from));
              await pending;
              pending = client.query(query);
            }
            await pending;
            const added = options.rows - have;
            insertedRows += added;
            parts.push(`${name} +${fmt(added)}`);
          }
          if (parts.length === 0) {
            complete++;
            continue;
          }
          const s = (performance.now() - t0) / 1000;
          filled++;
          if (filled % every === 0) log(`  ${tenant.name}  ${parts.join(', ')}  ${s.toFixed(2)} s`);
        }
      } finally {
        client.release();
      }
    };
    const loadStart = performance.now();
    await Promise.all(Array.from({ length: parallel }, worker));
    const loadSeconds = (performance.now() - loadStart) / 1000;
    if (complete > 0) log(`  ${complete} tenant(s) already had ${fmt(options.rows)} rows of ${kindNames.join(', ')}`);
    if (insertedRows > 0) {
      log(
        `inserted ${fmt(insertedRows)} rows in ${loadSeconds.toFixed(1)} s (${fmt(insertedRows / loadSeconds)} rows/s)`,
      );
    }

    // Fresh statistics for the planner; VACUUM also sets the visibility map and hint bits so the first
    // reads afterwards do not pay for them.
    const t1 = performance.now();
    for (const { kind } of kinds) await pool.query(`vacuum (analyze) ${kind.table}`);
    log(
      `vacuum (analyze) ${kinds.map((k) => k.kind.table).join(', ')}: ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );

    return { tenants, createdTenants, insertedRows, seconds: (performance.now() - began) / 1000 };
  } finally {
    await pool.end();
    await database.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      tenants: { type: 'string' },
      rows: { type: 'string' },
      kinds: { type: 'string' },
      'batch-size': { type: 'string' },
      parallel: { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'usage: npm run seed:bulk -- --tenants N --rows M [--kinds cities] [--batch-size 10000] [--parallel 2] [--database-url URL]',
    );
    return;
  }
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    throw new UsageError(
      'seed:bulk needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/casebook_bench) or pass --database-url',
    );
  }
  const tenants = intFlag(values.tenants, 'tenants', 10, 1);
  const rows = intFlag(values.rows, 'rows', 1000, 0);
  const kinds = (values.kinds ?? 'cities')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  console.log(`seeding ${redactUrl(databaseUrl)}: ${tenants} tenants × ${fmt(rows)} rows of ${kinds.join(', ')}`);
  const result = await seedBulk({
    databaseUrl,
    tenants,
    rows,
    kinds,
    batchSize: intFlag(values['batch-size'], 'batch-size', 10_000, 1),
    parallel: intFlag(values.parallel, 'parallel', 2, 1),
  });
  console.log(
    `done in ${result.seconds.toFixed(1)} s: ${result.createdTenants} tenants created, ${fmt(result.insertedRows)} rows inserted`,
  );
}

if (isMain(import.meta.url)) runMain(main);
