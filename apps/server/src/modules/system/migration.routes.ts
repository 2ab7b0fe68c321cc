import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MigrationEndpoints as api, type MigrationStatusDto } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { MIGRATIONS_FOLDER, sqlRows, type Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { sql } from 'drizzle-orm';

type JournalEntry = { when: number; tag: string };

/** The migrations a folder carries, oldest first (drizzle's journal). */
export function carriedMigrations(folder: string = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map((e) => ({ when: e.when, tag: e.tag }));
}

/**
 * Which of the carried migrations the database has applied: drizzle applies, in order, those newer than
 * the newest it recorded, so the pending ones are those.
 */
export async function migrationStatus(database: Database, folder?: string): Promise<MigrationStatusDto> {
  const carried = carriedMigrations(folder);
  const [row] = await database.withSystem((tx) =>
    sqlRows<{ n: number; last: string | null }>(
      tx,
      sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    ),
  );
  const last = Number(row?.last ?? 0);
  const lastApplied = carried.filter((m) => m.when <= last).at(-1)?.tag ?? null;
  return {
    total: carried.length,
    applied: Number(row?.n ?? 0),
    pending: carried.filter((m) => m.when > last).map((m) => m.tag),
    lastApplied,
  };
}

/**
 * app/migration (host only): the migration button applies what the database lacks of the migrations this
 * server carries and re-runs the table security rules, the work a start does (decision 0102).
 */
export function registerMigrationRoutes(app: FastifyInstance, database: Database): void {
  registerEndpoint(app, api.status, async () => migrationStatus(database));
  registerEndpoint(app, api.migrateStoreProcedures, async (req) => {
    const ctx = contextOf(req);
    const before = await migrationStatus(database);
    await database.migrate();
    const after = await migrationStatus(database);
    const applied = before.pending.filter((tag) => !after.pending.includes(tag));
    req.log.info({ userId: ctx.actor.userId, applied }, 'migrations run from the migration button');
    return {
      applied,
      pendingBefore: before.pending.length,
      total: after.total,
      message: 'Send request successfully.',
    };
  });
}
