import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  CALENDAR_MAX_SESSIONS,
  formatIsoDate,
  isoWeekday,
  SESSION_NOT_AVAILABLE_MESSAGE,
  SESSION_OVERLAP_MESSAGE,
  todayIn,
  uuidv7,
  type CalendarDate,
} from '@casebook/domain';
import { callerFor, createTestApp, createTestUser, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { mailOutbox } from '../correspondence/correspondence.schema';
import { appointmentSessions } from './scheduling.schema';

let t: TestApp;
let tenantId: string;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database);
  admin = await callerFor(t, tenantId);
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
async function ok(res: { statusCode: number; body: string; json(): unknown }): Promise<Json> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}
const lookupId = async (caller: Caller, type: string, label: string) => {
  const res = await caller.get(`/api/app/lookup-configs?isSelectionList=true&type=${type}&maxResultCount=1000`);
  return (res.json().items as { id: string; displayName: string }[]).find((i) => i.displayName === label)!.id;
};
const centre = async (caller: Caller, name: string, state: string, postcode: string) =>
  ok(await caller.post('/api/app/centres', { name: `${name} ${uuidv7().slice(-6)}`, state, postcode }));
async function specialist(caller: Caller, fields: Json = {}): Promise<Json> {
  return ok(
    await caller.post('/api/app/specialists', {
      firstName: 'Sam',
      lastName: `Bone${uuidv7().slice(-6)}`,
      email: `sam.${uuidv7().slice(-8)}@clinic.test`,
      ...fields,
    }),
  );
}
const session = (caller: Caller, body: Json) => caller.post('/api/app/appointment-sessions', body);
const members = (res: { json(): unknown }) =>
  ((res.json() as Json).error.validationErrors as { members: string[] }[]).flatMap((v) => v.members);

/** The next Monday after today in the tenant's zone. */
function nextMonday(): CalendarDate {
  const today = todayIn('Australia/Sydney');
  return addDays(today, 8 - isoWeekday(today));
}

describe('sessions keep their zone', () => {
  test("a session is stored as an instant in its centre's state's zone and shown there, on both DST days", async () => {
    const sp = await specialist(admin);
    const cases = [
      ['NSW', '2000', '2026-10-04', '2026-10-03T22:00:00.000Z', '04 Oct 2026 09:00 AEDT'],
      ['QLD', '4000', '2026-10-04', '2026-10-03T23:00:00.000Z', '04 Oct 2026 09:00 AEST'],
      ['SA', '5000', '2026-04-05', '2026-04-04T23:30:00.000Z', '05 Apr 2026 09:00 ACST'],
      ['WA', '6000', '2026-04-05', '2026-04-05T01:00:00.000Z', '05 Apr 2026 09:00 AWST'],
    ] as const;
    for (const [state, postcode, date, utc, shown] of cases) {
      const c = await centre(admin, `Centre ${state}`, state, postcode);
      const s = await ok(
        await session(admin, { specialistId: sp.id, centreId: c.id, date, startTime: '09:00', endTime: '10:00' }),
      );
      expect({ state, dateFrom: s.dateFrom, displayFrom: s.displayFrom, startTime: s.startTime }).toEqual({
        state,
        dateFrom: utc,
        displayFrom: shown,
        startTime: '09:00',
      });
    }
    // Lord Howe Island is in NSW but keeps its own zone, given explicitly.
    const islander = await specialist(admin);
    const lhi = await ok(
      await session(admin, {
        specialistId: islander.id,
        appointmentType: 'VIDEO',
        timeZone: 'Australia/Lord_Howe',
        date: '2026-10-04',
        startTime: '09:00',
        endTime: '09:30',
      }),
    );
    expect(lhi).toMatchObject({
      dateFrom: '2026-10-03T22:00:00.000Z',
      displayFrom: '04 Oct 2026 09:00 LHDT',
      centreId: null,
    });
  });

  test('inputs are checked: times, zone, centre, specialist', async () => {
    const sp = await specialist(admin);
    const base = {
      specialistId: sp.id,
      appointmentType: 'VIDEO',
      date: '2027-03-01',
      startTime: '09:00',
      endTime: '10:00',
    };
    expect(members(await session(admin, { ...base, endTime: '08:00' }))).toEqual(['endTime']);
    expect(members(await session(admin, { ...base, startTime: '25:00' }))).toEqual(['startTime']);
    expect(members(await session(admin, { ...base, timeZone: 'Mars/Olympus' }))).toEqual(['timeZone']);
    expect(members(await session(admin, { ...base, appointmentType: 'INPERSON' }))).toEqual(['centreId']);
    expect(members(await session(admin, { ...base, specialistId: uuidv7() }))).toEqual(['specialistId']);
    expect(members(await session(admin, { ...base, slotStatus: 7 }))).toEqual(['slotStatus']);
    expect(members(await session(admin, { ...base, colour: 'red' }))).toEqual(['colour']);
  });
});

