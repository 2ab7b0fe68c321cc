import { defineConfig } from 'vitest/config';
import {
  checkListed,
  DATABASE_TEST_FILES,
  mockingTestFiles,
  RESILIENCE_TAG,
  serverTestFiles,
} from './apps/server/test/suites.ts';

const allServerFiles = serverTestFiles();
checkListed(allServerFiles, DATABASE_TEST_FILES);
// The PostgreSQL pass of `npm test` (TEST_DATABASE_ONLY=true) runs only the files the database decides.
const serverFiles =
  process.env.TEST_DATABASE_ONLY === 'true'
    ? allServerFiles.filter((file) => DATABASE_TEST_FILES.includes(file))
    : allServerFiles;
const mockingServerFiles = mockingTestFiles(serverFiles);
const sharedServerFiles = serverFiles.filter((file) => !mockingServerFiles.includes(file));

/** What both server projects share. */
const serverTest = {
  environment: 'node',
  globalSetup: ['apps/server/test/global-setup.ts'],
  setupFiles: ['apps/server/test/setup.ts'],
  // Generous for a CI machine slower than this one (a run there took 12% longer, and one test here 30.5 s
  // at load 14): a limit only matters to a test that hangs.
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks',
  tags: [
    {
      name: RESILIENCE_TAG,
      description: 'Takes many seconds to show the system survives a kill or restart; one database pass runs it.',
    },
  ],
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Date maths runs again in an Australian zone: nothing may depend on the process time zone.
        test: {
          name: 'domain-sydney',
          include: [
            'packages/domain/src/calendar.test.ts',
            'packages/domain/src/relative-ranges.test.ts',
            'packages/domain/src/high-risk.test.ts',
            'packages/domain/src/specialist-contract.test.ts',
            'packages/domain/src/scheduling/*.test.ts',
          ],
          environment: 'node',
          env: { TZ: 'Australia/Sydney' },
        },
      },
      {
        // Most server test files share one module graph per worker: the app's modules (about 3.6 s to
        // import on a busy two-core machine) load once per worker instead of once per file. Each file
        // still builds its own app, in tenants of its own.
        // On PGlite they also share one database per worker (apps/server/test/harness.ts).
        test: {
          name: 'server',
          include: sharedServerFiles,
          isolate: false,
          ...serverTest,
          env: { TEST_SHARED_DATABASE: 'true' },
        },
      },
      {
        // Files that replace a module with vi.mock get a fresh module graph each, so the mock reaches
        // the app they build and goes with them.
        test: { name: 'server-isolated', include: mockingServerFiles, isolate: true, ...serverTest },
      },
      {
        // The benchmarks' own pure parts (the target summary); the benchmarks themselves are run by hand.
        test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' },
      },
      {
        // jsdom 30+ does not start on Node 20; happy-dom runs the React component tests.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          isolate: false,
          setupFiles: ['apps/web/src/platform/controls/testing/setup.ts'],
          // The files share one module graph and one document per worker, as the server files do: antd
          // and happy-dom load once per worker instead of once per file (about 1.5 s each). The setup file
          // clears what a file leaves behind (portals, faked clocks, stubs, storage).
          // Whole antd screens in happy-dom take seconds on a busy two-core machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
