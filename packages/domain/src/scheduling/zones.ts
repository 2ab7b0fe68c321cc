import { type CalendarDate, toDayNumber, todayIn } from '../calendar';

/** The country id whose tenants see Australian zone abbreviations (shell.md §9). */
export const AUSTRALIA_COUNTRY_ID = 16;

/** Standard and daylight abbreviations of the Australian zones (shell.md §3 "Timezone entry"). */
export const AustralianZones: Readonly<Record<string, { standard: string; daylight: string }>> = {
  'Australia/Sydney': { standard: 'AEST', daylight: 'AEDT' },
  'Australia/Melbourne': { standard: 'AEST', daylight: 'AEDT' },
  'Australia/Canberra': { standard: 'AEST', daylight: 'AEDT' },
  'Australia/Hobart': { standard: 'AEST', daylight: 'AEDT' },
  'Australia/Brisbane': { standard: 'AEST', daylight: 'AEDT' },
  'Australia/Lindeman': { standard: 'AEST', daylight: 'AEDT' },
  'Australia/Adelaide': { standard: 'ACST', daylight: 'ACDT' },
  'Australia/Broken_Hill': { standard: 'ACST', daylight: 'ACDT' },
  'Australia/Darwin': { standard: 'ACST', daylight: 'ACDT' },
  'Australia/Perth': { standard: 'AWST', daylight: 'AWDT' },
  'Australia/Eucla': { standard: 'ACWST', daylight: 'ACWDT' },
  'Australia/Lord_Howe': { standard: 'LHST', daylight: 'LHDT' },
};

/** The zone of each Australian state or territory's capital: a centre's zone unless it says otherwise. */
export const StateZones: Readonly<Record<string, string>> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
};

/** The zone for a state code (any case), or undefined. */
export function zoneOfState(state: string | null | undefined): string | undefined {
  return state ? StateZones[state.trim().toUpperCase()] : undefined;
}

const partsCache = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsCache.set(timeZone, f);
  }
  return f;
}

/** A wall-clock reading: calendar date plus hour and minute. */
export type WallTime = CalendarDate & { hour: number; minute: number };

/**
 * Readings already made, by zone and instant: reading the clock through Intl is the costly part of
 * showing a list of sessions, and a calendar's sessions share their start and end times. A pure
 * function of its inputs, so the cache only forgets (all at once, when full).
 */
const wallTimes = new Map<string, Readonly<WallTime & { second: number }>>();
const WALL_TIMES_KEPT = 20_000;

/** The wall-clock time at `instant` in the zone. */
export function wallTimeIn(timeZone: string, instant: Date): WallTime & { second: number } {
  const key = `${timeZone} ${instant.getTime()}`;
  const known = wallTimes.get(key);
  if (known) return { ...known };
  const p: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const reading = {
    year: p.year!,
    month: p.month!,
    day: p.day!,
    hour: p.hour! % 24,
    minute: p.minute!,
    second: p.second!,
  };
  if (wallTimes.size >= WALL_TIMES_KEPT) wallTimes.clear();
  wallTimes.set(key, reading);
  return { ...reading };
}

/** Minutes the zone is ahead of UTC at `instant` (Lord Howe gives +630 or +660). */
export function offsetMinutes(timeZone: string, instant: Date): number {
  return offsetOfWallTime(wallTimeIn(timeZone, instant), instant);
}

/** The offset a wall-time reading of `instant` shows (what offsetMinutes gives, without reading it again). */
function offsetOfWallTime(w: WallTime & { second: number }, instant: Date): number {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

/**
 * The instant a wall-clock time in a zone names. A time skipped by the clock going forward (02:30 on
 * the day daylight saving starts) moves forward by the gap, as clocks do; a time that happens twice
 * when the clock goes back means the first of the two.
 */
export function instantOf(timeZone: string, wall: WallTime): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The two offsets around the wall time: either can apply on a change day.
  const before = offsetMinutes(timeZone, new Date(naive - 86_400_000));
  const after = offsetMinutes(timeZone, new Date(naive + 86_400_000));
  const candidates = [...new Set([before, after])]
    .map((offset) => new Date(naive - offset * 60_000))
    .filter((instant) => {
      const w = wallTimeIn(timeZone, instant);
      return (
        w.year === wall.year &&
        w.month === wall.month &&
        w.day === wall.day &&
        w.hour === wall.hour &&
        w.minute === wall.minute
      );
    })
    .sort((a, b) => a.getTime() - b.getTime());
  if (candidates[0]) return candidates[0];
  // In the gap: the earlier offset read forward lands past the gap by the same distance.
  return new Date(naive - before * 60_000);
}

