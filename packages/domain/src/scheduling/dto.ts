import { z } from 'zod';
import { IsoDate, ConcurrencyStamp } from '../fields';
import { Uuid } from '../ids';
import { QueryBoolean } from '../paging';
import { isTimeZone } from '../tenants';
import { AvailabilityRelativeDates } from './date-input';
import { AppointmentTypes, SlotStatusCodes } from './slots';
import { BookingInterpreterIds, BookingRooms } from './resources';

/** Wall-clock time HH:mm (24 hours). */
export const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:mm');
const TimeZoneName = z.string().max(64).refine(isTimeZone, 'Unknown time zone');
const SlotStatusCode = z.union(
  SlotStatusCodes.map((c) => z.literal(c)) as [z.ZodLiteral<2>, ...z.ZodLiteral<number>[]],
);

/** The maximum length of one session: a working day. */
export const SESSION_MAX_MINUTES = 12 * 60;
/** The most sessions one repeating pattern creates. */
export const REPEAT_MAX_SESSIONS = 500;
/** The message when a specialist's time is already held by another session. */
export const SESSION_OVERLAP_MESSAGE = 'The specialist already has a session at this time.';
/** The message when a session is no longer free to book. */
export const SESSION_NOT_AVAILABLE_MESSAGE = 'This session is no longer available.';
/** The day-sheet e-mail confirmation (shell.md §6). */
export const DAYSHEET_EMAIL_CONFIRM = 'Do you want to email booking daysheets of the selected dates to the specialist?';

const sessionFields = {
  specialistId: Uuid,
  centreId: Uuid.nullable().default(null),
  room: z.string().trim().max(64).nullable().default(null),
  date: IsoDate,
  startTime: ClockTime,
  endTime: ClockTime,
  /** The session's zone; by default the centre's state's zone, else the tenant's. */
  timeZone: TimeZoneName.nullable().default(null),
  appointmentType: z.enum(AppointmentTypes).default('INPERSON'),
  slotStatus: SlotStatusCode.default(3),
  reservedForCompanyIds: z.array(Uuid).max(50).default([]),
  note: z.string().trim().max(4000).nullable().default(null),
};

export const CreateAppointmentSessionInput = z.strictObject(sessionFields);
export type CreateAppointmentSessionInput = z.infer<typeof CreateAppointmentSessionInput>;

export const UpdateAppointmentSessionInput = z.strictObject({ ...sessionFields, concurrencyStamp: ConcurrencyStamp });
export type UpdateAppointmentSessionInput = z.infer<typeof UpdateAppointmentSessionInput>;

/** A repeating pattern: the same times on the chosen weekdays every `everyWeeks` weeks between two dates. */
export const RepeatAppointmentSessionsInput = z.strictObject({
  ...sessionFields,
  date: IsoDate,
  untilDate: IsoDate,
  /** 1 = Monday … 7 = Sunday; empty means the weekday of `date`. */
  weekdays: z.array(z.number().int().min(1).max(7)).max(7).default([]),
  everyWeeks: z.number().int().min(1).max(8).default(1),
});
export type RepeatAppointmentSessionsInput = z.infer<typeof RepeatAppointmentSessionsInput>;

export const AppointmentSessionDto = z.object({
  id: Uuid,
  specialistId: Uuid,
  specialistName: z.string(),
  centreId: Uuid.nullable(),
  centreName: z.string().nullable(),
  room: z.string().nullable(),
  timeZone: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  /** The session's local date and times in its own zone. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** "DD MMM YYYY HH:mm AEDT" in the session's zone. */
  displayFrom: z.string(),
  zoneAbbreviation: z.string(),
  appointmentType: z.enum(AppointmentTypes),
  isVideoAppointment: z.boolean(),
  slotStatus: z.number(),
  slotStatusLabel: z.string(),
  sessionStatus: z.enum(['available', 'unavailable', 'booked']),
  reservedForCompanies: z.array(z.object({ id: Uuid, displayName: z.string() })),
  note: z.string().nullable(),
  caseId: Uuid.nullable(),
  caseNo: z.string().nullable(),
  patternId: Uuid.nullable(),
  concurrencyStamp: z.string(),
  /** The rooms and interpreters its booking holds ("Room 1 (Parramatta)", interpreters by name); the calendar lists them. */
  holds: z.array(z.object({ kind: z.enum(['ROOM', 'INTERPRETER']), name: z.string() })).optional(),
});
export type AppointmentSessionDto = z.infer<typeof AppointmentSessionDto>;

