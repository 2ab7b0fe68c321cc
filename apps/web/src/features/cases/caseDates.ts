import { dateIn, formatDisplayDate } from '@casebook/domain';
import { dateText } from '../../platform/time';

/** A date of the API (YYYY-MM-DD) as the spec shows dates, e.g. 05 Mar 2027; nothing for none. */
export const displayDay = (iso: string | null): string => dateText(iso);

/** The day of an instant (when a case was booked) in the tenant's zone, shown the same way. */
export function displayDayOf(instant: string, timeZone: string): string {
  return formatDisplayDate(dateIn(timeZone, new Date(instant)));
}
