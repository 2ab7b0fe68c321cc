// Runs the test suites as child processes and reads their JSON results, so the totals come from
// what the runners recorded rather than from their console output.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where JSON results go; CI gives each database run its own folder. */
export const RESULTS_DIR = path.resolve(REPO_ROOT, process.env.TEST_RESULTS_DIR ?? '.test-results');

const VITEST_BIN = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/**
 * @typedef {{ name: string, passed: number, failed: number, skipped: number, problems: string[], seconds?: number }} SuiteResult
 * `seconds`: the suite's wall time, printed with its totals (CI gathers them into its time summary).
 */

/** Runs a command with the console attached; resolves to its exit code (a signal counts as failure). */
function run(command, args, env = process.env, logFile = undefined) {
  return new Promise((resolve) => {
    const log = logFile ? fs.openSync(logFile, 'w') : undefined;
    const stdio = log === undefined ? 'inherit' : ['ignore', log, log];
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio });
    if (log !== undefined) child.once('close', () => fs.closeSync(log));
    child.once('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

/**
 * Builds the web app, which the server serves and the e2e suite opens. With TEST_WEB_BUILT=true the
 * build already in apps/web/dist is used as it is: CI builds once for its two runs, which it starts
 * together and which must not write the same folder at the same time.
 */
export async function buildWeb() {
  if (process.env.TEST_WEB_BUILT === 'true') {
    const built =
      fs.existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html')) &&
      fs.existsSync(path.join(REPO_ROOT, 'apps/server/dist/main.js'));
    console.log(
      `\n▶ Using the web app and server already built in apps/web/dist and apps/server/dist${built ? '' : ' (missing)'}`,
    );
    return /** @type {SuiteResult} */ ({
      name: 'web build',
      passed: 0,
      failed: built ? 0 : 1,
      skipped: 0,
      problems: built
        ? []
        : ['TEST_WEB_BUILT=true but apps/web/dist/index.html or apps/server/dist/main.js does not exist'],
    });
  }
  console.log('\n▶ Building the web app, and the server as `npm start` runs it');
  let code = await run('npm', ['run', 'build', '-w', 'apps/web']);
  if (code === 0) code = await run(process.execPath, ['apps/server/scripts/build-server.mjs']);
  return /** @type {SuiteResult} */ ({
    name: 'web build',
    passed: 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    problems: code === 0 ? [] : [`the web or server build exited with code ${code}`],
  });
}

/** A suite that could not run at all counts as one failure. */
export function notRun(name, reason) {
  return /** @type {SuiteResult} */ ({ name, passed: 0, failed: 1, skipped: 0, problems: [reason] });
}

/**
 * Runs `vitest run` with the default reporter on the console and the JSON reporter to a file.
 * Failures vitest reports outside any test (a file that does not load, an unhandled error) have no
 * test to count against, so each such file, or a non-zero exit with nothing else failed, counts as one.
 */
export async function runVitest({ name, config, resultFile, args = [], env = process.env, held = false }) {
  const outputFile = path.join(RESULTS_DIR, resultFile);
  fs.mkdirSync(path.dirname(outputFile), { recursive: true });
  fs.rmSync(outputFile, { force: true });
  // A run beside another one keeps its output in a file and prints it when it ends, so the two do not interleave.
  const logFile = held ? `${outputFile}.log` : undefined;
  console.log(`\n▶ Running the ${name} tests${held ? ' (its output follows when it ends)' : ''}`);
  const started = Date.now();
  const code = await run(
    process.execPath,
    [
      VITEST_BIN,
      'run',
      ...(config ? ['--config', config] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
      ...args,
    ],
    env,
    logFile,
  );
  if (logFile) {
    console.log(`\n▶ Output of the ${name} tests`);
    process.stdout.write(fs.readFileSync(logFile, 'utf8'));
  }

  /** @type {SuiteResult} */
  const result = { name, passed: 0, failed: 0, skipped: 0, problems: [], seconds: (Date.now() - started) / 1000 };
  let report;
  try {
    report = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
  } catch {
    result.failed = 1;
    result.problems.push(
      `vitest exited with code ${code} and wrote no results to ${path.relative(REPO_ROOT, outputFile)}`,
    );
    return result;
  }
  result.passed = report.numPassedTests ?? 0;
  result.failed = report.numFailedTests ?? 0;
  result.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const failedInFile = (file.assertionResults ?? []).filter((t) => t.status === 'failed').length;
    if (file.status === 'failed' && failedInFile === 0) {
      result.failed += 1;
      result.problems.push(`${path.relative(REPO_ROOT, file.name)} failed outside its tests`);
    }
  }
  if (code !== 0 && result.failed === 0) {
    result.failed = 1;
    result.problems.push(`vitest exited with code ${code} although no test failed`);
  }
  return result;
}

/** The closing line CI reads: `N passed, N failed`, with `, N skipped` when there are any. */
export function closingLine(results) {
  const sum = (key) => results.reduce((total, r) => total + r[key], 0);
  const skipped = sum('skipped');
  return `${sum('passed')} passed, ${sum('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

/** Prints each suite's totals and any problems, then the closing line alone; returns the exit code. */
export function report(results) {
  console.log('');
  for (const r of results) {
    if (r.name === 'web build' && r.failed === 0) continue;
    const time = r.seconds === undefined ? '' : ` in ${Math.round(r.seconds)} s`;
    console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${time}`);
    for (const problem of r.problems) console.log(`    ✗ ${problem}`);
  }
  console.log(closingLine(results));
  return results.some((r) => r.failed > 0) ? 1 : 0;
}
