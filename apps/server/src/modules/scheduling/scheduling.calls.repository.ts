import { sql, type SQL } from 'drizzle-orm';
import type { AppointmentType } from '@casebook/domain';
import { sqlRows, type Tx } from '../../platform/db/database';

/** A period of local dates with the instants that bound it a little widely (zones span ±14 h). */
export type Period = { from: Date; to: Date; fromDate: string; toDate: string };

export type RemoteSlotRow = {
  id: string;
  specialist_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  appointment_type: AppointmentType;
  reserved_for_company_ids: string[];
  title: string | null;
  first_name: string;
  last_name: string;
  specialty: string | null;
  total: number;
};

export type ClinicAreaRow = {
  id: string;
  name: string;
  address: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  available_count: number;
  specialist_count: number;
  first_at: Date | string;
  first_zone: string;
  total: number;
};

export type CentreSlotRow = {
  id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  appointment_type: AppointmentType;
  room: string | null;
  title: string | null;
  first_name: string;
  last_name: string;
  specialty: string | null;
};

export type HistorySessionRow = {
  id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  appointment_type: AppointmentType;
  slot_status: number;
  case_no: string | null;
  is_deleted: boolean;
  specialist_name: string;
  centre_name: string | null;
};

export type HistoryEventRow = {
  entity_id: string;
  change_time: Date | string;
  change_type: 'Created' | 'Updated' | 'Deleted';
  user_name: string | null;
  changed: string | null;
  status_before: string | null;
  status_after: string | null;
  case_before: string | null;
  case_after: string | null;
};

export type BookingStaffRow = { id: string; email: string; name: string; surname: string };

const pgUuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const pgTextArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Unbooked sessions of the period, matched on their own local date. */
function availableIn(p: Period): SQL {
  return sql`not a.is_deleted and a.slot_status in (3, 4)
    and a.starts_at >= ${p.from.toISOString()}::timestamptz and a.starts_at < ${p.to.toISOString()}::timestamptz
    and (a.starts_at at time zone a.time_zone)::date between ${p.fromDate}::date and ${p.toDate}::date`;
}

function specialistFilter(f: { specialtyIds?: string[]; specialistName?: string }): SQL {
  const parts: SQL[] = [sql`not sp.is_deleted`, sql`sp.is_active`];
  if (f.specialtyIds) parts.push(sql`sp.specialty_id = any(${pgUuidArray(f.specialtyIds)})`);
  if (f.specialistName) {
    parts.push(sql`(sp.first_name || ' ' || sp.last_name) ilike ${'%' + escapeLike(f.specialistName) + '%'}`);
  }
  return sql.join(parts, sql` and `);
}

