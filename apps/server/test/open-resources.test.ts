import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { createTestApp } from './harness';
import { closeLeftovers } from './open-resources';

describe('apps and databases a test file leaves open', () => {
  test('are closed when the file ends: the app, then its database', async () => {
    const t = await createTestApp();
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
