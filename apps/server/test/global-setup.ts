import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/platform/db/database';

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
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
