/**
 * The first-start benchmark: how long `npm start` takes on the embedded database before the server
 * answers, on an empty data directory (create the database, migrate, seed the host tenant, the demo
 * tenants and their work in progress) and again on the data the first start left (open and serve).
 *
 *   npm run bench -- --only first-start        (or: node --import tsx bench/first-start.ts)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/support/server';
import { APP_ROLE, MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from '../apps/server/src/platform/db/database';
import { databaseImageFile } from '../apps/server/src/platform/db/image';
import type { Benchmark } from './lib/benchmark';
import { isMain, runMain } from './lib/cli';
import { quantile, table } from './lib/stats';

const RUNS = 3;

/** Seconds from starting the server process until /api/health answers 200, and the server stopped again. */
async function timedStart(dataDir: string): Promise<number> {
  const started = performance.now();
  // The embedded database whatever DATABASE_URL says: this is the start with nothing installed.
  const server = await startServer({ databaseUrl: '', env: { DATA_DIR: dataDir }, startTimeoutMs: 300_000 });
  const seconds = (performance.now() - started) / 1000;
  await server.stop();
  return seconds;
}

async function run(_settings: unknown, log: (line: string) => void): Promise<void> {
  // `npm start` runs `npm run build` first, which makes the embedded database's migrated image when the
  // migrations changed; a first start loads it. Made here the same way, and not counted.
  const imageFile = await databaseImageFile({
    migrationsFolder: MIGRATIONS_FOLDER,
    extensions: PGLITE_EXTENSIONS,
    appRole: APP_ROLE,
  });
  log(`database image: ${path.basename(imageFile)}`);
  const first: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-first-start-'));
    try {
      first.push(await timedStart(dataDir));
      again.push(await timedStart(dataDir));
      log(`  run ${i + 1}: first start ${first.at(-1)!.toFixed(1)} s, second start ${again.at(-1)!.toFixed(1)} s`);
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
    [row('empty data directory (migrate, seed demo)', first), row('existing data', again)],
  ))
    log(line);
  log(`  first start / second start: ${(median(first) / median(again)).toFixed(1)}×`);
}

const median = (values: number[]) => quantile(Float64Array.from(values).sort(), 0.5);

export const firstStartBenchmark: Benchmark = {
  name: 'first-start',
  summary: 'seconds until npm start answers on the embedded database: empty data directory, then existing',
  run,
};

if (isMain(import.meta.url)) runMain(() => run(undefined, (line) => console.log(line)));