/** The first instant of a calendar day in the zone (midnight, or later when midnight is skipped). */
export function startOfDayIn(timeZone: string, day: CalendarDate): Date {
  return instantOf(timeZone, { ...day, hour: 0, minute: 0 });
}

/** The instants a calendar day covers in the zone: [start, start of the next day). */
export function dayBoundsIn(timeZone: string, day: CalendarDate): { from: Date; to: Date } {
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return {
    from: startOfDayIn(timeZone, day),
    to: startOfDayIn(timeZone, { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }),
  };
}

/** Whether the zone is on daylight time at `instant`: its offset is above the smaller of January's and July's. */
export function isDaylightTime(timeZone: string, instant: Date, offset?: number): boolean {
  const year = instant.getUTCFullYear();
  const key = `${timeZone} ${year}`;
  let standard = standardOffsets.get(key);
  if (standard === undefined) {
    const jan = offsetMinutes(timeZone, new Date(Date.UTC(year, 0, 1)));
    const jul = offsetMinutes(timeZone, new Date(Date.UTC(year, 6, 1)));
    // No daylight time that year: nothing is above the standard offset.
    standard = jan === jul ? Number.POSITIVE_INFINITY : Math.min(jan, jul);
    standardOffsets.set(key, standard);
  }
  return (offset ?? offsetMinutes(timeZone, instant)) > standard;
}
const standardOffsets = new Map<string, number>();

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `GMT${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

/**
 * The zone's abbreviation at `instant`: Australian abbreviations (AEST, AEDT, ACST, ACDT, AWST, LHST,
 * LHDT) for tenants of Australia, otherwise the offset (GMT+11, GMT+10:30).
 */
export function zoneAbbreviation(timeZone: string, instant: Date, australian: boolean, offset?: number): string {
  const known = AustralianZones[timeZone];
  if (australian && known) return isDaylightTime(timeZone, instant, offset) ? known.daylight : known.standard;
  return offsetText(offset ?? offsetMinutes(timeZone, instant));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** DD MMM YYYY of a calendar date. */
export function formatDisplayDate(d: CalendarDate): string {
  return `${two(d.day)} ${MONTHS[d.month - 1]} ${d.year}`;
}

/** HH:mm of a wall time. */
export function formatClock(w: { hour: number; minute: number }): string {
  return `${two(w.hour)}:${two(w.minute)}`;
}

/** Whether an instant is exactly midnight UTC: a date without a time, stored as an instant. */
export function isUtcMidnight(instant: Date): boolean {
  return instant.getTime() % 86_400_000 === 0;
}

/**
 * How a session time is shown: "DD MMM YYYY HH:mm ZONE" in the session's own zone. A session always has a
 * time, even one starting at midnight UTC (11:00 in Sydney in summer): the rule that a midnight-UTC value
 * is a date without a time (shell.md §9) is for date values, which travel here as ISO dates.
 */
export function formatInZone(instant: Date, timeZone: string, australian: boolean, seconds = false): string {
  const w = wallTimeIn(timeZone, instant);
  const abbreviation = zoneAbbreviation(timeZone, instant, australian, offsetOfWallTime(w, instant));
  return `${formatDisplayDate(w)} ${formatClock(w)}${seconds ? `:${two(w.second)}` : ''} ${abbreviation}`;
}

/** The calendar date an instant falls on in the zone. */
export function dateIn(timeZone: string, instant: Date): CalendarDate {
  return todayIn(timeZone, instant);
}

/** Days between two calendar dates (b - a). */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return toDayNumber(b) - toDayNumber(a);
}
