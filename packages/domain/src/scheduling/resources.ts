import { z } from 'zod';
import { isoWeekday, toDayNumber } from '../calendar';
import { Uuid } from '../ids';
import { formatClock, wallTimeIn } from './zones';

/**
 * Rooms and interpreters a booking holds besides the specialist. A room is one of its centre's named
 * rooms; an interpreter is master data with languages. Each is held for the session's time, and the
 * database refuses two live holds of one room or one interpreter whose times overlap.
 */
export const ResourceKinds = ['ROOM', 'INTERPRETER'] as const;
export type ResourceKind = (typeof ResourceKinds)[number];

/** Rooms of the session's centre (their names, as the centre lists them) a booking holds too. */
export const BookingRooms = z.array(z.string().trim().min(1).max(64)).max(5);
/** Interpreters a booking holds for the session's time. */
export const BookingInterpreterIds = z.array(Uuid).max(5);

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

/** Hours as "HH:MM" ("24:00" ends a day). */
const ClockTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time as HH:MM');

/**
 * One weekly stretch a room or an interpreter can be booked in: an ISO weekday (1 Monday … 7 Sunday) and the
 * wall-clock hours, in the session's own time zone. A resource with none can be booked at any time.
 */
export const WorkingHoursEntry = z
  .strictObject({
    weekday: z.number().int().min(1).max(7),
    from: ClockTime,
    to: ClockTime,
  })
  .refine((w) => w.from < w.to, { message: 'The hours must end after they start', path: ['to'] });
export type WorkingHoursEntry = z.infer<typeof WorkingHoursEntry>;

/** A resource's working hours: at most 28 stretches (four a day). */
export const WorkingHours = z.array(WorkingHoursEntry).max(28).default([]);

/** The working hours of one of a centre's rooms (the room by its name in the centre's Rooms). */
export const RoomHoursEntry = z
  .strictObject({
    room: z.string().trim().min(1).max(64),
    weekday: z.number().int().min(1).max(7),
    from: ClockTime,
    to: ClockTime,
  })
  .refine((w) => w.from < w.to, { message: 'The hours must end after they start', path: ['to'] });
export type RoomHoursEntry = z.infer<typeof RoomHoursEntry>;

/**
 * Whether a booking from `start` to `end` (wall-clock times in the session's time zone: ISO weekday of the
 * start, "HH:MM" times, `sameDay` false when it ends on a later day) lies inside one stretch of the
 * working hours. No working hours means any time. The availability search's SQL applies the same rule
 * (scheduling.repository.ts, `withinHours`).
 */
export function withinWorkingHours(
  hours: readonly { weekday: number; from: string; to: string }[],
  start: { weekday: number; time: string },
  end: { time: string; sameDay: boolean },
): boolean {
  if (hours.length === 0) return true;
  return hours.some(
    (w) =>
      w.weekday === start.weekday &&
      w.from <= start.time &&
      (end.sameDay ? end.time <= w.to : end.time === '00:00' && w.to === '24:00'),
  );
}

/** Whether a booking from `startsAt` to `endsAt`, read in the session's time zone, lies in the working hours. */
export function fitsWorkingHours(
  hours: readonly { weekday: number; from: string; to: string }[],
  timeZone: string,
  startsAt: Date,
  endsAt: Date,
): boolean {
  if (hours.length === 0) return true;
  const start = wallTimeIn(timeZone, startsAt);
  const end = wallTimeIn(timeZone, endsAt);
  const days = toDayNumber(end) - toDayNumber(start);
  if (days > 1) return false;
  return withinWorkingHours(
    hours,
    { weekday: isoWeekday(start), time: formatClock(start) },
    { time: formatClock(end), sameDay: days === 0 },
  );
}

/** The refusal when a room is booked outside its working hours (409, as a room already booked). */
export function roomClosedMessage(room: string, centre: string): string {
  return `The room ${room} at ${centre} is not available at this time (outside its working hours).`;
}

/** The refusal when an interpreter is booked outside their working hours (409). */
export function interpreterOffHoursMessage(interpreter: string): string {
  return `The interpreter ${interpreter} is not available at this time (outside their working hours).`;
}

/**
 * The free interpreters an availability search's slot names, as the results table and the export show them:
 * the first few by name, and "and more" when more are free (the booking dialog lists them all).
 */
export function freeInterpretersText(slot: {
  freeInterpreters?: { name: string }[] | undefined;
  moreFreeInterpreters?: boolean | undefined;
}): string {
  return (slot.freeInterpreters ?? []).map((i) => i.name).join(', ') + (slot.moreFreeInterpreters ? ' and more' : '');
}
