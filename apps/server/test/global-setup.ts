import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromPglite } from 'pg-boss';
import { APP_ROLE, openDatabase } from '../src/platform/db/database';
import { Jobs, JOBS_SCHEMA } from '../src/platform/jobs/jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates the database once for the whole run. On PGlite the migrated data directory is dumped to a
 * file that each test file loads (much cheaper than migrating a new instance every time).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const db = await openDatabase({ kind: 'postgres', ownerUrl: process.env.DATABASE_URL });
    const jobs = new Jobs(db);
    await jobs.install();
    await jobs.stop();
    await db.close();
    project.provide('pgliteTemplate', '');
    return;
  }
  const { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } = await import('../src/platform/db/database');
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  await client.exec('select casebook_secure_tables()');
  // The job queue's schema is installed once here too, as the application role that owns it.
  await client.exec(`set role ${APP_ROLE}`);
  const boss = new PgBoss({
    db: fromPglite(client),
    backend: 'pglite',
    schema: JOBS_SCHEMA,
    createSchema: false,
    supervise: false,
    schedule: false,
  } as never);
  await boss.start();
  await boss.stop({ graceful: false, close: false } as never);
  await client.exec('reset role');
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
