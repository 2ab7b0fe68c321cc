import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { endpointPath, ReportEndpoints, type ReportResultDto } from '@casebook/domain';
import { callerFor, createTestApp, createTestUser, newTenant, onPostgres, type TestApp } from '../../../test/harness';
import { replicaCaughtUp, startPrimaryAndReplica, type Cluster } from '../../../test/postgres-processes';
import { APP_ROLE, openDatabase, sqlRows, type Database } from './database';

// A primary and a streaming replica of its own, started by the test (seconds of start-up: the PostgreSQL pass
// only, apps/server/test/suites.ts).
describe.skipIf(!onPostgres)('reports read from a streaming read replica (DATABASE_READ_URL)', () => {
  let servers: Awaited<ReturnType<typeof startPrimaryAndReplica>>;
  let primary: Cluster;
  let replica: Cluster;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    servers = await startPrimaryAndReplica();
    ({ primary, replica } = servers);
    await primary.query('create database casebook');
    database = await openDatabase({
      kind: 'postgres',
      ownerUrl: primary.url('casebook'),
      readUrl: replica.url('casebook', APP_ROLE),
      poolSize: 5,
    });
    t = await createTestApp(database);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    servers?.remove();
  });

  const accounts = (r: ReportResultDto) => r.totals.accounts ?? 0;

  it("shows the replica's figures: a user added while the replica is paused appears once it replays", async () => {
    const tenantId = await newTenant(database);
    const staff = await callerFor(t, tenantId, ['STAFF']);
    const today = new Date().toISOString().slice(0, 10);
    const report = async () => {
      const res = await staff.get(
        `${endpointPath(ReportEndpoints.get, { key: 'user-account-analysis' })}?from=${today}&to=${today}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ReportResultDto;
    };
    await replicaCaughtUp(primary, replica);
    const before = accounts(await report());
    expect(before).toBeGreaterThan(0);

    await replica.query('select pg_wal_replay_pause()');
    try {
      await createTestUser(database, tenantId, ['STAFF'], { userName: 'added-while-paused' });
      const onPrimary = await database.withTenant(tenantId, (tx) =>
        sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from users, unnest(roles) where not is_deleted`),
      );
      // The primary has the new account; the report, read from the paused replica, does not yet.
      expect(onPrimary[0]!.n).toBe(before + 1);
      expect(accounts(await report())).toBe(before);
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
    await replicaCaughtUp(primary, replica);
    expect(accounts(await report())).toBe(before + 1);
  });

  it('is read-only and keeps row-level security: no write, and no other tenant’s rows', async () => {
    const mine = await newTenant(database);
    const other = await newTenant(database);
    await createTestUser(database, other, ['STAFF'], { userName: 'someone-else' });
    await replicaCaughtUp(primary, replica);
    const seen = await database.withTenantRead(mine, (tx) =>
      sqlRows<{ tenant_id: string }>(tx, sql`select distinct tenant_id::text from users`),
    );
    expect(seen.map((r) => r.tenant_id)).not.toContain(other);
    const refused = await database
      .withTenantRead(mine, (tx) => tx.execute(sql`update users set name = 'x' where false`))
      .then(
        () => undefined,
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(refused).toMatch(/read-only transaction/);
  });
});
