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

/** A database for this test file: the shared PostgreSQL, or a PGlite loaded from the migrated template. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    return track(
      await openDatabase({ kind: 'postgres', ownerUrl: process.env.DATABASE_URL, migrate: false, poolSize: 40 }),
    );
  }
  const template = inject('pgliteTemplate');
  const blob = new Blob([fs.readFileSync(template)]);
  return track(await openDatabase({ kind: 'pglite', loadDataDir: blob, migrate: false }));
}

/**
 * A database of the test's own. Background jobs share their queue with every process of a database,
 * so a test that runs job workers on PostgreSQL gets a fresh database (dropped on close); on PGlite
 * every test file has its own instance anyway.
 */
export async function openOwnTestDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.DATABASE_URL;
  if (!base) return openTestDatabase();
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
  } = {},
): Promise<TestApp> {
  const db = database ?? (await openTestDatabase());
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
