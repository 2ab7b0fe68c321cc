/**
 * Appointment slot statuses, codes 2 to 6 in the spec's order (case-modules.md §3): Unavailable,
 * Unbooked (CA), Unbooked (UA), Booked Confirmed, Booked Unconfirmed.
 */
export const SlotStatuses = {
  UNAVAILABLE: 2,
  UNBOOKED_CA: 3,
  UNBOOKED_UA: 4,
  BOOKED_CONFIRMED: 5,
  BOOKED_UNCONFIRMED: 6,
} as const;
export type SlotStatus = (typeof SlotStatuses)[keyof typeof SlotStatuses];
export const SlotStatusCodes = [2, 3, 4, 5, 6] as const;

export const SlotStatusLabels: Record<SlotStatus, string> = {
  2: 'Unavailable',
  3: 'Unbooked (CA)',
  4: 'Unbooked (UA)',
  5: 'Booked Confirmed',
  6: 'Booked Unconfirmed',
};

/** An unbooked slot can be booked; the availability search offers Book only for these. */
export function isAvailableStatus(status: number): boolean {
  return status === SlotStatuses.UNBOOKED_CA || status === SlotStatuses.UNBOOKED_UA;
}

export function isBookedStatus(status: number): boolean {
  return status === SlotStatuses.BOOKED_CONFIRMED || status === SlotStatuses.BOOKED_UNCONFIRMED;
}

/** Appointment types (case-modules.md §3). */
export const AppointmentTypes = [
  'ALL',
  'INPERSON',
  'VIDEO',
  'BOTH',
  'NDIS',
  'PHONE',
  'OT',
  'OT_VIDEO',
  'CO_TELECONFERENCE',
] as const;
export type AppointmentType = (typeof AppointmentTypes)[number];

/** Types a claimant can attend by video. */
export function offersVideo(type: AppointmentType): boolean {
  return type === 'VIDEO' || type === 'BOTH' || type === 'ALL' || type === 'OT_VIDEO';
}

/** Types a claimant attends at a centre (a centre is required). */
export function needsCentre(type: AppointmentType): boolean {
  return type === 'INPERSON' || type === 'BOTH' || type === 'ALL' || type === 'NDIS' || type === 'OT';
}

/** Colours of the calendar per status. */
export const SlotStatusColours: Record<SlotStatus, string> = {
  2: '#8c8c8c',
  3: '#52c41a',
  4: '#13c2c2',
  5: '#1677ff',
  6: '#fa8c16',
};
