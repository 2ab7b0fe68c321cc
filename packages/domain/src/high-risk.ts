import { compareDates, parseIsoDate, type CalendarDate } from './calendar';
import { ADMIN_OR_STAFF, hasAnyRole } from './roles';

/** A company's high-risk flags (case-modules.md §3), dates as ISO calendar dates. */
export type HighRiskFlags = {
  highRiskApplied: boolean;
  highRiskAppliedFrom: string | null;
  highRiskAppliedTo: string | null;
  highRiskReasonToBookingCm: string | null;
  highRiskReasonToStaff: string | null;
};

/**
 * True when the company's high-risk flag applies on `today` (the tenant's calendar date): the flag is
 * set and today lies within the from and to dates, both included, or on or after from when there is no
 * to date. A flag without a from date applies until its to date.
 */
export function isHighRiskOn(flags: HighRiskFlags, today: CalendarDate): boolean {
  if (!flags.highRiskApplied) return false;
  const from = flags.highRiskAppliedFrom ? parseIsoDate(flags.highRiskAppliedFrom) : undefined;
  const to = flags.highRiskAppliedTo ? parseIsoDate(flags.highRiskAppliedTo) : undefined;
  if (from && compareDates(today, from) < 0) return false;
  if (to && compareDates(today, to) > 0) return false;
  return true;
}

/** What a booking shows for a high-risk company: the warning applies, and the reason this viewer reads. */
export type HighRiskWarning = { reason: string | null; audience: 'caseManager' | 'staff' };

/**
 * The booking warning for a company, or undefined when its flag does not apply today. Case managers
 * (who are not also admin or staff) read the reason written for booking case managers; everyone else
 * reads the reason for staff. The booking is flagged whenever a warning is returned.
 */
export function highRiskWarning(
  flags: HighRiskFlags,
  today: CalendarDate,
  viewerRoles: readonly string[],
): HighRiskWarning | undefined {
  if (!isHighRiskOn(flags, today)) return undefined;
  const caseManager = viewerRoles.includes('CASE_MANAGER') && !hasAnyRole(viewerRoles, ADMIN_OR_STAFF);
  return caseManager
    ? { reason: flags.highRiskReasonToBookingCm, audience: 'caseManager' }
    : { reason: flags.highRiskReasonToStaff, audience: 'staff' };
}
