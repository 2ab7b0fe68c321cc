/**
 * Whole-person impairment (WPI) combined by the AMA Guides' Combined Values Chart (decision 0112): two
 * impairments A and B (whole percents) combine as A + B × (100 − A) / 100, which is 1 − (1 − a)(1 − b).
 * The chart's values are whole percents, so each step is rounded (half up) before the next; the largest
 * values are combined first, as the Guides direct, which makes the result independent of the entry order.
 */

/** One step of a combination: the running value, the value combined with it, and the rounded result. */
export type CombinationStep = { from: number; with: number; result: number };

export type CombinedImpairment = {
  /** The combined whole-person impairment, a whole percent from 0 to 100. */
  combined: number;
  /** The values, largest first, as they were combined. */
  order: number[];
  /** Each step after the first value (none for one value or none). */
  steps: CombinationStep[];
};

/** Combines two whole-percent impairments as the Combined Values Chart does (rounded half up). */
export function combineTwo(a: number, b: number): number {
  return Math.min(100, Math.floor(a + (b * (100 - a)) / 100 + 0.5));
}

/** Whether a value is a whole percent the chart combines: an integer from 0 to 100. */
export function isWholePercent(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 100;
}

/**
 * The combined WPI of whole-percent impairments: largest first, each step rounded. Zeros change nothing;
 * no values combine to 0. A value that is not a whole percent from 0 to 100 is refused.
 */
export function combineImpairments(values: readonly number[]): CombinedImpairment {
  const bad = values.find((v) => !isWholePercent(v));
  if (bad !== undefined) throw new RangeError(`${bad} is not a whole percent from 0 to 100`);
  const order = [...values].sort((x, y) => y - x);
  const steps: CombinationStep[] = [];
  let combined = order[0] ?? 0;
  for (const value of order.slice(1)) {
    const result = combineTwo(combined, value);
    steps.push({ from: combined, with: value, result });
    combined = result;
  }
  return { combined, order, steps };
}
