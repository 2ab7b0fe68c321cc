// npm run test:e2e: builds the web app and runs only the browser tests; extra arguments go to vitest.
import { buildWeb, notRun, report, runVitest } from './lib/suites.mjs';

const build = await buildWeb();
const e2e =
  build.failed === 0
    ? await runVitest({
        name: 'e2e',
        config: 'e2e/vitest.config.ts',
        resultFile: 'e2e.json',
        args: process.argv.slice(2),
      })
    : notRun('e2e', 'not run: the web app did not build');
process.exitCode = report([build, e2e]);
