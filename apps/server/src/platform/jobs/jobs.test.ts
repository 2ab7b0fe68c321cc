import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { uuidv7 } from '@casebook/domain';
import { openOwnTestDatabase } from '../../../test/harness';
import { sqlRows, type Database } from '../db/database';
import { Jobs, Turns, type JobData } from './jobs';

let database: Database;
beforeAll(async () => {
  database = await openOwnTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const TENANT = '00000000-0000-0000-0000-000000000000';

async function states(queue: string): Promise<Record<string, number>> {
  const rows = await sqlRows<{ state: string; n: number }>(
    database.app,
    sql`select state, count(*)::int as n from pgboss.job where name = ${queue} group by state`,
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('job batches larger than the concurrency', () => {
  it('run every job once, never more than the concurrency at a time, and retry a failed one', async () => {
    const queue = `batch-test-${uuidv7().slice(-8)}`;
    const gaveUp: string[] = [];
    const jobs = new Jobs(database, {
      pollingIntervalSeconds: 0.5,
      onGaveUp: async ({ data }) => {
        gaveUp.push(String((data as JobData & { n: number }).n));
      },
    });
    const runs = new Map<number, number>();
    let running = 0;
    let mostAtOnce = 0;
    jobs.define<JobData & { n: number }>(
      queue,
      { retryLimit: 1, retryDelay: 0, retryBackoff: false, expireInSeconds: 60, concurrency: 3, batchSize: 10 },
      async ({ data, retryCount }) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        try {
          runs.set(data.n, (runs.get(data.n) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 5));
          // Job 7 fails its first attempt and succeeds on the retry; job 13 fails both (then gives up).
          if (data.n === 7 && retryCount === 0) throw new Error('first attempt fails');
          if (data.n === 13) throw new Error('always fails');
          return { n: data.n };
        } finally {
          running -= 1;
        }
      },
    );
    await jobs.install();
    const total = 45;
    await jobs.boss.insert(
      queue,
      Array.from({ length: total }, (_, n) => ({ data: { tenantId: TENANT, n } })),
    );
    await jobs.start();
    try {
      await until(async () => {
        const s = await states(queue);
        return (s.completed ?? 0) === total - 1 && (s.failed ?? 0) === 1;
      });
    } finally {
      await jobs.stop();
    }
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(3);
    for (let n = 0; n < total; n += 1) expect(runs.get(n), `job ${n}`).toBe(n === 7 || n === 13 ? 2 : 1);
    expect(gaveUp).toEqual(['13']);
    const [output] = await sqlRows<{ output: { n: number } }>(
      database.app,
      sql`select output from pgboss.job where name = ${queue} and data->>'n' = '7'`,
    );
    expect(output?.output).toEqual({ n: 7 });
  }, 90_000);
});

describe('Turns', () => {
  it('lets at most its limit run at a time, the rest in order of arrival', async () => {
    const turns = new Turns(2);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        turns
          .run(async () => {
            started.push(i);
            running += 1;
            most = Math.max(most, running);
            await new Promise((r) => setTimeout(r, 2));
            running -= 1;
            if (i === 3) throw new Error('three');
            return i;
          })
          .catch((e: Error) => e.message),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 1, 2, 'three', 4, 5, 6]);
  });
});
