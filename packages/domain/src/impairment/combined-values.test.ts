import { describe, expect, test } from 'vitest';
import { combineImpairments, combineTwo, isWholePercent } from './combined-values';

describe('combined values (AMA Guides chart)', () => {
  test('two values combine as A + B(1 − A), rounded to a whole percent', () => {
    expect(combineTwo(50, 30)).toBe(65);
    // 35 + 10 × 0.65 = 41.5: the chart reads 42.
    expect(combineTwo(35, 10)).toBe(42);
    expect(combineTwo(10, 10)).toBe(19);
    expect(combineTwo(1, 1)).toBe(2);
    expect(combineTwo(0, 25)).toBe(25);
    expect(combineTwo(100, 40)).toBe(100);
  });

  test('the largest values are combined first and each step is rounded', () => {
    const r = combineImpairments([10, 35, 20]);
    expect(r.order).toEqual([35, 20, 10]);
    // 35 C 20 = 48; 48 C 10 = 53.2 → 53.
    expect(r.steps).toEqual([
      { from: 35, with: 20, result: 48 },
      { from: 48, with: 10, result: 53 },
    ]);
    expect(r.combined).toBe(53);
  });

  test('the result does not depend on the order the values are entered in', () => {
    const values = [3, 17, 8, 25, 1, 12];
    const expected = combineImpairments(values).combined;
    for (let i = 0; i < values.length; i++) {
      const turned = [...values.slice(i), ...values.slice(0, i)].reverse();
      expect(combineImpairments(turned).combined).toBe(expected);
    }
  });

  test('rounding at each step differs from rounding once, as the chart does', () => {
    // Unrounded: 1 − 0.95 × 0.95 × 0.95 = 14.26%; by the chart 5 C 5 = 10 (9.75), 10 C 5 = 15 (14.5).
    expect(combineImpairments([5, 5, 5]).combined).toBe(15);
  });

  test('no values combine to 0, one value is itself', () => {
    expect(combineImpairments([])).toEqual({ combined: 0, order: [], steps: [] });
    expect(combineImpairments([7]).combined).toBe(7);
  });

  test('never passes 100', () => {
    expect(combineImpairments([90, 90, 90, 90]).combined).toBeLessThanOrEqual(100);
    expect(combineImpairments([100, 5]).combined).toBe(100);
  });

  test('refuses values that are not whole percents from 0 to 100', () => {
    expect(isWholePercent(12.5)).toBe(false);
    expect(isWholePercent(-1)).toBe(false);
    expect(isWholePercent(101)).toBe(false);
    expect(() => combineImpairments([10, 12.5])).toThrow(RangeError);
    expect(() => combineImpairments([101])).toThrow(RangeError);
  });
});
