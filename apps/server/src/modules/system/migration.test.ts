import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  HOST_TENANT_ID,
  MigrationEndpoints as api,
  type MigrationResultDto,
  type MigrationStatusDto,
} from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  ensureHostTenant,
  newTenant,
  openOwnTestDatabase,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { MIGRATIONS_FOLDER, sqlRows } from '../../platform/db/database';
import { carriedMigrations, migrationStatus } from './migration.routes';

let t: TestApp;
let hostAdmin: Caller;
let tenantAdmin: Caller;
let tmp: string;

beforeAll(async () => {
  // A database of its own: the test applies a migration of its own to it.
  t = await createTestApp(await openOwnTestDatabase());
  await ensureHostTenant(t.database);
  hostAdmin = await callerFor(t, HOST_TENANT_ID, ['TENANT_ADMIN']);
  tenantAdmin = await callerFor(t, await newTenant(t.database), ['TENANT_ADMIN']);

  // The server's migrations and one more, newer: what a new version's server would carry.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, tmp, { recursive: true });
  const journalPath = path.join(tmp, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_probe' });
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  fs.writeFileSync(
    path.join(tmp, '9999_probe.sql'),
    `CREATE TABLE migration_probe (id integer PRIMARY KEY);\n--> statement-breakpoint\nCOMMENT ON TABLE migration_probe IS 'casebook:system';\n`,
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the migration button (host only)', () => {
  test('the status: every carried migration applied, none pending', async () => {
    const res = await hostAdmin.get(api.status.path);
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json() as MigrationStatusDto;
    const carried = carriedMigrations();
    expect(status).toEqual({
      total: carried.length,
      applied: carried.length,
      pending: [],
      lastApplied: carried.at(-1)!.tag,
    });
  });

  test("pressed: 'Send request successfully.', nothing pending to apply, the security rules run again", async () => {
    const res = await hostAdmin.post(api.migrateStoreProcedures.path, undefined);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as MigrationResultDto;
    expect(result).toEqual({
      applied: [],
      pendingBefore: 0,
      total: carriedMigrations().length,
      message: 'Send request successfully.',
    });
  });

  test("a tenant's admin is refused both calls", async () => {
    expect((await tenantAdmin.get(api.status.path)).statusCode).toBe(403);
    expect((await tenantAdmin.post(api.migrateStoreProcedures.path, undefined)).statusCode).toBe(403);
  });

  test('a pending migration is applied, once, and its table classified by the security rules', async () => {
    const before = await migrationStatus(t.database, tmp);
    expect(before.pending).toEqual(['9999_probe']);
    await t.database.migrate(tmp);
    const after = await migrationStatus(t.database, tmp);
    expect(after.pending).toEqual([]);
    expect(after.applied).toBe(before.applied + 1);
    const [row] = await t.database.withSystem((tx) =>
      sqlRows<{ rls: boolean; note: string }>(
        tx,
        sql`select relrowsecurity as rls, obj_description(oid, 'pg_class') as note from pg_class where relname = 'migration_probe'`,
      ),
    );
    expect(row).toEqual({ rls: false, note: 'casebook:system' });
    // Again: nothing more to apply, and no error for the table that now exists.
    await t.database.migrate(tmp);
    expect((await migrationStatus(t.database, tmp)).applied).toBe(after.applied);
  });
});
