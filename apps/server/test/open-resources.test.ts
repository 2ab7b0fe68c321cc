import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { createTestApp, openOwnTestDatabase } from './harness';
import { closeLeftovers } from './open-resources';

// Each test loads a database (the worker's shared one may not be loaded yet): seconds of CPU, which a busy
// machine stretches.
describe('apps and databases a test file leaves open', { timeout: 90_000 }, () => {
  test('are closed when the file ends: the app, then its database', async () => {
    // A database of its own: the one the worker's files share stays open.
    const t = await createTestApp(await openOwnTestDatabase());
    expect(await t.database.withSystem((tx) => tx.execute(sql`select 1 as one`))).toBeTruthy();
    // What setup.ts does after the file's own hooks.
    expect(await closeLeftovers()).toBe(2);
    await expect(t.database.withSystem((tx) => tx.execute(sql`select 1 as one`))).rejects.toThrow();
    expect(await closeLeftovers()).toBe(0);
  });

  test('one the test closed itself is not closed again', async () => {
    const t = await createTestApp();
    await t.close();
    expect(await closeLeftovers()).toBe(0);
  });
});
