// npm test: builds the web app, runs the unit/integration projects and then the e2e suite, and ends
// with one line `N passed, N failed` over both. Uses DATABASE_URL when set, PGlite otherwise.
// TEST_DATABASE_ONLY=true leaves out the projects that never open a database (domain, web components):
// CI runs them once, in the PGlite run, rather than again unchanged in the PostgreSQL run.
import { buildWeb, notRun, report, runVitest } from './lib/suites.mjs';

const results = [];
const build = await buildWeb();
results.push(build);
const databaseOnly = process.env.TEST_DATABASE_ONLY === 'true';
results.push(
  await runVitest({
    name: databaseOnly ? 'integration (server only)' : 'unit and integration',
    resultFile: 'unit.json',
    args: databaseOnly ? ['--project', 'server'] : [],
  }),
);
results.push(
  build.failed === 0
    ? await runVitest({ name: 'e2e', config: 'e2e/vitest.config.ts', resultFile: 'e2e.json' })
    : notRun('e2e', 'not run: the web app did not build'),
);
process.exitCode = report(results);
