import dayjs, { type Dayjs } from 'dayjs';
import { useContext } from 'react';
import { dateIn, formatDisplayDate, formatInZone, instantOf, parseIsoDate, wallTimeIn } from '@casebook/domain';
import { SessionContext } from '../app/session/useSession';

/** A date of the API (YYYY-MM-DD) as the spec shows dates, e.g. 05 Mar 2027; other text as it is. */
export function dateText(iso: string | null | undefined): string {
  const day = iso ? parseIsoDate(iso.slice(0, 10)) : undefined;
  return day ? formatDisplayDate(day) : (iso ?? '');
}

/** The day a moment falls on in the zone (when a case was booked, in the tenant's zone), shown as dates are. */
export function dayTextIn(iso: string, timeZone: string): string {
  return formatDisplayDate(dateIn(timeZone, new Date(iso)));
}

/** The browser's own IANA zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The zone the screens read and write times in: the signed-in tenant's, as the server reads dates and
 * the exports write times; the browser's outside a session.
 */
export function useTimeZone(): string {
  return useContext(SessionContext)?.tenant.timezone ?? browserTimeZone();
}

/**
 * A moment from the API as people read it, in the zone with its abbreviation: "26 Nov 2026 01:45 AEDT"
 * (Australian abbreviations, elsewhere the offset), as the exports write it.
 */
export function instantText(iso: string, timeZone: string, seconds = false): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : formatInZone(instant, timeZone, true, seconds);
}

/** `instantText` in the tenant's zone; nothing for no moment. */
export function useInstantText(seconds = false): (iso: string | null | undefined) => string {
  const timeZone = useTimeZone();
  return (iso) => (iso ? instantText(iso, timeZone, seconds) : '');
}

/**
 * A date-and-time picker shows and takes the zone's wall clock: its value is that wall time as a
 * browser-local dayjs. These turn a moment into such a value and back.
 */
export function pickerValueOf(iso: string | Date, timeZone: string): Dayjs {
  const w = wallTimeIn(timeZone, typeof iso === 'string' ? new Date(iso) : iso);
  return dayjs(new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}

export function instantOfPickerValue(value: Dayjs, timeZone: string): string {
  const wall = {
    year: value.year(),
    month: value.month() + 1,
    day: value.date(),
    hour: value.hour(),
    minute: value.minute(),
  };
  return instantOf(timeZone, wall).toISOString();
}
