import { compareDates, parseIsoDate, type CalendarDate } from './calendar';
import { ADMIN_OR_STAFF, hasAnyRole } from './roles';

/** The question admin and staff are asked when a specialist without a current contract is chosen. */
export const SPECIALIST_NO_CONTRACT_MESSAGE =
  'This specialist does not have a contract with us. Do you want to continue?';

/** A specialist's contract dates (ISO calendar dates). */
export type SpecialistContractDates = { onboardedDate: string | null; onboardedEndDate: string | null };

/**
 * True when the specialist has a contract on `today` (the tenant's calendar date): there is an onboarded
 * date, today is on or after it, and today is not after the end date when there is one. Both dates are
 * days of the contract.
 */
export function hasSpecialistContract(dates: SpecialistContractDates, today: CalendarDate): boolean {
  const from = dates.onboardedDate ? parseIsoDate(dates.onboardedDate) : undefined;
  if (!from || compareDates(today, from) < 0) return false;
  const end = dates.onboardedEndDate ? parseIsoDate(dates.onboardedEndDate) : undefined;
  return !end || compareDates(today, end) <= 0;
}

/**
 * What choosing the specialist leads to: 'ok' with a contract; without one, admin or staff are asked
 * to confirm ('confirm', with the question) and everyone else follows the cancel path ('cancel').
 */
export function specialistContractCheck(
  dates: SpecialistContractDates,
  today: CalendarDate,
  viewerRoles: readonly string[],
): { outcome: 'ok' } | { outcome: 'confirm' | 'cancel'; message: string } {
  if (hasSpecialistContract(dates, today)) return { outcome: 'ok' };
  return {
    outcome: hasAnyRole(viewerRoles, ADMIN_OR_STAFF) ? 'confirm' : 'cancel',
    message: SPECIALIST_NO_CONTRACT_MESSAGE,
  };
}
