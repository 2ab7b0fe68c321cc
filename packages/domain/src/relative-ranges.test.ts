import { describe, expect, test } from 'vitest';
import { formatIsoDate, parseIsoDate } from './calendar';
import {
  presetsFor,
  RelativeRangeLabels,
  RelativeRangePresets,
  resolveRelativeRange,
  type RelativeRangePreset,
} from './relative-ranges';

const wednesday = parseIsoDate('2026-11-18')!;
const saturday = parseIsoDate('2026-11-21')!;

function range(preset: RelativeRangePreset, today = wednesday, options = {}) {
  const r = resolveRelativeRange(preset, today, options);
  return `${formatIsoDate(r.from)}..${formatIsoDate(r.to)}`;
}

describe('relative date ranges on Wednesday 18 Nov 2026', () => {
  test.each<[RelativeRangePreset, string]>([
    ['thisWeek', '2026-11-16..2026-11-22'],
    ['thisMonth', '2026-11-01..2026-11-30'],
    ['last3BusinessDays', '2026-11-16..2026-11-18'],
    ['last5BusinessDays', '2026-11-12..2026-11-18'],
    ['last7BusinessDays', '2026-11-10..2026-11-18'],
    ['last3Days', '2026-11-16..2026-11-18'],
    ['last7Days', '2026-11-12..2026-11-18'],
    ['last14Days', '2026-11-05..2026-11-18'],
    ['last30Days', '2026-10-20..2026-11-18'],
    ['lastWeek', '2026-11-09..2026-11-15'],
    ['lastMonth', '2026-10-01..2026-10-31'],
    ['last3Months', '2026-08-19..2026-11-18'],
    ['last6Months', '2026-05-19..2026-11-18'],
    ['lastYear', '2025-01-01..2025-12-31'],
    ['next3BusinessDays', '2026-11-18..2026-11-20'],
    ['next5BusinessDays', '2026-11-18..2026-11-24'],
    ['next7BusinessDays', '2026-11-18..2026-11-26'],
    ['next3Days', '2026-11-18..2026-11-20'],
    ['next7Days', '2026-11-18..2026-11-24'],
    ['next14Days', '2026-11-18..2026-12-01'],
    ['next30Days', '2026-11-18..2026-12-17'],
    ['nextWeek', '2026-11-23..2026-11-29'],
    ['nextMonth', '2026-12-01..2026-12-31'],
    ['next3Months', '2026-11-18..2027-02-17'],
    ['next6Months', '2026-11-18..2027-05-17'],
    ['nextYear', '2027-01-01..2027-12-31'],
  ])('%s is %s', (preset, expected) => {
    expect(range(preset)).toBe(expected);
  });

  test('every preset has a test above and a label', () => {
    for (const p of RelativeRangePresets) expect(RelativeRangeLabels[p]).toBeTruthy();
    expect(RelativeRangePresets).toHaveLength(26);
  });
});

describe('edge days', () => {
  test('business-day ranges on a weekend start from the nearest business day', () => {
    expect(range('last3BusinessDays', saturday)).toBe('2026-11-18..2026-11-20');
    expect(range('next3BusinessDays', saturday)).toBe('2026-11-23..2026-11-25');
  });

  test('holidays are skipped in business-day ranges', () => {
    expect(range('next3BusinessDays', wednesday, { holidays: new Set(['2026-11-19']) })).toBe('2026-11-18..2026-11-23');
  });

  test('with future dates disabled a range ends today and next presets are not offered', () => {
    expect(range('thisWeek', wednesday, { disableFuture: true })).toBe('2026-11-16..2026-11-18');
    expect(range('thisMonth', wednesday, { disableFuture: true })).toBe('2026-11-01..2026-11-18');
    expect(range('lastMonth', wednesday, { disableFuture: true })).toBe('2026-10-01..2026-10-31');
    expect(presetsFor(true).some((p) => p.startsWith('next'))).toBe(false);
    expect(presetsFor(false)).toHaveLength(26);
  });

  test('month ends clamp', () => {
    expect(range('last3Months', parseIsoDate('2026-05-31')!)).toBe('2026-03-01..2026-05-31');
    expect(range('next3Months', parseIsoDate('2026-11-30')!)).toBe('2026-11-30..2027-02-27');
  });
});
