import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ADMIN_OR_STAFF,
  AppointmentTypeLabels,
  addBusinessDays,
  addDays,
  CALENDAR_MAX_SESSIONS,
  dateIn,
  isBusinessDay,
  dayBoundsIn,
  formatClock,
  formatDisplayDate,
  formatInZone,
  formatIsoDate,
  hasAnyRole,
  instantOf,
  isEmail,
  isAvailableStatus,
  isBookedStatus,
  needsCentre,
  offersVideo,
  parseAvailabilityDate,
  parseAvailabilityText,
  parseIsoDate,
  REPEAT_MAX_SESSIONS,
  resolveAvailabilityRelativeDate,
  SESSION_MAX_MINUTES,
  SESSION_NOT_AVAILABLE_MESSAGE,
  SESSION_OVERLAP_MESSAGE,
  SlotStatusLabels,
  stateOf,
  stateOfPostcode,
  todayIn,
  toDayNumber,
  uuidv7,
  wallTimeIn,
  zoneAbbreviation,
  zoneOfState,
  isoWeekday,
  caseTypesOfSession,
  FREED_SLOT_STATUS,
  SESSION_OTHER_SPECIALIST_MESSAGE,
  SESSION_RESERVED_MESSAGE,
  type AppointmentSessionDto,
  type CaseAppointmentType,
  type AvailabilitySearchQuery,
  type AvailabilitySearchResult,
  type CalendarDate,
  type CreateAppointmentSessionInput,
  type DaySheet,
  type DaySheetQuery,
  type RepeatAppointmentSessionsInput,
  type SlotStatus,
  type UpdateAppointmentSessionInput,
  interpreterBusyMessage,
  roomBusyMessage,
  fitsWorkingHours,
  interpreterOffHoursMessage,
  roomClosedMessage,
  type SessionResourcesDto,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { AppError, businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { enqueueRequestedMail, templateDisabledMessage } from '../correspondence/outbox';
import { escapeHtml } from '../../platform/html';
import type { MailBlock } from '../correspondence/template-render';
import { recordCondition, requireAccess, seesWholeTenant } from '../../platform/access/records';
import './scheduling.access';
import { peopleRepository } from '../people/people.repository';
import {
  ANY_ROOM,
  FREE_INTERPRETERS_LISTED,
  namesRoom,
  schedulingRepository as repo,
  type AvailabilityFilter,
  type AvailabilityGroupRow,
  type SessionRow,
} from './scheduling.repository';
import { appointmentSessions as s, resourceHolds as h } from './scheduling.schema';
import { centres, interpreters } from '../reference/reference.schema';

const ENTITY = 'AppointmentSession';
const EXCLUSION = 'appointment_sessions_no_overlap';
const ROOM_EXCLUSION = 'resource_holds_room_no_overlap';
const INTERPRETER_EXCLUSION = 'resource_holds_interpreter_no_overlap';
/** The e-mail template of Email Daysheets (tenants may word it their own way or disable it). */
const DAY_SHEET_TEMPLATE = 'SPECIALIST_DAYSHEET';
const DAY_SHEET_PURPOSE = 'to send day sheets';
export const DAY_SHEET_TEMPLATE_DISABLED = templateDisabledMessage(DAY_SHEET_TEMPLATE, DAY_SHEET_PURPOSE);

/** Whether an error is PostgreSQL refusing a row by the exclusion constraint named. */
function isExclusion(error: unknown, constraint: string): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const found = e as { code?: unknown; constraint?: unknown };
    if (found.code === '23P01' && (found.constraint === undefined || found.constraint === constraint)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A room or an interpreter another booking holds at an overlapping time: 409 naming it. */
const resourceBusy = (message: string) => new AppError('Casebook:ResourceBusy', message);

/** What a booking holds besides the specialist. */
export type BookingResources = { rooms?: readonly string[]; interpreterIds?: readonly string[] };

/** An interpreter an availability search may offer, with their working hours. */
type Candidate = { id: string; name: string; workingHours: { weekday: number; from: string; to: string }[] };

/** The working hours of one of a centre's rooms (by name in any case); none: any time. */
const roomHoursOf = (hours: readonly { room: string; weekday: number; from: string; to: string }[], room: string) =>
  hours.filter((w) => w.room.toLowerCase() === room.toLowerCase());

type Times = { startsAt: Date; endsAt: Date; timeZone: string };

/** What a case says about its appointment, as far as its sessions are concerned. */
export type CaseAppointment = {
  caseId: string;
  caseNo: string;
  specialistId: string | null;
  centreId: string | null;
  appointmentDate: string | null;
  appointmentTime: string | null;
  /** The slot status its session holds (Booked Confirmed 5, Booked Unconfirmed 6), null to free it. */
  hold: 5 | 6 | null;
};

/** The appointment a booked session gives its case. */
export type SessionAppointment = {
  appointmentDate: string;
  appointmentTime: string;
  appointmentType: CaseAppointmentType;
  centreId: string | null;
};

const COUNTRY_CODE_TTL_MS = 10_000;
/** Free interpreters an availability search names per slot (the first by name). */

/** Appointment sessions: the calendar, availability search, booking and day sheets. */
export class SchedulingService {
  constructor(private readonly database: Database) {}

  /** A write in one transaction; a lost race on the exclusion constraint reads as the overlap message. */
  private async write<T>(ctx: RequestContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.database.withTenant(ctx.tenant.id, fn);
    } catch (error) {
      if (isExclusion(error, EXCLUSION)) throw businessRule(SESSION_OVERLAP_MESSAGE);
      throw error;
    }
  }

  /**
   * The specialist record a caller is limited to: specialists keep only their own sessions; office
   * roles and case managers are not limited (undefined).
   */
  async ownSpecialist(tx: Tx, ctx: RequestContext): Promise<string | undefined> {
    const roles = ctx.principal.roles;
    if (hasAnyRole(roles, [...ADMIN_OR_STAFF, 'CASE_MANAGER']) || !roles.includes('SPECIALIST')) return undefined;
    const id = await peopleRepository.recordOfUser(tx, 'specialists', ctx.principal.userId);
    // A specialist user without a specialist record owns nothing.
    return id ?? '00000000-0000-0000-0000-000000000000';
  }

  /** Australian zone abbreviations when the tenant's default country is Australia (the spec's id 16). */
  async australian(tx: Tx, ctx: RequestContext): Promise<boolean> {
    const countryId = ctx.tenant.defaultCountryId;
    if (!countryId) return ctx.tenant.timezone.startsWith('Australia/');
    // Read at most every few seconds per tenant: every search and calendar page asks.
    const key = `${ctx.tenant.id}/${countryId}`;
    const hit = this.countryCodes.get(key);
    if (hit && Date.now() - hit.at < COUNTRY_CODE_TTL_MS) return hit.code === 'AU';
    const code = await repo.countryCode(tx, countryId);
    if (this.countryCodes.size > 10_000) this.countryCodes.clear();
    this.countryCodes.set(key, { at: Date.now(), code });
    return code === 'AU';
  }

  private readonly countryCodes = new Map<string, { at: number; code: string | undefined }>();

  private async toDtos(tx: Tx, ctx: RequestContext, rows: SessionRow[]): Promise<AppointmentSessionDto[]> {
    const australian = await this.australian(tx, ctx);
    const names = await repo.companyNames(tx, [...new Set(rows.flatMap((r) => r.reservedForCompanyIds))]);
    const hidden = await this.hiddenCases(tx, ctx, {
      ids: rows.flatMap((r) => (r.caseId ? [r.caseId] : [])),
      caseNos: rows.flatMap((r) => (!r.caseId && r.caseNo ? [r.caseNo] : [])),
    });
    return rows.map((r) => {
      const dto = toDto(r, australian, names);
      const hide = r.caseId ? hidden.ids.has(r.caseId) : !!r.caseNo && hidden.caseNos.has(r.caseNo);
      return hide ? { ...dto, caseId: null, caseNo: null } : dto;
    });
  }

  /**
   * Of the cases booked into sessions, those the caller may not see (another firm's, for a case
   * manager): a session shows them as booked, without naming the case. Office roles see every case.
   */
  async hiddenCases(
    tx: Tx,
    ctx: RequestContext,
    which: { ids?: string[]; caseNos?: string[] },
  ): Promise<{ ids: Set<string>; caseNos: Set<string> }> {
    const ids = [...new Set(which.ids ?? [])];
    const caseNos = [...new Set(which.caseNos ?? [])];
    if (ids.length + caseNos.length === 0 || seesWholeTenant(ctx)) return { ids: new Set(), caseNos: new Set() };
    const visible = await repo.visibleCases(tx, { ids, caseNos }, await recordCondition(tx, ctx, 'case'));
    return {
      ids: new Set(ids.filter((id) => !visible.ids.has(id))),
      caseNos: new Set(caseNos.filter((no) => !visible.caseNos.has(no))),
    };
  }

  private async one(tx: Tx, ctx: RequestContext, id: string): Promise<AppointmentSessionDto> {
    const row = await repo.get(tx, id);
    if (!row) throw notFound('The session');
    return (await this.toDtos(tx, ctx, [row]))[0]!;
  }

  /** Checks a session's inputs and works out its instants in its zone. */
  private async resolve(
    tx: Tx,
    ctx: RequestContext,
    input: CreateAppointmentSessionInput,
    date: CalendarDate,
  ): Promise<Times> {
    const own = await this.ownSpecialist(tx, ctx);
    if (own && input.specialistId !== own) throw invalidField('specialistId', 'You can only keep your own sessions.');
    if (!(await repo.specialist(tx, input.specialistId)))
      throw invalidField('specialistId', 'The specialist does not exist.');
    let centreState: string | null = null;
    if (input.centreId) {
      const centre = await repo.centre(tx, input.centreId);
      if (!centre) throw invalidField('centreId', 'The centre does not exist.');
      centreState = centre.state;
    } else if (needsCentre(input.appointmentType)) {
      throw invalidField('centreId', 'This field is required');
    }
    if (input.reservedForCompanyIds.length > 0) {
      const names = await repo.companyNames(tx, input.reservedForCompanyIds);
      if (names.size !== new Set(input.reservedForCompanyIds).size) {
        throw invalidField('reservedForCompanyIds', 'A company does not exist.');
      }
    }
    const timeZone = input.timeZone ?? zoneOfState(centreState) ?? ctx.tenant.timezone;
    return { timeZone, ...instants(timeZone, date, input.startTime, input.endTime) };
  }

  async get(ctx: RequestContext, id: string): Promise<AppointmentSessionDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'session', id);
      return this.one(tx, ctx, id);
    });
  }

  /**
   * The calendar: sessions starting on the tenant's days fromDate to toDate (at most 62 days), the
   * first `maxResultCount` (default CALENDAR_MAX_SESSIONS) in time order, with the count of all of
   * them, so a cut list is never taken for the whole one. `limit` overrides both for the export.
   */
  async list(
    ctx: RequestContext,
    q: {
      fromDate: string;
      toDate: string;
      specialistId?: string | undefined;
      centreId?: string | undefined;
      slotStatus?: number | undefined;
      interpreterId?: string | undefined;
      room?: string | undefined;
      ndis?: boolean | undefined;
      maxResultCount?: number | undefined;
    },
    limit = q.maxResultCount ?? CALENDAR_MAX_SESSIONS,
  ) {
    if (q.room && !q.centreId) throw invalidField('room', "A room is one of a centre's rooms: choose the centre too.");
    const from = parseIsoDate(q.fromDate)!;
    const to = parseIsoDate(q.toDate)!;
    if (toDayNumber(to) < toDayNumber(from))
      throw invalidField('toDate', 'The end date must not be before the start date');
    if (toDayNumber(to) - toDayNumber(from) > 62) throw invalidField('toDate', 'The calendar shows at most 62 days.');
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const own = await this.ownSpecialist(tx, ctx);
      const { rows, totalCount } = await repo.list(
        tx,
        {
          from: dayBoundsIn(ctx.tenant.timezone, from).from,
          to: dayBoundsIn(ctx.tenant.timezone, to).to,
          // A specialist's calendar is theirs: the specialist index answers it.
          ...(own ? { specialistId: own } : q.specialistId ? { specialistId: q.specialistId } : {}),
          ...(q.centreId ? { centreId: q.centreId } : {}),
          ...(q.slotStatus ? { slotStatus: q.slotStatus } : {}),
          ...(q.interpreterId ? { interpreterId: q.interpreterId } : {}),
          ...(q.room ? { room: q.room } : {}),
          ...(q.ndis ? { ndis: true } : {}),
          limit,
        },
        await recordCondition(tx, ctx, 'session'),
      );
      // The calendar lists what each booking holds besides the specialist: one read for the page.
      const holds = await repo.holdsOfSessions(
        tx,
        rows.filter((r) => isBookedStatus(r.slotStatus as SlotStatus)).map((r) => r.id),
      );
      const items = await this.toDtos(tx, ctx, rows);
      return { items: items.map((i) => (holds.has(i.id) ? { ...i, holds: holds.get(i.id)! } : i)), totalCount };
    });
  }

  async create(ctx: RequestContext, input: CreateAppointmentSessionInput): Promise<AppointmentSessionDto> {
    return this.write(ctx, async (tx) => {
      const times = await this.resolve(tx, ctx, input, parseIsoDate(input.date)!);
      const clash = await repo.overlapping(tx, input.specialistId, times.startsAt, times.endsAt);
      if (clash.length > 0) throw businessRule(SESSION_OVERLAP_MESSAGE);
      const id = await this.insert(tx, ctx, input, times, null);
      return this.one(tx, ctx, id);
    });
  }

  /** A repeating pattern: every chosen weekday, every `everyWeeks` weeks, from date to untilDate; all or none. */
  async repeat(ctx: RequestContext, input: RepeatAppointmentSessionsInput) {
    const first = parseIsoDate(input.date)!;
    const until = parseIsoDate(input.untilDate)!;
    if (toDayNumber(until) < toDayNumber(first)) {
      throw invalidField('untilDate', 'The end date must not be before the start date');
    }
    const weekdays = new Set(input.weekdays.length ? input.weekdays : [isoWeekday(first)]);
    const days: CalendarDate[] = [];
    const firstMonday = toDayNumber(first) - (isoWeekday(first) - 1);
    for (let d = first; toDayNumber(d) <= toDayNumber(until); d = addDays(d, 1)) {
      const week = Math.floor((toDayNumber(d) - firstMonday) / 7);
      if (weekdays.has(isoWeekday(d)) && week % input.everyWeeks === 0) days.push(d);
      if (days.length > REPEAT_MAX_SESSIONS) {
        throw invalidField('untilDate', `A pattern creates at most ${REPEAT_MAX_SESSIONS} sessions.`);
      }
    }
    if (days.length === 0) throw invalidField('weekdays', 'The pattern has no day between the dates.');
    return this.write(ctx, async (tx) => {
      const patternId = uuidv7();
      const { timeZone } = await this.resolve(tx, ctx, input, first);
      for (const day of days) {
        const times = { timeZone, ...instants(timeZone, day, input.startTime, input.endTime) };
        const clash = await repo.overlapping(tx, input.specialistId, times.startsAt, times.endsAt);
        if (clash.length > 0) throw businessRule(`${SESSION_OVERLAP_MESSAGE} (${formatDisplayDate(day)})`);
        await this.insert(tx, ctx, input, times, patternId);
      }
      const items = await this.toDtos(tx, ctx, await repo.byPattern(tx, patternId));
      return { patternId, items, totalCount: items.length };
    });
  }

  private async insert(
    tx: Tx,
    ctx: RequestContext,
    input: CreateAppointmentSessionInput,
    times: Times,
    patternId: string | null,
  ): Promise<string> {
    const id = uuidv7();
    const values = {
      tenantId: ctx.tenant.id,
      id,
      creatorId: ctx.principal.userId,
      concurrencyStamp: uuidv7(),
      specialistId: input.specialistId,
      centreId: input.centreId,
      room: input.room,
      timeZone: times.timeZone,
      startsAt: times.startsAt,
      endsAt: times.endsAt,
      appointmentType: input.appointmentType,
      slotStatus: input.slotStatus,
      reservedForCompanyIds: [...new Set(input.reservedForCompanyIds)],
      note: input.note,
      patternId,
    };
    await tx.insert(s).values(values);
    await recordEntityChange(tx, ctx.actor, {
      entityType: ENTITY,
      entityId: id,
      changeType: 'Created',
      before: null,
      after: values,
    });
    return id;
  }

  async update(ctx: RequestContext, id: string, input: UpdateAppointmentSessionInput): Promise<AppointmentSessionDto> {
    return this.write(ctx, async (tx) => {
      await requireAccess(tx, ctx, 'session', id);
      const before = await repo.get(tx, id);
      if (!before) throw notFound('The session');
      const times = await this.resolve(tx, ctx, input, parseIsoDate(input.date)!);
      if (
        before.caseId &&
        (input.specialistId !== before.specialistId ||
          input.centreId !== before.centreId ||
          times.startsAt.getTime() !== before.startsAt.getTime() ||
          input.slotStatus !== before.slotStatus)
      ) {
        throw businessRule(`The session is booked for case ${before.caseNo}; change the case's appointment instead.`);
      }
      const clash = await repo.overlapping(tx, input.specialistId, times.startsAt, times.endsAt, id);
      if (clash.length > 0) throw businessRule(SESSION_OVERLAP_MESSAGE);
      const moved =
        input.centreId !== before.centreId ||
        times.startsAt.getTime() !== before.startsAt.getTime() ||
        times.endsAt.getTime() !== before.endsAt.getTime();
      if (moved && isBookedStatus(input.slotStatus)) {
        const holds = await tx
          .select({ id: h.id })
          .from(h)
          .where(and(eq(h.sessionId, id), eq(h.released, false)))
          .limit(1);
        if (holds.length > 0) {
          throw businessRule(
            'The booking holds rooms or interpreters at this time; cancel it before moving the session.',
          );
        }
      }
      const changes = {
        specialistId: input.specialistId,
        centreId: input.centreId,
        room: input.room,
        timeZone: times.timeZone,
        startsAt: times.startsAt,
        endsAt: times.endsAt,
        appointmentType: input.appointmentType,
        slotStatus: input.slotStatus,
        reservedForCompanyIds: [...new Set(input.reservedForCompanyIds)],
        note: input.note,
        // A session that is no longer booked lets go of its case.
        ...(isBookedStatus(input.slotStatus) ? {} : { caseId: null, caseNo: null }),
      };
      const updated = await tx
        .update(s)
        .set({
          ...changes,
          concurrencyStamp: uuidv7(),
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
        })
        .where(and(eq(s.id, id), eq(s.isDeleted, false), eq(s.concurrencyStamp, input.concurrencyStamp)))
        .returning({ id: s.id });
      if (updated.length === 0) throw concurrencyConflict();
      if (!isBookedStatus(input.slotStatus)) await this.releaseResources(tx, id);
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: id,
        changeType: 'Updated',
        before,
        after: { ...before, ...changes },
      });
      return this.one(tx, ctx, id);
    });
  }

  /** Deletes a session that holds no booking; a booked session is cancelled first. */
  async deleteSession(ctx: RequestContext, id: string): Promise<void> {
    await this.write(ctx, async (tx) => {
      await requireAccess(tx, ctx, 'session', id);
      const before = await repo.get(tx, id);
      if (!before) throw notFound('The session');
      if (isBookedStatus(before.slotStatus)) {
        throw businessRule('A booked session cannot be deleted; cancel its booking first.');
      }
      await tx
        .update(s)
        .set({ isDeleted: true, deletionTime: new Date(), deleterId: ctx.principal.userId, concurrencyStamp: uuidv7() })
        .where(eq(s.id, id));
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: id,
        changeType: 'Deleted',
        before,
        after: null,
      });
    });
  }

  /**
   * Books an unbooked session. The update only matches while the session is still unbooked, so of any
   * number of simultaneous attempts exactly one succeeds; the others are told it is gone.
   */
  async book(
    ctx: RequestContext,
    id: string,
    input: { caseId: string | null; caseNo: string | null; slotStatus: 5 | 6 } & BookingResources,
  ): Promise<AppointmentSessionDto> {
    if (input.caseId) {
      // A case's booking changes the case too: it goes through the case's appointment.
      throw invalidField('caseId', "A case is booked through its appointment (the case's sessionId).");
    }
    return this.write(ctx, async (tx) => {
      const row = await this.bookIn(tx, ctx, id, input);
      return (await this.toDtos(tx, ctx, [row]))[0]!;
    });
  }

  /** Booking inside the caller's transaction: a case module books its case and the session together. */
  async bookIn(
    tx: Tx,
    ctx: RequestContext,
    id: string,
    input: { caseId: string | null; caseNo: string | null; slotStatus: 5 | 6 } & BookingResources,
  ): Promise<SessionRow> {
    const before = await repo.get(tx, id);
    if (!before) throw notFound('The session');
    const booked = await tx
      .update(s)
      .set({
        slotStatus: input.slotStatus,
        caseId: input.caseId,
        caseNo: input.caseNo,
        concurrencyStamp: uuidv7(),
        lastModificationTime: new Date(),
        lastModifierId: ctx.principal.userId,
      })
      .where(and(eq(s.id, id), eq(s.isDeleted, false), inArray(s.slotStatus, [3, 4])))
      .returning({ id: s.id });
    if (booked.length === 0) throw businessRule(SESSION_NOT_AVAILABLE_MESSAGE);
    const held = await this.holdResources(tx, ctx, before, input);
    await recordEntityChange(tx, ctx.actor, {
      entityType: ENTITY,
      entityId: id,
      changeType: 'Updated',
      before: { slotStatus: before.slotStatus, caseId: before.caseId, caseNo: before.caseNo },
      after: {
        slotStatus: input.slotStatus,
        caseId: input.caseId,
        caseNo: input.caseNo,
        ...(held.rooms.length ? { rooms: held.rooms.join(', ') } : {}),
        ...(held.interpreters.length ? { interpreters: held.interpreters.join(', ') } : {}),
      },
    });
    return (await repo.get(tx, id))!;
  }

  /**
   * Holds a booking's rooms and interpreters for its session's time, inside the booking's transaction:
   * all of them or none (the caller's transaction rolls back on the first refusal). Each is checked
   * first for a clear message; when two bookings race past the check, the exclusion constraint refuses
   * the later one, which reads as the same message (409 naming the room or interpreter).
   */
  async holdResources(
    tx: Tx,
    ctx: RequestContext,
    session: SessionRow,
    wanted: BookingResources,
  ): Promise<{ rooms: string[]; interpreters: string[] }> {
    const rooms = [...new Set((wanted.rooms ?? []).map((r) => r.trim()))];
    // In one order (the database locks each interpreter's holds in turn): two bookings of the same two
    // interpreters never wait for each other the other way round.
    const interpreterIds = [...new Set(wanted.interpreterIds ?? [])].sort();
    const range = sql`tstzrange(${h.startsAt}, ${h.endsAt}, '[)') && tstzrange(${session.startsAt.toISOString()}::timestamptz, ${session.endsAt.toISOString()}::timestamptz, '[)')`;
    const held = { rooms: [] as string[], interpreters: [] as string[] };
    const insert = async (values: Partial<typeof h.$inferInsert>, constraint: string, busy: string) => {
      try {
        // A savepoint, so the constraint's refusal is known here, with the resource's name.
        await tx.transaction(async (sp) => {
          await sp.insert(h).values({
            tenantId: ctx.tenant.id,
            id: uuidv7(),
            creatorId: ctx.principal.userId,
            concurrencyStamp: uuidv7(),
            sessionId: session.id,
            kind: 'ROOM',
            startsAt: session.startsAt,
            endsAt: session.endsAt,
            ...values,
          });
        });
      } catch (error) {
        if (isExclusion(error, constraint)) throw resourceBusy(busy);
        throw error;
      }
    };
    if (rooms.length > 0) {
      if (!session.centreId) throw invalidField('rooms', 'The session is not at a centre, so it has no rooms.');
      const [centre] = await tx
        .select({ name: centres.name, rooms: centres.rooms, roomHours: centres.roomHours })
        .from(centres)
        .where(and(eq(centres.id, session.centreId), eq(centres.isDeleted, false)));
      if (!centre) throw invalidField('rooms', 'The centre does not exist.');
      for (const wantedRoom of rooms) {
        const room = centre.rooms.find((r) => r.toLowerCase() === wantedRoom.toLowerCase());
        if (!room) throw invalidField('rooms', `${centre.name} has no room ${wantedRoom}.`);
        if (!fitsWorkingHours(roomHoursOf(centre.roomHours, room), session.timeZone, session.startsAt, session.endsAt))
          throw resourceBusy(roomClosedMessage(room, centre.name));
        const busy = roomBusyMessage(room, centre.name);
        const clash = await tx
          .select({ id: h.id })
          .from(h)
          .where(
            and(
              eq(h.kind, 'ROOM'),
              eq(h.centreId, session.centreId),
              sql`lower(${h.room}) = lower(${room})`,
              eq(h.released, false),
              range,
            ),
          )
          .limit(1);
        if (clash.length > 0) throw resourceBusy(busy);
        await insert({ kind: 'ROOM', centreId: session.centreId, room }, ROOM_EXCLUSION, busy);
        held.rooms.push(`${room} (${centre.name})`);
      }
    }
    if (interpreterIds.length > 0) {
      const found = await tx
        .select({ id: interpreters.id, name: interpreters.name, workingHours: interpreters.workingHours })
        .from(interpreters)
        .where(
          and(
            inArray(interpreters.id, interpreterIds),
            eq(interpreters.isDeleted, false),
            eq(interpreters.isActive, true),
          ),
        );
      const byId = new Map(found.map((i) => [i.id, i]));
      for (const interpreterId of interpreterIds) {
        const name = byId.get(interpreterId)?.name;
        if (!name) throw invalidField('interpreterIds', 'The interpreter does not exist.');
        if (
          !fitsWorkingHours(byId.get(interpreterId)!.workingHours, session.timeZone, session.startsAt, session.endsAt)
        )
          throw resourceBusy(interpreterOffHoursMessage(name));
        const busy = interpreterBusyMessage(name);
        const clash = await tx
          .select({ id: h.id })
          .from(h)
          .where(and(eq(h.interpreterId, interpreterId), eq(h.released, false), range))
          .limit(1);
        if (clash.length > 0) throw resourceBusy(busy);
        await insert({ kind: 'INTERPRETER', interpreterId }, INTERPRETER_EXCLUSION, busy);
        held.interpreters.push(name);
      }
    }
    return held;
  }

  /** Holds more rooms and interpreters for a session already booked, leaving those it holds as they are. */
  private async holdMore(tx: Tx, ctx: RequestContext, session: SessionRow, wanted: BookingResources): Promise<void> {
    const holding = await tx
      .select({ room: h.room, interpreterId: h.interpreterId })
      .from(h)
      .where(and(eq(h.sessionId, session.id), eq(h.released, false)));
    const rooms = new Set(holding.map((x) => x.room?.toLowerCase()).filter(Boolean));
    const people = new Set(holding.map((x) => x.interpreterId).filter(Boolean));
    const more = {
      rooms: (wanted.rooms ?? []).filter((r) => !rooms.has(r.trim().toLowerCase())),
      interpreterIds: (wanted.interpreterIds ?? []).filter((i) => !people.has(i)),
    };
    if (more.rooms.length + more.interpreterIds.length === 0) return;
    const held = await this.holdResources(tx, ctx, session, more);
    await recordEntityChange(tx, ctx.actor, {
      entityType: ENTITY,
      entityId: session.id,
      changeType: 'Updated',
      before: {},
      after: {
        ...(held.rooms.length ? { rooms: held.rooms.join(', ') } : {}),
        ...(held.interpreters.length ? { interpreters: held.interpreters.join(', ') } : {}),
      },
    });
  }

  /**
   * What a session could hold: its centre's rooms and the active interpreters (of a language, when
   * asked), each free at the session's time or not, and whether this session already holds it.
   */
  async sessionResources(
    ctx: RequestContext,
    id: string,
    q: { languageId?: string | undefined },
  ): Promise<SessionResourcesDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'session', id);
      const session = await repo.get(tx, id);
      if (!session) throw notFound('The session');
      const overlapping = await tx
        .select({ sessionId: h.sessionId, kind: h.kind, room: h.room, interpreterId: h.interpreterId })
        .from(h)
        .where(
          and(
            eq(h.released, false),
            sql`tstzrange(${h.startsAt}, ${h.endsAt}, '[)') && tstzrange(${session.startsAt.toISOString()}::timestamptz, ${session.endsAt.toISOString()}::timestamptz, '[)')`,
            session.centreId
              ? sql`(${h.interpreterId} is not null or ${h.centreId} = ${session.centreId})`
              : sql`${h.interpreterId} is not null`,
          ),
        );
      const [centre] = session.centreId
        ? await tx
            .select({ rooms: centres.rooms, roomHours: centres.roomHours })
            .from(centres)
            .where(eq(centres.id, session.centreId))
        : [];
      // Outside its working hours a room (or an interpreter) is not free either.
      const open = (hours: readonly { weekday: number; from: string; to: string }[]) =>
        fitsWorkingHours(hours, session.timeZone, session.startsAt, session.endsAt);
      const roomHolds = overlapping.filter((o) => o.kind === 'ROOM');
      const rooms = (centre?.rooms ?? []).map((room) => {
        const holds = roomHolds.filter((o) => o.room?.toLowerCase() === room.toLowerCase());
        const mine = holds.some((o) => o.sessionId === id);
        const free = holds.length === 0 && open(roomHoursOf(centre!.roomHours, room));
        return { room, free, heldByThisSession: mine };
      });
      const people = await tx
        .select({
          id: interpreters.id,
          name: interpreters.name,
          languageIds: interpreters.languageIds,
          workingHours: interpreters.workingHours,
        })
        .from(interpreters)
        .where(
          and(
            eq(interpreters.isDeleted, false),
            eq(interpreters.isActive, true),
            q.languageId ? sql`${interpreters.languageIds} @> array[${q.languageId}::uuid]` : undefined,
          ),
        )
        .orderBy(interpreters.name, interpreters.id)
        .limit(200);
      return {
        sessionId: id,
        rooms,
        interpreters: people.map(({ workingHours, ...p }) => {
          const holds = overlapping.filter((o) => o.interpreterId === p.id);
          return {
            ...p,
            free: holds.length === 0 && open(workingHours),
            heldByThisSession: holds.some((o) => o.sessionId === id),
          };
        }),
      };
    });
  }

  /** Lets go of the rooms and interpreters a session holds (its booking ended). */
  async releaseResources(tx: Tx, sessionId: string): Promise<void> {
    await tx
      .update(h)
      .set({ released: true })
      .where(and(eq(h.sessionId, sessionId), eq(h.released, false)));
  }

  /**
   * The session a case is about to be booked into, checked inside the caller's transaction: it exists,
   * is free (or already the case's), has not started, and is with the case's specialist when the case
   * has one. Returns it with the appointment it gives the case: its local date and start time, centre
   * and type.
   */
  async sessionToBook(
    tx: Tx,
    ctx: RequestContext,
    id: string,
    kase: { caseId?: string; specialistId: string | null; appointmentType: CaseAppointmentType | null },
    now = new Date(),
  ): Promise<SessionRow & { appointment: SessionAppointment }> {
    const row = await repo.get(tx, id);
    const own = await this.ownSpecialist(tx, ctx);
    if (!row || (own && row.specialistId !== own)) throw invalidField('sessionId', 'The session does not exist.');
    const mine = kase.caseId !== undefined && row.caseId === kase.caseId;
    if (!mine) {
      if (!isAvailableStatus(row.slotStatus)) throw businessRule(SESSION_NOT_AVAILABLE_MESSAGE);
      if (row.startsAt.getTime() <= now.getTime()) throw businessRule('This session has already started.');
    }
    if (kase.specialistId && kase.specialistId !== row.specialistId) {
      throw invalidField('sessionId', SESSION_OTHER_SPECIALIST_MESSAGE);
    }
    const types = caseTypesOfSession(row.appointmentType);
    const appointmentType = (kase.appointmentType ?? types[0]) as CaseAppointmentType;
    if (!types.includes(appointmentType)) {
      throw invalidField('appointmentType', `The session is for ${types.join(', ')} appointments.`);
    }
    const start = wallTimeIn(row.timeZone, row.startsAt);
    return {
      ...row,
      appointment: {
        appointmentDate: formatIsoDate(start),
        appointmentTime: formatClock(start),
        appointmentType,
        centreId: row.centreId,
      },
    };
  }

  /** Refuses a session reserved for other companies than the booking's. */
  checkReserved(session: SessionRow, companyId: string): void {
    if (session.reservedForCompanyIds.length > 0 && !session.reservedForCompanyIds.includes(companyId)) {
      throw businessRule(SESSION_RESERVED_MESSAGE);
    }
  }

  /**
   * Makes a case's sessions follow the case, inside the caller's transaction: books `book` for it
   * first when given (one of simultaneous bookings wins, the others get a 422 and roll back), then
   * each session of the case whose time, centre and specialist still are the case's appointment
   * holds it as Booked Unconfirmed or Booked Confirmed by the case's status; any other (the
   * appointment cancelled, moved, or the case cancelled) is freed. `resources`: the rooms and interpreters
   * the booking of `book` holds with it, all or none (a session the case already has keeps what it holds
   * and takes the others too); a session freed lets go of what it held.
   */
  async syncCaseIn(
    tx: Tx,
    ctx: RequestContext,
    kase: CaseAppointment,
    book?: string,
    resources: BookingResources = {},
  ): Promise<void> {
    if (book) {
      const held = await repo.get(tx, book);
      // A case moving to a session at another centre changes both centres' rooms: their locks are taken
      // first, in one order, so that two cases moving the other way round between them wait in turn
      // instead of ending in a deadlock.
      const centres = new Set(
        [held?.centreId, ...(await repo.ofCase(tx, kase.caseId)).map((r) => r.centreId)].filter((c) => c != null),
      );
      if (centres.size > 1) await repo.lockCentreRooms(tx, [...centres]);
      if (held?.caseId !== kase.caseId) {
        if (!kase.hold) throw businessRule(SESSION_NOT_AVAILABLE_MESSAGE);
        await this.bookIn(tx, ctx, book, {
          caseId: kase.caseId,
          caseNo: kase.caseNo,
          slotStatus: kase.hold,
          ...resources,
        });
      } else if ((resources.rooms?.length ?? 0) + (resources.interpreterIds?.length ?? 0) > 0) {
        await this.holdMore(tx, ctx, held, resources);
      }
    }
    for (const row of await repo.ofCase(tx, kase.caseId)) {
      const start = wallTimeIn(row.timeZone, row.startsAt);
      const matches =
        kase.hold !== null &&
        row.specialistId === kase.specialistId &&
        row.centreId === kase.centreId &&
        kase.appointmentDate === formatIsoDate(start) &&
        kase.appointmentTime === formatClock(start);
      const next = matches
        ? { slotStatus: kase.hold!, caseId: kase.caseId, caseNo: kase.caseNo }
        : { slotStatus: FREED_SLOT_STATUS, caseId: null, caseNo: null };
      if (next.slotStatus === row.slotStatus && next.caseId === row.caseId && next.caseNo === row.caseNo) continue;
      await tx
        .update(s)
        .set({
          ...next,
          concurrencyStamp: uuidv7(),
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
        })
        .where(and(eq(s.id, row.id), eq(s.caseId, kase.caseId)));
      if (next.caseId === null) await this.releaseResources(tx, row.id);
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: row.id,
        changeType: 'Updated',
        before: { slotStatus: row.slotStatus, caseId: row.caseId, caseNo: row.caseNo },
        after: next,
      });
    }
  }

  /**
   * syncFromAssessment: the session follows its case again (status, case number, or freed when the
   * case's appointment is no longer this session). `readCase` reads the case in the transaction.
   */
  async syncFromAssessment(
    ctx: RequestContext,
    id: string,
    readCase: (tx: Tx, caseId: string) => Promise<CaseAppointment | undefined>,
  ): Promise<AppointmentSessionDto> {
    return this.write(ctx, async (tx) => {
      const row = await repo.get(tx, id);
      const own = await this.ownSpecialist(tx, ctx);
      if (!row || (own && row.specialistId !== own)) throw notFound('The session');
      if (!row.caseId) throw businessRule('The session is not booked for a case.');
      const kase = await readCase(tx, row.caseId);
      await this.syncCaseIn(
        tx,
        ctx,
        kase ?? {
          caseId: row.caseId,
          caseNo: row.caseNo ?? '',
          specialistId: null,
          centreId: null,
          appointmentDate: null,
          appointmentTime: null,
          hold: null,
        },
      );
      return this.one(tx, ctx, id);
    });
  }

  /** Sessions of the specialist overlapping the given time (the booking screen's duplicate check). */
  async checkDuplicate(ctx: RequestContext, input: CreateAppointmentSessionInput & { excludeId?: string | null }) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const times = await this.resolve(tx, ctx, input, parseIsoDate(input.date)!);
      const rows = await repo.overlapping(
        tx,
        input.specialistId,
        times.startsAt,
        times.endsAt,
        input.excludeId ?? undefined,
      );
      return { isDuplicate: rows.length > 0, items: await this.toDtos(tx, ctx, rows) };
    });
  }

  /** Booked sessions from now on: the caller's own for a specialist. */
  async upcoming(
    ctx: RequestContext,
    q: { specialistId?: string | undefined; maxResultCount: number },
    now = new Date(),
  ) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const own = await this.ownSpecialist(tx, ctx);
      const rows = await repo.upcoming(tx, now, own ?? q.specialistId, q.maxResultCount);
      const items = await this.toDtos(tx, ctx, rows);
      return { items, totalCount: items.length };
    });
  }

  /** The session's pop-up: the session and its specialist. */
  async popup(ctx: RequestContext, specialistId: string, sessionId: string) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const own = await this.ownSpecialist(tx, ctx);
      const session = await this.one(tx, ctx, sessionId);
      if (session.specialistId !== specialistId || (own && own !== specialistId)) throw notFound('The session');
      const sp = (await repo.specialist(tx, specialistId))!;
      return {
        session,
        specialist: { id: sp.id, fullName: `${sp.firstName} ${sp.lastName}`, title: sp.title, businessEmail: sp.email },
      };
    });
  }

  /** The days an availability search covers, on the tenant's calendar. */
  resolveDays(q: AvailabilitySearchQuery, today: CalendarDate): { from: CalendarDate; to: CalendarDate } {
    if (q.relativeDate) return resolveAvailabilityRelativeDate(q.relativeDate, today);
    if (q.date) {
      const range = parseAvailabilityDate(q.date, today);
      if (!range) throw invalidField('date', 'The date must be MM/YYYY, a month and year, DD/MM/YYYY or a weekday.');
      return range;
    }
    if (q.fromDate || q.toDate) {
      const from = q.fromDate ? parseIsoDate(q.fromDate)! : today;
      const to = q.toDate ? parseIsoDate(q.toDate)! : addDays(from, 90);
      if (toDayNumber(to) < toDayNumber(from))
        throw invalidField('toDate', 'The end date must not be before the start date');
      if (toDayNumber(to) - toDayNumber(from) > 366) throw invalidField('toDate', 'A search covers at most a year.');
      return { from, to };
    }
    // No date: the next three months.
    return { from: today, to: addDays(today, 90) };
  }

  /**
   * Availability search (shell.md §3–§5): specialists with unbooked sessions matching the filters,
   * nearest first (by postcode when given, then the earliest slot), each with its nearest slots.
   */
  async search(
    ctx: RequestContext,
    query: AvailabilitySearchQuery,
    now = new Date(),
    /** Work to do with the result in the search's own transaction (its history line). */
    after?: (tx: Tx, result: AvailabilitySearchResult) => Promise<void>,
  ): Promise<AvailabilitySearchResult> {
    const today = todayIn(ctx.tenant.timezone, now);
    const q = { ...query };
    let freeText: string | undefined;
    if (q.text) {
      const typed = parseAvailabilityText(q.text, today);
      freeText = typed.text;
      q.specialistEmail ??= typed.specialistEmail;
      if (!q.relativeDate && !q.date && !q.fromDate && !q.toDate) {
        if (typed.relativeDate) q.relativeDate = typed.relativeDate;
        if (typed.date) q.date = typed.date;
      }
      q.state ??= typed.state;
      q.postcode ??= typed.postcode;
      q.isVideoAppointment ??= typed.isVideoAppointment;
    }
    const asked = [
      q.specialistName,
      q.specialistEmail,
      q.specialty,
      q.accreditation,
      q.fromDate,
      q.toDate,
      q.relativeDate,
      q.date,
      q.isVideoAppointment,
      q.postcode,
      q.state,
      q.languageId,
      q.interpreterId,
      q.room,
      q.needsRoom || undefined,
      freeText,
    ].some((v) => v !== undefined && v !== '');
    if (!asked) throw invalidField('text', 'Enter a specialist, a specialty, a date or a place to search.');
    const days = this.resolveDays(q, today);
    let state: string | undefined;
    if (q.state) {
      state = stateOf(q.state);
      if (!state) throw invalidField('state', 'The state is not an Australian state or territory.');
    }
    // A few statement shapes, each planned once per connection (decision 0136).
    return this.database.withTenant(
      ctx.tenant.id,
      async (tx) => {
        const result = await this.findAvailability(tx, ctx, q, days, state, freeText, now);
        if (after) await after(tx, result);
        return result;
      },
      { preparedStatements: true },
    );
  }

  private async findAvailability(
    tx: Tx,
    ctx: RequestContext,
    q: AvailabilitySearchQuery,
    days: { from: CalendarDate; to: CalendarDate },
    state: string | undefined,
    freeText: string | undefined,
    now: Date,
  ): Promise<AvailabilitySearchResult> {
    const filter: AvailabilityFilter = {
      // Sessions are matched on their own local date, and only those still to start.
      from: now,
      fromDate: formatIsoDate(days.from),
      toDate: formatIsoDate(days.to),
      skip: q.skipCount,
      take: q.maxResultCount,
      slotsPerSpecialist: q.slotsPerSpecialist,
      ...(q.specialistName ? { specialistName: q.specialistName } : {}),
      ...(q.specialistEmail ? { specialistEmail: q.specialistEmail } : {}),
      ...(q.isVideoAppointment !== undefined ? { video: q.isVideoAppointment } : {}),
      ...(state ? { state } : {}),
      ...(q.postcode ? { postcode: Number(q.postcode), postcodeState: stateOfPostcode(q.postcode) ?? '' } : {}),
      ...(q.room ? { room: q.room } : q.needsRoom ? { room: ANY_ROOM } : {}),
    };
    const empty = { fromDate: filter.fromDate, toDate: filter.toDate, totalCount: 0, items: [] };
    // The interpreters a slot may have: the one asked for, or those of the language, read once; the
    // search probes their holds by id.
    // Everything looked up before the count, in one round trip.
    const prelude = await repo.searchPrelude(tx, {
      ...(q.languageId ? { languageId: q.languageId } : {}),
      ...(q.interpreterId ? { interpreterId: q.interpreterId } : {}),
      roomHours: namesRoom(filter),
      ...(q.specialty ? { specialty: q.specialty } : {}),
      ...(q.accreditation ? { accreditation: q.accreditation } : {}),
      ...(freeText && !q.specialty ? { textSpecialty: freeText } : {}),
    });
    const candidates = interpreterCandidates(q, prelude);
    if (candidates?.length === 0) return empty;
    if (candidates) {
      filter.interpreterIds = candidates.map((c) => c.id);
      // Working hours are checked in the search only when some of them have any.
      if (candidates.some((c) => c.workingHours.length > 0))
        filter.interpreterHours = candidates.map((c) => JSON.stringify(c.workingHours));
    }
    if (namesRoom(filter)) filter.roomHours = prelude.roomHours === true;
    if (q.specialty) filter.specialtyIds = prelude.specialtyIds ?? [];
    if (q.accreditation) filter.accreditationIds = prelude.accreditationIds ?? [];
    if (freeText) {
      // Typed words are a specialty when one matches, otherwise a specialist's name.
      const specialties = q.specialty ? [] : (prelude.textSpecialtyIds ?? []);
      if (specialties.length > 0) filter.specialtyIds = specialties;
      else filter.specialistName = [filter.specialistName, freeText].filter(Boolean).join(' ');
    }
    if (filter.specialtyIds?.length === 0 || filter.accreditationIds?.length === 0) return empty;
    const found =
      (namesRoom(filter) || filter.interpreterIds) && dayCount(days) >= CANDIDATES_FROM_DAYS
        ? await this.groupsWithResources(tx, filter)
        : await this.allGroups(tx, filter);
    const groups = found.rows;
    if (groups.length === 0) return found.total > 0 ? { ...empty, totalCount: found.total } : empty;
    const slots = groups.every((g) => g.slots)
      ? groups.flatMap((g) => g.slots!)
      : await repo.availabilitySlots(
          tx,
          filter,
          groups.map((g) => g.specialist_id),
        );
    const australian = await this.australian(tx, ctx);
    const names = await repo.companyNames(tx, [...new Set(slots.flatMap((x) => x.reserved_for_company_ids))]);
    const freeOf = freeResourcesOf(candidates, Boolean(filter.room));
    return {
      fromDate: filter.fromDate,
      toDate: filter.toDate,
      totalCount: found.total,
      ...(found.minimum ? { totalIsMinimum: true } : {}),
      items: groups.map((g) => ({
        specialist: {
          id: g.specialist_id,
          fullName: `${g.first_name} ${g.last_name}`,
          title: g.title,
          businessEmail: g.email,
          specialty: g.specialty,
        },
        totalCount: g.slot_count,
        sessions: slots
          .filter((x) => x.specialist_id === g.specialist_id)
          .map((x) => {
            const startsAt = new Date(x.starts_at);
            return {
              id: x.id,
              dateFrom: startsAt.toISOString(),
              dateTo: new Date(x.ends_at).toISOString(),
              timeZone: x.time_zone,
              displayFrom: formatInZone(startsAt, x.time_zone, australian),
              sessionStatus: 'available' as const,
              slotStatus: x.slot_status,
              isVideoAppointment: offersVideo(x.appointment_type),
              appointmentType: x.appointment_type,
              centre: x.centre_id
                ? { id: x.centre_id, name: x.centre_name!, state: x.state, postcode: x.postcode }
                : null,
              reservedForCompanies: x.reserved_for_company_ids.map((id) => ({
                id,
                displayName: names.get(id) ?? '',
              })),
              ...freeOf(x),
            };
          }),
      })),
    };
  }

  /** A search's page of specialists and how many there are in all, every matching session counted. */
  private async allGroups(tx: Tx, filter: AvailabilityFilter): Promise<FoundGroups> {
    // The page's slots come in the same statement (one round trip less).
    const rows = await repo.availabilityGroups(tx, filter, true, true);
    return { rows, total: rows[0]?.total ?? 0, minimum: false };
  }

  /**
   * A search's page when it asks for a room or an interpreter (decision 0110). Checking the resources of
   * every matching session is most of such a search's work, so it starts from the order without them: the
   * specialists by their nearest and first matching session, read from the index alone as a search without
   * resources is. A specialist's first free slot is never nearer or earlier than their first matching one,
   * so once the rooms and interpreters of the first candidates are checked (their free slots counted in
   * full), each of them whose first free slot comes before the next unchecked candidate's first matching
   * session is in their final place. When those fill the page, it is the page, and the total is those
   * found, at least (the unchecked candidates may have free slots too). Otherwise four times as many
   * candidates are checked, and then (the candidates' rooms or interpreters mostly taken) every matching
   * session, as before; when every candidate has been checked the page and the total are exact.
   */
  private async groupsWithResources(tx: Tx, filter: AvailabilityFilter): Promise<FoundGroups> {
    const wanted = filter.skip + filter.take;
    const first = wanted + CANDIDATE_MARGIN;
    const rounds = [first, first * CANDIDATE_GROWTH];
    const plain = await repo.availabilityGroups(tx, { ...filter, skip: 0, take: rounds[1]! + 1 }, false);
    let exact: AvailabilityGroupRow[] = [];
    let checked = 0;
    for (const size of rounds) {
      const more = plain.slice(checked, size);
      checked += more.length;
      if (more.length > 0) {
        const found = await repo.availabilityGroups(tx, {
          ...filter,
          specialistIds: more.map((g) => g.specialist_id),
          skip: 0,
          take: more.length,
        });
        exact = [...exact, ...found].sort((a, b) => (orderedBefore(a, b) ? -1 : 1));
      }
      const next = plain[checked];
      // Every candidate was checked: the page and the total are exact.
      if (!next) return { rows: exact.slice(filter.skip, wanted), total: exact.length, minimum: false };
      const placed = exact.filter((g) => orderedBefore(g, next));
      if (placed.length >= wanted) {
        return { rows: placed.slice(filter.skip, wanted), total: exact.length, minimum: true };
      }
    }
    return this.allGroups(tx, filter);
  }

  /** The day sheet: a specialist's bookings from a date, per day and centre, in each session's zone. */
  async daySheet(ctx: RequestContext, q: DaySheetQuery): Promise<DaySheet> {
    return this.database.withTenant(ctx.tenant.id, (tx) => this.daySheetIn(tx, ctx, q));
  }

  /**
   * The day sheet inside the caller's transaction. A missing (or another tenant's) specialist or centre
   * is not found; a specialist reads only their own.
   */
  private async daySheetIn(
    tx: Tx,
    ctx: RequestContext,
    q: DaySheetQuery,
    /** Whose view of the cases: the caller's, or the specialist's own (the e-mail goes to them). */
    reader: 'caller' | 'specialist' = 'caller',
  ): Promise<DaySheet> {
    if (q.businessDays && q.toDate) throw invalidField('businessDays', 'Give either an end date or business days.');
    const from = parseIsoDate(q.fromDate)!;
    const centre = q.centreId ? await repo.centre(tx, q.centreId) : null;
    let to = q.toDate ? parseIsoDate(q.toDate)! : from;
    if (q.businessDays) {
      // Business days skip weekends and the holidays of the centre's state (and the national ones).
      const off = await repo.holidayDates(tx, q.fromDate, formatIsoDate(addDays(from, 62)), centre?.state ?? null);
      const first = isBusinessDay(from, off) ? from : addBusinessDays(from, 1, off);
      to = addBusinessDays(first, q.businessDays - 1, off);
    }
    if (toDayNumber(to) < toDayNumber(from))
      throw invalidField('toDate', 'The end date must not be before the start date');
    if (toDayNumber(to) - toDayNumber(from) > 31) {
      throw invalidField(q.businessDays ? 'businessDays' : 'toDate', 'A day sheet covers at most 31 days.');
    }
    if (q.centreId && !centre) throw notFound('The centre');
    const own = await this.ownSpecialist(tx, ctx);
    if (own && own !== q.specialistId) throw notFound('The specialist');
    const sp = await repo.specialist(tx, q.specialistId);
    if (!sp) throw notFound('The specialist');
    const rows = (
      await repo.bookings(
        tx,
        q.specialistId,
        q.centreId,
        new Date(dayBoundsIn('UTC', from).from.getTime() - 14 * 3_600_000),
        new Date(dayBoundsIn('UTC', to).to.getTime() + 14 * 3_600_000),
      )
    ).filter((r) => {
      const d = formatIsoDate(dateIn(r.timeZone, r.startsAt));
      return d >= q.fromDate && d <= formatIsoDate(to);
    });
    const australian = await this.australian(tx, ctx);
    const centreInfo = new Map(
      (await repo.centres(tx, [...new Set(rows.map((r) => r.centreId).filter((c): c is string => !!c))])).map((c) => [
        c.id,
        c,
      ]),
    );
    // A booking names its case and claimant only to those who may see the case (as in the calendar): a
    // case manager reading a specialist's sheet sees their own company's cases; the others are a booked
    // time and nothing more. The e-mailed sheet is the specialist's own, complete.
    const caseIds = rows.flatMap((r) => (r.caseId ? [r.caseId] : []));
    const caseNos = rows.flatMap((r) => (!r.caseId && r.caseNo ? [r.caseNo] : []));
    const hidden =
      reader === 'specialist'
        ? { ids: new Set<string>(), caseNos: new Set<string>() }
        : await this.hiddenCases(tx, ctx, { ids: caseIds, caseNos });
    const shown = (b: SessionRow) =>
      b.caseId ? !hidden.ids.has(b.caseId) : !b.caseNo || !hidden.caseNos.has(b.caseNo);
    const claimants = await repo.claimantsOfCases(tx, [...new Set(caseIds.filter((id) => !hidden.ids.has(id)))]);
    const days = new Map<string, Map<string, SessionRow[]>>();
    for (const r of rows) {
      const day = formatIsoDate(dateIn(r.timeZone, r.startsAt));
      const byCentre = days.get(day) ?? new Map<string, SessionRow[]>();
      const key = r.centreId ?? '';
      byCentre.set(key, [...(byCentre.get(key) ?? []), r]);
      days.set(day, byCentre);
    }
    return {
      specialist: { id: sp.id, fullName: `${sp.firstName} ${sp.lastName}`, email: sp.email },
      fromDate: q.fromDate,
      toDate: formatIsoDate(to),
      days: [...days.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, byCentre]) => ({
          date,
          displayDate: formatDisplayDate(parseIsoDate(date)!),
          centres: [...byCentre.entries()]
            .map(([centreId, bookings]) => {
              const c = centreInfo.get(centreId);
              return {
                centreId: centreId || null,
                centreName: c?.name ?? 'Video / phone',
                address: c ? [c.address, c.suburb, c.state, c.postcode].filter(Boolean).join(', ') || null : null,
                bookings: bookings.map((b) => ({
                  sessionId: b.id,
                  startTime: formatClock(wallTimeIn(b.timeZone, b.startsAt)),
                  endTime: formatClock(wallTimeIn(b.timeZone, b.endsAt)),
                  zoneAbbreviation: zoneAbbreviation(b.timeZone, b.startsAt, australian),
                  appointmentType: b.appointmentType,
                  slotStatusLabel: SlotStatusLabels[b.slotStatus as SlotStatus],
                  caseId: shown(b) ? b.caseId : null,
                  caseNo: shown(b) ? b.caseNo : null,
                  claimantName: (shown(b) && b.caseId && claimants.get(b.caseId)) || null,
                })),
              };
            })
            .sort((a, b) => a.centreName.localeCompare(b.centreName)),
        })),
    };
  }

  /**
   * E-mails the day sheet of the selected dates to the specialist in the tenant's wording of the
   * SPECIALIST_DAYSHEET template: the message is queued in the outbox in one transaction with its audit
   * row, and the mail worker delivers it. `sent` says it was accepted for delivery; a disabled template
   * is refused (422) rather than sending nothing.
   */
  async sendDaySheets(ctx: RequestContext, q: DaySheetQuery): Promise<{ sent: boolean; to: string }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const sheet = await this.daySheetIn(tx, ctx, q, 'specialist');
      const to = sheet.specialist.email;
      if (!to) throw invalidField('specialistId', 'The specialist has no e-mail address.');
      if (!isEmail(to)) throw invalidField('specialistId', "The specialist's e-mail address is not valid.");
      const { from, to: until, period, block } = daySheetMail(sheet);
      // The tenant's wording of the template, with the sheet's list of bookings as its {{daySheet}}.
      const outboxId = await enqueueRequestedMail(
        tx,
        ctx.tenant.id,
        {
          to,
          templateKey: DAY_SHEET_TEMPLATE,
          values: {
            recipientName: sheet.specialist.fullName,
            specialistName: sheet.specialist.fullName,
            appointmentDate: period,
            fromDate: from,
            toDate: until,
          },
          blocks: { daySheet: block },
          fromModule: 'Specialist',
          objectId: sheet.specialist.id,
          objectReference: sheet.specialist.fullName,
          category: 'SPECIALIST_DAYSHEET',
          creatorId: ctx.principal.userId,
        },
        DAY_SHEET_PURPOSE,
      );
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'SpecialistDaySheetEmail',
        entityId: outboxId,
        changeType: 'Created',
        before: null,
        after: {
          specialistId: sheet.specialist.id,
          centreId: q.centreId,
          recipient: to,
          fromDate: sheet.fromDate,
          toDate: sheet.toDate,
          bookingCount: sheet.days.reduce((n, d) => n + d.centres.reduce((m, c) => m + c.bookings.length, 0), 0),
        },
      });
      return { sent: true, to };
    });
  }
}

