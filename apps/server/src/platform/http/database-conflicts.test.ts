import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { ErrorMessages } from '@casebook/domain';
import { newTenant, onPostgres, openTestDatabase } from '../../../test/harness';
import { sqlRows, type Database } from '../db/database';
import { createErrorHandler } from './errors';

let db: Database | undefined;

beforeAll(async () => {
  if (onPostgres) db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

// PGlite is one connection: only PostgreSQL runs two transactions at once.
describe.skipIf(!onPostgres)('two requests whose transactions wait for each other', () => {
  test('PostgreSQL ends one: it is answered 409, try again, with nothing written, and kept as a fault', async () => {
    const tenantId = await newTenant(db!);
    const kept: unknown[] = [];
    const app = Fastify({ logger: false });
    app.setErrorHandler(
      createErrorHandler(async (error) => {
        kept.push(error);
      }),
    );
    // Each request takes one lock, waits until the other has taken its own, then asks for the other's.
    let arrived = 0;
    let bothHold!: () => void;
    const together = new Promise<void>((resolve) => (bothHold = resolve));
    const key = `conflict-${tenantId}`;
    app.post<{ Params: { first: string } }>('/probe/:first', async (request) =>
      db!.withTenant(tenantId, async (tx) => {
        const [first, second] = request.params.first === 'a' ? ['a', 'b'] : ['b', 'a'];
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${key}-${first}`}))`);
        await tx.execute(sql`insert into languages (tenant_id, id, concurrency_stamp, name)
          values (${tenantId}::uuid, gen_random_uuid(), 'x', ${`Written by ${first}`})`);
        if (++arrived === 2) bothHold();
        await together;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${key}-${second}`}))`);
        return { done: first };
      }),
    );
    await app.ready();
    const answers = await Promise.all(
      ['a', 'b'].map((first) => app.inject({ method: 'POST', url: `/probe/${first}` })),
    );
    await app.close();
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json()).toEqual({ error: { code: 'Casebook:Concurrency', message: ErrorMessages.concurrency } });
    // The refused request's insert was rolled back with it; the other's is there.
    const done = (answers.find((a) => a.statusCode === 200)!.json() as { done: string }).done;
    const names = await db!.withTenant(tenantId, (tx) =>
      sqlRows<{ name: string }>(tx, sql`select name from languages where name like 'Written by %'`),
    );
    expect(names.map((r) => r.name)).toEqual([`Written by ${done}`]);
    expect(kept).toHaveLength(1);
  }, 30_000);
});
