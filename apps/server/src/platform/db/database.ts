import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { Uuid } from '@casebook/domain';
import { databaseImage } from './image';
import { openingWithFirstQuery } from './opening';

/** A query handle: the database, or a transaction in it. */
export type Tx = PgDatabase<PgQueryResultHKT>;

/** Runs raw SQL and returns its rows; both drivers answer with { rows }. */
export async function sqlRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const prepared = preparedIn.get(tx);
  if (prepared) {
    const q = prepared.dialect.sqlToQuery(query);
    const name = `cb_${crypto.createHash('sha1').update(q.sql).digest('base64url').slice(0, 22)}`;
    const known = preparedNames.get(prepared.client) ?? new Set<string>();
    preparedNames.set(prepared.client, known);
    if (known.has(name) || known.size < PREPARED_PER_CONNECTION) {
      known.add(name);
      const result = await prepared.handle.query({ name, text: q.sql, values: q.params, types: TEXT_TIMES });
      return result.rows as T[];
    }
  }
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The transactions opened with `preparedStatements` (withTenant's options), and their connection: there
 * sqlRows prepares each statement text once per connection, and PostgreSQL plans it once (generic plan).
 */
const preparedIn = new WeakMap<object, { client: pg.PoolClient; handle: pg.PoolClient; dialect: PgDialect }>();
/** The statement names each connection has prepared; beyond the bound a statement is sent unnamed. */
const preparedNames = new WeakMap<pg.PoolClient, Set<string>>();
const PREPARED_PER_CONNECTION = 200;
/** Times, dates and intervals as PostgreSQL's text, as drizzle returns them (not parsed into Date). */
const TEXT_TIME_TYPES = new Set([1082, 1083, 1114, 1115, 1182, 1183, 1184, 1185, 1186, 1187, 1231, 1266]);
const TEXT_TIMES = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TIME_TYPES.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format),
} as pg.CustomTypesConfig;

/** The writes each open PostgreSQL transaction of withTenant sends with its commit (writeWithCommit). */
const commitWrites = new WeakMap<object, SQL[]>();

/**
 * Adds a write to the transaction `tx` that goes to PostgreSQL with its commit, in one round trip instead of
 * two: for a last write whose answer nobody reads (a search's history line). Each round trip costs both
 * processes a wake-up, as much CPU as a small query. It runs at once where there is no network (the
 * embedded database) or outside withTenant. Its values are sent as literals (escaped by the driver).
 */
export async function writeWithCommit(tx: Tx, statement: SQL): Promise<void> {
  const pending = commitWrites.get(tx);
  if (pending) pending.push(statement);
  else await tx.execute(statement);
}

/** A statement as one text with its values as literals, for a simple query. */
function inlined(dialect: PgDialect, statement: SQL): string {
  const query = dialect.sqlToQuery(statement);
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value: unknown = query.params[Number(n) - 1];
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'boolean') return String(value);
    if (typeof value === 'string') return pg.escapeLiteral(value);
    throw new Error(`writeWithCommit takes text, numbers, booleans and nulls, not ${typeof value}`);
  });
}

