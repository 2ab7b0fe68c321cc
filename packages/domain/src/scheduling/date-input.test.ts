import { describe, expect, test } from 'vitest';
import { formatIsoDate, isoWeekday, type CalendarDate } from '../calendar';
import { type DateRange } from '../relative-ranges';
import {
  AvailabilityRelativeDates,
  parseAvailabilityDate,
  relativeDateOfText,
  resolveAvailabilityRelativeDate,
} from './date-input';
import { parseAvailabilityText } from './query-text';
import { postcodeDistance, stateOf, stateOfPostcode } from './places';

// Wednesday 25 November 2026.
const today: CalendarDate = { year: 2026, month: 11, day: 25 };
const text = (r: DateRange | undefined) => (r ? `${formatIsoDate(r.from)}..${formatIsoDate(r.to)}` : undefined);

test('the reference day is a Wednesday', () => {
  expect(isoWeekday(today)).toBe(3);
});

describe('date inputs of the availability search', () => {
  test.each([
    ['11/2026', '2026-11-01..2026-11-30'],
    ['2/2028', '2028-02-01..2028-02-29'],
    ['02/2027', '2027-02-01..2027-02-28'],
    ['Nov 2026', '2026-11-01..2026-11-30'],
    ['November-2026', '2026-11-01..2026-11-30'],
    ['sept 2027', '2027-09-01..2027-09-30'],
    ['december 2026', '2026-12-01..2026-12-31'],
  ])('%s is the whole month %s', (input, expected) => {
    expect(text(parseAvailabilityDate(input, today))).toBe(expected);
  });

  test.each([
    ['05/12/2026', '2026-12-05..2026-12-05'],
    ['5/1/2027', '2027-01-05..2027-01-05'],
    ['29/02/2028', '2028-02-29..2028-02-29'],
  ])('DD/MM/YYYY %s is that day', (input, expected) => {
    expect(text(parseAvailabilityDate(input, today))).toBe(expected);
  });

  test.each([
    ['Thursday', '2026-11-26'],
    ['fri', '2026-11-27'],
    ['Monday', '2026-11-30'],
    ['tue', '2026-12-01'],
    ['SUNDAY', '2026-11-29'],
    ['Wednesday', '2026-12-02'],
    ['wed', '2026-12-02'],
  ])("the weekday %s is the next such day, %s (today's weekday a week later)", (input, day) => {
    expect(text(parseAvailabilityDate(input, today))).toBe(`${day}..${day}`);
  });

  test.each(['31/11/2026', '29/02/2027', '13/2026', '0/2026', 'Smarch 2026', 'hello', 'mo', '2026-11-25', ''])(
    '%s is not a date input',
    (input) => {
      expect(parseAvailabilityDate(input, today)).toBeUndefined();
    },
  );
});

describe('relative dates resolve on the tenant calendar', () => {
  test.each([
    ['Today', '2026-11-25..2026-11-25'],
    ['Tomorrow', '2026-11-26..2026-11-26'],
    ['ThisWeek', '2026-11-25..2026-11-29'],
    ['NextWeek', '2026-11-30..2026-12-06'],
    ['ThisMonth', '2026-11-25..2026-11-30'],
    ['NextMonth', '2026-12-01..2026-12-31'],
    ['ThisYear', '2026-11-25..2026-12-31'],
    ['NextYear', '2027-01-01..2027-12-31'],
    ['Next3Days', '2026-11-25..2026-11-27'],
    ['Next7Days', '2026-11-25..2026-12-01'],
  ] as const)('%s is %s', (value, expected) => {
    expect(text(resolveAvailabilityRelativeDate(value, today))).toBe(expected);
  });

  test('every relative value is covered, and each resolves forward from today', () => {
    expect(AvailabilityRelativeDates).toHaveLength(10);
    for (const value of AvailabilityRelativeDates) {
      const r = resolveAvailabilityRelativeDate(value, today);
      expect(formatIsoDate(r.from) >= '2026-11-25').toBe(true);
      expect(formatIsoDate(r.to) >= formatIsoDate(r.from)).toBe(true);
    }
  });

  test('across a year end: tomorrow on 31 December is 1 January; next week on a Sunday starts the next day', () => {
    const newYearsEve = { year: 2026, month: 12, day: 31 };
    expect(text(resolveAvailabilityRelativeDate('Tomorrow', newYearsEve))).toBe('2027-01-01..2027-01-01');
    expect(text(resolveAvailabilityRelativeDate('NextMonth', newYearsEve))).toBe('2027-01-01..2027-01-31');
    expect(text(resolveAvailabilityRelativeDate('NextWeek', { year: 2026, month: 11, day: 29 }))).toBe(
      '2026-11-30..2026-12-06',
    );
  });

  test('relative dates are read from their codes or words', () => {
    expect(relativeDateOfText('next week')).toBe('NextWeek');
    expect(relativeDateOfText('Next_7_Days')).toBe('Next7Days');
    expect(relativeDateOfText('someday')).toBeUndefined();
  });
});

describe('a typed availability request', () => {
  test('"orthopaedic next week in NSW"', () => {
    expect(parseAvailabilityText('orthopaedic next week in NSW', today)).toEqual({
      text: 'orthopaedic',
      relativeDate: 'NextWeek',
      state: 'NSW',
    });
  });

  test('a name, a month, video and a postcode', () => {
    expect(parseAvailabilityText('Dr Smith 12/2026 video 2000', today)).toEqual({
      text: 'Dr Smith',
      date: '12/2026',
      isVideoAppointment: true,
      postcode: '2000',
    });
  });

  test('an e-mail and a weekday; a state by name; a month in words', () => {
    expect(parseAvailabilityText('jane.doe@clinic.test tuesday', today)).toEqual({
      specialistEmail: 'jane.doe@clinic.test',
      date: 'tuesday',
    });
    expect(parseAvailabilityText('psychiatry in person November 2026 in Western Australia', today)).toEqual({
      text: 'psychiatry',
      isVideoAppointment: false,
      date: 'November 2026',
      state: 'WA',
    });
  });
});

describe('places', () => {
  test('postcodes belong to states by Australia Post ranges', () => {
    expect(
      ['2000', '2600', '2620', '2905', '3000', '4000', '5000', '6000', '7000', '0800', '12', 'abcd'].map(
        stateOfPostcode,
      ),
    ).toEqual(['NSW', 'ACT', 'NSW', 'ACT', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', undefined, undefined]);
    expect(stateOf('queensland')).toBe('QLD');
    expect(stateOf('vic')).toBe('VIC');
  });

  test('centres nearer by postcode and in the same state come first', () => {
    const centres = ['2600', '2010', '3000', null, '2000', '2145'];
    const ordered = [...centres].sort((a, b) => postcodeDistance('2000', a) - postcodeDistance('2000', b));
    expect(ordered).toEqual(['2000', '2010', '2145', '2600', '3000', null]);
  });
});
