// npm test: builds the web app, runs the unit/integration projects and then the e2e suite, and ends
// with one line `N passed, N failed` over both. Uses DATABASE_URL when set, PGlite otherwise.
import { buildWeb, notRun, report, runVitest } from './lib/suites.mjs';

const results = [];
const build = await buildWeb();
results.push(build);
results.push(await runVitest({ name: 'unit and integration', resultFile: 'unit.json' }));
results.push(
  build.failed === 0
    ? await runVitest({ name: 'e2e', config: 'e2e/vitest.config.ts', resultFile: 'e2e.json' })
    : notRun('e2e', 'not run: the web app did not build'),
);
process.exitCode = report(results);