export const APP_ROLE = 'casebook_app';
/** Extensions the embedded database loads: the migrations create them, every start must load them. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin, btree_gist };
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /**
   * The restricted application handle with no tenant set: every tenant-owned table looks empty.
   * Request work goes through withTenant instead.
   */
  readonly app: Tx;
  /** Runs fn in one transaction scoped to the tenant by row-level security. */
  withTenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>, options?: TenantTransactionOptions): Promise<T>;
  /**
   * Runs fn in one read-only transaction scoped to the tenant: on the read replica when one is
   * configured (reports), else as withTenant. A replica may be a moment behind the primary.
   */
  withTenantRead<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs fn in one transaction as the owner: host-wide work only, asked for by name. */
  withSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Where background jobs keep their queue (schema pgboss, owned by the application role) and where the
   * real-time hub listens: the embedded instance itself, or a connection string of the application role
   * that holds a session (LISTEN), so never one through a pooler in transaction mode.
   */
  readonly jobsConnection: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; connectionString: string };
  /**
   * Runs fn while no other process of this database runs its own `exclusive` work: start-up seeding,
   * which two servers starting together on an empty database would otherwise both do.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Applies the migrations of `folder` the database has not yet applied and re-runs the table security
   * rules, as the owner, as a start does (the host's migration button); one process at a time.
   */
  migrate(folder?: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type TenantTransactionOptions = {
  /**
   * On PostgreSQL (unless turned off for the database), each statement sqlRows sends is prepared once per
   * connection and planned once, generically, instead of planned at every call: for a hot read of a few
   * statement shapes whose plans follow their indexes, not their values (the availability search,
   * decision 0136). Planning was a third of such a search's database time.
   */
  preparedStatements?: boolean;
};

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; migrate?: boolean }
  | {
      kind: 'postgres';
      ownerUrl: string;
      appUrl?: string;
      appPassword?: string;
      /** The application role's session connection (jobs, LISTEN); defaults to appUrl. */
      sessionUrl?: string;
      /** A streaming read replica, for withTenantRead (reports); the application role's login there. */
      readUrl?: string;
      poolSize?: number;
      migrate?: boolean;
      /**
       * Whether withTenant's `preparedStatements` prepares statements (default true). Off behind a pooler in
       * transaction mode that does not carry prepared statements across its server connections (PgBouncer
       * before 1.21, or without `max_prepared_statements`).
       */
      preparedStatements?: boolean;
    };

function assertTenantId(tenantId: string): void {
  if (!Uuid.safeParse(tenantId).success) throw new Error(`withTenant needs a tenant UUID, got "${tenantId}"`);
}

const setTenant = (tenantId: string) => sql`select set_config('app.tenant_id', ${tenantId}, true)`;

/** Opens the embedded database (PGlite) or PostgreSQL, applies migrations and the table security rules. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options);
}

/**
 * PGlite runs its queries on this thread and answers them as microtasks, so a run of transactions one after
 * another (the demo's seeding, a long import) never lets the event loop read the network: requests wait
 * for the whole run. Each transaction first lets queued I/O in, so they wait for one transaction at most.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How many migrations the database records as applied (0 before the first). The table security rules
 * (`casebook_secure_tables()`, an ALTER and GRANT per table) change only with the tables, so a start
 * re-runs them only when its migration step applied something.
 */
