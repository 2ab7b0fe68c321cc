/**
 * The first-start benchmark: how long `npm start` takes on the embedded database before the server
 * answers, on an empty data directory (load the migrated database image, seed the host tenant, the demo
 * tenants and their accounts) and again on the data the first start left (open and serve); and when the
 * demo's work in progress, seeded after the first answer, is there.
 *
 *   npm run bench -- --only first-start        (or: node --import tsx bench/first-start.ts)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCompiledServer, startServer } from '../e2e/support/server';
import { APP_ROLE, MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from '../apps/server/src/platform/db/database';
import { databaseImageFile } from '../apps/server/src/platform/db/image';
import type { Benchmark } from './lib/benchmark';
import { isMain, runMain } from './lib/cli';
import { quantile, table } from './lib/stats';
import { printTarget, type ReportTarget, type TargetGoal } from './lib/targets';

const RUNS = 3;

/** Median seconds until the server answers, on the embedded database (printed, not enforced). */
const FIRST_START_TARGET: TargetGoal = {
  name: 'first start (empty data directory): seconds until it answers, median',
  unit: 's',
  goal: 8,
  better: 'lower',
  strict: true,
};
const LATER_START_TARGET: TargetGoal = {
  name: 'later start (existing data): seconds until it answers, median',
  unit: 's',
  goal: 3,
  better: 'lower',
  strict: true,
};

/**
 * Seconds from starting the server process (the compiled one `npm start` runs) until /api/health answers
 * 200 and the CPU the process used until then, and until it no longer says the
 * demo's work in progress is being seeded (seeded after the first answer); the server is stopped again.
 */
async function timedStart(dataDir: string): Promise<{ answered: number; cpu: number; demoReady: number }> {
  const started = performance.now();
  // The embedded database whatever DATABASE_URL says: this is the start with nothing installed.
  const server = await startServer({
    databaseUrl: '',
    env: { DATA_DIR: dataDir },
    startTimeoutMs: 300_000,
    waitForDemo: false,
    compiled: true,
    pollMs: 25,
  });
  const answered = (performance.now() - started) / 1000;
  const cpu = server.cpuSecondsAtAnswer ?? Number.NaN;
  for (;;) {
    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { demo?: string };
    if (health.demo !== 'seeding') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const demoReady = (performance.now() - started) / 1000;
  await server.stop();
  return { answered, cpu, demoReady };
}

async function run(_settings: unknown, log: (line: string) => void, target: ReportTarget): Promise<void> {
  // `npm start` runs `npm run build` first, which makes the embedded database's migrated image when the
  // migrations changed; a first start loads it. Made here the same way, and not counted.
  const imageFile = await databaseImageFile({
    migrationsFolder: MIGRATIONS_FOLDER,
    extensions: PGLITE_EXTENSIONS,
    appRole: APP_ROLE,
  });
  log(`database image: ${path.basename(imageFile)}`);
  // `npm start` runs the compiled server its prestart builds (apps/server/dist); built here, not counted.
  buildCompiledServer();
  log(`load average at start: ${loadAverage()}`);
  const first: number[] = [];
  const again: number[] = [];
  const firstCpu: number[] = [];
  const againCpu: number[] = [];
  const firstDemo: number[] = [];
  const againDemo: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-first-start-'));
    try {
      const one = await timedStart(dataDir);
      const two = await timedStart(dataDir);
      first.push(one.answered);
      firstCpu.push(one.cpu);
      againCpu.push(two.cpu);
      firstDemo.push(one.demoReady);
      again.push(two.answered);
      againDemo.push(two.demoReady);
      log(
        `  run ${i + 1}: first start ${one.answered.toFixed(1)} s, ${one.cpu.toFixed(1)} s CPU ` +
          `(demo data ${one.demoReady.toFixed(1)} s), second start ${two.answered.toFixed(1)} s, ` +
          `${two.cpu.toFixed(1)} s CPU (demo data ${two.demoReady.toFixed(1)} s); load average ${loadAverage()}`,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const row = (name: string, values: number[]) => {
    return [name, median(values).toFixed(1), Math.min(...values).toFixed(1), Math.max(...values).toFixed(1)];
  };
  log('');
  for (const line of table(
    ['start (embedded database)', 'median s', 'min s', 'max s'],
    [
      row('empty data directory: answers', first),
      row('  CPU (user + system) until it answers', firstCpu),
      row('empty data directory: demo data seeded', firstDemo),
      row('existing data: answers', again),
      row('  CPU (user + system) until it answers', againCpu),
      row('existing data: demo data checked', againDemo),
    ],
  ))
    log(line);
  log(`  first start / second start: ${(median(first) / median(again)).toFixed(1)}×`);
  log(`  load average at end: ${loadAverage()}`);
  target({ ...FIRST_START_TARGET, figure: median(first) });
  target({ ...LATER_START_TARGET, figure: median(again) });
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const median = (values: number[]) => quantile(Float64Array.from(values).sort(), 0.5);

export const firstStartBenchmark: Benchmark = {
  name: 'first-start',
  summary: 'seconds until npm start answers on the embedded database: empty data directory, then existing',
  targets: [FIRST_START_TARGET, LATER_START_TARGET],
  run,
};

if (isMain(import.meta.url)) runMain(() => run(undefined, (line) => console.log(line), printTarget));
