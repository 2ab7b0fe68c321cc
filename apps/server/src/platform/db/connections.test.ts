import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { onPostgres, openTestDatabase } from '../../../test/harness';
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
});
