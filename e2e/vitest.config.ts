import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs the browser test files as three groups at the same time (scripts/test.mjs), each with its
 * own server, database and Chromium; CI runs groups a and b in its PGlite pass and group c in its
 * PostgreSQL pass. The groups are sized by the time their tests take: c (the account walk, a third of the
 * suite's time, and the case and booking flows, whose database constraints it is good to see on PostgreSQL)
 * starts while the PGlite pass is still in its unit tests, so it takes more. Group b is every
 * file not named here. The smoke test (the server starting on the database, a signed-in page) runs in a
 * and c, so each database pass has it.
 */
const GROUPS: Record<'a' | 'c', readonly string[]> = {
  a: [
    'e2e/shell.e2e.ts',
    'e2e/signin.e2e.ts',
    'e2e/csp.e2e.ts',
    'e2e/files.e2e.ts',
    'e2e/presence.e2e.ts',
    'e2e/correspondence.e2e.ts',
    'e2e/master-data.e2e.ts',
    'e2e/practice-software.e2e.ts',
    'e2e/video.e2e.ts',
    'e2e/smoke.e2e.ts',
    // Moved from c, whose run (the PostgreSQL pass) ended about 160 s after the PGlite pass.
    'e2e/report-qa.e2e.ts',
  ],
  c: [
    'e2e/permissions.e2e.ts',
    'e2e/funding.e2e.ts',
    'e2e/cases.e2e.ts',
    'e2e/scheduling.e2e.ts',
    'e2e/smoke.e2e.ts',
    // Searches and statistics are SQL of their own (full-text, aggregations): worth seeing on PostgreSQL.
    'e2e/search-account.e2e.ts',
    'e2e/statistics.e2e.ts',
    'e2e/notifications-onetime.e2e.ts',
    'e2e/administration.e2e.ts',
    'e2e/why.e2e.ts',
  ],
};
const E2E_GROUP_NAMES = ['a', 'b', 'c'] as const;
const group = process.env.E2E_GROUP;
if (group !== undefined && !(E2E_GROUP_NAMES as readonly string[]).includes(group)) {
  throw new Error(`e2e/vitest.config.ts: E2E_GROUP=${group}; the groups are ${E2E_GROUP_NAMES.join(', ')}`);
}
const ALL_FILES = fs
  .readdirSync(fileURLToPath(new URL('.', import.meta.url)))
  .filter((name) => name.endsWith('.e2e.ts'))
  .map((name) => `e2e/${name}`);
for (const file of [...GROUPS.a, ...GROUPS.c]) {
  if (!ALL_FILES.includes(file)) throw new Error(`e2e/vitest.config.ts: a group names ${file}, which does not exist`);
}
const named = new Set([...GROUPS.a, ...GROUPS.c]);
const filesOf = (name: string | undefined): string[] =>
  name === 'a' || name === 'c' ? [...GROUPS[name]] : name === 'b' ? ALL_FILES.filter((f) => !named.has(f)) : ALL_FILES;

export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    // Without E2E_GROUP every file runs.
    include: filesOf(group),
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['e2e/support/failures.ts'],
    // Browser steps and a cold server are slow next to unit tests; the machine has 2 cores. A file states a
    // limit of its own only where it needs more (a server of its own, the account walk).
    testTimeout: 180_000,
    hookTimeout: 180_000,
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
