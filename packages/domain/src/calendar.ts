/** A calendar date, free of time zones: what a user means by "22 Nov 2026". */
export type CalendarDate = { year: number; month: number; day: number };

const DAY_MS = 86_400_000;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it. */
function dateFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar date it is at `instant` in an IANA time zone (e.g. Australia/Sydney). */
export function todayIn(timeZone: string, instant: Date = new Date()): CalendarDate {
  const date: CalendarDate = { year: 0, month: 0, day: 0 };
  for (const part of dateFormatIn(timeZone).formatToParts(instant)) {
    if (part.type === 'year' || part.type === 'month' || part.type === 'day') date[part.type] = Number(part.value);
  }
  return date;
}

/** Days since 1970-01-01 for a calendar date (no time zone involved). */
export function toDayNumber(d: CalendarDate): number {
  return Math.round(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS);
}

/** The calendar date of a day number. */
export function fromDayNumber(n: number): CalendarDate {
  const dt = new Date(n * DAY_MS);
  return { year: dt.getUTCFullYear(), month: dt.getUTCMonth() + 1, day: dt.getUTCDate() };
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(d) + days);
}

/** Adds months, keeping the day where the month has it and clamping to the month's end otherwise. */
export function addMonths(d: CalendarDate, months: number): CalendarDate {
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 1 = Monday … 7 = Sunday (ISO). */
export function isoWeekday(d: CalendarDate): number {
  const w = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return w === 0 ? 7 : w;
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return toDayNumber(a) - toDayNumber(b);
}

/** ISO text YYYY-MM-DD. */
export function formatIsoDate(d: CalendarDate): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** Reads YYYY-MM-DD; undefined when it is not a real date. */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (d.month < 1 || d.month > 12 || d.day < 1 || d.day > daysInMonth(d.year, d.month)) return undefined;
  return d;
}

/**
 * A business day: Monday to Friday and not one of the given holidays (ISO dates). The spec's helper
 * skips Saturday and Sunday; holidays come from the tenant's state holiday list where there is one.
 */
export function isBusinessDay(d: CalendarDate, holidays: ReadonlySet<string> = new Set()): boolean {
  return isoWeekday(d) <= 5 && !holidays.has(formatIsoDate(d));
}

/** Moves by `count` business days (negative goes back); the start day itself is not counted. */
export function addBusinessDays(
  d: CalendarDate,
  count: number,
  holidays: ReadonlySet<string> = new Set(),
): CalendarDate {
  const step = count < 0 ? -1 : 1;
  let left = Math.abs(count);
  let current = d;
  while (left > 0) {
    current = addDays(current, step);
    if (isBusinessDay(current, holidays)) left--;
  }
  return current;
}
