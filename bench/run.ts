/**
 * Runs the benchmarks and prints their figures, then one table of the performance targets: met, not
 * met, or not run (never a pass/fail exit code for a figure; a benchmark that crashes exits 1).
 *
 *   npm run bench [-- --only list] [--database-url URL] [--connections N] [--duration 15] [--warmup 3]
 *                 [--rates 100,200,300]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_BENCH_DATABASE_URL, DEFAULT_SETTINGS, type Benchmark, type BenchSettings } from './lib/benchmark';
import { intFlag, isMain, redactUrl, runMain, UsageError } from './lib/cli';
import { summaryLines, targetLine, type SummarisedBenchmark, type TargetFigure } from './lib/targets';
import { availabilityBenchmark } from './availability';
import { bundleBenchmark } from './bundle';
import { casesBenchmark } from './cases';
import { firstStartBenchmark } from './first-start';
import { invoicesBenchmark } from './invoices';
import { jobsBenchmark } from './jobs';
import { listBenchmark } from './list';
import { selectionBenchmark } from './selection';

/** Every benchmark, in the order they run. A new benchmark adds itself here. */
export const benchmarks: readonly Benchmark[] = [
  listBenchmark,
  selectionBenchmark,
  casesBenchmark,
  bundleBenchmark,
  availabilityBenchmark,
  jobsBenchmark,
  firstStartBenchmark,
  invoicesBenchmark,
];

/** How this run was started, as one would type it again (a database URL's password hidden). */
function commandLine(): string {
  const args = process.argv
    .slice(2)
    .map((a) => a.replace(/[a-z][\w+.-]*:\/\/\S+/i, (url) => redactUrl(url)))
    .map((a) => (/^[\w@%+=:,./*-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`));
  if (process.env.npm_lifecycle_event === 'bench')
    return ['npm run bench', ...(args.length ? ['--', ...args] : [])].join(' ');
  return ['node --import tsx bench/run.ts', ...args].join(' ');
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      'database-url': { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      rates: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'usage: npm run bench -- [--only NAME[,NAME]] [--database-url URL] [--connections N] [--duration S] [--warmup S] [--rates R[,R]]',
    );
    for (const b of benchmarks) console.log(`  ${b.name.padEnd(10)} ${b.summary}`);
    return;
  }
  const only = (values.only ?? [])
    .flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  const unknown = only.filter((name) => !benchmarks.some((b) => b.name === name));
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown benchmark(s): ${unknown.join(', ')}; known: ${benchmarks.map((b) => b.name).join(', ')}`,
    );
  }
  const selected = only.length > 0 ? benchmarks.filter((b) => only.includes(b.name)) : benchmarks;
  const settings: BenchSettings = {
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL,
    ...(values.connections !== undefined ? { connections: intFlag(values.connections, 'connections', 1, 1) } : {}),
    durationSeconds: intFlag(values.duration, 'duration', DEFAULT_SETTINGS.durationSeconds, 1),
    warmupSeconds: intFlag(values.warmup, 'warmup', DEFAULT_SETTINGS.warmupSeconds, 0),
    ...(values.rates !== undefined
      ? { rates: values.rates.split(',').map((r) => intFlag(r.trim(), 'rates', 1, 1)) }
      : {}),
  };
  const reported: TargetFigure[] = [];
  const outcomes = new Map<string, SummarisedBenchmark['outcome']>();
  let failed = false;
  for (const bench of selected) {
    const started = Date.now();
    console.log(`== ${bench.name}: ${bench.summary}`);
    try {
      await bench.run(
        settings,
        (line) => console.log(line),
        (figure) => {
          reported.push(figure);
          console.log(targetLine(figure));
        },
      );
      outcomes.set(bench.name, 'ran');
      console.log(`== ${bench.name} done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    } catch (error) {
      // The other benchmarks still run, and the summary shows what this one measured before it failed.
      outcomes.set(bench.name, 'failed');
      failed = true;
      console.error(error instanceof UsageError ? error.message : error);
      console.log(`== ${bench.name} FAILED after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    console.log('');
  }
  const summary = summaryLines(
    benchmarks.map((b) => ({ name: b.name, targets: b.targets, outcome: outcomes.get(b.name) ?? 'not run' })),
    reported,
    { command: commandLine(), startedAt, cores: os.cpus().length, loadAtStart, loadAtEnd: os.loadavg() },
  );
  for (const line of summary) console.log(line);
  if (failed) process.exitCode = 1;
}

if (isMain(import.meta.url)) runMain(main);
