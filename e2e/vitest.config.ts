import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The browser test files of group a, about half of the suite's time (the account walk alone is a third of it);
 * the other files are group b.
 */
const GROUP_A = [
  'e2e/permissions.e2e.ts',
  'e2e/shell.e2e.ts',
  'e2e/signin.e2e.ts',
  'e2e/csp.e2e.ts',
  'e2e/files.e2e.ts',
  'e2e/presence.e2e.ts',
  'e2e/smoke.e2e.ts',
];
const group = process.env.E2E_GROUP;
const ALL_FILES = fs
  .readdirSync(fileURLToPath(new URL('.', import.meta.url)))
  .filter((name) => name.endsWith('.e2e.ts'))
  .map((name) => `e2e/${name}`);
const notIn = (files: readonly string[]) => ALL_FILES.filter((file) => !files.includes(file));
for (const file of GROUP_A) {
  if (!ALL_FILES.includes(file)) throw new Error(`e2e/vitest.config.ts: group a names ${file}, which does not exist`);
}

export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    // CI's PostgreSQL pass (TEST_DATABASE_ONLY=true) runs the smoke test only: the server starting on
    // PostgreSQL and a signed-in page. The browser tests do not depend on the database; they run once,
    // in the PGlite pass.
    include: process.env.TEST_DATABASE_ONLY === 'true' ? ['e2e/smoke.e2e.ts'] : ['e2e/**/*.e2e.ts'],
    // `npm test` runs the files as two groups at once (scripts/test.mjs), each with its own server:
    // group a is the files below, group b the rest; without E2E_GROUP every file runs.
    exclude:
      group === 'a'
        ? ['**/node_modules/**', ...notIn(GROUP_A)]
        : group === 'b'
          ? ['**/node_modules/**', ...GROUP_A]
          : [],
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
  },
});