/** The day sheet's dates as the e-mail names them, and its bookings per day and centre (HTML and text). */
/**
 * The interpreters an availability search asks for, from its prelude: the one named (it must exist, be
 * active and, with a language, speak it) or the active ones of the language; undefined when the search
 * asks for none.
 */
function interpreterCandidates(
  q: AvailabilitySearchQuery,
  prelude: { languageFound: boolean | null; interpreters: Candidate[] | null },
): Candidate[] | undefined {
  if (!q.interpreterId && !q.languageId) return undefined;
  if (q.languageId && !prelude.languageFound) throw invalidField('languageId', 'The language does not exist.');
  const people = prelude.interpreters ?? [];
  if (q.interpreterId && people.length === 0) {
    throw invalidField(
      'interpreterId',
      q.languageId
        ? 'The interpreter does not exist or does not speak this language.'
        : 'The interpreter does not exist.',
    );
  }
  return people;
}

/**
 * The rooms and interpreters a search's slot names as free (the search asked for them): the rooms as the slots
 * query found them, and its first free interpreters by their place among the candidates, with whether more
 * are free than it lists.
 */
function freeResourcesOf(candidates: Candidate[] | undefined, room: boolean) {
  return (slot: { free_rooms: string[] | null; free_interpreters: number[] | null }) => {
    const places = slot.free_interpreters ?? [];
    return {
      ...(room ? { freeRooms: slot.free_rooms ?? [] } : {}),
      ...(candidates
        ? {
            freeInterpreters: places.slice(0, FREE_INTERPRETERS_LISTED).map((k) => {
              const c = candidates[k - 1]!;
              return { id: c.id, name: c.name };
            }),
            moreFreeInterpreters: places.length > FREE_INTERPRETERS_LISTED,
          }
        : {}),
    };
  };
}

