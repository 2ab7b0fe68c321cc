/**
 * Rooms and interpreters a booking holds besides the specialist. A room is one of its centre's named
 * rooms; an interpreter is master data with languages. Each is held for the session's time, and the
 * database refuses two live holds of one room or one interpreter whose times overlap.
 */
export const ResourceKinds = ['ROOM', 'INTERPRETER'] as const;
export type ResourceKind = (typeof ResourceKinds)[number];

/** The refusal when a room is held by another booking at an overlapping time (409). */
export function roomBusyMessage(room: string, centre: string): string {
  return `The room ${room} at ${centre} is already booked at this time.`;
}

/** The refusal when an interpreter is held by another booking at an overlapping time (409). */
export function interpreterBusyMessage(interpreter: string): string {
  return `The interpreter ${interpreter} is already booked at this time.`;
}