/** The calls around the availability search: on-demand, clinic areas, a centre's sessions, history. */
export const schedulingCallsRepository = {
  /** The soonest unbooked sessions of the given types, whatever their place. */
  async remoteSlots(
    tx: Tx,
    p: Period,
    types: readonly AppointmentType[],
    f: { specialtyIds?: string[]; specialistName?: string },
    take: number,
  ): Promise<RemoteSlotRow[]> {
    return sqlRows<RemoteSlotRow>(
      tx,
      sql`select a.id, a.specialist_id, a.starts_at, a.ends_at, a.time_zone, a.appointment_type,
          a.reserved_for_company_ids, sp.title, sp.first_name, sp.last_name, l.label as specialty,
          (count(*) over ())::int as total
        from appointment_sessions a
        join specialists sp on sp.tenant_id = a.tenant_id and sp.id = a.specialist_id
        left join lookup_configs l on l.tenant_id = sp.tenant_id and l.id = sp.specialty_id
        where ${availableIn(p)} and a.appointment_type = any(${pgTextArray(types)}) and ${specialistFilter(f)}
        order by a.starts_at, a.id
        limit ${take}`,
    );
  },

  /**
   * Centres with unbooked sessions in the period: nearest first for a postcode (the same postcode,
   * then numeric distance in its state, then other states), otherwise by the first free session.
   */
  async clinicAreas(
    tx: Tx,
    p: Period,
    f: { state?: string; postcode?: number; postcodeState?: string; specialtyIds?: string[] },
    take: number,
  ): Promise<ClinicAreaRow[]> {
    const distance =
      f.postcode === undefined
        ? sql`0::int`
        : sql`case when c.postcode ~ '^[0-9]{4}$' then abs(c.postcode::int - ${f.postcode})
            + case when upper(c.state) = ${f.postcodeState ?? ''} then 0 else 100000 end else 1000000 end`;
    return sqlRows<ClinicAreaRow>(
      tx,
      sql`select c.id, c.name, c.address, c.suburb, c.state, c.postcode,
          count(*)::int as available_count, count(distinct a.specialist_id)::int as specialist_count,
          min(a.starts_at) as first_at, (array_agg(a.time_zone order by a.starts_at))[1] as first_zone,
          ${distance} as distance, (count(*) over ())::int as total
        from appointment_sessions a
        join centres c on c.tenant_id = a.tenant_id and c.id = a.centre_id
        join specialists sp on sp.tenant_id = a.tenant_id and sp.id = a.specialist_id
        where ${availableIn(p)} and not c.is_deleted and ${specialistFilter(f)}
          ${f.state ? sql`and upper(c.state) = ${f.state}` : sql``}
        group by c.id, c.name, c.address, c.suburb, c.state, c.postcode
        order by distance, first_at, c.name, c.id
        limit ${take}`,
    );
  },

  /** A centre's unbooked sessions of the period, in time order. */
  async centreSlots(tx: Tx, centreId: string, p: Period, limit: number): Promise<CentreSlotRow[]> {
    return sqlRows<CentreSlotRow>(
      tx,
      sql`select a.id, a.starts_at, a.ends_at, a.time_zone, a.appointment_type, a.room,
          sp.title, sp.first_name, sp.last_name, l.label as specialty
        from appointment_sessions a
        join specialists sp on sp.tenant_id = a.tenant_id and sp.id = a.specialist_id
        left join lookup_configs l on l.tenant_id = sp.tenant_id and l.id = sp.specialty_id
        where a.centre_id = ${centreId} and ${availableIn(p)} and not sp.is_deleted
        order by a.starts_at, a.id
        limit ${limit}`,
    );
  },

  /** Sessions, deleted ones too, of a specialist or one session, optionally of local dates in a period. */
  async historySessions(
    tx: Tx,
    f: { specialistId?: string; sessionId?: string; fromDate?: string; toDate?: string },
    limit: number,
  ): Promise<HistorySessionRow[]> {
    const parts: SQL[] = [sql`true`];
    if (f.specialistId) parts.push(sql`a.specialist_id = ${f.specialistId}`);
    if (f.sessionId) parts.push(sql`a.id = ${f.sessionId}`);
    if (f.fromDate) parts.push(sql`(a.starts_at at time zone a.time_zone)::date >= ${f.fromDate}::date`);
    if (f.toDate) parts.push(sql`(a.starts_at at time zone a.time_zone)::date <= ${f.toDate}::date`);
    return sqlRows<HistorySessionRow>(
      tx,
      sql`select a.id, a.starts_at, a.ends_at, a.time_zone, a.appointment_type, a.slot_status, a.case_no,
          a.is_deleted, sp.first_name || ' ' || sp.last_name as specialist_name, c.name as centre_name
        from appointment_sessions a
        join specialists sp on sp.tenant_id = a.tenant_id and sp.id = a.specialist_id
        left join centres c on c.tenant_id = a.tenant_id and c.id = a.centre_id
        where ${sql.join(parts, sql` and `)}
        order by a.starts_at, a.id
        limit ${limit}`,
    );
  },

  /** The recorded changes of the sessions, one row per change (its properties side by side). */
  async historyEvents(tx: Tx, sessionIds: string[]): Promise<HistoryEventRow[]> {
    if (sessionIds.length === 0) return [];
    return sqlRows<HistoryEventRow>(
      tx,
      sql`select e.entity_id, e.change_time, e.change_type, e.user_name,
          string_agg(e.property_name, ', ' order by e.property_name) as changed,
          max(case when e.property_name = 'slotStatus' then e.original_value end) as status_before,
          max(case when e.property_name = 'slotStatus' then e.new_value end) as status_after,
          max(case when e.property_name = 'caseNo' then e.original_value end) as case_before,
          max(case when e.property_name = 'caseNo' then e.new_value end) as case_after
        from entity_changes e
        where e.entity_type = 'AppointmentSession' and e.entity_id = any(${pgUuidArray(sessionIds)})
        group by e.entity_id, e.change_time, e.change_type, e.user_name
        order by e.change_time, e.entity_id`,
    );
  },

  async centreEmail(tx: Tx, centreId: string): Promise<string | null> {
    const [row] = await sqlRows<{ email: string | null }>(
      tx,
      sql`select email from centres where id = ${centreId} and not is_deleted`,
    );
    return row?.email ?? null;
  },

  async userContact(tx: Tx, userId: string): Promise<BookingStaffRow | undefined> {
    const [row] = await sqlRows<BookingStaffRow>(
      tx,
      sql`select id, email, name, surname from users where id = ${userId} and not is_deleted`,
    );
    return row;
  },

  /** The tenant's booking staff: active admin staff and staff users. */
  async bookingStaff(tx: Tx): Promise<BookingStaffRow[]> {
    return sqlRows<BookingStaffRow>(
      tx,
      sql`select u.id, u.email, u.name, u.surname from users u
        where not u.is_deleted and u.is_active and u.roles && ${pgTextArray(['ADMIN_STAFF', 'STAFF'])}
        order by u.surname, u.name, u.id
        limit 50`,
    );
  },
};
