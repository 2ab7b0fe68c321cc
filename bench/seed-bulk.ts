/**
 * Bulk data generator: N tenants, each with M rows of every requested kind, on PostgreSQL.
 *
 *   npm run seed:bulk -- --tenants 100 --rows 10000 [--kinds cities] [--database-url postgres://…]
 *   npm run seed:bulk -- --tenants 2 --kinds clients=100000,specialists=10000
 *
 * A kind may carry its own row count (`name=rows`); without one it gets --rows.
 * Tenants are named bulk-0001, bulk-0002, … and created with the project's own createTenant (so they
 * have the same reference data as any other tenant). A kind's target is the tenant's total row count:
 * a re-run tops up what is missing and skips tenants that are complete.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { AssessmentTypes, uuidv7 } from '@casebook/domain';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { createTenant } from '../apps/server/src/modules/tenancy/tenancy.service';
import { FIRST_NAMES, LAST_NAMES, SUBURBS } from '../apps/server/src/modules/tenancy/demo-data';
import { SeedLookups } from '../apps/server/src/modules/reference/reference.seed';
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

// ---------------------------------------------------------------------------------------------------
// clients (claimants) and specialists

/** The random parts every generated row needs: ids and stamps that follow the creation times. */
function timeline(tenant: BulkTenant, target: number, from: number, n: number) {
  const start = Date.now() - HISTORY_MS;
  const step = HISTORY_MS / Math.max(target, 1);
  const rand = prng(tenant.ordinal * 7_919 + from * 31 + target);
  const noise = crypto.randomFillSync(new Uint8Array(n * 20));
  const ids: string[] = new Array(n);
  const times: number[] = new Array(n);
  const stamps: string[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const ms = Math.floor(start + (from + k + rand()) * step);
    times[k] = ms;
    ids[k] = uuidv7(ms, noise.subarray(k * 20, k * 20 + 10));
    stamps[k] = uuidv7(ms, noise.subarray(k * 20 + 10, k * 20 + 20));
  }
  return { rand, ids, times, stamps };
}

const EMAIL_DOMAINS = ['example.com', 'example.net', 'mail.example', 'inbox.example'] as const;
const lettersOnly = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
/** A mobile number: 04 and eight digits. */
const mobile = (rand: () => number) => `04${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`;
/** A date of birth between 18 and 80 years ago, as ISO text. */
const birthDate = (rand: () => number) =>
  new Date(Date.now() - (18 + rand() * 62) * 365.25 * 86_400_000).toISOString().slice(0, 10);

async function tenantCount(client: pg.ClientBase, table: string, tenant: BulkTenant): Promise<number> {
  const r = await client.query<{ n: string }>(`select count(*) as n from ${table} where tenant_id = $1`, [tenant.id]);
  return Number(r.rows[0]!.n);
}

const INSERT_CLIENTS = `
insert into clients (tenant_id, id, creation_time, concurrency_stamp, first_name, last_name, date_of_birth, gender,
  email, phone, mobile, suburb, state, postcode, is_active)
select $1::uuid, r.id, to_timestamp(r.ms / 1000.0), r.stamp, r.first, r.last, r.dob::date, r.gender,
  r.email, r.phone, r.mobile, r.suburb, r.state, r.postcode, r.active
from unnest($2::uuid[], $3::float8[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
  $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::bool[])
  as r(id, ms, stamp, first, last, dob, gender, email, phone, mobile, suburb, state, postcode, active)`;

/** Claimants: Australian-looking names, dates of birth, e-mail for most, a mobile, a suburb. */
const clients: BulkKind = {
  table: 'clients',
  count: (client, tenant) => tenantCount(client, 'clients', tenant),
  async prepare(_client, tenant, target) {
    return (from, n) => {
      const { rand, ids, times, stamps } = timeline(tenant, target, from, n);
      const cols = Array.from({ length: 11 }, () => new Array<string | null>(n));
      const active: boolean[] = new Array(n);
      for (let k = 0; k < n; k++) {
        const first = pick(FIRST_NAMES, rand());
        const last = pick(LAST_NAMES, rand());
        const place = pick(SUBURBS, rand());
        cols[0]![k] = first;
        cols[1]![k] = last;
        cols[2]![k] = birthDate(rand);
        cols[3]![k] = pick(['MALE', 'FEMALE', 'MALE', 'FEMALE', 'NON_BINARY', 'PREFER_NOT_TO_SAY'], rand());
        // The ordinal keeps addresses apart, as real ones are.
        cols[4]![k] =
          rand() < 0.8 ? `${lettersOnly(first)}.${lettersOnly(last)}${from + k}@${pick(EMAIL_DOMAINS, rand())}` : null;
        cols[5]![k] =
          rand() < 0.25
            ? `0${pick(['2', '3', '7', '8'], rand())}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`
            : null;
        cols[6]![k] = mobile(rand);
        cols[7]![k] = place.suburb;
        cols[8]![k] = place.state;
        cols[9]![k] = place.postcode;
        active[k] = rand() < 0.97;
      }
      return { text: INSERT_CLIENTS, values: [tenant.id, ids, times, stamps, ...cols.slice(0, 10), active] };
    };
  },
};

