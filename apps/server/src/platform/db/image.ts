import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * The embedded database's image: an empty Casebook database, migrated, its tables secured and the job
 * queue's schema installed, as a PGlite data-directory tarball. A new data directory starts from it
 * instead of creating and migrating a database (most of a first start), and the tests load it per file.
 * Built once per set of migrations (by `npm run build`, or by whichever start or test run first needs
 * it) and kept under node_modules/.cache, named by a hash of everything it is made from.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/casebook');
const require = createRequire(import.meta.url);

/** The installed version of a package (whose package.json it may not export): found from its entry file. */
function installedVersion(name: string): string {
  for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === name && pkg.version) return pkg.version;
  }
  throw new Error(`no package.json found for ${name}`);
}

/** What the image is made from: the migrations, the embedded engine and the job queue's versions. */
export function imageKey(migrationsFolder: string): string {
  const hash = createHash('sha256');
  for (const name of ['@electric-sql/pglite', 'pg-boss']) hash.update(`${name}@${installedVersion(name)}\n`);
  const files = fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(`${file}\n`).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

export type ImageParts = {
  migrationsFolder: string;
  extensions: Extensions;
  appRole: string;
};

/** Creates the image in memory: migrate, secure the tables, install the job queue's schema as the app role. */
async function createImage(parts: ImageParts): Promise<Buffer> {
  const client = await PGlite.create({ extensions: parts.extensions });
  try {
    await migrate(drizzle(client), { migrationsFolder: parts.migrationsFolder });
    await client.exec('select casebook_secure_tables()');
    // The job queue's schema belongs to the application role, which installs it.
    const { PgBoss, fromPglite } = await import('pg-boss');
    const { JOBS_SCHEMA } = await import('../jobs/jobs');
    await client.exec(`set role ${parts.appRole}`);
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
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await client.close();
  }
}

/**
 * The image's file for the current migrations, made first if it is missing. Written under a temporary
 * name and renamed, so processes making it at the same moment never read a half-written one.
 */
export async function databaseImageFile(parts: ImageParts): Promise<string> {
  const file = path.join(CACHE_DIR, `pglite-${imageKey(parts.migrationsFolder)}.tar`);
  if (fs.existsSync(file)) return file;
  const image = await createImage(parts);
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  fs.writeFileSync(partial, image);
  fs.renameSync(partial, file);
  return file;
}

/** The image as PGlite loads it. */
export async function databaseImage(parts: ImageParts): Promise<Blob> {
  return new Blob([fs.readFileSync(await databaseImageFile(parts))]);
}