/** A search's page of specialists, how many have free sessions and whether that is a lower bound. */
type FoundGroups = { rows: AvailabilityGroupRow[]; total: number; minimum: boolean };

/** Candidates checked for rooms and interpreters beyond those a page needs (decision 0110). */
const CANDIDATE_MARGIN = 10;
/**
 * A search of this many days or more that asks for a room or an interpreter checks candidates first
 * (decision 0110); a shorter one matches few sessions, and checking them all at once costs less.
 */
const CANDIDATES_FROM_DAYS = 15;
const dayCount = (days: { from: CalendarDate; to: CalendarDate }) => toDayNumber(days.to) - toDayNumber(days.from) + 1;
/** How many times as many candidates the second round checks. */
const CANDIDATE_GROWTH = 4;

/** Whether the specialist `a` comes before `b` in a search's order: nearest, first slot, then by id. */
function orderedBefore(a: AvailabilityGroupRow, b: AvailabilityGroupRow): boolean {
  if (Number(a.distance) !== Number(b.distance)) return Number(a.distance) < Number(b.distance);
  const at = new Date(a.first_at).getTime();
  const bt = new Date(b.first_at).getTime();
  if (at !== bt) return at < bt;
  return a.specialist_id < b.specialist_id;
}

export function daySheetMail(sheet: DaySheet): { from: string; to: string; period: string; block: MailBlock } {
  const lines: string[] = [];
  const html: string[] = [];
  for (const day of sheet.days) {
    lines.push(day.displayDate);
    html.push(`<h3>${escapeHtml(day.displayDate)}</h3>`);
    for (const centre of day.centres) {
      lines.push(`  ${centre.centreName}`);
      html.push(`<h4>${escapeHtml(centre.centreName)}</h4><ul>`);
      for (const b of centre.bookings) {
        const text = [
          `${b.startTime}–${b.endTime} ${b.zoneAbbreviation}`,
          [b.caseNo, b.claimantName].filter(Boolean).join(' '),
          AppointmentTypeLabels[b.appointmentType],
          b.slotStatusLabel,
        ]
          .filter(Boolean)
          .join(' · ');
        lines.push(`    ${text}`);
        html.push(`<li>${escapeHtml(text)}</li>`);
      }
      html.push('</ul>');
    }
  }
  if (sheet.days.length === 0) {
    lines.push('No bookings.');
    html.push('<p>No bookings.</p>');
  }
  const from = formatDisplayDate(parseIsoDate(sheet.fromDate)!);
  const to = formatDisplayDate(parseIsoDate(sheet.toDate)!);
  const period = from === to ? from : `${from} – ${to}`;
  return { from, to, period, block: { html: html.join(''), text: lines.join('\n') } };
}

