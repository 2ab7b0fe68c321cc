import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, smallint, text, uuid } from 'drizzle-orm/pg-core';
import type { AppointmentType, ResourceKind } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';
import { specialists } from '../people/people.schema';
import { centres, interpreters } from '../reference/reference.schema';

/**
 * A specialist's appointment session: a time range at a centre (or by video or phone) with a slot
 * status. No two live sessions of a specialist overlap: an exclusion constraint in migration
 * `appointment_sessions_exclusion` holds that, whatever the code does.
 */
export const appointmentSessions = tenantTable(
  'appointment_sessions',
  {
    specialistId: uuid('specialist_id').notNull(),
    centreId: uuid('centre_id'),
    room: text('room'),
    /** The IANA zone the session is held in; times are shown in it. */
    timeZone: text('time_zone').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    /**
     * The calendar date the session starts on where it is held, kept by the database. A search by days
     * compares this plain column, which an index can answer and the planner can estimate (a condition on
     * `starts_at at time zone time_zone` can be neither under row-level security).
     */
    localDate: date('local_date', { mode: 'string' }).generatedAlwaysAs(sql`(starts_at at time zone time_zone)::date`),
    appointmentType: text('appointment_type').$type<AppointmentType>().notNull(),
    slotStatus: smallint('slot_status').notNull(),
    reservedForCompanyIds: uuid('reserved_for_company_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    note: text('note'),
    /** The case booked into the session. */
    caseId: uuid('case_id'),
    caseNo: text('case_no'),
    /** The repeating pattern that created the session. */
    patternId: uuid('pattern_id'),
    /**
     * Whether a room of the session's centre is open and not held by another booking for the whole
     * session, kept by the database (migration `appointment_sessions_room_free`) for sessions still to
     * come that are free to book: the availability search's "needs a room" reads it from its covering
     * indexes instead of checking every room of every matching session. False without a centre.
     */
    roomFree: boolean('room_free').notNull().default(false),
    /**
     * The specialist's specialty, kept by the database (migration `appointment_sessions_specialty`): the
     * availability search by specialty reads one range of its covering index instead of one per specialist.
     */
    specialtyId: uuid('specialty_id'),
  },
  (t) => [
    foreignKey({
      name: 'appointment_sessions_specialist_fkey',
      columns: [t.tenantId, t.specialistId],
      foreignColumns: [specialists.tenantId, specialists.id],
    }),
    foreignKey({
      name: 'appointment_sessions_centre_fkey',
      columns: [t.tenantId, t.centreId],
      foreignColumns: [centres.tenantId, centres.id],
    }),
    check('appointment_sessions_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointment_sessions_status_check', sql`${t.slotStatus} between 2 and 6`),
    // SESSION_MAX_MINUTES: what bounds the sessions a room hold can overlap (room_free's upkeep).
    check('appointment_sessions_length_check', sql`${t.endsAt} <= ${t.startsAt} + interval '12 hours'`),
    index('appointment_sessions_specialist_idx')
      .on(t.tenantId, t.specialistId, t.startsAt)
      .where(sql`not ${t.isDeleted}`),
    index('appointment_sessions_centre_idx')
      .on(t.tenantId, t.centreId, t.startsAt)
      .where(sql`not ${t.isDeleted}`),
    // The calendar without a specialist or centre: its first sessions in time order, and their count.
    index('appointment_sessions_time_idx')
      .on(t.tenantId, t.startsAt, t.id)
      .where(sql`not ${t.isDeleted}`),
    // The availability search's covering indexes (INCLUDE, on the local date) are in migration
    // appointment_sessions_local_date (and the session's end added in
    // appointment_sessions_available_end).
    index('appointment_sessions_case_idx')
      .on(t.tenantId, t.caseId)
      .where(sql`${t.caseId} is not null`),
  ],
);

/**
 * A room or an interpreter held by a booked session for the session's time. Exclusion constraints in
 * migration `resource_holds` refuse two live holds of one room (centre and name, in any case) or one
 * interpreter whose times overlap, as `appointment_sessions_no_overlap` does for a specialist.
 */
export const resourceHolds = tenantTable(
  'resource_holds',
  {
    sessionId: uuid('session_id').notNull(),
    kind: text('kind').$type<ResourceKind>().notNull(),
    /** A room: its centre and its name as the centre lists it. */
    centreId: uuid('centre_id'),
    room: text('room'),
    interpreterId: uuid('interpreter_id'),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    /** Let go when the session's booking ends; a released hold holds nothing. */
    released: boolean('released').notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'resource_holds_session_fkey',
      columns: [t.tenantId, t.sessionId],
      foreignColumns: [appointmentSessions.tenantId, appointmentSessions.id],
    }),
    foreignKey({
      name: 'resource_holds_centre_fkey',
      columns: [t.tenantId, t.centreId],
      foreignColumns: [centres.tenantId, centres.id],
    }),
    foreignKey({
      name: 'resource_holds_interpreter_fkey',
      columns: [t.tenantId, t.interpreterId],
      foreignColumns: [interpreters.tenantId, interpreters.id],
    }),
    check(
      'resource_holds_kind_check',
      sql`(${t.kind} = 'ROOM' and ${t.centreId} is not null and ${t.room} is not null and ${t.interpreterId} is null)
        or (${t.kind} = 'INTERPRETER' and ${t.interpreterId} is not null and ${t.centreId} is null and ${t.room} is null)`,
    ),
    check('resource_holds_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    index('resource_holds_session_idx')
      .on(t.tenantId, t.sessionId)
      .where(sql`not ${t.released}`),
    // The availability search's probes (scheduling.repository.ts, resourceConditions): the last live hold of a
    // room or an interpreter starting before a session ends. The end is in the index too, so a probe reads
    // the index alone (an index-only scan), not the hold's row.
    index('resource_holds_room_span_idx')
      .on(t.tenantId, t.centreId, t.room, t.startsAt, t.endsAt)
      .where(sql`${t.kind} = 'ROOM' and not ${t.released}`),
    index('resource_holds_interpreter_span_idx')
      .on(t.tenantId, t.interpreterId, t.startsAt, t.endsAt)
      .where(sql`${t.kind} = 'INTERPRETER' and not ${t.released}`),
    // Whether a centre has a room free at a time (scheduling.repository.ts, roomFree): the centre's holds
    // starting in a bounded range before the time ends, every room at once, read from the index alone.
    index('resource_holds_room_centre_idx')
      .on(t.tenantId, t.centreId, t.startsAt, t.endsAt, t.room)
      .where(sql`${t.kind} = 'ROOM' and not ${t.released}`),
    // The longest live room hold, which bounds that range: one step from the end.
    index('resource_holds_room_length_idx')
      .on(t.tenantId, sql`(${t.endsAt} - ${t.startsAt})`)
      .where(sql`${t.kind} = 'ROOM' and not ${t.released}`),
  ],
);
