// npm test: builds the web app, runs the unit/integration projects and the e2e suite side by side, and
// ends with one line `N passed, N failed` over both. Uses DATABASE_URL when set, PGlite otherwise.
// The browser tests mostly wait on the browser and the server, so they run beside the unit tests (their
// output is printed once they end); on PostgreSQL they get a database of their own next to
// DATABASE_URL's, made for the run and dropped after. TEST_SUITES_TOGETHER=false runs them one after
// the other instead (also what happens when that database cannot be made).
// TEST_DATABASE_ONLY=true leaves out the projects that never open a database (domain, web components):
// CI runs them once, in the PGlite run, rather than again unchanged in the PostgreSQL run.
import fs from 'node:fs';
import path from 'node:path';
import { buildWeb, notRun, ownDatabaseBeside, report, RESULTS_DIR, runVitest } from './lib/suites.mjs';

const databaseOnly = process.env.TEST_DATABASE_ONLY === 'true';
const unitSuite = {
  name: databaseOnly ? 'integration (server only)' : 'unit and integration',
  resultFile: 'unit.json',
  args: databaseOnly ? ['--project', 'server'] : [],
};
const e2eSuite = { name: 'e2e', config: 'e2e/vitest.config.ts', resultFile: 'e2e.json' };

const build = await buildWeb();
const results = [build];

let e2eDatabase;
let together = process.env.TEST_SUITES_TOGETHER !== 'false' && build.failed === 0;
if (together && process.env.DATABASE_URL) {
  try {
    e2eDatabase = await ownDatabaseBeside(process.env.DATABASE_URL, '_e2e');
  } catch (error) {
    console.log(`\n▶ The browser tests run after the others: no database of their own (${error.message})`);
    together = false;
  }
}

if (together) {
  const logFile = path.join(RESULTS_DIR, 'e2e.log');
  const env = e2eDatabase ? { ...process.env, DATABASE_URL: e2eDatabase.url } : process.env;
  try {
    const [unit, e2e] = await Promise.all([runVitest(unitSuite), runVitest({ ...e2eSuite, env, logFile })]);
    console.log(`\n▶ The e2e tests' output`);
    process.stdout.write(fs.readFileSync(logFile, 'utf8'));
    results.push(unit, e2e);
  } finally {
    await e2eDatabase?.drop();
  }
} else {
  results.push(await runVitest(unitSuite));
  results.push(build.failed === 0 ? await runVitest(e2eSuite) : notRun('e2e', 'not run: the web app did not build'));
}
process.exitCode = report(results);
