import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from './database';

/**
 * Migration 0043 moves the assessment list's own fields from `cases` into `ime_case_details`. The demo data
 * (every table the demo seed fills, as `pg_dump --data-only --inserts` wrote it from a database seeded by the
 * demo seed at migration 0040; the change history left out) is loaded at 0040, with a mass-torts, an OT and a
 * conclave case added whose every moved field holds a value; each case is read whole, the migration applied,
 * and each case read again through its core row and its details: every case, every field, the same.
 */
const MIGRATION = '0043_ime_case_details';
const FIXTURE = fileURLToPathOf('./fixtures/demo-data-0040.sql.gz');
const MOVED = [
  'private_notes',
  'specialist_without_contract',
  'is_file_review',
  'paperwork_sent_date',
  'paperwork_notes',
  'attendance',
  'attendance_date',
  'attendance_notes',
  'cancellation_type',
  'cancellation_date',
  'cancellation_reason',
  'dictation_received_date',
  'report_draft_sent_date',
  'report_received_date',
  'report_completed_date',
  'report_sent_date',
  'rebooked_from_id',
];

/** The moved columns' defaults. */
const DEFAULTS: Record<string, unknown> = {
  ...Object.fromEntries(MOVED.map((m) => [m, null])),
  specialist_without_contract: false,
  is_file_review: false,
  attendance: 'NONE',
};

function fileURLToPathOf(relative: string): string {
  return new URL(relative, import.meta.url).pathname;
}

type Journal = { entries: { idx: number; tag: string; when: number }[] };

/** The migrations folder as it was before `tag`: its SQL files and a journal that ends before it. */
function foldersBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-before-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  const entries = journal.entries.slice(0, at);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

type Row = Record<string, unknown>;

let client: PGlite;
let before: Map<string, Row>;
let after: Map<string, Row>;
let added: string[];
let tmp: string;

const byId = (rows: Row[]) => new Map(rows.map((r) => [r.id as string, r]));

beforeAll(async () => {
  tmp = foldersBefore(MIGRATION);
  client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = drizzle(client);
  await migrate(db as never, { migrationsFolder: tmp });
  expect(
    (await client.query(`select 1 from information_schema.tables where table_name = 'ime_case_details'`)).rows,
  ).toEqual([]);

  // The demo data, loaded over whatever the migrations themselves inserted; foreign keys checked after.
  const tables = (
    await client.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public'`)
  ).rows.map((r) => `public."${r.t}"`);
  await client.exec(`set session_replication_role = replica; truncate ${tables.join(', ')} cascade;`);
  const dump = zlib.gunzipSync(fs.readFileSync(FIXTURE)).toString('utf8');
  await client.exec(`${dump}\nset session_replication_role = origin;`);
  await client.exec(`set search_path = public`);

  // A case of each other assessment-list service type, every moved field set (copied from a demo IME case).
  const [ime] = (
    await client.query<{ id: string }>(`select id from cases where service_type = 'IME' order by id limit 1`)
  ).rows;
  added = [];
  for (const [serviceType, prefix] of [
    ['MASS_TORTS', 'A'],
    ['OT', 'OT'],
    ['COTELE', 'CT'],
  ] as const) {
    const values = {
      id: crypto.randomUUID(),
      case_no: `${prefix}-900001`,
      service_type: serviceType,
      concurrency_stamp: 'migrated',
      private_notes: `Private ${serviceType}`,
      specialist_without_contract: true,
      is_file_review: true,
      paperwork_sent_date: '2026-01-02',
      paperwork_notes: `Paperwork ${serviceType}`,
      attendance: 'CONFIRMED',
      attendance_date: '2026-01-05',
      attendance_notes: `Attended ${serviceType}`,
      cancellation_type: 'WITH_FEE',
      cancellation_date: '2026-01-04',
      cancellation_reason: `Reason ${serviceType}`,
      dictation_received_date: '2026-01-06',
      report_draft_sent_date: '2026-01-07',
      report_received_date: '2026-01-08',
      report_completed_date: '2026-01-09',
      report_sent_date: '2026-01-10',
      rebooked_from_id: ime!.id,
    };
    expect(Object.keys(values)).toEqual(expect.arrayContaining(MOVED));
    const { rows } = await client.query<{ id: string }>(
      `insert into cases select (jsonb_populate_record(null::cases, to_jsonb(c) || $1::jsonb)).* from cases c where c.id = $2
       returning id`,
      [JSON.stringify(values), ime!.id],
    );
    added.push(rows[0]!.id);
  }

  before = byId((await client.query<{ j: Row }>(`select to_jsonb(c) as j from cases c`)).rows.map((r) => r.j));

  await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  after = byId(
    (
      await client.query<{ j: Row }>(
        // A case without a details row (another module's) reads the columns' defaults, as before.
        `select to_jsonb(c) || coalesce(to_jsonb(d) - 'tenant_id' - 'case_id', $1::jsonb) as j
         from cases c left join ime_case_details d on d.tenant_id = c.tenant_id and d.case_id = c.id`,
        [JSON.stringify(DEFAULTS)],
      )
    ).rows.map((r) => r.j),
  );
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('migration 0043: the assessment list fields move to ime_case_details', () => {
  test('the demo data holds cases of the assessment list and of other modules, with the moved fields filled', () => {
    const serviceTypes = new Set([...before.values()].map((r) => r.service_type));
    for (const type of ['IME', 'MASS_TORTS', 'OT', 'COTELE', 'MEDICAL_RECORD', 'TPD'])
      expect(serviceTypes).toContain(type);
    // Every moved field holds a value on some case, so the comparison below covers each one.
    for (const field of MOVED) {
      const values = new Set([...before.values()].map((r) => JSON.stringify(r[field])));
      expect(values.size, field).toBeGreaterThan(1);
    }
    expect(added).toHaveLength(3);
  });

  test('every case, every field: the same before and after, read through the core row and its details', () => {
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    let compared = 0;
    for (const [id, old] of before) {
      const now = after.get(id)!;
      expect(Object.keys(now).sort(), id).toEqual(Object.keys(old).sort());
      for (const field of Object.keys(old)) {
        expect(now[field], `${old.case_no as string} ${field}`).toEqual(old[field]);
        compared++;
      }
    }
    expect(compared).toBe(before.size * Object.keys(before.values().next().value!).length);
  });

  test('the moved columns are gone from cases, and each assessment-list case has exactly one details row', async () => {
    const columns = (
      await client.query<{ c: string }>(
        `select column_name as c from information_schema.columns where table_schema = 'public' and table_name = 'cases'`,
      )
    ).rows.map((r) => r.c);
    for (const field of MOVED) expect(columns).not.toContain(field);
    for (const kept of ['appointment_date', 'appointment_time', 'appointment_type', 'centre_id', 'is_high_risk'])
      expect(columns).toContain(kept);
    const { rows } = await client.query<{ missing: number; details: number; assessment: number }>(
      `select (select count(*)::int from cases c where c.service_type in ('IME', 'MASS_TORTS', 'OT', 'COTELE')
                 and not exists (select 1 from ime_case_details d where d.tenant_id = c.tenant_id and d.case_id = c.id)) as missing,
              (select count(*)::int from ime_case_details) as details,
              (select count(*)::int from cases where service_type in ('IME', 'MASS_TORTS', 'OT', 'COTELE')) as assessment`,
    );
    expect(rows[0]!.missing).toBe(0);
    expect(rows[0]!.details).toBe(rows[0]!.assessment);
  });
});
