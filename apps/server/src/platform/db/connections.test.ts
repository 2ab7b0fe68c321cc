import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { newTenant, onPostgres, openTestDatabase } from '../../../test/harness';
import { sqlRows, writeWithCommit, type Database } from './database';

let db: Database | undefined;

beforeAll(async () => {
  if (onPostgres) db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

// PGlite is one connection in the process; only PostgreSQL has connections to keep or lose.
describe.skipIf(!onPostgres)('connections to PostgreSQL', () => {
  const backend = async (tenantId: string) => {
    const rows = await db!.withTenant(tenantId, (tx) =>
      sqlRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`),
    );
    return rows[0]!.pid;
  };

  test('stay open between clicks: a request 11 s after the last one is served by the same backend', async () => {
    const tenantId = '01900000-0000-7000-8000-000000000001';
    const first = await backend(tenantId);
    // pg's default closes a connection unused for 10 s: the next request would wait for a new backend
    // and fill its empty catalog caches.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(await backend(tenantId)).toBe(first);
  }, 20_000);

  test('a read asking for prepared statements plans each once per connection, and still sees its own tenant only', async () => {
    const tenants = [await newTenant(db!), await newTenant(db!)];
    const names = ['Prepared Alpha', 'Prepared Beta'];
    for (const [i, tenantId] of tenants.entries()) {
      await db!.withTenant(tenantId, (tx) =>
        tx.execute(sql`insert into languages (tenant_id, id, concurrency_stamp, name)
          values (${tenantId}::uuid, gen_random_uuid(), 'x', ${names[i]!})`),
      );
    }
    const read = sql`select name from languages where name like ${'Prepared %'} order by name`;
    for (let round = 0; round < 6; round++) {
      const i = round % 2;
      const { rows, plans } = await db!.withTenant(
        tenants[i]!,
        async (tx) => ({
          rows: await sqlRows<{ name: string }>(tx, read),
          plans: await sqlRows<{ generic_plans: string; custom_plans: string }>(
            tx,
            sql`select generic_plans, custom_plans from pg_prepared_statements where statement like ${'%from languages where name like%'} and statement not like ${'%pg_prepared_statements%'}`,
          ),
        }),
        { preparedStatements: true },
      );
      // The generic plan reads the tenant at run time: each tenant sees its own row only.
      expect(rows.map((r) => r.name)).toEqual([names[i]]);
      expect(plans).toHaveLength(1);
      expect(Number(plans[0]!.generic_plans)).toBeGreaterThanOrEqual(1);
      expect(Number(plans[0]!.custom_plans)).toBe(0);
    }
    // Without the option the same read is sent unprepared and planned for its values.
    const plain = await db!.withTenant(tenants[0]!, (tx) => sqlRows<{ name: string }>(tx, read));
    expect(plain.map((r) => r.name)).toEqual([names[0]]);
  });

  describe('a transaction opens with its first statement', () => {
    test('the first statement already runs in the transaction, with its tenant, and so do the ones after it', async () => {
      const tenantId = await newTenant(db!);
      const rows = await db!.withTenant(tenantId, async (tx) => [
        ...(await sqlRows<{ tenant: string; xact: string }>(
          tx,
          sql`select current_setting('app.tenant_id') as tenant, pg_current_xact_id()::text as xact`,
        )),
        ...(await sqlRows<{ tenant: string; xact: string }>(
          tx,
          sql`select current_setting('app.tenant_id') as tenant, pg_current_xact_id()::text as xact`,
        )),
      ]);
      expect(rows.map((r) => r.tenant)).toEqual([tenantId, tenantId]);
      // One transaction: the same id in both statements.
      expect(rows[0]!.xact).toBe(rows[1]!.xact);
    });

    test('a first statement of several statements without values answers with their own results', async () => {
      const tenantId = await newTenant(db!);
      const answer = (await db!.withTenant(tenantId, (tx) =>
        tx.execute(sql.raw(`select current_setting('app.tenant_id') as tenant; select 2 as two`)),
      )) as unknown as { rows: Record<string, unknown>[] }[];
      expect(answer.map((r) => r.rows)).toEqual([[{ tenant: tenantId }], [{ two: 2 }]]);
    });

    test('a failure after the first statement rolls back what it wrote', async () => {
      const tenantId = await newTenant(db!);
      const name = `Opening ${tenantId}`;
      await expect(
        db!.withTenant(tenantId, async (tx) => {
          await tx.execute(sql`insert into languages (tenant_id, id, concurrency_stamp, name)
            values (${tenantId}::uuid, gen_random_uuid(), 'x', ${name})`);
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      const rows = await db!.withTenant(tenantId, (tx) =>
        sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from languages where name = ${name}`),
      );
      expect(rows[0]!.n).toBe(0);
    });

    test('a transaction whose only work goes with the commit still opens, with its tenant', async () => {
      const tenantId = await newTenant(db!);
      const name = `Committed ${tenantId}`;
      await db!.withTenant(tenantId, (tx) =>
        writeWithCommit(
          tx,
          sql`insert into languages (tenant_id, id, concurrency_stamp, name)
            values (current_setting('app.tenant_id')::uuid, gen_random_uuid(), 'x', ${name})`,
        ),
      );
      const rows = await db!.withTenant(tenantId, (tx) =>
        sqlRows<{ tenant_id: string }>(tx, sql`select tenant_id from languages where name = ${name}`),
      );
      expect(rows.map((r) => r.tenant_id)).toEqual([tenantId]);
    });

    test('a prepared statement whose first parse failed is parsed again once it can be', async () => {
      const tenantId = await newTenant(db!);
      const fn = `casebook_opening_test_${tenantId.replace(/-/g, '')}`;
      const read = sql`select ${sql.raw(fn)}() as v, pg_backend_pid() as pid`;
      const prepared = { preparedStatements: true };
      const [before] = await db!.withTenant(tenantId, (tx) =>
        sqlRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`),
      );
      // The function does not exist yet: the statement's Parse fails, after the opening's have succeeded.
      await expect(db!.withTenant(tenantId, (tx) => sqlRows(tx, read), prepared)).rejects.toThrow(/does not exist/);
      await db!.withSystem((tx) =>
        tx.execute(sql.raw(`create function ${fn}() returns int language sql as 'select 7'`)),
      );
      try {
        // The same connection (the pool hands out the one released last) parses it again and runs it.
        const [row] = await db!.withTenant(tenantId, (tx) => sqlRows<{ v: number; pid: number }>(tx, read), prepared);
        expect(row!.pid).toBe(before!.pid);
        expect(row!.v).toBe(7);
      } finally {
        await db!.withSystem((tx) => tx.execute(sql.raw(`drop function ${fn}()`)));
      }
    });
  });
});
