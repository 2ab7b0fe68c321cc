import { z } from 'zod';
import { Uuid } from '../ids';

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

/** What a session can hold at its time: its centre's rooms and the interpreters, each free or not. */
export const SessionResourcesQuery = z.object({
  /** Only interpreters of this language (a Languages id). */
  languageId: Uuid.optional(),
});

export const SessionResourcesDto = z.object({
  sessionId: z.string(),
  rooms: z.array(
    z.object({
      room: z.string(),
      free: z.boolean(),
      /** Held by this session's booking. */
      heldByThisSession: z.boolean(),
    }),
  ),
  interpreters: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      languageIds: z.array(z.string()),
      free: z.boolean(),
      heldByThisSession: z.boolean(),
    }),
  ),
});
export type SessionResourcesDto = z.infer<typeof SessionResourcesDto>;
