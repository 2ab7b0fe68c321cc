import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppointmentType } from '@casebook/domain';
import { sqlRows, type Tx } from '../../platform/db/database';
import { countWhere, pageTotal } from '../../platform/db/paging';
import { cases } from '../cases/cases.schema';
import { clients, companies, specialists } from '../people/people.schema';
import { centres, holidays, interpreters, lookupConfigs } from '../reference/reference.schema';
import { countries } from '../geography/geography.schema';
import { appointmentSessions as s, resourceHolds as h } from './scheduling.schema';

export type SessionRow = typeof s.$inferSelect & {
  specialistName: string;
  centreName: string | null;
};

const sessionColumns = {
  row: s,
  specialistName: sql<string>`${specialists.firstName} || ' ' || ${specialists.lastName}`,
  centreName: centres.name,
};

/** A session with its specialist's and centre's names; reads see the caller's tenant only (RLS). */
function selectSessions(tx: Tx) {
  return tx
    .select(sessionColumns)
    .from(s)
    .innerJoin(specialists, and(eq(specialists.tenantId, s.tenantId), eq(specialists.id, s.specialistId)))
    .leftJoin(centres, and(eq(centres.tenantId, s.tenantId), eq(centres.id, s.centreId)));
}

const flatten = (r: { row: typeof s.$inferSelect; specialistName: string; centreName: string | null }): SessionRow => ({
  ...r.row,
  specialistName: r.specialistName,
  centreName: r.centreName,
});

export type AvailabilityFilter = {
  specialtyIds?: string[];
  accreditationIds?: string[];
  specialistName?: string;
  specialistEmail?: string;
  /** Sessions starting before this instant (now) are over and not offered. */
  from: Date;
  fromDate: string;
  toDate: string;
  video?: boolean;
  state?: string;
  postcode?: number;
  postcodeState?: string;
  skip: number;
  take: number;
  slotsPerSpecialist: number;
  /** One of these interpreters must be free for the whole session. */
  interpreterIds?: string[];
  /**
   * The working hours of each of `interpreterIds` (JSON, in the same order), when any of them has some: the
   * interpreter must also work for the whole session.
   */
  interpreterHours?: string[];
  /** A room of the session's centre must be free for the whole session: this one by name, or any ('*'). */
  room?: string;
  /** Some centre's rooms have working hours: a room must also be open for the whole session. */
  roomHours?: boolean;
  /** Only these specialists (the candidates of a search that checks rooms and interpreters for a page). */
  specialistIds?: string[];
};

/** What a search looks up before it counts (searchPrelude); an item not asked for is null. */
export type SearchPrelude = {
  languageFound: boolean | null;
  interpreters: { id: string; name: string; workingHours: { weekday: number; from: string; to: string }[] }[] | null;
  roomHours: boolean | null;
  specialtyIds: string[] | null;
  accreditationIds: string[] | null;
  textSpecialtyIds: string[] | null;
};

/** Any room, for AvailabilityFilter.room. */
export const ANY_ROOM = '*';

export type AvailabilityGroupRow = {
  specialist_id: string;
  title: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  specialty: string | null;
  slot_count: number;
  total: number;
  /** The order's keys: nearness (0 without a postcode) and the first slot. */
  distance: number;
  first_at: Date | string;
  /** The specialist's nearest slots, when asked for with the page (availabilityGroups' `withSlots`). */
  slots?: AvailabilitySlotRow[];
};

export type AvailabilitySlotRow = {
  id: string;
  specialist_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  slot_status: number;
  appointment_type: AppointmentType;
  reserved_for_company_ids: string[];
  centre_id: string | null;
  centre_name: string | null;
  state: string | null;
  postcode: string | null;
  /** When the search asks for a room: the rooms of the slot's centre (the one asked for, or any) open and free. */
  free_rooms: string[] | null;
  /**
   * When the search asks for interpreters: the first of them (by their place in `interpreterIds`, from 1) who
   * work and are free for the whole slot, at most FREE_INTERPRETERS_LISTED and one more (there are more).
   */
  free_interpreters: number[] | null;
};

/** The free interpreters a slot of a search names: the first few, for the results table (decision 0136). */
export const FREE_INTERPRETERS_LISTED = 5;

const VIDEO_TYPES = ['VIDEO', 'BOTH', 'ALL', 'OT_VIDEO'];
const IN_PERSON_TYPES = ['INPERSON', 'BOTH', 'ALL', 'NDIS', 'OT'];

/** Trigrams need three characters: a shorter name is matched on the specialists alone. */
const TRIGRAM_MIN = 3;

/**
 * The specialists whose name, e-mail or phone holds the text (person_search, lower case): a superset of
 * those a name or an e-mail matches, which the exact condition then narrows.
 */
const personSearch = (text: string) =>
  // As an array (an InitPlan): the function runs once, where `in (select …)` could run it once a specialist.
  sql`sp.id = any(array(select casebook_person_search('specialists', ${'%' + escapeLike(text.toLowerCase()) + '%'})))`;

