import {
  addBusinessDays,
  addDays,
  addMonths,
  compareDates,
  daysInMonth,
  isBusinessDay,
  isoWeekday,
  type CalendarDate,
} from './calendar';

/** The relative date range presets of the spec (shell.md §9), for the past and the future. */
export const RelativeRangePresets = [
  'thisWeek',
  'thisMonth',
  'last3BusinessDays',
  'last5BusinessDays',
  'last7BusinessDays',
  'last3Days',
  'last7Days',
  'last14Days',
  'last30Days',
  'lastWeek',
  'lastMonth',
  'last3Months',
  'last6Months',
  'lastYear',
  'next3BusinessDays',
  'next5BusinessDays',
  'next7BusinessDays',
  'next3Days',
  'next7Days',
  'next14Days',
  'next30Days',
  'nextWeek',
  'nextMonth',
  'next3Months',
  'next6Months',
  'nextYear',
] as const;
export type RelativeRangePreset = (typeof RelativeRangePresets)[number];

/** The labels shown in the picker. */
export const RelativeRangeLabels: Record<RelativeRangePreset, string> = {
  thisWeek: 'This week',
  thisMonth: 'This month',
  last3BusinessDays: 'Last 3 business days',
  last5BusinessDays: 'Last 5 business days',
  last7BusinessDays: 'Last 7 business days',
  last3Days: 'Last 3 days',
  last7Days: 'Last 7 days',
  last14Days: 'Last 14 days',
  last30Days: 'Last 30 days',
  lastWeek: 'Last week',
  lastMonth: 'Last month',
  last3Months: 'Last 3 months',
  last6Months: 'Last 6 months',
  lastYear: 'Last year',
  next3BusinessDays: 'Next 3 business days',
  next5BusinessDays: 'Next 5 business days',
  next7BusinessDays: 'Next 7 business days',
  next3Days: 'Next 3 days',
  next7Days: 'Next 7 days',
  next14Days: 'Next 14 days',
  next30Days: 'Next 30 days',
  nextWeek: 'Next week',
  nextMonth: 'Next month',
  next3Months: 'Next 3 months',
  next6Months: 'Next 6 months',
  nextYear: 'Next year',
};

export type DateRange = { from: CalendarDate; to: CalendarDate };

const mondayOf = (d: CalendarDate) => addDays(d, 1 - isoWeekday(d));
const firstOfMonth = (d: CalendarDate): CalendarDate => ({ ...d, day: 1 });
const lastOfMonth = (d: CalendarDate): CalendarDate => ({ ...d, day: daysInMonth(d.year, d.month) });

/** N business days ending today (today counts when it is one), or starting today going forward. */
function businessDays(today: CalendarDate, n: number, direction: 1 | -1, holidays: ReadonlySet<string>): DateRange {
  const first = isBusinessDay(today, holidays) ? today : addBusinessDays(today, direction, holidays);
  const last = addBusinessDays(first, direction * (n - 1), holidays);
  return direction === 1 ? { from: first, to: last } : { from: last, to: first };
}

/**
 * The inclusive calendar range a preset means on `today` (the tenant's date). Weeks run Monday to
 * Sunday. "Last/next N days" and "N months" are rolling and include today; "last/next week, month,
 * year" are whole calendar periods. With `disableFuture`, a range is cut at today.
 */
export function resolveRelativeRange(
  preset: RelativeRangePreset,
  today: CalendarDate,
  options: { holidays?: ReadonlySet<string>; disableFuture?: boolean } = {},
): DateRange {
  const holidays = options.holidays ?? new Set<string>();
  const range = ((): DateRange => {
    switch (preset) {
      case 'thisWeek':
        return { from: mondayOf(today), to: addDays(mondayOf(today), 6) };
      case 'thisMonth':
        return { from: firstOfMonth(today), to: lastOfMonth(today) };
      case 'last3BusinessDays':
        return businessDays(today, 3, -1, holidays);
      case 'last5BusinessDays':
        return businessDays(today, 5, -1, holidays);
      case 'last7BusinessDays':
        return businessDays(today, 7, -1, holidays);
      case 'last3Days':
        return { from: addDays(today, -2), to: today };
      case 'last7Days':
        return { from: addDays(today, -6), to: today };
      case 'last14Days':
        return { from: addDays(today, -13), to: today };
      case 'last30Days':
        return { from: addDays(today, -29), to: today };
      case 'lastWeek':
        return { from: addDays(mondayOf(today), -7), to: addDays(mondayOf(today), -1) };
      case 'lastMonth': {
        const prev = addMonths(firstOfMonth(today), -1);
        return { from: prev, to: lastOfMonth(prev) };
      }
      case 'last3Months':
        return { from: addDays(addMonths(today, -3), 1), to: today };
      case 'last6Months':
        return { from: addDays(addMonths(today, -6), 1), to: today };
      case 'lastYear':
        return { from: { year: today.year - 1, month: 1, day: 1 }, to: { year: today.year - 1, month: 12, day: 31 } };
      case 'next3BusinessDays':
        return businessDays(today, 3, 1, holidays);
      case 'next5BusinessDays':
        return businessDays(today, 5, 1, holidays);
      case 'next7BusinessDays':
        return businessDays(today, 7, 1, holidays);
      case 'next3Days':
        return { from: today, to: addDays(today, 2) };
      case 'next7Days':
        return { from: today, to: addDays(today, 6) };
      case 'next14Days':
        return { from: today, to: addDays(today, 13) };
      case 'next30Days':
        return { from: today, to: addDays(today, 29) };
      case 'nextWeek':
        return { from: addDays(mondayOf(today), 7), to: addDays(mondayOf(today), 13) };
      case 'nextMonth': {
        const next = addMonths(firstOfMonth(today), 1);
        return { from: next, to: lastOfMonth(next) };
      }
      case 'next3Months':
        return { from: today, to: addDays(addMonths(today, 3), -1) };
      case 'next6Months':
        return { from: today, to: addDays(addMonths(today, 6), -1) };
      case 'nextYear':
        return { from: { year: today.year + 1, month: 1, day: 1 }, to: { year: today.year + 1, month: 12, day: 31 } };
    }
  })();
  if (options.disableFuture && compareDates(range.to, today) > 0) return { from: range.from, to: today };
  return range;
}

/** Presets that make sense when future dates are disabled (they do not start after today). */
export function presetsFor(disableFuture: boolean): RelativeRangePreset[] {
  return RelativeRangePresets.filter((p) => !disableFuture || !p.startsWith('next'));
}
