import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { newTenant, onPostgres, openTestDatabase } from '../../../test/harness';
import { sqlRows, type Database } from './database';

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
});
