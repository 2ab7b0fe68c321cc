import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // jsdom 30+ does not start on Node 20; happy-dom runs the React component tests.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/platform/controls/testing/setup.ts'],
          // Whole antd screens in happy-dom take seconds on a busy two-core machine.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
