import { describe, expect, test } from 'vitest';
import { parseIsoDate, todayIn } from './calendar';
import { highRiskWarning, isHighRiskOn, type HighRiskFlags } from './high-risk';

const day = (s: string) => parseIsoDate(s)!;
const flags = (over: Partial<HighRiskFlags> = {}): HighRiskFlags => ({
  highRiskApplied: true,
  highRiskAppliedFrom: '2026-03-01',
  highRiskAppliedTo: '2026-03-31',
  highRiskReasonToBookingCm: 'Call the office before booking',
  highRiskReasonToStaff: 'Unpaid invoices over 90 days',
  ...over,
});

describe('isHighRiskOn', () => {
  test.each([
    ['2026-02-28', false], // the day before from
    ['2026-03-01', true], // from is included
    ['2026-03-15', true],
    ['2026-03-31', true], // to is included
    ['2026-04-01', false], // the day after to
  ])('with from 1 Mar and to 31 Mar, on %s → %s', (today, expected) => {
    expect(isHighRiskOn(flags(), day(today))).toBe(expected);
  });

  test('without a to date it applies from the from date on, for good', () => {
    const open = flags({ highRiskAppliedTo: null });
    expect(isHighRiskOn(open, day('2026-02-28'))).toBe(false);
    expect(isHighRiskOn(open, day('2026-03-01'))).toBe(true);
    expect(isHighRiskOn(open, day('2031-12-31'))).toBe(true);
  });

  test('without a from date it applies until the to date', () => {
    const untilTo = flags({ highRiskAppliedFrom: null });
    expect(isHighRiskOn(untilTo, day('2020-01-01'))).toBe(true);
    expect(isHighRiskOn(untilTo, day('2026-04-01'))).toBe(false);
  });

  test('a cleared flag never applies, whatever the dates say', () => {
    expect(isHighRiskOn(flags({ highRiskApplied: false }), day('2026-03-15'))).toBe(false);
  });

  test('a one-day flag applies on that day only', () => {
    const oneDay = flags({ highRiskAppliedFrom: '2026-10-04', highRiskAppliedTo: '2026-10-04' });
    expect(isHighRiskOn(oneDay, day('2026-10-03'))).toBe(false);
    expect(isHighRiskOn(oneDay, day('2026-10-04'))).toBe(true);
    expect(isHighRiskOn(oneDay, day('2026-10-05'))).toBe(false);
  });

  // The flag follows the tenant's calendar, not the server's: 31 Mar 23:30 in Sydney is 12:30 UTC.
  test.each([
    ['2026-03-31T12:59:00Z', 'Australia/Sydney', true], // 23:59 AEDT on the last day
    ['2026-03-31T13:00:00Z', 'Australia/Sydney', false], // 00:00 AEDT on 1 Apr
    ['2026-03-31T13:59:00Z', 'Australia/Brisbane', true], // 23:59 AEST, no daylight saving
    ['2026-03-31T14:00:00Z', 'Australia/Brisbane', false],
    ['2026-03-31T12:29:00Z', 'Australia/Lord_Howe', true], // 23:29 +11
    ['2026-03-31T13:00:00Z', 'Australia/Lord_Howe', false],
    ['2026-02-28T13:00:00Z', 'Australia/Sydney', true], // 00:00 AEDT on 1 Mar
    ['2026-02-28T12:59:00Z', 'Australia/Sydney', false],
  ])('at %s in %s → %s', (instant, zone, expected) => {
    expect(isHighRiskOn(flags(), todayIn(zone, new Date(instant)))).toBe(expected);
  });
});

describe('highRiskWarning', () => {
  test('case managers read the reason for booking case managers', () => {
    expect(highRiskWarning(flags(), day('2026-03-10'), ['CASE_MANAGER'])).toEqual({
      reason: 'Call the office before booking',
      audience: 'caseManager',
    });
  });

  test('staff, admins, and case managers who are also staff read the reason for staff', () => {
    for (const roles of [['STAFF'], ['ADMIN_STAFF'], ['TENANT_ADMIN'], ['CASE_MANAGER', 'STAFF'], ['SPECIALIST']]) {
      expect(highRiskWarning(flags(), day('2026-03-10'), roles)).toEqual({
        reason: 'Unpaid invoices over 90 days',
        audience: 'staff',
      });
    }
  });

  test('there is no warning outside the dates', () => {
    expect(highRiskWarning(flags(), day('2026-04-01'), ['CASE_MANAGER'])).toBeUndefined();
  });
});