describe('a specialist cannot be in two sessions at once', () => {
  test('an overlapping session is refused with a clear message; touching ones are fine', async () => {
    const sp = await specialist(admin);
    const base = { specialistId: sp.id, appointmentType: 'VIDEO', date: '2027-03-02' };
    await ok(await session(admin, { ...base, startTime: '09:00', endTime: '10:00' }));
    await ok(await session(admin, { ...base, startTime: '10:00', endTime: '11:00' }));
    const clash = await session(admin, { ...base, startTime: '09:30', endTime: '10:30' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().error.message).toBe(SESSION_OVERLAP_MESSAGE);
  });

  test('PostgreSQL itself refuses an overlapping row written past the service', async () => {
    const sp = await specialist(admin);
    const row = (startsAt: string, endsAt: string) => ({
      tenantId,
      id: uuidv7(),
      concurrencyStamp: uuidv7(),
      specialistId: sp.id as string,
      timeZone: 'Australia/Sydney',
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      appointmentType: 'VIDEO' as const,
      slotStatus: 6,
    });
    await t.database.withTenant(tenantId, (tx) =>
      tx.insert(appointmentSessions).values(row('2027-05-01T00:00:00Z', '2027-05-01T01:00:00Z')),
    );
    const error = await t.database
      .withTenant(tenantId, (tx) =>
        tx.insert(appointmentSessions).values(row('2027-05-01T00:59:00Z', '2027-05-01T02:00:00Z')),
      )
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    const pg =
      (error as { cause?: { code?: string; constraint?: string } }).cause ??
      (error as { code?: string; constraint?: string });
    expect(pg).toMatchObject({ code: '23P01', constraint: 'appointment_sessions_no_overlap' });
    // A deleted session lets go of its time.
    await t.database.withTenant(tenantId, (tx) =>
      tx.execute(sql`update appointment_sessions set is_deleted = true where specialist_id = ${sp.id}`),
    );
    await t.database.withTenant(tenantId, (tx) =>
      tx.insert(appointmentSessions).values(row('2027-05-01T00:59:00Z', '2027-05-01T02:00:00Z')),
    );
  });

  test('20 simultaneous overlapping bookings of one specialist: exactly one is kept', async () => {
    const sp = await specialist(admin);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        session(admin, {
          specialistId: sp.id,
          appointmentType: 'VIDEO',
          slotStatus: 6,
          date: '2027-03-03',
          startTime: `09:${String(i * 2).padStart(2, '0')}`,
          endTime: '10:30',
        }),
      ),
    );
    const codes = attempts.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(19);
    for (const a of attempts.filter((x) => x.statusCode === 422)) {
      expect(a.json().error.message).toBe(SESSION_OVERLAP_MESSAGE);
    }
    const listed = await ok(
      await admin.get(`/api/app/appointment-sessions?fromDate=2027-03-03&toDate=2027-03-03&specialistId=${sp.id}`),
    );
    expect(listed.totalCount).toBe(1);
  });

  test('20 simultaneous attempts to book one slot: exactly one wins, the slot is Booked Unconfirmed', async () => {
    const sp = await specialist(admin);
    const s = await ok(
      await session(admin, {
        specialistId: sp.id,
        appointmentType: 'VIDEO',
        date: '2027-03-04',
        startTime: '09:00',
        endTime: '10:00',
      }),
    );
    expect(s).toMatchObject({ slotStatus: 3, slotStatusLabel: 'Unbooked (CA)', sessionStatus: 'available' });
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.post(`/api/app/appointment-sessions/${s.id}/book`, { caseNo: `IME-${i}` }),
      ),
    );
    const won = attempts.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(attempts.filter((a) => a.statusCode === 422).map((a) => a.json().error.message)).toEqual(
      Array(19).fill(SESSION_NOT_AVAILABLE_MESSAGE),
    );
    const after = await ok(await admin.get(`/api/app/appointment-sessions/${s.id}`));
    expect(after).toMatchObject({
      slotStatus: 6,
      slotStatusLabel: 'Booked Unconfirmed',
      sessionStatus: 'booked',
      caseNo: won[0]!.json().caseNo,
    });
    // A booked session is not deleted behind its case's back.
    const del = await admin.put(`/api/app/appointment-sessions/${s.id}/deleteSession`, undefined);
    expect(del.statusCode).toBe(422);
  });
});

