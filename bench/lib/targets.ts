/**
 * The performance targets: each benchmark declares the targets it measures and reports a figure for
 * each where it computes it; the runner ends with one table of every target, met or not.
 */
import { table } from './stats';

/** A target a benchmark is held to: a figure compared with a goal (printed, never enforced). */
export type TargetGoal = {
  /** Unique among all benchmarks' targets: what is measured and under which load. */
  name: string;
  /** The figure's unit as printed after it: 'ms', 'kB', 's', 'jobs/s', '%'. */
  unit: string;
  goal: number;
  /** Whether a figure below the goal (latency, CPU, size, time) or above it (throughput, ratio) is better. */
  better: 'lower' | 'higher';
  /** The figure must be strictly below (above) the goal ("p99 < 30 ms"); otherwise equal meets it ("≤ 2.5 ms"). */
  strict?: boolean;
};

/** One measured figure of a target. */
export type TargetFigure = TargetGoal & { figure: number };

/** How a benchmark hands the runner a target's figure, where it computes it. */
export type ReportTarget = (figure: TargetFigure) => void;

/** Whether a figure meets its goal. A figure that is not a number (nothing was measured) does not. */
export function isMet(t: TargetFigure): boolean {
  if (!Number.isFinite(t.figure)) return false;
  if (t.better === 'lower') return t.strict ? t.figure < t.goal : t.figure <= t.goal;
  return t.strict ? t.figure > t.goal : t.figure >= t.goal;
}

/** "≤ 2.5 ms", "< 30 ms", "≥ 2,000 jobs/s", "≥ 50%". */
export function formatGoal(t: TargetGoal): string {
  const op = t.better === 'lower' ? (t.strict ? '<' : '≤') : t.strict ? '>' : '≥';
  return `${op} ${withUnit(t.goal.toLocaleString('en-AU', { maximumFractionDigits: 2 }), t.unit)}`;
}

/** A figure with its unit, to 0.01 below 10, to 0.1 below 1,000: 0.84 ms, 27.3 ms, 290.8 kB, 2,480 jobs/s, 57.1%. */
export function formatAmount(n: number, unit: string): string {
  if (!Number.isFinite(n)) return '–';
  const abs = Math.abs(n);
  const digits = abs >= 1000 ? 0 : abs >= 10 ? 1 : 2;
  return withUnit(n.toLocaleString('en-AU', { minimumFractionDigits: digits, maximumFractionDigits: digits }), unit);
}

const withUnit = (amount: string, unit: string) => (unit === '%' ? `${amount}%` : `${amount} ${unit}`);

/** A line of the target report a benchmark prints when run on its own (without the runner's table). */
export function targetLine(t: TargetFigure): string {
  return `target ${t.name}: ${formatAmount(t.figure, t.unit)} (${formatGoal(t)}: ${isMet(t) ? 'met' : 'not met'})`;
}

/** The target callback of a benchmark run on its own: prints each figure against its goal. */
export const printTarget: ReportTarget = (t) => console.log(targetLine(t));

/** What the summary says about the circumstances of the run. */
export type RunContext = {
  command: string;
  startedAt: Date;
  cores: number;
  /** os.loadavg() when the run started and when it ended (1, 5 and 15 minutes). */
  loadAtStart: readonly number[];
  loadAtEnd: readonly number[];
};

/** A benchmark as the summary sees it: its name, its declared targets and whether it ran. */
export type SummarisedBenchmark = {
  name: string;
  targets: readonly TargetGoal[];
  /** 'ran': finished; 'failed': threw before finishing (its figures so far count); 'not run': left out. */
  outcome: 'ran' | 'failed' | 'not run';
};

const loads = (l: readonly number[]) => l.map((n) => n.toFixed(1)).join(' ');

/**
 * The run's summary: the circumstances, then every declared target with its goal, its figure and
 * whether it is met. A target of a benchmark that was not run says so; one whose benchmark ran without
 * reporting it (a phase skipped, or a setting other than the target's) has no figure. Figures reported
 * under a name no benchmark declared are listed too; a target reported twice shows the last figure.
 */
export function summaryLines(
  benchmarks: readonly SummarisedBenchmark[],
  reported: readonly TargetFigure[],
  context: RunContext,
): string[] {
  const latest = new Map(reported.map((t) => [t.name, t]));
  const rows: string[][] = [];
  const declared = new Set<string>();
  for (const bench of benchmarks) {
    for (const goal of bench.targets) {
      declared.add(goal.name);
      const figure = latest.get(goal.name);
      if (figure) {
        rows.push([
          goal.name,
          formatGoal(goal),
          formatAmount(figure.figure, goal.unit),
          isMet(figure) ? 'met' : 'NOT MET',
        ]);
      } else {
        const why =
          bench.outcome === 'not run'
            ? 'not run'
            : bench.outcome === 'failed'
              ? `no figure (${bench.name} failed)`
              : `no figure (see ${bench.name})`;
        rows.push([goal.name, formatGoal(goal), '–', why]);
      }
    }
  }
  for (const t of latest.values()) {
    if (!declared.has(t.name))
      rows.push([t.name, formatGoal(t), formatAmount(t.figure, t.unit), isMet(t) ? 'met' : 'NOT MET']);
  }
  return [
    `targets of this run: ${context.command}`,
    `  started ${context.startedAt.toISOString().replace(/\.\d+Z$/, 'Z')}, ${context.cores} cores, ` +
      `load average ${loads(context.loadAtStart)} at start and ${loads(context.loadAtEnd)} at end`,
    ...table(['target', 'goal', 'figure', 'result'], rows),
  ];
}