/**
 * Most sessions the calendar receives at once (its default): a month of a provider with fifty
 * specialists. A larger clinic's calendar says how many it left out and asks for a specialist or a
 * centre; the list's totalCount is always the whole count.
 */
export const CALENDAR_MAX_SESSIONS = 2000;

/** The calendar's window: sessions starting in [fromDate, toDate] on the tenant's calendar. */
export const AppointmentSessionListQuery = z.object({
  fromDate: IsoDate,
  toDate: IsoDate,
  specialistId: Uuid.optional(),
  centreId: Uuid.optional(),
  slotStatus: z.coerce.number().int().min(2).max(6).optional(),
  /** The calendar by resource: only sessions whose booking holds this interpreter. */
  interpreterId: Uuid.optional(),
  /** The calendar by resource: only sessions whose booking holds this room of the centre (centreId). */
  room: z.string().trim().min(1).max(64).optional(),
  /** The NDIS calendar: only sessions of the NDIS appointment type or booked for an NDIS case (decision 0113). */
  ndis: QueryBoolean.optional(),
  /** The first this many sessions in time order (1 to CALENDAR_MAX_SESSIONS, which is the default). */
  maxResultCount: z.coerce.number().int().min(1).max(CALENDAR_MAX_SESSIONS).optional(),
});

/** The sessions export's body: the calendar's filters, and nothing else. */
export const AppointmentSessionExportInput = z.strictObject(AppointmentSessionListQuery.shape);

export const BookAppointmentSessionInput = z.strictObject({
  /** The case booked into the session, when there is one. */
  caseId: Uuid.nullable().default(null),
  caseNo: z.string().trim().max(64).nullable().default(null),
  /** Booked Unconfirmed (6) unless told Booked Confirmed (5). */
  slotStatus: z.union([z.literal(5), z.literal(6)]).default(6),
  /** Rooms of the session's centre (their names, as the centre lists them) the booking holds too. */
  rooms: BookingRooms.default([]),
  /** Interpreters the booking holds for the session's time. */
  interpreterIds: BookingInterpreterIds.default([]),
});

/** Availability search parameters (shell.md §3); at least one is needed. */
export const AvailabilitySearchQuery = z.object({
  specialistName: z.string().trim().max(200).optional(),
  specialistEmail: z.string().trim().max(256).optional(),
  /** A specialty id, or the start of its name ("orthopaedic"). */
  specialty: z.string().trim().max(200).optional(),
  accreditation: z.string().trim().max(200).optional(),
  fromDate: IsoDate.optional(),
  toDate: IsoDate.optional(),
  relativeDate: z.enum(AvailabilityRelativeDates).optional(),
  /** MM/YYYY, month-year, DD/MM/YYYY or a weekday name. */
  date: z.string().trim().max(40).optional(),
  isVideoAppointment: QueryBoolean.optional(),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'postcode must be 4 digits')
    .optional(),
  state: z.string().trim().max(40).optional(),
  /** A typed request ("orthopaedic next week in NSW") read into the parameters above. */
  text: z.string().trim().max(200).optional(),
  skipCount: z.coerce.number().int().min(0).max(100_000).default(0),
  maxResultCount: z.coerce.number().int().min(1).max(100).default(20),
  /** Slots listed per specialist. */
  slotsPerSpecialist: z.coerce.number().int().min(1).max(50).default(5),
  /** Only slots for which an interpreter of this language (a Languages id) is free for the whole slot. */
  languageId: Uuid.optional(),
  /** Only slots for which this interpreter is free for the whole slot. */
  interpreterId: Uuid.optional(),
  /** Only slots at a centre with a free room: this one by name, or any when true. */
  room: z.string().trim().min(1).max(64).optional(),
  needsRoom: QueryBoolean.optional(),
});
export type AvailabilitySearchQuery = z.infer<typeof AvailabilitySearchQuery>;