async function migrationCount(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  // Two statements: a statement naming a table that does not exist fails however it is guarded.
  const { rows } = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(rows[0] as { present: boolean }).present) return 0;
  const counted = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
  return (counted.rows[0] as { n: number }).n;
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // A new data directory starts from the migrated image rather than an empty database.
  const isNew = options.dataDir !== undefined && !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'));
  const loadDataDir =
    options.loadDataDir ??
    (isNew && options.migrate !== false
      ? await databaseImage({ migrationsFolder: MIGRATIONS_FOLDER, extensions: PGLITE_EXTENSIONS, appRole: APP_ROLE })
      : undefined);
  const client = await PGlite.create({
    extensions: PGLITE_EXTENSIONS,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client) as unknown as Tx;
  const owner = (await client.query<{ u: string }>('select session_user as u')).rows[0]!.u;
  if (options.migrate !== false) {
    const before = await migrationCount((text) => client.query(text));
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    // The rules are re-run after a migration; a start that applied none finds them as the last one left them.
    if ((await migrationCount((text) => client.query(text))) !== before || before === 0) {
      await client.exec('select casebook_secure_tables()');
    }
  }
  // The whole session runs as the restricted role; owner work switches back per transaction.
  await client.exec(`set role ${APP_ROLE}`);
  async function withTenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    assertTenantId(tenantId);
    await turn();
    return db.transaction(async (tx) => {
      await tx.execute(setTenant(tenantId));
      return fn(tx as unknown as Tx);
    });
  }
  return {
    kind: 'pglite',
    app: db,
    jobsConnection: { kind: 'pglite', client },
    withTenant,
    // One process, one copy of the data: reads go where writes go.
    withTenantRead: withTenant,
    async withSystem(fn) {
      await turn();
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role "${owner.replaceAll('"', '""')}"`));
        return fn(tx as unknown as Tx);
      });
    },
    // One process owns an embedded database: there is no one else to wait for.
    exclusive: (fn) => fn(),
    async migrate(folder = MIGRATIONS_FOLDER) {
      // The owner's work in one transaction of PGlite's single connection: nothing else runs between.
      await turn();
      await client.transaction(async (tx) => {
        await tx.exec(`set local role "${owner.replaceAll('"', '""')}"`);
        const applied = new Set(
          (await tx.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations')).rows.map((r) => r.hash),
        );
        const last = Number(
          (
            await tx.query<{ at: string | null }>(
              'select max(created_at)::text as at from drizzle.__drizzle_migrations',
            )
          ).rows[0]?.at ?? 0,
        );
        for (const m of readMigrationFiles({ migrationsFolder: folder })) {
          if (m.folderMillis <= last || applied.has(m.hash)) continue;
          for (const statement of m.sql) await tx.exec(statement);
          await tx.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
            m.hash,
            m.folderMillis,
          ]);
        }
        await tx.exec('select casebook_secure_tables()');
      });
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
  };
}

/** The application role's connection string: same server and database, the restricted role's login. */
export function deriveAppUrl(ownerUrl: string, password?: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = password ?? '';
  return url.toString();
}

/**
 * How long an unused connection stays open. pg's default (10 s) closes them between a clerk's clicks:
 * the next request then waits for a new backend, whose first statements also fill its empty catalog
 * caches (the case list's first run on a new connection takes 6–9 ms instead of 2). Idle connections
 * do not keep the process alive (a script that ends without closing the database still exits).
 */
const IDLE_CONNECTION_MS = 5 * 60_000;
const POOL_IDLE = { idleTimeoutMillis: IDLE_CONNECTION_MS, allowExitOnIdle: true } as const;

