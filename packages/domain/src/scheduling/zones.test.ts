import { describe, expect, test } from 'vitest';
import {
  dayBoundsIn,
  formatInZone,
  instantOf,
  isDaylightTime,
  offsetMinutes,
  wallTimeIn,
  zoneAbbreviation,
  zoneOfState,
} from './zones';

const SYD = 'Australia/Sydney';
const BNE = 'Australia/Brisbane';
const ADL = 'Australia/Adelaide';
const PER = 'Australia/Perth';
const LHI = 'Australia/Lord_Howe';

// 2026: daylight saving ends on Sunday 5 April and starts on Sunday 4 October.
const DST_ENDS = { year: 2026, month: 4, day: 5 };
const DST_STARTS = { year: 2026, month: 10, day: 4 };
const at = (day: typeof DST_ENDS, hour: number, minute = 0) => ({ ...day, hour, minute });
const hours = (b: { from: Date; to: Date }) => (b.to.getTime() - b.from.getTime()) / 3_600_000;

describe('a session at 09:00 on the day daylight saving ends', () => {
  test.each([
    [SYD, '2026-04-04T23:00:00.000Z', 'AEST', 25],
    [BNE, '2026-04-04T23:00:00.000Z', 'AEST', 24],
    [ADL, '2026-04-04T23:30:00.000Z', 'ACST', 25],
    [PER, '2026-04-05T01:00:00.000Z', 'AWST', 24],
    [LHI, '2026-04-04T22:30:00.000Z', 'LHST', 24.5],
  ])('%s: stored as %s, shown with %s, the day lasts %d hours', (zone, utc, abbreviation, dayHours) => {
    const instant = instantOf(zone, at(DST_ENDS, 9));
    expect(instant.toISOString()).toBe(utc);
    expect(formatInZone(instant, zone, true)).toBe(`05 Apr 2026 09:00 ${abbreviation}`);
    expect(hours(dayBoundsIn(zone, DST_ENDS))).toBe(dayHours);
    expect(wallTimeIn(zone, instant)).toMatchObject({ year: 2026, month: 4, day: 5, hour: 9, minute: 0 });
  });
});

describe('a session at 09:00 on the day daylight saving starts', () => {
  test.each([
    [SYD, '2026-10-03T22:00:00.000Z', 'AEDT', 23],
    [BNE, '2026-10-03T23:00:00.000Z', 'AEST', 24],
    [ADL, '2026-10-03T22:30:00.000Z', 'ACDT', 23],
    [PER, '2026-10-04T01:00:00.000Z', 'AWST', 24],
    [LHI, '2026-10-03T22:00:00.000Z', 'LHDT', 23.5],
  ])('%s: stored as %s, shown with %s, the day lasts %d hours', (zone, utc, abbreviation, dayHours) => {
    const instant = instantOf(zone, at(DST_STARTS, 9));
    expect(instant.toISOString()).toBe(utc);
    expect(formatInZone(instant, zone, true)).toBe(`04 Oct 2026 09:00 ${abbreviation}`);
    expect(hours(dayBoundsIn(zone, DST_STARTS))).toBe(dayHours);
  });
});

