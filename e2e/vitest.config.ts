import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    // CI's PostgreSQL pass (TEST_DATABASE_ONLY=true) runs the smoke test only: the server starting on
    // PostgreSQL and a signed-in page. The browser tests do not depend on the database; they run once,
    // in the PGlite pass.
    include: process.env.TEST_DATABASE_ONLY === 'true' ? ['e2e/smoke.e2e.ts'] : ['e2e/**/*.e2e.ts'],
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
    // One process for all files: playwright and the support modules load once, and the files share
    // one Chromium process (e2e/support/browser.ts), each in browser contexts of its own. Nothing in
    // the browser tests replaces a module.
    isolate: false,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