/** The instants of a wall-clock start and end on a day in a zone. */
function instants(timeZone: string, day: CalendarDate, start: string, end: string): { startsAt: Date; endsAt: Date } {
  const [sh, sm] = start.split(':').map(Number) as [number, number];
  const [eh, em] = end.split(':').map(Number) as [number, number];
  if (eh * 60 + em <= sh * 60 + sm) throw invalidField('endTime', 'The end time must be after the start time.');
  const startsAt = instantOf(timeZone, { ...day, hour: sh, minute: sm });
  const endsAt = instantOf(timeZone, { ...day, hour: eh, minute: em });
  if (endsAt.getTime() - startsAt.getTime() > SESSION_MAX_MINUTES * 60_000) {
    throw invalidField('endTime', `A session lasts at most ${SESSION_MAX_MINUTES / 60} hours.`);
  }
  return { startsAt, endsAt };
}

function toDto(r: SessionRow, australian: boolean, companyNames: Map<string, string>): AppointmentSessionDto {
  const start = wallTimeIn(r.timeZone, r.startsAt);
  const status = r.slotStatus as SlotStatus;
  return {
    id: r.id,
    specialistId: r.specialistId,
    specialistName: r.specialistName,
    centreId: r.centreId,
    centreName: r.centreName,
    room: r.room,
    timeZone: r.timeZone,
    dateFrom: r.startsAt.toISOString(),
    dateTo: r.endsAt.toISOString(),
    date: formatIsoDate(start),
    startTime: formatClock(start),
    endTime: formatClock(wallTimeIn(r.timeZone, r.endsAt)),
    displayFrom: formatInZone(r.startsAt, r.timeZone, australian),
    zoneAbbreviation: zoneAbbreviation(r.timeZone, r.startsAt, australian),
    appointmentType: r.appointmentType,
    isVideoAppointment: offersVideo(r.appointmentType),
    slotStatus: status,
    slotStatusLabel: SlotStatusLabels[status],
    sessionStatus: isAvailableStatus(status) ? 'available' : isBookedStatus(status) ? 'booked' : 'unavailable',
    reservedForCompanies: r.reservedForCompanyIds.map((id) => ({ id, displayName: companyNames.get(id) ?? '' })),
    note: r.note,
    caseId: r.caseId,
    caseNo: r.caseNo,
    patternId: r.patternId,
    concurrencyStamp: r.concurrencyStamp,
  };
}
