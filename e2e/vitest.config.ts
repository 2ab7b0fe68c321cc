import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs the browser tests as three groups at the same time, each with its own server, database
 * and Chromium: a browser test mostly waits (on its renderer, its server, a screen settling), so three
 * groups keep a small machine's two cores busier than one. Groups a and b are the files named here, about
 * a third of the suite's time each; group c is every other file.
 */
const NAMED_GROUPS: Record<string, readonly string[]> = {
  a: ['e2e/permissions.e2e.ts', 'e2e/csp.e2e.ts', 'e2e/files.e2e.ts', 'e2e/presence.e2e.ts', 'e2e/smoke.e2e.ts'],
  b: [
    'e2e/shell.e2e.ts',
    'e2e/signin.e2e.ts',
    'e2e/scheduling.e2e.ts',
    'e2e/master-data.e2e.ts',
    'e2e/resources.e2e.ts',
  ],
};
/** The groups `npm test` runs: the named ones and `c`, the rest. */
const E2E_GROUPS = [...Object.keys(NAMED_GROUPS), 'c'] as const;
const group = process.env.E2E_GROUP;
const ALL_FILES = fs
  .readdirSync(fileURLToPath(new URL('.', import.meta.url)))
  .filter((name) => name.endsWith('.e2e.ts'))
  .map((name) => `e2e/${name}`);
const NAMED_FILES = Object.values(NAMED_GROUPS).flat();
for (const file of NAMED_FILES) {
  if (!ALL_FILES.includes(file)) throw new Error(`e2e/vitest.config.ts: a group names ${file}, which does not exist`);
}
if (group !== undefined && !E2E_GROUPS.includes(group)) {
  throw new Error(`E2E_GROUP=${group}: the groups are ${E2E_GROUPS.join(', ')}`);
}
/** The files of the chosen group (every file without E2E_GROUP). */
const groupFiles =
  group === undefined ? ALL_FILES : (NAMED_GROUPS[group] ?? ALL_FILES.filter((file) => !NAMED_FILES.includes(file)));

export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    // CI's PostgreSQL pass (TEST_DATABASE_ONLY=true) runs the smoke test only: the server starting on
    // PostgreSQL and a signed-in page. The browser tests do not depend on the database; they run once,
    // in the PGlite pass.
    include: process.env.TEST_DATABASE_ONLY === 'true' ? ['e2e/smoke.e2e.ts'] : ['e2e/**/*.e2e.ts'],
    // `npm test` runs the files as three groups at once (scripts/test.mjs), each with its own server.
    exclude: ['**/node_modules/**', ...ALL_FILES.filter((file) => !groupFiles.includes(file))],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['e2e/support/failures.ts'],
    // Browser steps and a cold server are slow next to unit tests; the machine has 2 cores.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // expect.poll's own default is 1 s, which a table reloading after a filter change can exceed on a
    // busy machine (CI runs its two databases at the same time); a condition that never holds still fails.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // One process for all files of a run: playwright and the support modules load once, and the files
    // share one Chromium process (e2e/support/browser.ts), each in browser contexts of its own. Nothing in
    // the browser tests replaces a module.
    isolate: false,
    maxWorkers: 1,
    fileParallelism: false,
    // Tests marked concurrent (the account walk of permissions.e2e.ts) run three at a time, each in
    // its own browser context.
    maxConcurrency: 3,
  },
});
