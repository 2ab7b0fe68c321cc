import { describe, expect, it } from 'vitest';
import { formatAmount, formatGoal, isMet, summaryLines, type SummarisedBenchmark, type TargetGoal } from './targets';

const CPU: TargetGoal = { name: 'case list: CPU per request', unit: 'ms', goal: 2.5, better: 'lower' };
const P99: TargetGoal = { name: 'case list: p99 at 100/s', unit: 'ms', goal: 30, better: 'lower', strict: true };
const JOBS: TargetGoal = { name: 'jobs: no-op jobs a second', unit: 'jobs/s', goal: 2000, better: 'higher' };
const RATIO: TargetGoal = { name: 'case list: API / raw driver', unit: '%', goal: 50, better: 'higher', strict: true };
const BUNDLE: TargetGoal = { name: 'first screen: JavaScript transferred', unit: 'kB', goal: 150, better: 'lower' };

const CONTEXT = {
  command: 'npm run bench -- --only cases,jobs',
  startedAt: new Date('2026-11-27T13:20:05.123Z'),
  cores: 2,
  loadAtStart: [3.14, 2.5, 2],
  loadAtEnd: [4, 3.02, 2.21],
};

/** The summary's rows as [target, goal, figure, result], split on the table's column gaps. */
function rows(lines: string[]): string[][] {
  const header = lines.findIndex((l) => l.startsWith('target '));
  return lines.slice(header + 2).map((l) => l.split(/ {2,}/).map((c) => c.trim()));
}

describe('targets', () => {
  it('meets a lower-is-better goal at or below it, and a strict one only below it', () => {
    expect(isMet({ ...CPU, figure: 2.5 })).toBe(true);
    expect(isMet({ ...CPU, figure: 2.51 })).toBe(false);
    expect(isMet({ ...P99, figure: 29.9 })).toBe(true);
    expect(isMet({ ...P99, figure: 30 })).toBe(false);
  });

  it('meets a higher-is-better goal at or above it, and a strict one only above it', () => {
    expect(isMet({ ...JOBS, figure: 2000 })).toBe(true);
    expect(isMet({ ...JOBS, figure: 1999 })).toBe(false);
    expect(isMet({ ...RATIO, figure: 50.1 })).toBe(true);
    expect(isMet({ ...RATIO, figure: 50 })).toBe(false);
  });

  it('never meets a goal with a figure that is not a number', () => {
    expect(isMet({ ...CPU, figure: Number.NaN })).toBe(false);
    expect(isMet({ ...JOBS, figure: Number.POSITIVE_INFINITY })).toBe(false);
  });

  it('writes goals with their comparison and figures with about three digits and their unit', () => {
    expect(formatGoal(CPU)).toBe('≤ 2.5 ms');
    expect(formatGoal(P99)).toBe('< 30 ms');
    expect(formatGoal(JOBS)).toBe('≥ 2,000 jobs/s');
    expect(formatGoal(RATIO)).toBe('> 50%');
    expect(formatAmount(0.845, 'ms')).toBe('0.85 ms');
    expect(formatAmount(290.84, 'kB')).toBe('290.8 kB');
    expect(formatAmount(2480.4, 'jobs/s')).toBe('2,480 jobs/s');
    expect(formatAmount(57.14, '%')).toBe('57.1%');
    expect(formatAmount(Number.NaN, 'ms')).toBe('–');
  });

  it('tables every declared target: met, not met, not run, or without a figure', () => {
    const benchmarks: SummarisedBenchmark[] = [
      { name: 'cases', targets: [CPU, P99, RATIO], outcome: 'ran' },
      { name: 'bundle', targets: [BUNDLE], outcome: 'not run' },
      { name: 'jobs', targets: [JOBS], outcome: 'ran' },
    ];
    const lines = summaryLines(
      benchmarks,
      [
        { ...CPU, figure: 3.85 },
        { ...P99, figure: 24.2 },
        { ...JOBS, figure: 2_480 },
      ],
      CONTEXT,
    );
    expect(lines[0]).toBe('targets of this run: npm run bench -- --only cases,jobs');
    expect(lines[1]).toBe(
      '  started 2026-11-27T13:20:05Z, 2 cores, load average 3.1 2.5 2.0 at start and 4.0 3.0 2.2 at end',
    );
    expect(rows(lines)).toEqual([
      ['case list: CPU per request', '≤ 2.5 ms', '3.85 ms', 'NOT MET'],
      ['case list: p99 at 100/s', '< 30 ms', '24.2 ms', 'met'],
      ['case list: API / raw driver', '> 50%', '–', 'no figure (see cases)'],
      ['first screen: JavaScript transferred', '≤ 150 kB', '–', 'not run'],
      ['jobs: no-op jobs a second', '≥ 2,000 jobs/s', '2,480 jobs/s', 'met'],
    ]);
  });

  it("says which benchmark failed, shows the last of a target's figures and lists undeclared ones", () => {
    const lines = summaryLines(
      [
        { name: 'cases', targets: [CPU, P99], outcome: 'failed' },
        { name: 'bundle', targets: [BUNDLE], outcome: 'ran' },
      ],
      [
        { ...CPU, figure: 2.1 },
        { ...BUNDLE, figure: 151 },
        { ...BUNDLE, figure: 149.5 },
        { ...JOBS, figure: 1_500 },
      ],
      CONTEXT,
    );
    expect(rows(lines)).toEqual([
      ['case list: CPU per request', '≤ 2.5 ms', '2.10 ms', 'met'],
      ['case list: p99 at 100/s', '< 30 ms', '–', 'no figure (cases failed)'],
      ['first screen: JavaScript transferred', '≤ 150 kB', '149.5 kB', 'met'],
      ['jobs: no-op jobs a second', '≥ 2,000 jobs/s', '1,500 jobs/s', 'NOT MET'],
    ]);
  });
});
