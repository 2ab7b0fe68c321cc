import type { TestProject } from 'vitest/node';
import { APP_ROLE, MIGRATIONS_FOLDER, openDatabase, PGLITE_EXTENSIONS } from '../src/platform/db/database';
import { databaseImageFile } from '../src/platform/db/image';
import { Jobs } from '../src/platform/jobs/jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates the database once for the whole run. On PGlite each test file loads the migrated image
 * (apps/server/src/platform/db/image.ts), made once per set of migrations and kept between runs.
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
  const file = await databaseImageFile({
    migrationsFolder: MIGRATIONS_FOLDER,
    extensions: PGLITE_EXTENSIONS,
    appRole: APP_ROLE,
  });
  project.provide('pgliteTemplate', file);
}