async function openPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<Database> {
  const ownerPool = new pg.Pool({ connectionString: options.ownerUrl, max: 4, ...POOL_IDLE });
  const ownerDb = drizzlePg(ownerPool) as unknown as Tx;
  if (options.migrate !== false) {
    const conn = await ownerPool.connect();
    try {
      // Several processes may start together: one migrates, the others wait for it.
      await conn.query('select pg_advisory_lock(7402011)');
      const before = await migrationCount((text) => conn.query(text));
      await migratePg(drizzlePg(conn) as never, { migrationsFolder: MIGRATIONS_FOLDER });
      if ((await migrationCount((text) => conn.query(text))) !== before || before === 0) {
        await conn.query('select casebook_secure_tables()');
      }
      if (options.appPassword) {
        const quoted = (await conn.query<{ q: string }>('select quote_literal($1) as q', [options.appPassword]))
          .rows[0]!.q;
        await conn.query(`alter role ${APP_ROLE} password ${quoted}`);
      }
    } finally {
      await conn.query('select pg_advisory_unlock(7402011)').catch(() => undefined);
      conn.release();
    }
  }
  const appUrl = options.appUrl ?? deriveAppUrl(options.ownerUrl, options.appPassword);
  // No JIT for request work: compiling a statement costs tens of milliseconds, more than any list or
  // search query runs, and PostgreSQL starts it on cost estimates alone (a count over a tenant's cases).
  const appPool = new pg.Pool({
    connectionString: appUrl,
    max: options.poolSize ?? 20,
    ...POOL_IDLE,
    options: '-c jit=off',
  });
  const appDb = drizzlePg(appPool) as unknown as Tx;
  const dialect = new PgDialect();
  // Reports read from the replica when there is one: the same role and row-level security, read-only.
  const readPool = options.readUrl
    ? new pg.Pool({
        connectionString: options.readUrl,
        max: options.poolSize ?? 20,
        ...POOL_IDLE,
        options: '-c jit=off',
      })
    : undefined;
  readPool?.on('error', () => undefined);
  const preparing = options.preparedStatements !== false;
  async function inTenant<T>(
    pool: pg.Pool,
    opening: string,
    tenantId: string,
    fn: (tx: Tx) => Promise<T>,
    txOptions?: TenantTransactionOptions,
  ) {
    assertTenantId(tenantId);
    const prepared = preparing && txOptions?.preparedStatements === true;
    const client = await pool.connect();
    // The transaction opens and sets its tenant (a checked UUID, safe to inline) with its first statement, in
    // one round trip (opening.ts): on a busy machine every round trip to the database costs as much as a
    // small query. A transaction that sends nothing opens nothing.
    // A prepared statement is planned once for its connection (generic plan) only when this is asked for:
    // PostgreSQL's default would plan it for each call's values five times first, and again whenever the
    // generic plan's estimate looks dearer than the values' own.
    const opened = openingWithFirstQuery(client, [
      opening,
      `set local app.tenant_id = '${tenantId}'`,
      ...(prepared ? ['set local plan_cache_mode = force_generic_plan'] : []),
    ]);
    const handle = opened.handle;
    const tx = new NodePgTransaction(dialect, new NodePgSession(handle, dialect, undefined), undefined);
    let broken: unknown;
    try {
      const writes: SQL[] = [];
      commitWrites.set(tx, writes);
      if (prepared) preparedIn.set(tx, { client, handle, dialect });
      const result = await fn(tx as unknown as Tx);
      commitWrites.delete(tx);
      const unopened = opened.pending();
      if (!unopened || writes.length > 0) {
        await client.query([...(unopened ?? []), ...writes.map((w) => inlined(dialect, w)), 'commit'].join('; '));
      }
      return result;
    } catch (error) {
      if (!opened.pending()) await client.query('rollback').catch((rollbackError: unknown) => (broken = rollbackError));
      throw error;
    } finally {
      // A connection that cannot even roll back is dropped, not returned to the pool.
      client.release(broken instanceof Error ? broken : undefined);
    }
  }
  return {
    kind: 'postgres',
    app: appDb,
    jobsConnection: { kind: 'postgres', connectionString: options.sessionUrl ?? appUrl },
    withTenant(tenantId, fn, txOptions) {
      return inTenant(appPool, 'begin', tenantId, fn, txOptions);
    },
    withTenantRead(tenantId, fn) {
      return readPool
        ? inTenant(readPool, 'begin transaction read only', tenantId, fn)
        : inTenant(appPool, 'begin', tenantId, fn);
    },
    withSystem(fn) {
      return ownerDb.transaction(async (tx) => fn(tx as unknown as Tx));
    },
    async migrate(folder = MIGRATIONS_FOLDER) {
      const conn = await ownerPool.connect();
      try {
        // The lock a start migrates under: a starting process and the button never migrate together.
        await conn.query('select pg_advisory_lock(7402011)');
        await migratePg(drizzlePg(conn) as never, { migrationsFolder: folder });
        await conn.query('select casebook_secure_tables()');
      } finally {
        await conn.query('select pg_advisory_unlock(7402011)').catch(() => undefined);
        conn.release();
      }
    },
    async exclusive(fn) {
      const conn = await ownerPool.connect();
      try {
        await conn.query('select pg_advisory_lock(7402012)');
        return await fn();
      } finally {
        await conn.query('select pg_advisory_unlock(7402012)').catch(() => undefined);
        conn.release();
      }
    },
    async ping() {
      await appPool.query('select 1');
    },
    async close() {
      await Promise.all([appPool.end(), ownerPool.end(), readPool?.end()]);
    },
  };
}
