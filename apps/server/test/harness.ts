import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { HOST_TENANT_ID, uuidv7, type Role } from '@casebook/domain';
import { buildApp, type App, type AppDeps, type JobsConfig } from '../src/app';
import type { Mailer } from '../src/platform/mail/mailer';
import { openDatabase, type Database } from '../src/platform/db/database';
import { createTenant, type NewTenant } from '../src/modules/tenancy/tenancy.service';
import { users } from '../src/modules/identity/identity.schema';
import { hashPassword } from '../src/modules/identity/passwords';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createLocalFileStore, type FileStore } from '../src/platform/files/file-store';
import { track } from './open-resources';

export const onPostgres = Boolean(process.env.DATABASE_URL);

/** A PGlite database of its own, loaded from the migrated template. */
async function openPgliteFromTemplate(): Promise<Database> {
  const template = inject('pgliteTemplate');
  const blob = new Blob([fs.readFileSync(template)]);
  return openDatabase({ kind: 'pglite', loadDataDir: blob, migrate: false });
}

/**
 * The PGlite database the files of this test worker share (vitest project `server`, which sets
 * TEST_SHARED_DATABASE): loading the migrated image costs more CPU than most files' tests, and the
 * files already work in tenants of their own, as they do on the one PostgreSQL database. It stays open
 * until the worker ends.
 */
let sharedPglite: Promise<Database> | undefined;

/**
 * A database for this test file: the shared PostgreSQL, or on PGlite the worker's shared database
 * (project `server`) or one loaded from the migrated template (project `server-isolated`). Closing it
 * closes this file's handle only; the shared database stays open for the next file.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    return shared(
      track(await openDatabase({ kind: 'postgres', ownerUrl: process.env.DATABASE_URL, migrate: false, poolSize: 40 })),
    );
  }
  if (process.env.TEST_SHARED_DATABASE !== 'true') return track(await openPgliteFromTemplate());
  sharedPglite ??= openPgliteFromTemplate();
  return shared({ ...(await sharedPglite), close: async () => undefined });
}

/** Databases other test files use too: their job queue holds those files' jobs. */
const sharedDatabases = new WeakSet<Database>();
function shared(database: Database): Database {
  sharedDatabases.add(database);
  return database;
}

/**
 * A database of the test's own. Background jobs share their queue with every process of a database,
 * so a test that runs job workers gets a fresh database: on PostgreSQL one made for it (dropped on
 * close), on PGlite one loaded from the migrated template rather than the worker's shared one.
 */