const INSERT_SPECIALISTS = `
insert into specialists (tenant_id, id, creation_time, concurrency_stamp, title, first_name, last_name, email, phone,
  mobile, state, specialty_id, recruitment_status, onboarded_date, onboarded_end_date, type_of_assessments_accepted,
  is_active)
select $1::uuid, r.id, to_timestamp(r.ms / 1000.0), r.stamp, r.title, r.first, r.last, r.email, r.phone, r.mobile,
  r.state, r.specialty, r.status, r.onboarded::date, r.ended::date, string_to_array(r.types, ','), r.active
from unnest($2::uuid[], $3::float8[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
  $10::text[], $11::text[], $12::uuid[], $13::int2[], $14::text[], $15::text[], $16::text[], $17::bool[])
  as r(id, ms, stamp, title, first, last, email, phone, mobile, state, specialty, status, onboarded, ended, types, active)`;

/** Specialists across the tenant's specialties and the states, most with a current contract. */
const specialists: BulkKind = {
  table: 'specialists',
  count: (client, tenant) => tenantCount(client, 'specialists', tenant),
  async prepare(client, tenant, target) {
    const specialtiesOf = async () =>
      (
        await client.query<{ id: string }>(
          `select id from lookup_configs where tenant_id = $1 and type = 'SPECIALTY' and not is_deleted order by label`,
          [tenant.id],
        )
      ).rows.map((x) => x.id);
    let specialties = await specialtiesOf();
    if (specialties.length === 0) {
      // Tenants made before value lists were seeded get the standard specialties now.
      const labels = (SeedLookups.SPECIALTY ?? []).map((l) => l.label);
      await client.query(
        `insert into lookup_configs (tenant_id, id, concurrency_stamp, type, label, display_order)
         select $1::uuid, r.id, r.id::text, 'SPECIALTY', r.label, r.n::int
         from unnest($2::uuid[], $3::text[]) with ordinality as r(id, label, n)`,
        [tenant.id, labels.map(() => uuidv7()), labels],
      );
      specialties = await specialtiesOf();
    }
    return (from, n) => {
      const { rand, ids, times, stamps } = timeline(tenant, target, from, n);
      const text = Array.from({ length: 8 }, () => new Array<string | null>(n));
      const specialty: string[] = new Array(n);
      const status: number[] = new Array(n);
      const onboarded: (string | null)[] = new Array(n);
      const ended: (string | null)[] = new Array(n);
      const types: string[] = new Array(n);
      const active: boolean[] = new Array(n);
      for (let k = 0; k < n; k++) {
        const first = pick(FIRST_NAMES, rand());
        const last = pick(LAST_NAMES, rand());
        const state = STATES.find((x) => rand() < x.upTo)?.code ?? 'NSW';
        text[0]![k] = rand() < 0.9 ? 'Dr' : pick(['Prof', 'A/Prof', 'Ms', 'Mr'], rand());
        text[1]![k] = first;
        text[2]![k] = last;
        text[3]![k] = `${lettersOnly(first)}.${lettersOnly(last)}${from + k}@${pick(EMAIL_DOMAINS, rand())}`;
        text[4]![k] = `0${pick(['2', '3', '7', '8'], rand())}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`;
        text[5]![k] = mobile(rand);
        text[6]![k] = state;
        specialty[k] = pick(specialties, rand());
        // Most have a current contract; a tenth none, a tenth one that has ended.
        const contract = rand();
        const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
        onboarded[k] = contract < 0.1 ? null : daysAgo(contract < 0.2 ? 730 + rand() * 1460 : rand() * 2190);
        ended[k] = contract >= 0.1 && contract < 0.2 ? daysAgo(1 + rand() * 364) : null;
        status[k] = onboarded[k] ? 2 : pick([0, 1, 3, 4], rand());
        types[k] = AssessmentTypes.filter(() => rand() < 0.5).join(',') || 'INPERSON';
        active[k] = rand() < 0.95;
      }
      return {
        text: INSERT_SPECIALISTS,
        values: [
          tenant.id,
          ids,
          times,
          stamps,
          ...text.slice(0, 7),
          specialty,
          status,
          onboarded,
          ended,
          types,
          active,
        ],
      };
    };
  },
};

