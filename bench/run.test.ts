import { describe, expect, it } from 'vitest';
import { benchmarks } from './run';

describe('the benchmarks the runner knows', () => {
  it('declare every target under its own name, so the summary keeps each one apart', () => {
    const names = benchmarks.flatMap((b) => b.targets.map((t) => t.name));
    expect(names.length).toBeGreaterThanOrEqual(18);
    expect(new Set(names).size).toBe(names.length);
  });

  it('declare the targets the project is held to', () => {
    const goals = Object.fromEntries(
      benchmarks.flatMap((b) => b.targets.map((t) => [t.name, `${b.name}: ${t.better} ${t.goal} ${t.unit}`])),
    );
    expect(goals).toMatchObject({
      'case list: CPU per request (app + database), 32 clients': 'cases: lower 2.5 ms',
      'case list: p99 at 100/s arriving': 'cases: lower 30 ms',
      'case list: API / raw driver throughput, 32 clients': 'cases: higher 50 %',
      'availability search: CPU per search (app + database), 16 clients': 'availability: lower 6 ms',
      'availability search: p99 at 30/s arriving': 'availability: lower 50 ms',
      'claimant search: CPU per search (app + database), 16 clients': 'selection: lower 1.5 ms',
      'claimant search: p99 at 100/s arriving': 'selection: lower 20 ms',
      "clinic calendar: everyone's month (first 2,000 sessions), p99 at 16 clients": 'availability: lower 300 ms',
      'first screen after sign-in: JavaScript transferred (compressed)': 'bundle: lower 150 kB',
      'jobs: no-op jobs a second on PostgreSQL (eight at a time, 64 a fetch)': 'jobs: higher 2000 jobs/s',
      'first start (empty data directory): seconds until it answers, median': 'first-start: lower 8 s',
      'later start (existing data): seconds until it answers, median': 'first-start: lower 3 s',
    });
  });
});
