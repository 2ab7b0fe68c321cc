// npm test: builds the web app, runs the unit/integration projects and then the e2e suite, and ends
// with one line `N passed, N failed` over both. Uses DATABASE_URL when set, PGlite otherwise.
// TEST_DATABASE_ONLY=true is CI's second database pass: only the server test files whose outcome the
// database decides (listed in apps/server/test/suites.ts) and browser test group c; the rest runs
// once, in the PGlite pass. TEST_LEAVE_OUT_RESILIENCE=true leaves out the tests tagged `resilience`
// (many seconds each), which CI runs in the PostgreSQL pass only.
import { buildWeb, notRun, report, runVitest } from './lib/suites.mjs';

// TEST_WEB_COMPONENTS=true|false runs or leaves out the web component tests (project `web`, which opens no
// database): by default every run but the PostgreSQL pass has them. CI gives them to its PostgreSQL pass,
// whose chain of work is the shorter one.
const results = [];
const build = await buildWeb();
results.push(build);
const databaseOnly = process.env.TEST_DATABASE_ONLY === 'true';
const leaveOutResilience = process.env.TEST_LEAVE_OUT_RESILIENCE === 'true';
const webComponents = (process.env.TEST_WEB_COMPONENTS ?? String(!databaseOnly)) === 'true';
const OTHER_PROJECTS = ['domain', 'domain-sydney', 'server', 'server-isolated', 'bench'];
const projects = databaseOnly
  ? ['server', 'server-isolated', ...(webComponents ? ['web'] : [])]
  : webComponents
    ? []
    : OTHER_PROJECTS;
results.push(
  await runVitest({
    name: databaseOnly
      ? `integration (database tests${webComponents ? ', web components' : ''})`
      : `unit and integration${webComponents ? '' : ' (no web components)'}`,
    resultFile: 'unit.json',
    args: [
      ...projects.flatMap((project) => ['--project', project]),
      ...(leaveOutResilience ? ['--tags-filter=!resilience'] : []),
    ],
  }),
);
// The browser tests run as three groups at the same time, each with its own server, database and Chromium
// (e2e/vitest.config.ts, E2E_GROUP): a browser test mostly waits on one Chromium renderer, a single busy
// thread, so several keep both cores of a small machine working. TEST_E2E_GROUPS names the groups to run
// (comma-separated): CI's PGlite pass runs a and b, its PostgreSQL pass c; without it the PostgreSQL pass
// (TEST_DATABASE_ONLY=true) runs c and every other run all three.
const E2E_GROUPS = ['a', 'b', 'c'];
const e2eGroups = (process.env.TEST_E2E_GROUPS ?? (databaseOnly ? 'c' : E2E_GROUPS.join(',')))
  .split(',')
  .map((group) => group.trim())
  .filter(Boolean);
const unknownGroups = e2eGroups.filter((group) => !E2E_GROUPS.includes(group));
if (unknownGroups.length > 0) {
  console.error(`TEST_E2E_GROUPS names ${unknownGroups.join(', ')}; the groups are ${E2E_GROUPS.join(', ')}`);
  process.exit(1);
}
if (build.failed === 0) {
  results.push(
    ...(await Promise.all(
      e2eGroups.map((group, i) =>
        runVitest({
          name: `e2e (group ${group})`,
          config: 'e2e/vitest.config.ts',
          resultFile: `e2e-${group}.json`,
          // Groups b and c run the compiled server `npm start` runs (built with the web app): it starts on
          // a fraction of the CPU the sources need through tsx. Group a runs the sources, as `npm run dev` does.
          env: { ...process.env, E2E_GROUP: group, ...(group !== 'a' ? { E2E_COMPILED_SERVER: 'true' } : {}) },
          held: i > 0,
        }),
      ),
    )),
  );
} else {
  results.push(notRun('e2e', 'not run: the web app did not build'));
}
process.exitCode = report(results);