export async function openOwnTestDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.DATABASE_URL;
  if (!base) return track(await openPgliteFromTemplate());
  const name = `${new URL(base).pathname.slice(1)}_${uuidv7().slice(-12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', ownerUrl: url.toString(), poolSize: 10 });
  return track({
    ...db,
    url: url.toString(),
    async close() {
      await db.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      // Without force first: forcing ends connections this process may still be closing.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await drop.query(`drop database if exists "${name}"${attempt < 20 ? '' : ' with (force)'}`);
          break;
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      await drop.end();
    },
  });
}

export type TestApp = App & { database: Database; close(): Promise<void> };

/** Files of test apps go to a temporary folder unless the test gives its own store. */
export async function createTestApp(
  database?: Database,
  options: {
    jobs?: JobsConfig;
    mailer?: Mailer;
    fileStore?: FileStore;
    config?: Partial<AppDeps['config']>;
    logger?: AppDeps['logger'];
    integrations?: AppDeps['integrations'];
    demoData?: AppDeps['demoData'];
    languageModel?: AppDeps['languageModel'];
    apiDescription?: AppDeps['apiDescription'];
  } = {},
): Promise<TestApp> {
  const db = database ?? (await openTestDatabase());
  // Job workers on a shared database would first run every job the other files left queued (their
  // mail, PDFs and text reading), for tenants not their own, and the test would wait on all of them.
  if (options.jobs?.run && sharedDatabases.has(db)) {
    throw new Error('createTestApp: a test that runs job workers needs a database of its own (openOwnTestDatabase)');
  }
  const fileStore =
    options.fileStore ?? createLocalFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-files-')));
  const built = await buildApp({
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    config: {
      publicUrl: 'http://casebook.test',
      bodyLimitBytes: 1024 * 1024,
      webDist: '/nonexistent',
      logLevel: 'silent',
      ...options.config,
    },
    database: db,
    ...(options.integrations ? { integrations: options.integrations } : {}),
    ...(options.demoData ? { demoData: options.demoData } : {}),
    ...(options.languageModel ? { languageModel: options.languageModel } : {}),
    ...(options.apiDescription ? { apiDescription: options.apiDescription } : {}),
    logger: options.logger ?? false,
    fileStore,
  });
  await built.app.ready();
  return track({
    ...built,
    database: db,
    async close() {
      await built.app.close();
      await db.close();
    },
  });
}

/** A fresh tenant per test keeps tests independent and exercises isolation at the same time. */
export async function newTenant(database: Database, input: Partial<NewTenant> = {}): Promise<string> {
  return createTenant(database, { name: `t-${uuidv7()}`, editionName: 'MLP', ...input });
}

export type Caller = {
  tenantId: string;
  userId: string;
  token: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
};

// One hash for every test user: hashing is deliberately slow.
let testPasswordHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'Test!2026pass';

/** Inserts an active user with the given roles and the test password; returns its id and user name. */
export async function createTestUser(
  database: Database,
  tenantId: string,
  roles: Role[],
  fields: { userName?: string; name?: string; surname?: string; email?: string } = {},
): Promise<{ userId: string; userName: string }> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const userId = uuidv7();
  const userName = fields.userName ?? `u${userId.slice(-12)}`;
  await database.withTenant(tenantId, (tx) =>
    tx.insert(users).values({
      tenantId,
      id: userId,
      userName,
      email: fields.email ?? `${userName}@example.test`,
      name: fields.name ?? (roles[0] ?? 'user').toLowerCase(),
      surname: fields.surname ?? 'user',
      roles,
      passwordHash: '',
      securityStamp: uuidv7(),
      concurrencyStamp: uuidv7(),
    }),
  );
  const hash = await testPasswordHash;
  await database.withTenant(tenantId, (tx) => tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId)));
  return { userId, userName };
}

/** Someone signed in to a tenant with the given roles, calling the API through app.inject. */
export async function callerFor(
  t: TestApp,
  tenantId: string,
  roles: Role[] = ['TENANT_ADMIN'],
  extra: { userName?: string; headers?: Record<string, string>; /** act as this existing user */ userId?: string } = {},
): Promise<Caller> {
  const { userId } = extra.userId ? { userId: extra.userId } : await createTestUser(t.database, tenantId, roles);
  const token = await t.tokens.issue({
    userId,
    tenantId,
    roles,
    userName: extra.userName ?? `${roles[0]?.toLowerCase()} user`,
    impersonatorUserId: null,
  });
  const app: FastifyInstance = t.app;
  const request = (options: InjectOptions) =>
    app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...extra.headers, ...options.headers } });
  return {
    tenantId,
    userId,
    token,
    request,
    get: (url) => request({ method: 'GET', url }),
    post: (url, body) => request({ method: 'POST', url, payload: body as never }),
    put: (url, body) => request({ method: 'PUT', url, payload: body as never }),
    del: (url) => request({ method: 'DELETE', url }),
  };
}

/** The host tenant, created once per database (several test files may ask at the same time). */
export async function ensureHostTenant(database: Database): Promise<string> {
  await createTenant(database, { id: HOST_TENANT_ID, name: 'Host', editionName: 'MASTER', isHost: true }).catch(
    (error: unknown) => {
      if (!/duplicate key|unique/i.test(String((error as { cause?: unknown }).cause ?? error))) throw error;
    },
  );
  return HOST_TENANT_ID;
}
