/**
 * Runs the benchmarks and prints their figures (never a pass/fail exit code).
 *
 *   npm run bench [-- --only list] [--database-url URL] [--connections N] [--duration 15] [--warmup 3]
 *                 [--rates 100,200,300]
 */
import { parseArgs } from 'node:util';
import { DEFAULT_BENCH_DATABASE_URL, DEFAULT_SETTINGS, type Benchmark, type BenchSettings } from './lib/benchmark';
import { intFlag, isMain, runMain, UsageError } from './lib/cli';
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

async function main(): Promise<void> {
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
  for (const bench of selected) {
    const started = Date.now();
    console.log(`== ${bench.name}: ${bench.summary}`);
    await bench.run(settings, (line) => console.log(line));
    console.log(`== ${bench.name} done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    console.log('');
  }
}

if (isMain(import.meta.url)) runMain(main);