function specialistConditions(f: AvailabilityFilter): SQL {
  const parts: SQL[] = [sql`not sp.is_deleted`, sql`sp.is_active`];
  if (f.specialistIds) parts.push(sql`sp.id = any(${pgUuidArray(f.specialistIds)})`);
  if (f.specialtyIds) parts.push(sql`sp.specialty_id = any(${pgUuidArray(f.specialtyIds)})`);
  if (f.accreditationIds) parts.push(sql`sp.accreditation_id = any(${pgUuidArray(f.accreditationIds)})`);
  // A name or an e-mail is first looked up in person_search's trigram index (the condition on the table
  // itself could not use an index under row-level security, so it read every specialist), then checked
  // exactly on the few specialists found.
  // Candidates already found by the same search (specialistIds) are checked on their own rows alone.
  const lookUp = !f.specialistIds;
  if (f.specialistName) {
    if (lookUp && f.specialistName.trim().length >= TRIGRAM_MIN) parts.push(personSearch(f.specialistName));
    parts.push(sql`(sp.first_name || ' ' || sp.last_name) ilike ${'%' + escapeLike(f.specialistName) + '%'}`);
  }
  if (f.specialistEmail) {
    if (lookUp) parts.push(personSearch(f.specialistEmail));
    parts.push(sql`lower(sp.email) = ${f.specialistEmail.toLowerCase()}`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * The sessions a search may offer, on the session alone (no centre): live, unbooked, on the days, and
 * (unless `resources` is false) with the rooms and interpreters it asks for free.
 */
function sessionConditions(f: AvailabilityFilter, resources = true): SQL {
  const parts: SQL[] = [
    sql`not a.is_deleted`,
    sql`a.slot_status in (3, 4)`,
    sql`a.local_date between ${f.fromDate}::date and ${f.toDate}::date`,
    // Not a session that has already started (today's earlier ones).
    sql`a.starts_at >= ${f.from.toISOString()}::timestamptz`,
  ];
  if (f.video === true) parts.push(sql`a.appointment_type = any(${pgTextArray(VIDEO_TYPES)})`);
  if (f.video === false) parts.push(sql`a.appointment_type = any(${pgTextArray(IN_PERSON_TYPES)})`);
  // A specialty: the session's own copy of its specialist's, which the covering index by specialty and day
  // answers in one range (migration appointment_sessions_specialty).
  if (f.specialtyIds) parts.push(sql`a.specialty_id = any(${pgUuidArray(f.specialtyIds)})`);
  // Any room: the session's own room_free, kept by the database (migration appointment_sessions_room_free).
  if (f.room === ANY_ROOM) parts.push(sql`a.room_free`);
  if (resources) parts.push(...resourceConditions(f));
  return sql.join(parts, sql` and `);
}

/** Whether a search asks for a room by name, which is checked room by room (any room is `room_free`). */
export const namesRoom = (f: Pick<AvailabilityFilter, 'room'>) => Boolean(f.room) && f.room !== ANY_ROOM;

/**
 * The interpreters and the named room a search asks for, free for the whole session `a` (tenant, centre, start,
 * end and, when working hours apply, time zone): no live hold of them overlaps it, and it lies in their working
 * hours.
 * The range operator of the exclusion constraints' GiST indexes cannot be used here: it is not leakproof, so
 * under row-level security PostgreSQL may not use it in an index condition and would read every hold of the
 * centre or interpreter instead; equality and `<` on uuids, text and timestamps are leakproof.
 */
function resourceConditions(f: AvailabilityFilter): SQL[] {
  const parts: SQL[] = [];
  const interpreter = interpreterFree(f);
  if (interpreter) parts.push(interpreter);
  if (namesRoom(f)) {
    parts.push(sql`exists (select 1 from centres rc
      where rc.tenant_id = a.tenant_id and rc.id = a.centre_id and not rc.is_deleted and ${roomFree(f)})`);
  }
  return parts;
}

/**
 * No live hold of the resource `match` names overlaps the time `a`. The live holds of one interpreter (or
 * room) never overlap each other (the exclusion constraints), so only the last one starting before the time
 * ends can overlap it: one step of a backward scan of `resource_holds_interpreter_span_idx`, from the index alone.
 */
const freeOf = (match: SQL) =>
  sql`coalesce((select h.ends_at from resource_holds h where h.tenant_id = a.tenant_id and ${match}
      and not h.released and h.starts_at < a.ends_at order by h.starts_at desc limit 1) <= a.starts_at, true)`;

/**
 * The time `a` (start, end, time zone) lies in one stretch of the working hours `hours` (a jsonb array of
 * { weekday, from, to }, wall-clock times in the session's zone): `casebook_within_hours` (migration
 * appointment_sessions_room_free), as withinWorkingHours in packages/domain.
 */
const withinHours = (hours: SQL) => sql`casebook_within_hours(${hours}, a.starts_at, a.ends_at, a.time_zone)`;

/**
 * The rows and condition (from `from` on) of the asked-for interpreters who work and are free for the time `a`
 * (its tenant, start, end, zone): `i.id`, and `i.k` their place in `interpreterIds` from 1, in that order.
 */
function freeInterpreters(f: AvailabilityFilter & { interpreterIds: string[] }): SQL {
  const free = freeOf(sql`h.kind = 'INTERPRETER' and h.interpreter_id = i.id`);
  if (!f.interpreterHours) {
    return sql`from unnest(${pgUuidArray(f.interpreterIds)}) with ordinality as i(id, k) where ${free}`;
  }
  return sql`from unnest(${pgUuidArray(f.interpreterIds)}, ${pgQuotedTextArray(f.interpreterHours)}::jsonb[])
      with ordinality as i(id, hours, k)
    where (jsonb_array_length(i.hours) = 0 or ${withinHours(sql`i.hours`)}) and ${free}`;
}

/** One of the asked-for interpreters works and is free for the time `a` (its tenant, start, end, zone). */
function interpreterFree(f: AvailabilityFilter): SQL | undefined {
  if (!f.interpreterIds) return undefined;
  return sql`exists (select 1 ${freeInterpreters({ ...f, interpreterIds: f.interpreterIds })})`;
}

/**
 * The longest live room hold of the tenant, which bounds how far before a time a hold that overlaps it can
 * start: one step of `resource_holds_room_length_idx`.
 */
const LONGEST_ROOM_HOLD = sql`(select coalesce(max(l.ends_at - l.starts_at), interval '0') from resource_holds l
  where l.kind = 'ROOM' and not l.released)`;

/**
 * The working hours of the room `r.name` of the centre `centre` (an alias) allow the time `a` (none: any
 * time): the function room_free is kept with, called only for a centre that gives its rooms hours (the call
 * costs more than an index step).
 */
const roomOpenAt = (centre: 'c' | 'rc') =>
  sql.raw(`(${centre}.room_hours = '[]'::jsonb
    or casebook_room_open(${centre}.room_hours, r.name, a.starts_at, a.ends_at, a.time_zone))`);

/** As roomOpenAt for the centre `rc`, when some centre of the tenant gives its rooms hours. */
function roomOpen(f: AvailabilityFilter): SQL {
  return f.roomHours ? roomOpenAt('rc') : sql`true`;
}

/**
 * The rooms of the time `a`'s centre held at some moment of it: one range of `resource_holds_room_centre_idx`
 * (centre, start, end, room; from the index alone) from `from`, the time's start less the longest room hold.
 * `from` is a plain column so that it is an index condition under row-level security (an expression such as
 * `start - interval` is not leakproof).
 */
const roomsHeld = (from: SQL) => sql`coalesce((select array_agg(h.room) from resource_holds h
    where h.tenant_id = a.tenant_id and h.kind = 'ROOM' and not h.released and h.centre_id = a.centre_id
      and h.starts_at > ${from} and h.starts_at < a.ends_at and h.ends_at > a.starts_at), '{}'::text[])`;

/** The room asked for (by name in any case), or any. */
const roomNamed = (f: AvailabilityFilter) => (f.room === ANY_ROOM ? sql`true` : sql`lower(r.name) = lower(${f.room})`);

/**
 * A room of the centre `rc` (the one asked for, or any) is open and free for the session `a`: for each room,
 * one backward step of `resource_holds_room_span_idx` (the live holds of one room never overlap, so only the
 * last one starting before the session ends can overlap it). A room is compared as the centre lists it,
 * which is how a booking stores it.
 */
function roomFree(f: AvailabilityFilter): SQL {
  return sql`exists (select 1 from unnest(rc.rooms) as r(name) where ${roomNamed(f)} and ${roomOpen(f)}
    and ${freeOf(sql`h.kind = 'ROOM' and h.centre_id = a.centre_id and h.room = r.name`)})`;
}

/**
 * The distinct centres and times `a` of the matching sessions with a room (the one asked for, or any) open
 * and free: each distinct centre and time once, its rooms held read by roomsHeld from `lo` (the time's start
 * less the longest room hold, computed as a column).
 */
function freeRoomsCte(f: AvailabilityFilter, source: SQL): SQL {
  return sql`free_rooms as materialized (
      with times as materialized (
        select t.*, t.starts_at - ${LONGEST_ROOM_HOLD} as lo
        from (select distinct m.tenant_id, m.centre_id, m.starts_at, m.ends_at, m.time_zone from ${source} m
          where m.centre_id is not null) t
      )
      select a.centre_id, a.starts_at, a.ends_at, a.time_zone
      from times a
      join centres rc on rc.id = a.centre_id and not rc.is_deleted
      cross join lateral (select ${roomsHeld(sql`a.lo`)} as rooms) b
      where exists (select 1 from unnest(rc.rooms) as r(name) where ${roomNamed(f)} and ${roomOpen(f)}
        and r.name <> all(b.rooms))
    )`;
}

/** Whether working hours apply to a search: only then are the sessions' time zones read and compared. */
const zoned = (f: AvailabilityFilter) => Boolean(f.interpreterHours) || Boolean(namesRoom(f) && f.roomHours);

/** The session's time zone, where working hours are compared: only read when some apply (else ''). */
const zoneOf = (f: AvailabilityFilter, alias: string) => (zoned(f) ? sql.raw(`${alias}.time_zone`) : sql`''::text`);

/**
 * The join of a matching session to its free centre and time: on the time zone too when working hours apply
 * (left out otherwise, where it is always '': an extra condition the planner would count as narrowing).
 */
const sameZone = (f: AvailabilityFilter, alias: string) =>
  zoned(f) ? sql.raw(` and ${alias}.time_zone = m.time_zone`) : sql``;

/**
 * The search's matching sessions (`matching`: tenant, specialist, centre, start and end) whose asked-for
 * named room and interpreters are free: the CTE `free_rooms` (distinct centres and times with the room free)
 * and the join that keeps them, and the CTE `interpreted` (the matching sessions at a time with an
 * interpreter free), which the join then reads instead of `matching`. Whether a resource is free depends on
 * the centre and the time only, not on the specialist: each distinct centre and time the matching sessions
 * have is checked once, and each distinct time once for the interpreters, however many sessions share it (a
 * clinic's morning, a language's hour). The interpreters are checked on the first session of each time (in
 * a window over the times) and the answer spread to the others by a second window over the same partitions,
 * one sort and no join: joined back, a few hundred sessions were sometimes matched to the free times by a
 * nested loop, each session against every time.
 */
function freeResourceCtes(f: AvailabilityFilter): { ctes: SQL[]; source: SQL; joins: SQL } {
  const ctes: SQL[] = [];
  const joins: SQL[] = [];
  let source = sql`matching`;
  const interpreter = interpreterFree(f);
  if (interpreter) {
    ctes.push(sql`interpreted as materialized (
      select w.tenant_id, w.specialist_id, w.centre_id, w.starts_at, w.ends_at, w.time_zone
      from (
        select v.*, bool_or(v.free) over (partition by v.starts_at, v.ends_at, v.time_zone) as time_free
        from (
          select a.*, case when row_number() over (partition by a.starts_at, a.ends_at, a.time_zone) = 1
            then ${interpreter} end as free
          from matching a
        ) v
      ) w
      where w.time_free
    )`);
    source = sql`interpreted`;
  }
  if (namesRoom(f)) {
    ctes.push(freeRoomsCte(f, source));
    joins.push(sql`join free_rooms fr on fr.centre_id = m.centre_id and fr.starts_at = m.starts_at
      and fr.ends_at = m.ends_at${sameZone(f, 'fr')}`);
  }
  return { ctes, source, joins: sql.join(joins, sql` `) };
}

/** The place a search asks for, on the session's centre `c` (left joined); true when none. */
function placeCondition(f: AvailabilityFilter): SQL {
  if (!f.state) return sql`true`;
  // A place only narrows sessions held at a centre; video sessions have none.
  return f.video ? sql`(c.id is null or upper(c.state) = ${f.state})` : sql`upper(c.state) = ${f.state}`;
}

/**
 * The place a search asks for, on the session `a` itself: its centre is in the state (or, for video, it has
 * none). The same rule as placeCondition, applied before the rooms and interpreters are checked, so that
 * sessions the page's place would drop anyway are not checked (a state is an eighth of the centres).
 */
function sessionPlaceCondition(f: AvailabilityFilter): SQL {
  if (!f.state) return sql`true`;
  const inState = sql`a.centre_id in (select c.id from centres c where upper(c.state) = ${f.state})`;
  return f.video ? sql`(a.centre_id is null or ${inState})` : inState;
}

/**
 * The nearest available slots of one specialist (`specialist`, a column of the outer query) as a JSON array,
 * nearest and earliest first: for availabilitySlots, and for a page read in the count's round trip.
 */
function slotsOf(f: AvailabilityFilter, specialist: SQL): SQL {
  // The free rooms and interpreters are looked up for the slots kept only. With interpreters, the sessions
  // are read in order and each one's free interpreters looked up until enough slots have some: finding
  // them is the check that one is free, done once.
  const listed = Boolean(f.interpreterIds);
  const onSession = { ...f };
  delete onSession.interpreterIds;
  delete onSession.interpreterHours;
  const roomFrom = f.room ? sql`, a.starts_at - ${LONGEST_ROOM_HOLD} as room_from` : sql``;
  // The centres are read for the sessions kept only, unless a place or a distance orders or narrows them.
  const placed = needsCentres(f);
  return sql`(select coalesce(json_agg(x order by x.n), '[]'::json) from (
      select a.id, a.specialist_id, a.starts_at, a.ends_at, a.time_zone, a.slot_status, a.appointment_type,
        a.reserved_for_company_ids, c.id as centre_id, c.name as centre_name, c.state, c.postcode,
        ${freeRoomsOf(f)} as free_rooms, ${listed ? sql`fi.free` : sql`null::int[]`} as free_interpreters, a.n
      from (
        select a.tenant_id, a.id, a.specialist_id, a.centre_id, a.starts_at, a.ends_at, a.time_zone, a.slot_status,
          a.appointment_type, a.reserved_for_company_ids,
          row_number() over (order by ${distance(f)}, a.starts_at, a.id) as n${roomFrom}
        from appointment_sessions a
        ${placed ? sql`left join centres c on c.tenant_id = a.tenant_id and c.id = a.centre_id` : sql``}
        where a.specialist_id = ${specialist} and ${sessionConditions(onSession)} and ${placeCondition(f)}
        order by n
        ${listed ? sql`` : sql`limit ${f.slotsPerSpecialist}`}
      ) a
      left join centres c on c.tenant_id = a.tenant_id and c.id = a.centre_id
      ${
        listed
          ? // offset 0: kept a subquery, the list is made once, not again for the filter and the column.
            sql`cross join lateral (select ${freeInterpretersOf(f)} as free offset 0) fi
        where cardinality(fi.free) > 0
        order by a.n
        limit ${f.slotsPerSpecialist}`
          : sql``
      }
    ) x)`;
}

/**
 * The rooms of the slot `a`'s centre `c` (the one asked for, or any) open and free for the whole slot, as
 * the centre lists them (roomOpenAt, roomsHeld); null when the search asks for no room.
 */
function freeRoomsOf(f: AvailabilityFilter): SQL {
  if (!f.room) return sql`null::text[]`;
  return sql`array(select r.name from unnest(c.rooms) as r(name) where ${roomNamed(f)} and ${roomOpenAt('c')}
    and r.name <> all(${roomsHeld(sql`a.room_from`)}))`;
}

/**
 * The places (from 1) in `interpreterIds` of the first interpreters who work and are free for the whole slot
 * `a`, at most FREE_INTERPRETERS_LISTED and one more; null when the search asks for no interpreter. The list
 * is read in its order and stops there (no sort: a function scan gives its rows in order), so a slot checks
 * a few interpreters, not all of a language's.
 */
function freeInterpretersOf(f: AvailabilityFilter): SQL {
  if (!f.interpreterIds) return sql`null::int[]`;
  const limit = sql.raw(String(FREE_INTERPRETERS_LISTED + 1));
  return sql`array(select i.k::int ${freeInterpreters({ ...f, interpreterIds: f.interpreterIds })} limit ${limit})`;
}

/** Whether the search needs the sessions' centres: for a place or a distance. */
const needsCentres = (f: AvailabilityFilter) => Boolean(f.state) || f.postcode !== undefined;

/** Nearest first by postcode: same postcode 0, same state by numeric distance, other states after. */
function distance(f: AvailabilityFilter): SQL {
  if (f.postcode === undefined) return sql`0`;
  return sql`case when c.postcode ~ '^[0-9]{4}$' then abs(c.postcode::int - ${f.postcode})
    + case when upper(c.state) = ${f.postcodeState ?? ''} then 0 else 100000 end else 1000000 end`;
}

/** A value-list entry of the type whose label starts with the text (or a word of it does), or whose id it is. */
function lookupCondition(type: 'SPECIALTY' | 'ACCREDITATION', text: string): SQL {
  const match = /^[0-9a-f-]{36}$/i.test(text)
    ? sql`l.id = ${text}::uuid`
    : sql`(l.label ilike ${escapeLike(text) + '%'} or l.label ilike ${'% ' + escapeLike(text) + '%'})`;
  return sql`l.type = ${type} and not l.is_deleted and ${match}`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const pgUuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const pgTextArray = (values: string[]) => sql`${`{${values.join(',')}}`}::text[]`;
/** Any text (a room's name may hold commas, quotes or braces) as one array parameter. */
const pgQuotedTextArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

export const schedulingRepository = {
  async get(tx: Tx, id: string): Promise<SessionRow | undefined> {
    const [row] = await selectSessions(tx)
      .where(and(eq(s.id, id), eq(s.isDeleted, false)))
      .limit(1);
    return row && flatten(row);
  },

  /**
   * The first `limit` live sessions starting in [from, to) in time order, and how many there are in
   * all (counted only when the limit cut the list).
   */
  async list(
    tx: Tx,
    q: {
      from: Date;
      to: Date;
      specialistId?: string;
      centreId?: string;
      slotStatus?: number;
      /** Only sessions whose booking holds this interpreter, or this room of centreId. */
      interpreterId?: string;
      room?: string;
      /** Only NDIS sessions: of the NDIS appointment type, or booked for an NDIS case. */
      ndis?: boolean;
      limit: number;
    },
    visible?: SQL,
  ): Promise<{ rows: SessionRow[]; totalCount: number }> {
    const where = and(
      eq(s.isDeleted, false),
      visible,
      gte(s.startsAt, q.from),
      lt(s.startsAt, q.to),
      q.specialistId ? eq(s.specialistId, q.specialistId) : undefined,
      q.centreId ? eq(s.centreId, q.centreId) : undefined,
      q.slotStatus ? eq(s.slotStatus, q.slotStatus) : undefined,
      q.interpreterId
        ? sql`exists (select 1 from ${h} where ${h.sessionId} = ${s.id} and not ${h.released} and ${h.interpreterId} = ${q.interpreterId})`
        : undefined,
      q.room
        ? sql`exists (select 1 from ${h} where ${h.sessionId} = ${s.id} and not ${h.released} and ${h.kind} = 'ROOM' and lower(${h.room}) = lower(${q.room}))`
        : undefined,
      q.ndis
        ? or(
            eq(s.appointmentType, 'NDIS'),
            sql`exists (select 1 from ${cases} where ${cases.id} = ${s.caseId} and ${cases.serviceType} = 'NDIS')`,
          )
        : undefined,
    );
    const rows = (await selectSessions(tx).where(where).orderBy(asc(s.startsAt), asc(s.id)).limit(q.limit)).map(
      flatten,
    );
    return { rows, totalCount: await pageTotal(0, q.limit, rows.length, () => countWhere(tx, s, where)) };
  },

  /** The live sessions booked for a case. */
  async ofCase(tx: Tx, caseId: string): Promise<SessionRow[]> {
    const rows = await selectSessions(tx)
      .where(and(eq(s.caseId, caseId), eq(s.isDeleted, false)))
      .orderBy(asc(s.startsAt));
    return rows.map(flatten);
  },

  /**
   * Takes the room locks of the centres (casebook_lock_centre_rooms, migration appointment_sessions_room_free)
   * in one order, that of the locks' own keys, until the transaction ends. A transaction that changes the
   * rooms or sessions of two centres takes both first: taken one by one as its statements reach each centre,
   * two case moves in opposite directions between two centres would each hold one and wait for the other.
   */
  async lockCentreRooms(tx: Tx, centreIds: string[]): Promise<void> {
    if (centreIds.length === 0) return;
    // `offset 0` keeps the ordered subquery as it is: each lock is taken as its row comes, in that order.
    await tx.execute(sql`select casebook_lock_centre_rooms(c.id) from (
        select u.id from unnest(${pgUuidArray(centreIds)}) as u(id) order by hashtext(u.id::text), u.id offset 0
      ) c`);
  },

  async byPattern(tx: Tx, patternId: string): Promise<SessionRow[]> {
    const rows = await selectSessions(tx)
      .where(and(eq(s.patternId, patternId), eq(s.isDeleted, false)))
      .orderBy(asc(s.startsAt));
    return rows.map(flatten);
  },

  /** Live sessions of the specialist overlapping [from, to), other than `excludeId`. */
  async overlapping(tx: Tx, specialistId: string, from: Date, to: Date, excludeId?: string): Promise<SessionRow[]> {
    const rows = await selectSessions(tx)
      .where(
        and(
          eq(s.isDeleted, false),
          eq(s.specialistId, specialistId),
          lt(s.startsAt, to),
          sql`${s.endsAt} > ${from.toISOString()}::timestamptz`,
          excludeId ? sql`${s.id} <> ${excludeId}` : undefined,
        ),
      )
      .orderBy(asc(s.startsAt))
      .limit(20);
    return rows.map(flatten);
  },

  async specialist(tx: Tx, id: string) {
    const [row] = await tx
      .select({
        id: specialists.id,
        title: specialists.title,
        firstName: specialists.firstName,
        lastName: specialists.lastName,
        email: specialists.email,
      })
      .from(specialists)
      .where(and(eq(specialists.id, id), eq(specialists.isDeleted, false)))
      .limit(1);
    return row;
  },

  async centre(tx: Tx, id: string) {
    const [row] = await tx
      .select({
        id: centres.id,
        name: centres.name,
        state: centres.state,
        address: centres.address,
        suburb: centres.suburb,
        postcode: centres.postcode,
      })
      .from(centres)
      .where(and(eq(centres.id, id), eq(centres.isDeleted, false)))
      .limit(1);
    return row;
  },

  /** Of these cases (by id or by case number), the ones the condition (the caller's, from the access registry) keeps. */
  async visibleCases(
    tx: Tx,
    which: { ids: string[]; caseNos: string[] },
    visible: SQL | undefined,
  ): Promise<{ ids: Set<string>; caseNos: Set<string> }> {
    if (which.ids.length === 0 && which.caseNos.length === 0) return { ids: new Set(), caseNos: new Set() };
    const rows = await tx
      .select({ id: cases.id, caseNo: cases.caseNo })
      .from(cases)
      .where(
        and(
          or(
            which.ids.length > 0 ? inArray(cases.id, which.ids) : undefined,
            which.caseNos.length > 0 ? inArray(cases.caseNo, which.caseNos) : undefined,
          ),
          eq(cases.isDeleted, false),
          visible,
        ),
      );
    return { ids: new Set(rows.map((r) => r.id)), caseNos: new Set(rows.map((r) => r.caseNo)) };
  },

  /** The claimant's name of each case (the day sheet says who is coming). */
  async claimantsOfCases(tx: Tx, caseIds: string[]): Promise<Map<string, string>> {
    if (caseIds.length === 0) return new Map();
    const rows = await tx
      .select({ caseId: cases.id, name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}` })
      .from(cases)
      .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
      .where(inArray(cases.id, caseIds));
    return new Map(rows.map((r) => [r.caseId, r.name]));
  },

  async centres(tx: Tx, ids: string[]) {
    if (ids.length === 0) return [];
    return tx
      .select({
        id: centres.id,
        name: centres.name,
        address: centres.address,
        suburb: centres.suburb,
        state: centres.state,
        postcode: centres.postcode,
      })
      .from(centres)
      .where(inArray(centres.id, ids));
  },

  async companyNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** Active holidays from..to (ISO dates) kept nationally or, when given, in the state. */
  async holidayDates(tx: Tx, from: string, to: string, state: string | null): Promise<Set<string>> {
    const rows = await tx
      .select({ date: holidays.date })
      .from(holidays)
      .where(
        and(
          eq(holidays.isDeleted, false),
          eq(holidays.isActive, true),
          sql`${holidays.date} between ${from}::date and ${to}::date`,
          state
            ? sql`(${holidays.state} is null or upper(${holidays.state}) = ${state.toUpperCase()})`
            : sql`${holidays.state} is null`,
        ),
      );
    return new Set(rows.map((r) => r.date));
  },

  async countryCode(tx: Tx, id: string): Promise<string | undefined> {
    const [row] = await tx.select({ code: countries.code }).from(countries).where(eq(countries.id, id)).limit(1);
    return row?.code;
  },

  /** Value-list ids of a type whose label starts with the text (or that have the text as id). */
  async lookupIds(tx: Tx, type: 'SPECIALTY' | 'ACCREDITATION', text: string): Promise<string[]> {
    const rows = await tx
      .select({ id: lookupConfigs.id })
      .from(lookupConfigs)
      .where(
        and(
          eq(lookupConfigs.type, type),
          eq(lookupConfigs.isDeleted, false),
          /^[0-9a-f-]{36}$/i.test(text)
            ? eq(lookupConfigs.id, text)
            : sql`(${lookupConfigs.label} ilike ${escapeLike(text) + '%'} or ${lookupConfigs.label} ilike ${'% ' + escapeLike(text) + '%'})`,
        ),
      )
      .limit(100);
    return rows.map((r) => r.id);
  },

  /**
   * One page of specialists with available sessions, nearest first, with how many slots each has and
   * how many specialists there are in all. The sessions are read from a covering index on their local
   * date: starting from the named specialists when the search names some (a specialty, a name, an
   * e-mail), else from the days alone. They are counted per specialist and centre before any centre is
   * looked up (a few hundred centres, not thousands of sessions), and names are read for the page only.
   * With `resources` false the rooms and interpreters the filter asks for are left out (the order a search
   * with them starts from, decision 0110).
   */
  async availabilityGroups(
    tx: Tx,
    f: AvailabilityFilter,
    resources = true,
    /** Also each page specialist's nearest slots (as availabilitySlots), in the same round trip. */
    withSlots = false,
  ): Promise<AvailabilityGroupRow[]> {
    const namesSpecialists = Boolean(
      f.specialistIds ?? f.specialtyIds ?? f.accreditationIds ?? f.specialistName ?? f.specialistEmail,
    );
    const sessions = namesSpecialists
      ? sql`(select sp.id from specialists sp where ${specialistConditions(f)}) p
          join appointment_sessions a on a.specialist_id = p.id`
      : sql`appointment_sessions a`;
    // Without named specialists, one that is inactive or deleted must not be offered.
    const live = namesSpecialists
      ? sql`true`
      : sql`not exists (select 1 from specialists x where x.id = g.specialist_id and (x.is_deleted or not x.is_active))`;
    const perCentre = needsCentres(f);
    const groups = perCentre
      ? sql`select g.specialist_id, min(${distance(f)}) as distance, min(g.first_at) as first_at,
            sum(g.n)::int as slot_count
          from counted g
          left join centres c on c.id = g.centre_id
          where ${placeCondition(f)} and ${live}
          group by g.specialist_id`
      : sql`select g.specialist_id, 0 as distance, g.first_at, g.n as slot_count from counted g where ${live}`;
    // Rooms and interpreters asked for: the matching sessions are read once, and each distinct centre
    // and time among them checked once (freeResourceCtes), then counted against those found free.
    if (!resources) {
      f = { ...f };
      // Any room stays: it is a column of the sessions, as cheap as the search without it.
      if (namesRoom(f)) delete f.room;
      delete f.interpreterIds;
      delete f.interpreterHours;
    }
    const free = freeResourceCtes(f);
    const counted = !(namesRoom(f) || f.interpreterIds)
      ? sql`counted as materialized (
          select a.specialist_id, ${perCentre ? sql`a.centre_id` : sql`null::uuid`} as centre_id,
            min(a.starts_at) as first_at, count(*)::int as n
          from ${sessions}
          where ${sessionConditions(f)}
          group by a.specialist_id${perCentre ? sql`, a.centre_id` : sql``}
        )`
      : sql`matching as materialized (
          select a.tenant_id, a.specialist_id, a.centre_id, a.starts_at, a.ends_at, ${zoneOf(f, 'a')} as time_zone
          from ${sessions}
          where ${sessionConditions(f, false)} and ${sessionPlaceCondition(f)}
        ), ${sql.join(free.ctes, sql`, `)}, counted as materialized (
          select m.specialist_id, ${perCentre ? sql`m.centre_id` : sql`null::uuid`} as centre_id,
            min(m.starts_at) as first_at, count(*)::int as n
          from ${free.source} m ${free.joins}
          group by m.specialist_id${perCentre ? sql`, m.centre_id` : sql``}
        )`;
    const page = sql`page as (
          select g.*, (count(*) over ())::int as total
          from (${groups}) g
          order by g.distance, g.first_at, g.specialist_id
          offset ${f.skip} limit ${f.take}
        )`;
    // The order a search with resources starts from needs the specialists' ids and order keys only: their
    // names are read for the page it ends with (up to five times as many rows).
    if (!resources && !withSlots) {
      return sqlRows<AvailabilityGroupRow>(
        tx,
        sql`with ${counted}, ${page}
          select g.specialist_id, null as title, '' as first_name, '' as last_name, null as email, null as specialty,
            g.slot_count, g.total, g.distance, g.first_at
          from page g
          order by g.distance, g.first_at, g.specialist_id`,
      );
    }
    return sqlRows<AvailabilityGroupRow>(
      tx,
      sql`with ${counted}, ${page}
        select g.specialist_id, sp.title, sp.first_name, sp.last_name, sp.email, l.label as specialty,
          g.slot_count, g.total, g.distance, g.first_at${withSlots ? sql`, ${slotsOf(f, sql`g.specialist_id`)} as slots` : sql``}
        from page g
        -- Each page row's specialist by key (a lateral subquery is run per row): joined as a table, a
        -- page of a hundred candidates made the planner read every specialist of the tenant instead.
        cross join lateral (select sp.title, sp.first_name, sp.last_name, sp.email, sp.tenant_id, sp.specialty_id
          from specialists sp where sp.id = g.specialist_id offset 0) sp
        left join lookup_configs l on l.tenant_id = sp.tenant_id and l.id = sp.specialty_id
        order by g.distance, g.first_at, g.specialist_id`,
    );
  },

  /**
   * What a search looks up before it counts, in one statement (one round trip, not up to five): whether
   * the language asked for exists, the interpreters it may offer (the one named, or the active ones of the
   * language, by name), whether any centre gives its rooms working hours, and the value-list ids of the
   * specialty, the accreditation and the typed words (as lookupIds). An item not asked for is null.
   */
  async searchPrelude(
    tx: Tx,
    ask: {
      languageId?: string;
      interpreterId?: string;
      roomHours: boolean;
      specialty?: string;
      accreditation?: string;
      textSpecialty?: string;
    },
  ): Promise<SearchPrelude> {
    const nothing = {
      languageFound: null,
      interpreters: null,
      roomHours: null,
      specialtyIds: null,
      accreditationIds: null,
      textSpecialtyIds: null,
    };
    // A search by a name, an e-mail or a place alone looks nothing up: no round trip.
    const asked = [ask.languageId, ask.interpreterId, ask.specialty, ask.accreditation, ask.textSpecialty];
    if (!ask.roomHours && asked.every((item) => item === undefined)) return nothing;
    const interpreterConditions: SQL[] = [sql`not i.is_deleted`, sql`i.is_active`];
    if (ask.interpreterId) interpreterConditions.push(sql`i.id = ${ask.interpreterId}::uuid`);
    if (ask.languageId) interpreterConditions.push(sql`i.language_ids @> array[${ask.languageId}::uuid]`);
    const ids = (type: 'SPECIALTY' | 'ACCREDITATION', text: string | undefined) =>
      text === undefined
        ? sql`null::uuid[]`
        : sql`array(select l.id from lookup_configs l where ${lookupCondition(type, text)} limit 100)`;
    const language = ask.languageId
      ? sql`exists (select 1 from languages g where g.id = ${ask.languageId}::uuid and not g.is_deleted)`
      : sql`null::boolean`;
    const people =
      ask.languageId || ask.interpreterId
        ? sql`(select coalesce(json_agg(json_build_object('id', i.id, 'name', i.name, 'workingHours', i.working_hours)
            order by i.name, i.id), '[]') from interpreters i where ${sql.join(interpreterConditions, sql` and `)})`
        : sql`null::json`;
    const roomHours = ask.roomHours
      ? sql`exists (select 1 from centres where not is_deleted and room_hours <> '[]'::jsonb)`
      : sql`null::boolean`;
    const [r] = await sqlRows<{
      language_found: boolean | null;
      interpreters: SearchPrelude['interpreters'];
      room_hours: boolean | null;
      specialty_ids: string[] | null;
      accreditation_ids: string[] | null;
      text_specialty_ids: string[] | null;
    }>(
      tx,
      sql`select ${language} as language_found, ${people} as interpreters, ${roomHours} as room_hours,
        ${ids('SPECIALTY', ask.specialty)} as specialty_ids, ${ids('ACCREDITATION', ask.accreditation)} as accreditation_ids,
        ${ids('SPECIALTY', ask.textSpecialty)} as text_specialty_ids`,
    );
    return {
      languageFound: r!.language_found,
      interpreters: r!.interpreters,
      roomHours: r!.room_hours,
      specialtyIds: r!.specialty_ids,
      accreditationIds: r!.accreditation_ids,
      textSpecialtyIds: r!.text_specialty_ids,
    };
  },

  /** Whether any live centre of the tenant gives its rooms working hours (the search then checks them). */
  async anyRoomHours(tx: Tx): Promise<boolean> {
    const rows = await sqlRows<{ found: boolean }>(
      tx,
      sql`select exists (select 1 from centres where not is_deleted and room_hours <> '[]'::jsonb) as found`,
    );
    return rows[0]?.found === true;
  },

  /** The nearest available slots of each listed specialist (availabilityGroups' `withSlots` does it for a page). */
  async availabilitySlots(tx: Tx, f: AvailabilityFilter, specialistIds: string[]): Promise<AvailabilitySlotRow[]> {
    if (specialistIds.length === 0) return [];
    const rows = await sqlRows<{ slots: AvailabilitySlotRow[] }>(
      tx,
      sql`select ${slotsOf(f, sql`p.id`)} as slots from unnest(${pgUuidArray(specialistIds)}) as p(id)`,
    );
    return rows.flatMap((r) => r.slots);
  },

  /** The live rooms and interpreters each session's booking holds, by session. */
  async holdsOfSessions(
    tx: Tx,
    sessionIds: string[],
  ): Promise<Map<string, { kind: 'ROOM' | 'INTERPRETER'; name: string }[]>> {
    const out = new Map<string, { kind: 'ROOM' | 'INTERPRETER'; name: string }[]>();
    if (sessionIds.length === 0) return out;
    const rows = await tx
      .select({
        sessionId: h.sessionId,
        kind: h.kind,
        room: h.room,
        centreName: centres.name,
        interpreter: interpreters.name,
      })
      .from(h)
      .leftJoin(centres, and(eq(centres.tenantId, h.tenantId), eq(centres.id, h.centreId)))
      .leftJoin(interpreters, and(eq(interpreters.tenantId, h.tenantId), eq(interpreters.id, h.interpreterId)))
      .where(and(inArray(h.sessionId, sessionIds), eq(h.released, false)))
      .orderBy(desc(h.kind), h.room, interpreters.name);
    for (const r of rows) {
      const name = r.kind === 'ROOM' ? `${r.room} (${r.centreName ?? ''})` : (r.interpreter ?? '');
      out.set(r.sessionId, [...(out.get(r.sessionId) ?? []), { kind: r.kind, name }]);
    }
    return out;
  },

  /** Booked sessions of a specialist (optionally at one centre) starting in [from, to). */
  async bookings(tx: Tx, specialistId: string, centreId: string | null, from: Date, to: Date): Promise<SessionRow[]> {
    const rows = await selectSessions(tx)
      .where(
        and(
          eq(s.isDeleted, false),
          eq(s.specialistId, specialistId),
          centreId ? eq(s.centreId, centreId) : undefined,
          inArray(s.slotStatus, [5, 6]),
          gte(s.startsAt, from),
          lt(s.startsAt, to),
        ),
      )
      .orderBy(asc(s.startsAt));
    return rows.map(flatten);
  },

  /** Booked sessions from now on, nearest first. */
  async upcoming(tx: Tx, now: Date, specialistId: string | undefined, limit: number): Promise<SessionRow[]> {
    const rows = await selectSessions(tx)
      .where(
        and(
          eq(s.isDeleted, false),
          inArray(s.slotStatus, [5, 6]),
          gte(s.startsAt, now),
          specialistId ? eq(s.specialistId, specialistId) : undefined,
        ),
      )
      .orderBy(asc(s.startsAt))
      .limit(limit);
    return rows.map(flatten);
  },
};
