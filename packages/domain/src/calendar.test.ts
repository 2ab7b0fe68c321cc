import { describe, expect, test } from 'vitest';
import {
  addBusinessDays,
  addMonths,
  formatIsoDate,
  isBusinessDay,
  parseIsoDate,
  todayIn,
  type CalendarDate,
} from './calendar';

const iso = (d: CalendarDate) => formatIsoDate(d);
const date = (s: string) => parseIsoDate(s)!;

describe('todayIn', () => {
  // 2026-04-05 03:00 Sydney daylight saving ends (clocks go back to 02:00); Lord Howe shifts by 30 min.
  test.each([
    ['2026-04-04T13:59:00Z', 'Australia/Sydney', '2026-04-05'], // 00:59 AEDT
    ['2026-04-04T12:59:00Z', 'Australia/Sydney', '2026-04-04'], // 23:59 AEDT
    ['2026-04-04T13:59:00Z', 'Australia/Brisbane', '2026-04-04'], // 23:59 AEST, no daylight saving
    ['2026-04-04T14:00:00Z', 'Australia/Brisbane', '2026-04-05'],
    ['2026-04-04T13:00:00Z', 'Australia/Lord_Howe', '2026-04-05'], // 00:00 +11
    ['2026-04-04T12:59:00Z', 'Australia/Lord_Howe', '2026-04-04'],
    ['2026-04-04T15:29:00Z', 'Australia/Perth', '2026-04-04'], // 23:29 AWST
    ['2026-04-04T16:00:00Z', 'Australia/Perth', '2026-04-05'],
    // 2026-10-04 02:00 Sydney daylight saving starts (clocks go forward to 03:00).
    ['2026-10-03T14:00:00Z', 'Australia/Sydney', '2026-10-04'], // 00:00 AEST
    ['2026-10-03T13:59:00Z', 'Australia/Sydney', '2026-10-03'],
    ['2026-10-03T14:30:00Z', 'Australia/Adelaide', '2026-10-04'], // 00:00 ACST (+9:30)
    ['2026-10-03T14:29:00Z', 'Australia/Adelaide', '2026-10-03'],
    ['2026-10-03T13:30:00Z', 'Australia/Lord_Howe', '2026-10-04'], // 00:00 +10:30
  ])('at %s in %s the date is %s', (instant, zone, expected) => {
    expect(iso(todayIn(zone, new Date(instant)))).toBe(expected);
  });

  test('does not depend on the process time zone', () => {
    // The suite also runs under TZ=Australia/Sydney; the answer is the same.
    expect(iso(todayIn('UTC', new Date('2026-11-22T23:30:00Z')))).toBe('2026-11-22');
  });
});

describe('calendar arithmetic', () => {
  test('months clamp to the end of shorter months', () => {
    expect(iso(addMonths(date('2026-01-31'), 1))).toBe('2026-02-28');
    expect(iso(addMonths(date('2028-01-31'), 1))).toBe('2028-02-29');
    expect(iso(addMonths(date('2026-03-15'), -3))).toBe('2025-12-15');
  });

  test('parseIsoDate refuses dates that do not exist', () => {
    expect(parseIsoDate('2026-02-29')).toBeUndefined();
    expect(parseIsoDate('2026-13-01')).toBeUndefined();
    expect(parseIsoDate('22/11/2026')).toBeUndefined();
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
  });
});

describe('business days', () => {
  test('skip Saturday and Sunday', () => {
    expect(isBusinessDay(date('2026-11-20'))).toBe(true); // Friday
    expect(isBusinessDay(date('2026-11-21'))).toBe(false);
    expect(isBusinessDay(date('2026-11-22'))).toBe(false);
    expect(iso(addBusinessDays(date('2026-11-20'), 1))).toBe('2026-11-23');
    expect(iso(addBusinessDays(date('2026-11-23'), -1))).toBe('2026-11-20');
    expect(iso(addBusinessDays(date('2026-11-18'), 5))).toBe('2026-11-25');
  });

  test('skip holidays when given', () => {
    const holidays = new Set(['2026-12-25', '2026-12-28']);
    expect(isBusinessDay(date('2026-12-25'), holidays)).toBe(false);
    expect(iso(addBusinessDays(date('2026-12-24'), 1, holidays))).toBe('2026-12-29');
  });
});