describe('repeating patterns', () => {
  test('Mondays and Wednesdays for four weeks, all or none', async () => {
    const sp = await specialist(admin);
    const c = await centre(admin, 'Parramatta', 'NSW', '2150');
    const res = await ok(
      await admin.post('/api/app/appointment-sessions/repeat', {
        specialistId: sp.id,
        centreId: c.id,
        date: '2027-02-01',
        untilDate: '2027-02-28',
        weekdays: [1, 3],
        startTime: '09:00',
        endTime: '12:00',
      }),
    );
    expect(res.totalCount).toBe(8);
    expect(res.items.map((i: Json) => i.date)).toEqual([
      '2027-02-01',
      '2027-02-03',
      '2027-02-08',
      '2027-02-10',
      '2027-02-15',
      '2027-02-17',
      '2027-02-22',
      '2027-02-24',
    ]);
    expect(new Set(res.items.map((i: Json) => i.patternId))).toEqual(new Set([res.patternId]));
    // Every second week, overlapping the first pattern on 15 Feb: refused, nothing written.
    const clash = await admin.post('/api/app/appointment-sessions/repeat', {
      specialistId: sp.id,
      centreId: c.id,
      date: '2027-02-01',
      untilDate: '2027-03-31',
      weekdays: [1],
      everyWeeks: 2,
      startTime: '11:00',
      endTime: '13:00',
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().error.message).toBe(`${SESSION_OVERLAP_MESSAGE} (01 Feb 2027)`);
    const listed = await ok(
      await admin.get(`/api/app/appointment-sessions?fromDate=2027-02-01&toDate=2027-03-31&specialistId=${sp.id}`),
    );
    expect(listed.totalCount).toBe(8);
    const every2 = await ok(
      await admin.post('/api/app/appointment-sessions/repeat', {
        specialistId: sp.id,
        appointmentType: 'VIDEO',
        date: '2027-03-01',
        untilDate: '2027-03-31',
        everyWeeks: 2,
        startTime: '14:00',
        endTime: '15:00',
      }),
    );
    expect(every2.items.map((i: Json) => i.date)).toEqual(['2027-03-01', '2027-03-15', '2027-03-29']);
  });
});

describe('the calendar list', () => {
  test('a list cut at maxResultCount keeps the whole count and the first sessions in time order', async () => {
    const sp = await specialist(admin);
    const c = await centre(admin, 'Penrith', 'NSW', '2750');
    await ok(
      await admin.post('/api/app/appointment-sessions/repeat', {
        specialistId: sp.id,
        centreId: c.id,
        date: '2027-06-07',
        untilDate: '2027-06-11',
        weekdays: [1, 2, 3, 4, 5],
        startTime: '09:00',
        endTime: '10:00',
      }),
    );
    const url = `/api/app/appointment-sessions?fromDate=2027-06-07&toDate=2027-06-11&specialistId=${sp.id}`;
    const whole = await ok(await admin.get(url));
    expect(whole.totalCount).toBe(5);
    expect(whole.items).toHaveLength(5);
    const cut = await ok(await admin.get(`${url}&maxResultCount=3`));
    expect(cut.totalCount).toBe(5);
    expect(cut.items.map((i: Json) => i.date)).toEqual(['2027-06-07', '2027-06-08', '2027-06-09']);
    const exact = await ok(await admin.get(`${url}&maxResultCount=5`));
    expect(exact.totalCount).toBe(5);
    expect(exact.items).toHaveLength(5);
    // More than the calendar takes at once is refused, naming the field, not cut silently.
    const tooMany = await admin.get(`${url}&maxResultCount=${CALENDAR_MAX_SESSIONS + 1}`);
    expect(tooMany.statusCode).toBe(400);
    expect(members(tooMany)).toContain('maxResultCount');
  });
});

describe('specialists keep their own sessions', () => {
  test('a specialist adds, moves and deletes their own sessions and sees no one else’s', async () => {
    const { userId } = await createTestUser(t.database, tenantId, ['SPECIALIST']);
    const mine = await specialist(admin, { userId });
    const other = await specialist(admin);
    const token = await t.tokens.issue({
      userId,
      tenantId,
      roles: ['SPECIALIST'],
      userName: 'doc',
      impersonatorUserId: null,
    });
    const doc: Caller = {
      ...admin,
      userId,
      token,
      request: (o) => t.app.inject({ ...o, headers: { authorization: `Bearer ${token}`, ...o.headers } }),
      get: (url) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
      post: (url, body) =>
        t.app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${token}` } }),
      put: (url, body) =>
        t.app.inject({
          method: 'PUT',
          url,
          ...(body === undefined ? {} : { payload: body as object }),
          headers: { authorization: `Bearer ${token}` },
        }),
      del: (url) => t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } }),
    };
    const base = { appointmentType: 'VIDEO', date: '2027-04-06', startTime: '09:00', endTime: '10:00' };
    const own = await ok(await doc.post('/api/app/appointment-sessions', { ...base, specialistId: mine.id }));
    const theirs = await ok(await session(admin, { ...base, specialistId: other.id }));
    expect(members(await doc.post('/api/app/appointment-sessions', { ...base, specialistId: other.id }))).toEqual([
      'specialistId',
    ]);
    const moved = await ok(
      await doc.put(`/api/app/appointment-sessions/${own.id}`, {
        ...base,
        specialistId: mine.id,
        startTime: '13:00',
        endTime: '14:30',
        concurrencyStamp: own.concurrencyStamp,
      }),
    );
    expect(moved).toMatchObject({ startTime: '13:00', endTime: '14:30' });
    const stale = await doc.put(`/api/app/appointment-sessions/${own.id}`, {
      ...base,
      specialistId: mine.id,
      concurrencyStamp: own.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);
    expect((await doc.get(`/api/app/appointment-sessions/${theirs.id}`)).statusCode).toBe(404);
    expect((await doc.put(`/api/app/appointment-sessions/${theirs.id}/deleteSession`, undefined)).statusCode).toBe(404);
    const calendar = await ok(await doc.get('/api/app/appointment-sessions?fromDate=2027-04-06&toDate=2027-04-06'));
    expect(calendar.items.map((i: Json) => i.id)).toEqual([own.id]);
    // Specialists do not search others' availability or book.
    expect((await doc.get('/api/app/appointment-sessions/searchAppointment?relativeDate=NextWeek')).statusCode).toBe(
      403,
    );
    expect((await doc.post(`/api/app/appointment-sessions/${theirs.id}/book`, {})).statusCode).toBe(403);
    expect((await doc.put(`/api/app/appointment-sessions/${own.id}/deleteSession`, undefined)).statusCode).toBe(204);
    expect((await doc.get(`/api/app/appointment-sessions/${own.id}`)).statusCode).toBe(404);
  });
});

describe('availability search', () => {
  let ortho: Json;
  let ortho2: Json;
  let psych: Json;
  let sydney: Json;
  let parramatta: Json;
  let perth: Json;
  const monday = () => nextMonday();
  const day = (offset: number) => formatIsoDate(addDays(monday(), offset));
  let search: Caller;
  let searchTenant: string;

  beforeAll(async () => {
    // A tenant of its own: the search sees every specialist of its tenant.
    searchTenant = await newTenant(t.database);
    const a = await callerFor(t, searchTenant);
    search = await callerFor(t, searchTenant, ['CASE_MANAGER']);
    const orthoId = await lookupId(a, 'SPECIALTY', 'Orthopaedic Surgery');
    const psychId = await lookupId(a, 'SPECIALTY', 'Psychiatry');
    ortho = await specialist(a, {
      firstName: 'Olive',
      lastName: 'Bones',
      specialtyId: orthoId,
      email: 'olive@bones.test',
    });
    ortho2 = await specialist(a, { firstName: 'Oscar', lastName: 'Knee', specialtyId: orthoId });
    psych = await specialist(a, { firstName: 'Piper', lastName: 'Mind', specialtyId: psychId });
    sydney = await centre(a, 'Sydney CBD', 'NSW', '2000');
    parramatta = await centre(a, 'Parramatta', 'NSW', '2150');
    perth = await centre(a, 'Perth', 'WA', '6000');
    const add = async (sp: Json, c: Json | null, date: string, start: string, extra: Json = {}) =>
      ok(
        await a.post('/api/app/appointment-sessions', {
          specialistId: sp.id,
          centreId: c?.id ?? null,
          appointmentType: c ? 'INPERSON' : 'VIDEO',
          date,
          startTime: start,
          endTime: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
          ...extra,
        }),
      );
    await add(ortho, parramatta, day(0), '09:00');
    await add(ortho, parramatta, day(2), '09:00');
    await add(ortho, sydney, day(3), '09:00', { slotStatus: 6 }); // booked: never offered
    await add(ortho, perth, day(4), '09:00');
    await add(ortho2, sydney, day(1), '10:00');
    await add(ortho2, null, day(1), '14:00');
    await add(ortho2, sydney, day(14), '10:00'); // the week after next
    await add(psych, sydney, day(0), '08:00');
    await add(psych, sydney, day(1), '08:00', { slotStatus: 2 }); // unavailable
  });

  const names = (r: Json) => r.items.map((g: Json) => g.specialist.fullName);

  test('"orthopaedic next week in NSW" finds orthopaedic surgeons with unbooked NSW sessions next week', async () => {
    const r = await ok(
      await search.get(
        `/api/app/appointment-sessions/searchAppointment?text=${encodeURIComponent('orthopaedic next week in NSW')}`,
      ),
    );
    expect({ from: r.fromDate, to: r.toDate }).toEqual({ from: day(0), to: day(6) });
    // Olive's first slot is earlier in the week.
    expect(names(r)).toEqual(['Olive Bones', 'Oscar Knee']);
    expect(r.totalCount).toBe(2);
    const olive = r.items[0];
    expect(olive.specialist).toMatchObject({ specialty: 'Orthopaedic Surgery', businessEmail: 'olive@bones.test' });
    expect(olive.totalCount).toBe(2);
    expect(
      olive.sessions.map((x: Json) => [x.centre.name.split(' ')[0], x.sessionStatus, x.displayFrom.slice(-10)]),
    ).toEqual([
      ['Parramatta', 'available', '09:00 AEDT'],
      ['Parramatta', 'available', '09:00 AEDT'],
    ]);
    // Oscar's video session has no centre, so NSW does not include it.
    expect(r.items[1].sessions).toHaveLength(1);
  });

  test('by postcode, nearest centres first; by video; by name and e-mail; by specialty parameter', async () => {
    const q = (s: string) => search.get(`/api/app/appointment-sessions/searchAppointment?${s}`).then(ok);
    const near = await q(`specialty=orthopaedic&relativeDate=NextWeek&postcode=2000`);
    // Oscar has a session in Sydney 2000; Olive's nearest is Parramatta 2150; Perth comes last.
    expect(names(near)).toEqual(['Oscar Knee', 'Olive Bones']);
    expect(near.items[1].sessions.map((x: Json) => x.centre.postcode)).toEqual(['2150', '2150', '6000']);
    const video = await q(`relativeDate=NextWeek&isVideoAppointment=true`);
    expect(names(video)).toEqual(['Oscar Knee']);
    expect(video.items[0].sessions.map((x: Json) => x.isVideoAppointment)).toEqual([true]);
    expect(names(await q(`specialistName=knee&relativeDate=NextMonth`)).length).toBeLessThanOrEqual(1);
    expect(names(await q(`specialistEmail=OLIVE@bones.test`))).toEqual(['Olive Bones']);
    expect(names(await q(`specialty=Psychiatry&relativeDate=NextWeek`))).toEqual(['Piper Mind']);
    expect(names(await q(`text=${encodeURIComponent('psychiatry next week')}`))).toEqual(['Piper Mind']);
    expect(names(await q(`text=${encodeURIComponent('Knee next week')}`))).toEqual(['Oscar Knee']);
    expect(names(await q(`specialty=Dermatology&relativeDate=NextWeek`))).toEqual([]);
    // The week after next, by day.
    const [d, m, y] = day(14).split('-').reverse();
    expect(names(await q(`date=${d}/${m}/${y}`))).toEqual(['Oscar Knee']);
    expect(names(await q(`state=WA&relativeDate=NextWeek`))).toEqual(['Olive Bones']);
  });

  test('a search needs a parameter; bad dates and states name their field', async () => {
    const noParams = await search.get('/api/app/appointment-sessions/searchAppointment');
    expect(noParams.statusCode).toBe(400);
    expect(members(noParams)).toEqual(['text']);
    expect(members(await search.get('/api/app/appointment-sessions/searchAppointment?date=31/02/2027'))).toEqual([
      'date',
    ]);
    expect(members(await search.get('/api/app/appointment-sessions/searchAppointment?state=Narnia'))).toEqual([
      'state',
    ]);
    expect(members(await search.get('/api/app/appointment-sessions/searchAppointment?relativeDate=Someday'))).toEqual([
      'relativeDate',
    ]);
    expect(members(await search.get('/api/app/appointment-sessions/searchAppointment?postcode=20'))).toEqual([
      'postcode',
    ]);
  });

  test('days are the sessions’ own local dates; an inactive specialist is never offered', async () => {
    const a = await callerFor(t, searchTenant);
    const neuroId = await lookupId(a, 'SPECIALTY', 'Neurology');
    const west = await specialist(a, { firstName: 'Wendy', lastName: 'West', specialtyId: neuroId });
    const east = await specialist(a, { firstName: 'Ethan', lastName: 'East', specialtyId: neuroId });
    const gone = await specialist(a, { firstName: 'Gail', lastName: 'Gone', specialtyId: neuroId });
    const add = async (sp: Json, c: Json, date: string, start: string, end: string) =>
      ok(
        await a.post('/api/app/appointment-sessions', {
          specialistId: sp.id,
          centreId: c.id,
          appointmentType: 'INPERSON',
          date,
          startTime: start,
          endTime: end,
        }),
      );
    // Sunday night in Perth is already Monday in Sydney, yet it belongs to next week where it is held.
    await add(west, perth, day(6), '22:00', '23:00');
    // Just after midnight on the Monday after in Sydney is still Sunday in UTC: not next week.
    await add(east, sydney, day(7), '00:30', '01:30');
    await add(gone, sydney, day(2), '11:00', '12:00');
    await ok(await a.put(`/api/app/specialists/${gone.id}/disable`, undefined));
    const q = (s: string) => search.get(`/api/app/appointment-sessions/searchAppointment?${s}`).then(ok);
    const neuro = await q('specialty=Neurology&relativeDate=NextWeek');
    expect(names(neuro)).toEqual(['Wendy West']);
    expect(neuro.items[0].sessions[0].displayFrom).toMatch(/22:00 AWST$/);
    expect(names(await q('specialty=Neurology&relativeDate=NextWeek&postcode=6000'))).toEqual(['Wendy West']);
    const [d, m, y] = day(7).split('-').reverse();
    expect(names(await q(`specialty=Neurology&date=${d}/${m}/${y}`))).toEqual(['Ethan East']);
    // Searching by days alone starts from the sessions: the inactive specialist's stays out there too.
    const week = await q('relativeDate=NextWeek');
    expect(names(week)).toContain('Wendy West');
    expect(names(week)).not.toContain('Gail Gone');
    expect(names(week)).not.toContain('Ethan East');
    expect(week.totalCount).toBe(week.items.length);
    // A specialist's new specialty takes their sessions with it (each session keeps a copy for the search).
    const dermId = await lookupId(a, 'SPECIALTY', 'Dermatology');
    const now = await ok(await a.get(`/api/app/specialists/${west.id}`));
    await ok(
      await a.put(`/api/app/specialists/${west.id}`, {
        firstName: now.firstName,
        lastName: now.lastName,
        specialtyId: dermId,
        concurrencyStamp: now.concurrencyStamp,
      }),
    );
    expect(names(await q('specialty=Neurology&relativeDate=NextWeek'))).toEqual([]);
    expect(names(await q('specialty=Dermatology&relativeDate=NextWeek'))).toEqual(['Wendy West']);
  });

  test("another tenant's search never sees these sessions", async () => {
    const r = await ok(
      await admin.get('/api/app/appointment-sessions/searchAppointment?text=orthopaedic%20next%20week'),
    );
    expect(r.items.map((g: Json) => g.specialist.id)).not.toContain(ortho.id);
  });
});

describe('day sheets', () => {
  test('a specialist with bookings at two centres: per day and centre, in order, then e-mailed', async () => {
    const sp = await specialist(admin, { firstName: 'Dana', lastName: 'Sheet', email: 'dana.sheet@clinic.test' });
    const a = await centre(admin, 'Alpha Clinic', 'NSW', '2000');
    const b = await centre(admin, 'Beta Clinic', 'QLD', '4000');
    const book = async (c: Json, date: string, start: string, end: string, caseNo: string | null) => {
      const s = await ok(
        await session(admin, { specialistId: sp.id, centreId: c.id, date, startTime: start, endTime: end }),
      );
      if (caseNo) await ok(await admin.post(`/api/app/appointment-sessions/${s.id}/book`, { caseNo }));
      return s;
    };
    await book(b, '2027-06-07', '13:00', '14:00', 'IME-3');
    await book(a, '2027-06-07', '09:00', '10:00', 'IME-1');
    await book(a, '2027-06-07', '10:00', '11:00', 'IME-2');
    await book(a, '2027-06-07', '11:00', '12:00', null); // not booked: not on the sheet
    await book(a, '2027-06-08', '09:00', '10:00', 'IME-4'); // the next day
    const sheet = await ok(
      await admin.post('/api/app/appointment-sessions/daySheetPrint', { specialistId: sp.id, fromDate: '2027-06-07' }),
    );
    expect(sheet.specialist).toMatchObject({ fullName: 'Dana Sheet' });
    expect(
      sheet.days.map((d: Json) => ({
        date: d.displayDate,
        centres: d.centres.map((c: Json) => ({
          name: c.centreName.split(' ').slice(0, 2).join(' '),
          bookings: c.bookings.map(
            (x: Json) => `${x.startTime}-${x.endTime} ${x.zoneAbbreviation} ${x.caseNo} ${x.slotStatusLabel}`,
          ),
        })),
      })),
    ).toEqual([
      {
        date: '07 Jun 2027',
        centres: [
          {
            name: 'Alpha Clinic',
            bookings: ['09:00-10:00 AEST IME-1 Booked Unconfirmed', '10:00-11:00 AEST IME-2 Booked Unconfirmed'],
          },
          { name: 'Beta Clinic', bookings: ['13:00-14:00 AEST IME-3 Booked Unconfirmed'] },
        ],
      },
    ]);
    const oneCentre = await ok(
      await admin.post('/api/app/appointment-sessions/daySheetPrint', {
        specialistId: sp.id,
        centreId: b.id,
        fromDate: '2027-06-07',
        toDate: '2027-06-08',
      }),
    );
    expect(oneCentre.days.flatMap((d: Json) => d.centres.map((c: Json) => c.centreId))).toEqual([b.id]);
    const sent = await ok(
      await admin.post('/api/app/appointment-sessions/sendSpecialistBookingDaysheets', {
        specialistId: sp.id,
        fromDate: '2027-06-07',
        toDate: '2027-06-08',
      }),
    );
    expect(sent).toEqual({ sent: true, to: 'dana.sheet@clinic.test' });
    // Queued in the outbox: the mail worker delivers it.
    const [mail, ...more] = await t.database.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.recipient, 'dana.sheet@clinic.test'))),
    );
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: 'Booking daysheet 07 Jun 2027 – 08 Jun 2027', objectId: sp.id });
    expect(mail!.text).toContain('IME-1');
    expect(mail!.text).toContain('IME-4');
    expect(mail!.text).not.toContain('11:00–12:00');
  });
});

describe('day sheets over business days', () => {
  test("business days skip the weekend and the holidays of the centre's state", async () => {
    const sp = await specialist(admin);
    const c = await centre(admin, 'Gamma Clinic', 'NSW', '2000');
    await ok(await admin.post('/api/app/holidays', { name: "King's Birthday", date: '2027-06-14', state: 'NSW' }));
    for (const date of ['2027-06-11', '2027-06-15', '2027-06-16']) {
      const s = await ok(
        await session(admin, { specialistId: sp.id, centreId: c.id, date, startTime: '09:00', endTime: '10:00' }),
      );
      await ok(await admin.post(`/api/app/appointment-sessions/${s.id}/book`, { caseNo: `IME-${date}` }));
    }
    // Friday and the next business day: not the weekend, not Monday's NSW holiday, but Tuesday.
    const sheet = await ok(
      await admin.post('/api/app/appointment-sessions/daySheetPrint', {
        specialistId: sp.id,
        centreId: c.id,
        fromDate: '2027-06-11',
        businessDays: 2,
      }),
    );
    expect(sheet.toDate).toBe('2027-06-15');
    expect(sheet.days.map((d: Json) => d.date)).toEqual(['2027-06-11', '2027-06-15']);
    const both = await admin.post('/api/app/appointment-sessions/daySheetPrint', {
      specialistId: sp.id,
      fromDate: '2027-06-11',
      toDate: '2027-06-12',
      businessDays: 2,
    });
    expect(both.statusCode).toBe(400);
    expect(members(both)).toEqual(['businessDays']);
  });
});

describe('isolation', () => {
  test("another tenant's session is a 404 on every call with its id", async () => {
    const sp = await specialist(admin);
    const s = await ok(
      await session(admin, {
        specialistId: sp.id,
        appointmentType: 'VIDEO',
        date: '2027-07-01',
        startTime: '09:00',
        endTime: '10:00',
      }),
    );
    const intruder = await callerFor(t, await newTenant(t.database));
    expect((await intruder.get(`/api/app/appointment-sessions/${s.id}`)).statusCode).toBe(404);
    expect((await intruder.post(`/api/app/appointment-sessions/${s.id}/book`, {})).statusCode).toBe(404);
    expect((await intruder.put(`/api/app/appointment-sessions/${s.id}/deleteSession`, undefined)).statusCode).toBe(404);
    expect(
      (await intruder.get(`/api/app/appointment-sessions/popup?specialistId=${sp.id}&sessionId=${s.id}`)).statusCode,
    ).toBe(404);
    expect((await ok(await admin.get(`/api/app/appointment-sessions/${s.id}`))).slotStatus).toBe(3);
  });
});
