import { addDays, daysInMonth, isoWeekday, type CalendarDate } from '../calendar';
import { resolveRelativeRange, type DateRange, type RelativeRangePreset } from '../relative-ranges';

/** The relative dates of the availability search (shell.md §3). */
export const AvailabilityRelativeDates = [
  'NextWeek',
  'Tomorrow',
  'Today',
  'NextMonth',
  'NextYear',
  'ThisWeek',
  'ThisMonth',
  'ThisYear',
  'Next3Days',
  'Next7Days',
] as const;
export type AvailabilityRelativeDate = (typeof AvailabilityRelativeDates)[number];

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A month by its name or a 3+ letter prefix ("Nov", "November", "sept"): 1–12, or undefined. */
export function monthOfName(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (t.length < 3) return undefined;
  const i = MONTH_NAMES.findIndex((m) => m.startsWith(t) || (t === 'sept' && m === 'september'));
  return i < 0 ? undefined : i + 1;
}

/** A weekday by its name or a 3+ letter prefix ("Tue", "tues", "Thursday"): 1 = Monday … 7 = Sunday. */
export function weekdayOfName(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (t.length < 3) return undefined;
  const i = WEEKDAY_NAMES.findIndex((d) => d.startsWith(t));
  return i < 0 ? undefined : i + 1;
}

/** The next day with that weekday after today; today's own weekday means a week later. */
export function nextWeekday(today: CalendarDate, weekday: number): CalendarDate {
  const ahead = (weekday - isoWeekday(today) + 7) % 7;
  return addDays(today, ahead === 0 ? 7 : ahead);
}

const wholeMonth = (year: number, month: number): DateRange => ({
  from: { year, month, day: 1 },
  to: { year, month, day: daysInMonth(year, month) },
});

const validYear = (y: number) => y >= 1900 && y <= 9999;

/**
 * Reads the date input of the availability search (shell.md §5): MM/YYYY or a month and year
 * ("Nov 2026", "November-2026") is the whole month; DD/MM/YYYY is that day; a weekday name is the next
 * such day (today's weekday counts as a week later). Undefined when the text is none of these or not a
 * real date.
 */
export function parseAvailabilityDate(text: string, today: CalendarDate): DateRange | undefined {
  const t = text.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) {
    const d = { year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) };
    if (!validYear(d.year) || d.month < 1 || d.month > 12 || d.day < 1 || d.day > daysInMonth(d.year, d.month)) {
      return undefined;
    }
    return { from: d, to: d };
  }
  m = /^(\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) {
    const month = Number(m[1]);
    const year = Number(m[2]);
    return month >= 1 && month <= 12 && validYear(year) ? wholeMonth(year, month) : undefined;
  }
  m = /^([A-Za-z]+)[\s,/.-]+(\d{4})$/.exec(t);
  if (m) {
    const month = monthOfName(m[1]!);
    const year = Number(m[2]);
    return month && validYear(year) ? wholeMonth(year, month) : undefined;
  }
  const weekday = /^[A-Za-z]+$/.test(t) ? weekdayOfName(t) : undefined;
  if (weekday) {
    const day = nextWeekday(today, weekday);
    return { from: day, to: day };
  }
  return undefined;
}

const PRESETS: Partial<Record<AvailabilityRelativeDate, RelativeRangePreset>> = {
  NextWeek: 'nextWeek',
  NextMonth: 'nextMonth',
  NextYear: 'nextYear',
  ThisWeek: 'thisWeek',
  ThisMonth: 'thisMonth',
  Next3Days: 'next3Days',
  Next7Days: 'next7Days',
};

/**
 * The days a relative date of the availability search covers, on the tenant's calendar. Named periods
 * are whole calendar periods (weeks Monday to Sunday); "this" periods start today, since no session in
 * the past can be booked; Next3Days and Next7Days include today.
 */
export function resolveAvailabilityRelativeDate(value: AvailabilityRelativeDate, today: CalendarDate): DateRange {
  switch (value) {
    case 'Today':
      return { from: today, to: today };
    case 'Tomorrow': {
      const d = addDays(today, 1);
      return { from: d, to: d };
    }
    case 'ThisYear':
      return { from: today, to: { year: today.year, month: 12, day: 31 } };
    default: {
      const range = resolveRelativeRange(PRESETS[value]!, today);
      return value.startsWith('This') ? { from: today, to: range.to } : range;
    }
  }
}

/** A relative date written as words or its code ("next week", "NextWeek", "next 7 days"), or undefined. */
export function relativeDateOfText(text: string): AvailabilityRelativeDate | undefined {
  const key = text.replace(/[\s_-]+/g, '').toLowerCase();
  return AvailabilityRelativeDates.find((v) => v.toLowerCase() === key);
}
