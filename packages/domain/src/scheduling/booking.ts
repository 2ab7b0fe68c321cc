import { isCancelledStatus, type ImeStatus } from '../cases/workflow';
import { SlotStatuses, type AppointmentType } from './slots';

/**
 * The slot status a case's booked session holds for the case's status: Booked Unconfirmed while the
 * appointment is only requested, Booked Confirmed from the confirmation on, none once the case is
 * cancelled (the session is freed).
 */
export function slotHoldOfStatus(status: ImeStatus): 5 | 6 | null {
  if (isCancelledStatus(status)) return null;
  if (status === 'CASE_CREATED' || status === 'APPOINTMENT_REQUESTED') return SlotStatuses.BOOKED_UNCONFIRMED;
  return SlotStatuses.BOOKED_CONFIRMED;
}

/** The status a freed session returns to. */
export const FREED_SLOT_STATUS = SlotStatuses.UNBOOKED_CA;

/** The message when a session is held for companies other than the case's. */
export const SESSION_RESERVED_MESSAGE = 'This session is reserved for other companies.';
/** The message when a session's specialist is not the case's. */
export const SESSION_OTHER_SPECIALIST_MESSAGE = "The session is with another specialist than the case's.";

/** The case appointment types a session of a type can be booked as (a case names no ALL). */
export function caseTypesOfSession(type: AppointmentType): readonly AppointmentType[] {
  switch (type) {
    case 'ALL':
      return ['BOTH', 'INPERSON', 'VIDEO', 'PHONE'];
    case 'BOTH':
      return ['BOTH', 'INPERSON', 'VIDEO'];
    default:
      return [type];
  }
}
