/** Throughput and latency of one load phase. */
export type LoadFigures = {
  /** Successful requests (or transactions) in the measured window. */
  completed: number;
  /** Failed requests: non-2xx answers, socket errors, query errors. */
  failed: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
};

/** The q-quantile (0..1) of ascending values, nearest-rank. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

/** Summarises per-request latencies (ms) measured over `seconds`. */
export function summarize(latenciesMs: ArrayLike<number>, failed: number, seconds: number): LoadFigures {
  const sorted = Float64Array.from(latenciesMs).sort();
  return {
    completed: sorted.length,
    failed,
    seconds,
    perSecond: sorted.length / seconds,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

/** A plain text table: first column left-aligned, the rest right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

export const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
export const whole = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-AU') : '–');
