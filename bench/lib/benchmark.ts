import type { ReportTarget, TargetGoal } from './targets';

/** What every benchmark is given by the runner. */
export type BenchSettings = {
  /** Owner connection string of the benchmark database (created if missing). */
  databaseUrl: string;
  /** Concurrent connections / client loops; absent means the benchmark's own default. */
  connections?: number;
  /** Measured seconds of each load phase. */
  durationSeconds: number;
  /** Unmeasured seconds before each load phase (JIT, caches, pools). */
  warmupSeconds: number;
  /**
   * Arrival rates (requests a second) of the open-loop phases, for benchmarks that have them; absent
   * means the benchmark's own.
   */
  rates?: number[];
};

/**
 * A benchmark: run.ts lists them and runs the ones asked for; each prints its own figures and hands the
 * runner the figures of its targets through `target`, which ends the run with one table of them all.
 */
export type Benchmark = {
  name: string;
  /** One line: what it measures. */
  summary: string;
  /** The targets it measures (those it did not report show in the summary without a figure). */
  targets: readonly TargetGoal[];
  run(settings: BenchSettings, log: (line: string) => void, target: ReportTarget): Promise<void>;
};

/** Where benchmarks run unless DATABASE_URL or --database-url says otherwise. */
export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/casebook_bench';

export const DEFAULT_SETTINGS: Omit<BenchSettings, 'databaseUrl'> = {
  durationSeconds: 15,
  warmupSeconds: 3,
};