/** The availability export's body: the search's parameters, and nothing else. */
export const AvailabilityExportInput = z.strictObject(AvailabilitySearchQuery.shape);

export const AvailabilitySlot = z.object({
  id: Uuid,
  dateFrom: z.string(),
  dateTo: z.string(),
  timeZone: z.string(),
  displayFrom: z.string(),
  sessionStatus: z.enum(['available', 'unavailable', 'booked']),
  slotStatus: z.number(),
  isVideoAppointment: z.boolean(),
  appointmentType: z.enum(AppointmentTypes),
  centre: z
    .object({ id: Uuid, name: z.string(), state: z.string().nullable(), postcode: z.string().nullable() })
    .nullable(),
  reservedForCompanies: z.array(z.object({ id: Uuid, displayName: z.string() })),
  /** When the search asked for a room: the rooms of the slot's centre free for the whole slot. */
  freeRooms: z.array(z.string()).optional(),
  /**
   * When the search asked for an interpreter or a language: the first of those free for the whole slot, by
   * name (at most five: the booking dialog lists them all), and whether more are free.
   */
  freeInterpreters: z.array(z.object({ id: Uuid, name: z.string() })).optional(),
  moreFreeInterpreters: z.boolean().optional(),
});

export const AvailabilityGroup = z.object({
  specialist: z.object({
    id: Uuid,
    fullName: z.string(),
    title: z.string().nullable(),
    businessEmail: z.string().nullable(),
    specialty: z.string().nullable(),
  }),
  totalCount: z.number(),
  sessions: z.array(AvailabilitySlot),
});

export const AvailabilitySearchResult = z.object({
  /** The days searched, on the tenant's calendar. */
  fromDate: z.string(),
  toDate: z.string(),
  /** Specialists with free sessions in all: exact, or at least this many when `totalIsMinimum`. */
  totalCount: z.number(),
  /**
   * True when the search asked for a room or an interpreter and checked only as many specialists as its page
   * needed (decision 0110): more of the others may have free sessions too, so the total is a lower bound.
   */
  totalIsMinimum: z.boolean().optional(),
  items: z.array(AvailabilityGroup),
});
export type AvailabilitySearchResult = z.infer<typeof AvailabilitySearchResult>;

/** Day sheet: a specialist's bookings per centre from a date (the print page's dId, cId, fDate). */
export const DaySheetQuery = z.strictObject({
  specialistId: Uuid,
  centreId: Uuid.nullable().default(null),
  fromDate: IsoDate,
  toDate: IsoDate.nullable().default(null),
  /**
   * Instead of toDate: this many business days from fromDate (fromDate counts when it is one), skipping
   * weekends and the holidays of the centre's state and the national ones.
   */
  businessDays: z.number().int().min(1).max(23).nullable().default(null),
});
export type DaySheetQuery = z.infer<typeof DaySheetQuery>;

export const DaySheet = z.object({
  specialist: z.object({ id: Uuid, fullName: z.string(), email: z.string().nullable() }),
  fromDate: z.string(),
  toDate: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      displayDate: z.string(),
      centres: z.array(
        z.object({
          centreId: Uuid.nullable(),
          centreName: z.string(),
          address: z.string().nullable(),
          bookings: z.array(
            z.object({
              sessionId: Uuid,
              startTime: z.string(),
              endTime: z.string(),
              zoneAbbreviation: z.string(),
              appointmentType: z.enum(AppointmentTypes),
              slotStatusLabel: z.string(),
              caseId: Uuid.nullable(),
              caseNo: z.string().nullable(),
              /** Who is coming: the claimant of the booked case. */
              claimantName: z.string().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type DaySheet = z.infer<typeof DaySheet>;
