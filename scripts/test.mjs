// npm test: builds the web app, runs the unit/integration projects and then the e2e suite, and ends
// with one line `N passed, N failed` over both. Uses DATABASE_URL when set, PGlite otherwise.
// TEST_DATABASE_ONLY=true is CI's second database pass: only the server test files whose outcome the
// database decides (listed in apps/server/test/suites.ts) and the smoke browser test; the rest runs
// once, in the PGlite pass. TEST_LEAVE_OUT_RESILIENCE=true leaves out the tests tagged `resilience`
// (many seconds each), which CI runs in the PostgreSQL pass only.
import { buildWeb, notRun, report, runVitest } from './lib/suites.mjs';

const results = [];
const build = await buildWeb();
results.push(build);
const databaseOnly = process.env.TEST_DATABASE_ONLY === 'true';
const leaveOutResilience = process.env.TEST_LEAVE_OUT_RESILIENCE === 'true';
results.push(
  await runVitest({
    name: databaseOnly ? 'integration (database tests)' : 'unit and integration',
    resultFile: 'unit.json',
    args: [
      ...(databaseOnly ? ['--project', 'server', '--project', 'server-isolated'] : []),
      ...(leaveOutResilience ? ['--tags-filter=!resilience'] : []),
    ],
  }),
);
results.push(
  build.failed === 0
    ? await runVitest({ name: 'e2e', config: 'e2e/vitest.config.ts', resultFile: 'e2e.json' })
    : notRun('e2e', 'not run: the web app did not build'),
);
process.exitCode = report(results);
