// npm test: builds the web app, runs the unit/integration projects and the e2e suite, and ends
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
// The unit and integration tests and the browser tests run at the same time. The browser tests run as
// three groups, each with its own server, database and Chromium (e2e/vitest.config.ts, E2E_GROUP); a
// browser test mostly waits (on its renderer, its server, a screen settling) and uses a fraction of a
// core, while the unit tests keep a core busy: the unit tests run at a lower priority (nice 10), so they
// take the time the browser tests leave and do not slow their screens. The PostgreSQL pass has the smoke
// test only.
const unit = () =>
  runVitest({
    name: databaseOnly ? 'integration (database tests)' : 'unit and integration',
    resultFile: 'unit.json',
    args: [
      ...(databaseOnly ? ['--project', 'server', '--project', 'server-isolated'] : []),
      ...(leaveOutResilience ? ['--tags-filter=!resilience'] : []),
    ],
    nice: databaseOnly ? 0 : 10,
  });
const e2e = (group) =>
  runVitest({
    name: group ? `e2e (group ${group})` : 'e2e',
    config: 'e2e/vitest.config.ts',
    resultFile: group ? `e2e-${group}.json` : 'e2e.json',
    env: group ? { ...process.env, E2E_GROUP: group } : process.env,
    held: Boolean(group),
  });
if (databaseOnly) {
  // One after the other: the smoke test's server seeds the demo tenants into the database the
  // integration tests use.
  results.push(await unit());
  results.push(build.failed === 0 ? await e2e(undefined) : notRun('e2e', 'not run: the web app did not build'));
} else if (build.failed === 0) {
  results.push(...(await Promise.all([unit(), e2e('a'), e2e('b'), e2e('c')])));
} else {
  results.push(await unit(), notRun('e2e', 'not run: the web app did not build'));
}
process.exitCode = report(results);