/** Every kind the generator knows, by the name --kinds uses. */
export const BULK_KINDS: Readonly<Record<string, BulkKind>> = { cities, clients, specialists };

/** Reads `name` or `name=rows` entries of --kinds; a kind without its own count gets `rows`. */
export function parseKinds(entries: readonly string[], rows: number): { name: string; rows: number }[] {
  return entries.map((entry) => {
    const [name = '', count] = entry.split('=').map((s) => s.trim());
    if (count === undefined) return { name, rows };
    const n = Number(count);
    if (!Number.isInteger(n) || n < 0) throw new UsageError(`--kinds ${entry}: the row count must be a whole number`);
    return { name, rows: n };
  });
}

// ---------------------------------------------------------------------------------------------------
// runner

export type SeedBulkOptions = {
  /** Owner connection string (migrations, tenant creation, bulk inserts). */
  databaseUrl: string;
  tenants: number;
  /** Target rows of each kind per tenant (unless the kind names its own). */
  rows: number;
  /** Kinds to fill: `name` or `name=rows`. */
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
/** Tables whose triggers also write person_search. */
const PEOPLE = new Set(['clients', 'specialists', 'case_managers']);

/** Creates the missing bulk tenants and tops every tenant up to `rows` rows of each kind. */
export async function seedBulk(options: SeedBulkOptions): Promise<SeedBulkResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const kinds = parseKinds(options.kinds ?? ['cities'], options.rows).map(({ name, rows }) => {
    const kind = BULK_KINDS[name];
    if (!kind) throw new UsageError(`unknown kind "${name}"; known kinds: ${Object.keys(BULK_KINDS).join(', ')}`);
    return { name, kind, rows };
  });
  const kindNames = kinds.map((k) => `${k.name} (${fmt(k.rows)})`);
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
          for (const { name, kind, rows } of kinds) {
            const have = await kind.count(client, tenant);
            if (have >= rows) continue;
            const build = await kind.prepare(client, tenant, rows);
            // Build the next batch while the database inserts the previous one.
            let pending: Promise<unknown> | undefined;
            for (let from = have; from < rows; from += batchSize) {
              const query = build(from, Math.min(batchSize, rows - from));
              await pending;
              pending = client.query(query);
            }
            await pending;
            const added = rows - have;
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
    if (complete > 0) log(`  ${complete} tenant(s) already had their rows of ${kindNames.join(', ')}`);
    if (insertedRows > 0) {
      log(
        `inserted ${fmt(insertedRows)} rows in ${loadSeconds.toFixed(1)} s (${fmt(insertedRows / loadSeconds)} rows/s)`,
      );
    }

    // Fresh statistics for the planner; VACUUM also sets the visibility map and hint bits so the first
    // reads afterwards do not pay for them. People also fill the search table their triggers keep.
    const t1 = performance.now();
    const tables = [
      ...new Set(kinds.flatMap((k) => [k.kind.table, ...(PEOPLE.has(k.kind.table) ? ['person_search'] : [])])),
    ];
    for (const table of tables) await pool.query(`vacuum (analyze) ${table}`);
    log(`vacuum (analyze) ${tables.join(', ')}: ${((performance.now() - t1) / 1000).toFixed(1)} s`);

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
      'usage: npm run seed:bulk -- --tenants N --rows M [--kinds cities,clients=100000,specialists] [--batch-size 10000] [--parallel 2] [--database-url URL]',
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
  console.log(
    `seeding ${redactUrl(databaseUrl)}: ${tenants} tenants × ${parseKinds(kinds, rows)
      .map((k) => `${fmt(k.rows)} ${k.name}`)
      .join(', ')}`,
  );
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
