import { describe, expect, test } from 'vitest';
import { fitsWorkingHours } from './resources';

const mondayMornings = [{ weekday: 1, from: '09:00', to: '12:00' }];
// 2027-06-07 is a Monday; Brisbane is UTC+10 all year.
const at = (local: string) => new Date(`${local}+10:00`);

describe('working hours of a room or an interpreter', () => {
  test('none: any time', () => {
    expect(fitsWorkingHours([], 'Australia/Brisbane', at('2027-06-07T22:00:00'), at('2027-06-07T23:00:00'))).toBe(true);
  });

  test('a booking fits when it starts and ends inside one stretch of its weekday, in the session’s zone', () => {
    const fits = (from: string, to: string) => fitsWorkingHours(mondayMornings, 'Australia/Brisbane', at(from), at(to));
    expect(fits('2027-06-07T09:00:00', '2027-06-07T12:00:00')).toBe(true);
    expect(fits('2027-06-07T08:59:00', '2027-06-07T10:00:00')).toBe(false);
    expect(fits('2027-06-07T11:30:00', '2027-06-07T12:30:00')).toBe(false);
    // The same wall-clock hours on a Tuesday.
    expect(fits('2027-06-08T09:30:00', '2027-06-08T10:30:00')).toBe(false);
    // Read in Perth (UTC+8) the same instants are 07:30–08:30: outside.
    expect(
      fitsWorkingHours(mondayMornings, 'Australia/Perth', at('2027-06-07T09:30:00'), at('2027-06-07T10:30:00')),
    ).toBe(false);
  });

  test('ending at midnight fits a stretch to 24:00; running into the next day fits none', () => {
    const evenings = [{ weekday: 1, from: '18:00', to: '24:00' }];
    const fits = (from: string, to: string) => fitsWorkingHours(evenings, 'Australia/Brisbane', at(from), at(to));
    expect(fits('2027-06-07T23:00:00', '2027-06-08T00:00:00')).toBe(true);
    expect(fits('2027-06-07T23:00:00', '2027-06-08T00:30:00')).toBe(false);
  });
});