describe('times around the change', () => {
  test('a time skipped when clocks go forward moves forward by the gap (Sydney one hour, Lord Howe half an hour)', () => {
    expect(instantOf(SYD, at(DST_STARTS, 2, 30)).toISOString()).toBe('2026-10-03T16:30:00.000Z');
    expect(formatInZone(instantOf(SYD, at(DST_STARTS, 2, 30)), SYD, true)).toBe('04 Oct 2026 03:30 AEDT');
    expect(formatInZone(instantOf(LHI, at(DST_STARTS, 2, 15)), LHI, true)).toBe('04 Oct 2026 02:45 LHDT');
    expect(formatInZone(instantOf(ADL, at(DST_STARTS, 2, 30)), ADL, true)).toBe('04 Oct 2026 03:30 ACDT');
  });

  test('a time that happens twice when clocks go back means the first one', () => {
    expect(formatInZone(instantOf(SYD, at(DST_ENDS, 2, 30)), SYD, true)).toBe('05 Apr 2026 02:30 AEDT');
    expect(instantOf(SYD, at(DST_ENDS, 2, 30)).toISOString()).toBe('2026-04-04T15:30:00.000Z');
    expect(formatInZone(instantOf(LHI, at(DST_ENDS, 1, 45)), LHI, true)).toBe('05 Apr 2026 01:45 LHDT');
    expect(instantOf(SYD, at(DST_ENDS, 3, 0)).toISOString()).toBe('2026-04-04T17:00:00.000Z');
  });

  test('offsets either side of the change, Lord Howe moving by thirty minutes', () => {
    expect(offsetMinutes(LHI, new Date('2026-04-04T14:59:00Z'))).toBe(660);
    expect(offsetMinutes(LHI, new Date('2026-04-04T15:00:00Z'))).toBe(630);
    expect(offsetMinutes(SYD, new Date('2026-10-03T15:59:00Z'))).toBe(600);
    expect(offsetMinutes(SYD, new Date('2026-10-03T16:00:00Z'))).toBe(660);
    expect(isDaylightTime(BNE, new Date('2026-01-15T00:00:00Z'))).toBe(false);
    expect(isDaylightTime(PER, new Date('2026-01-15T00:00:00Z'))).toBe(false);
    expect(isDaylightTime(ADL, new Date('2026-01-15T00:00:00Z'))).toBe(true);
  });
});

describe('showing a session time', () => {
  test('a session starting at midnight UTC shows its own wall time in every zone, not a bare date', () => {
    const midnight = new Date('2026-10-04T00:00:00.000Z');
    // The morning clocks went forward at 02:00 in Sydney, Adelaide and Lord Howe.
    expect(formatInZone(midnight, SYD, true)).toBe('04 Oct 2026 11:00 AEDT');
    expect(formatInZone(new Date('2026-11-26T00:00:00.000Z'), SYD, true)).toBe('26 Nov 2026 11:00 AEDT');
    expect(formatInZone(midnight, BNE, true)).toBe('04 Oct 2026 10:00 AEST');
    expect(formatInZone(midnight, ADL, true)).toBe('04 Oct 2026 10:30 ACDT');
    expect(formatInZone(midnight, PER, true)).toBe('04 Oct 2026 08:00 AWST');
    expect(formatInZone(midnight, LHI, true)).toBe('04 Oct 2026 11:00 LHDT');
    expect(formatInZone(midnight, 'America/Los_Angeles', true)).toBe('03 Oct 2026 17:00 GMT-7');
  });

  test('tenants outside Australia see the offset rather than an Australian abbreviation', () => {
    const instant = instantOf(LHI, at(DST_ENDS, 9));
    expect(zoneAbbreviation(LHI, instant, false)).toBe('GMT+10:30');
    expect(zoneAbbreviation(SYD, instantOf(SYD, at(DST_STARTS, 9)), false)).toBe('GMT+11');
    expect(zoneAbbreviation('Europe/London', new Date('2026-07-01T12:00:00Z'), true)).toBe('GMT+1');
  });

  test("a state's zone is its capital's", () => {
    expect(zoneOfState('nsw')).toBe(SYD);
    expect(zoneOfState('WA')).toBe(PER);
    expect(zoneOfState('SA')).toBe(ADL);
    expect(zoneOfState('QLD')).toBe(BNE);
    expect(zoneOfState('XX')).toBeUndefined();
  });
});

describe('reading the clock again', () => {
  test('the same instant read again, in another zone, or after a reading was changed, reads the same', () => {
    const instant = new Date('2027-06-01T01:30:00Z');
    const sydney = wallTimeIn('Australia/Sydney', instant);
    expect(sydney).toEqual({ year: 2027, month: 6, day: 1, hour: 11, minute: 30, second: 0 });
    // A caller that changes its copy does not change what the next caller reads.
    sydney.hour = 0;
    expect(wallTimeIn('Australia/Sydney', instant).hour).toBe(11);
    // The same instant in another zone is read for that zone.
    expect(wallTimeIn('Australia/Perth', instant)).toEqual({
      year: 2027,
      month: 6,
      day: 1,
      hour: 9,
      minute: 30,
      second: 0,
    });
    expect(wallTimeIn('Australia/Sydney', new Date(instant.getTime() + 1000)).second).toBe(1);
  });
});
