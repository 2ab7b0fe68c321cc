import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  addDays,
  formatIsoDate,
  interpreterOffHoursMessage,
  isoWeekday,
  roomBusyMessage,
  roomClosedMessage,
  todayIn,
  uuidv7,
} from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { ok, type Json } from '../../../test/responses';

let t: TestApp;
let tenantId: string;
let admin: Caller;
let w: { cmId: string; clientId: string };

/** A Monday at least two weeks ahead, so sessions on it are bookable and no other test's day. */
const today = todayIn('Australia/Sydney');
const monday = (weeks: number) => formatIsoDate(addDays(today, 8 - isoWeekday(today) + 7 * weeks));

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database, { timezone: 'Australia/Sydney' });
  admin = await callerFor(t, tenantId);
  const company = await ok(await admin.post('/api/app/companies', { name: 'Smith Lawyers', businessType: 'LAW_FIRM' }));
  const cm = await ok(
    await admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId: company.id }),
  );
  const client = await ok(await admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant' }));
  w = { cmId: cm.id, clientId: client.id };
});
afterAll(async () => {
  await t?.close();
});

const specialist = async () =>
  ok(
    await admin.post('/api/app/specialists', {
      firstName: 'Sam',
      lastName: `Bone${uuidv7().slice(-6)}`,
      onboardedDate: formatIsoDate(addDays(today, -30)),
    }),
  );
const centre = async (rooms: string[], roomHours: Json[] = []) =>
  ok(
    await admin.post('/api/app/centres', {
      name: `Parramatta ${uuidv7().slice(-6)}`,
      state: 'NSW',
      postcode: '2150',
      rooms,
      roomHours,
    }),
  );
const session = async (specialistId: string, centreId: string, date: string, startTime: string, endTime: string) =>
  ok(await admin.post('/api/app/appointment-sessions', { specialistId, centreId, date, startTime, endTime }));
const newCase = async () =>
  ok(await admin.post('/api/app/assessments', { clientId: w.clientId, caseManagerId: w.cmId }));
const appointment = (c: Json, body: Json) =>
  admin.put(`/api/app/assessments/${c.id}/appointment`, { concurrencyStamp: c.concurrencyStamp, ...body });
const search = async (query: string) => ok(await admin.get(`/api/app/appointment-sessions/searchAppointment?${query}`));
const starts = (result: Json) =>
  (result.items as Json[]).flatMap((i) => (i.sessions as Json[]).map((s) => s.displayFrom as string));

describe("a case's own appointment holds rooms and interpreters with its session, all or none", () => {
  test('two cases booked into overlapping sessions needing one room: the second is a 409 naming the room', async () => {
    const day = monday(2);
    const c = await centre(['Room 1', 'Room 2']);
    const [a, b] = [await specialist(), await specialist()];
    const first = await session(a.id, c.id, day, '09:00', '10:00');
    const second = await session(b.id, c.id, day, '09:30', '10:30');
    const one = await newCase();
    const two = await newCase();
    await ok(await appointment(one, { sessionId: first.id, rooms: ['room 1'] }));
    const refused = await appointment(two, { sessionId: second.id, rooms: ['Room 1'] });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'Casebook:ResourceBusy',
      message: roomBusyMessage('Room 1', c.name),
    });
    // Nothing of the refused booking stayed: the case has no appointment, the session is free.
    expect(await ok(await admin.get(`/api/app/assessments/${two.id}`))).toMatchObject({
      appointmentDate: null,
      status: 'CASE_CREATED',
    });
    expect((await ok(await admin.get(`/api/app/appointment-sessions/${second.id}`))).slotStatus).toBe(3);
    // The calendar shows the first booking holding the room.
    const listed = await ok(
      await admin.get(`/api/app/appointment-sessions?fromDate=${day}&toDate=${day}&centreId=${c.id}&room=Room 1`),
    );
    expect(listed.items.map((s: Json) => s.id)).toEqual([first.id]);
    // The other room is free: the same booking with it goes through.
    const current = await ok(await admin.get(`/api/app/assessments/${two.id}`));
    await ok(await appointment(current, { sessionId: second.id, rooms: ['Room 2'] }));
  });

  test('rescheduling to another session moves the holds; rooms without a session are a 400', async () => {
    const c = await centre(['Room 1']);
    const sp = await specialist();
    const early = await session(sp.id, c.id, monday(3), '09:00', '10:00');
    const later = await session(sp.id, c.id, monday(3), '11:00', '12:00');
    let kase = await ok(await appointment(await newCase(), { sessionId: early.id, rooms: ['Room 1'] }));
    const noSession = await appointment(kase, {
      appointmentDate: monday(3),
      appointmentTime: '09:00',
      rooms: ['Room 1'],
    });
    expect(noSession.statusCode).toBe(400);
    expect(noSession.json().error.validationErrors[0].members).toEqual(['rooms']);
    kase = await ok(
      await admin.put(`/api/app/assessments/${kase.id}/reschedule-appointment`, {
        concurrencyStamp: kase.concurrencyStamp,
        sessionId: later.id,
        rooms: ['Room 1'],
        reason: 'Claimant asked',
      }),
    );
    expect(kase.appointmentTime).toBe('11:00');
    const held = async (id: string) =>
      (await ok(await admin.get(`/api/app/appointment-sessions/${id}/resources`))).rooms[0].heldByThisSession;
    expect(await held(early.id)).toBe(false);
    expect(await held(later.id)).toBe(true);
  });
});

describe('rooms and interpreters have working hours of their own', () => {
  test('an interpreter outside their working hours is not offered by the search, nor can be booked', async () => {
    const day = monday(4);
    const c = await centre(['Room 1']);
    const sp = await specialist();
    const morning = await session(sp.id, c.id, day, '09:30', '10:30');
    const afternoon = await session(sp.id, c.id, day, '13:00', '14:00');
    const language = await ok(await admin.post('/api/app/languages', { name: `Vietnamese ${uuidv7().slice(-4)}` }));
    // Works Monday mornings only (in the session's time zone).
    const linh = await ok(
      await admin.post('/api/app/interpreters', {
        name: `Linh Tran ${uuidv7().slice(-4)}`,
        languageIds: [language.id],
        workingHours: [{ weekday: 1, from: '09:00', to: '12:00' }],
      }),
    );
    const byInterpreter = await search(
      `specialistName=${sp.lastName}&fromDate=${day}&toDate=${day}&interpreterId=${linh.id}`,
    );
    expect(byInterpreter.totalCount).toBe(1);
    expect(byInterpreter.items[0].totalCount).toBe(1);
    expect(starts(byInterpreter)).toEqual([expect.stringContaining('09:30')]);
    const byLanguage = await search(
      `specialistName=${sp.lastName}&fromDate=${day}&toDate=${day}&languageId=${language.id}`,
    );
    expect(byLanguage.items[0].sessions.map((s: Json) => s.freeInterpreters.map((i: Json) => i.id))).toEqual([
      [linh.id],
    ]);
    // Without hours she is offered at both times.
    await ok(
      await admin.put(`/api/app/interpreters/${linh.id}`, {
        name: linh.name,
        languageIds: linh.languageIds,
        workingHours: [],
        concurrencyStamp: linh.concurrencyStamp,
      }),
    );
    expect(
      starts(await search(`specialistName=${sp.lastName}&fromDate=${day}&toDate=${day}&interpreterId=${linh.id}`)),
    ).toHaveLength(2);
    const again = await ok(await admin.get(`/api/app/interpreters/${linh.id}`));
    await ok(
      await admin.put(`/api/app/interpreters/${again.id}`, {
        name: again.name,
        languageIds: again.languageIds,
        workingHours: [{ weekday: 1, from: '09:00', to: '12:00' }],
        concurrencyStamp: again.concurrencyStamp,
      }),
    );
    // Booking her in the afternoon is refused, naming her; the session stays free.
    const refused = await admin.post(`/api/app/appointment-sessions/${afternoon.id}/book`, {
      interpreterIds: [linh.id],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(interpreterOffHoursMessage(linh.name));
    expect((await ok(await admin.get(`/api/app/appointment-sessions/${afternoon.id}`))).slotStatus).toBe(3);
    const offered = await ok(await admin.get(`/api/app/appointment-sessions/${afternoon.id}/resources`));
    expect(offered.interpreters.find((i: Json) => i.id === linh.id)).toMatchObject({ free: false });
    await ok(await admin.post(`/api/app/appointment-sessions/${morning.id}/book`, { interpreterIds: [linh.id] }));
  });

  test("a room outside its working hours is not offered, and a room's hours name one of the centre's rooms", async () => {
    const day = monday(5);
    const c = await centre(['Room 1', 'Room 2'], [{ room: 'Room 2', weekday: 1, from: '08:00', to: '12:00' }]);
    const sp = await specialist();
    const morning = await session(sp.id, c.id, day, '09:00', '10:00');
    const afternoon = await session(sp.id, c.id, day, '13:00', '14:00');
    const query = `specialistName=${sp.lastName}&fromDate=${day}&toDate=${day}&room=Room 2`;
    expect(starts(await search(query))).toEqual([expect.stringContaining('09:00')]);
    // Any room: Room 1 has no hours, so both times are offered, the afternoon with Room 1 only.
    const any = await search(`specialistName=${sp.lastName}&fromDate=${day}&toDate=${day}&needsRoom=true`);
    expect(any.items[0].sessions.map((s: Json) => s.freeRooms)).toEqual([['Room 1', 'Room 2'], ['Room 1']]);
    // With Room 1 taken in the afternoon, the afternoon has no room left.
    await ok(await admin.post(`/api/app/appointment-sessions/${afternoon.id}/book`, { rooms: ['Room 1'] }));
    const other = await session((await specialist()).id, c.id, day, '13:00', '14:00');
    const refused = await admin.post(`/api/app/appointment-sessions/${other.id}/book`, { rooms: ['Room 2'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(roomClosedMessage('Room 2', c.name));
    await ok(await admin.post(`/api/app/appointment-sessions/${morning.id}/book`, { rooms: ['Room 2'] }));
    const unknown = await admin.post('/api/app/centres', {
      name: `Unknown room ${uuidv7().slice(-6)}`,
      rooms: ['Room 1'],
      roomHours: [{ room: 'Room 9', weekday: 1, from: '08:00', to: '12:00' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.validationErrors[0].members).toEqual(['roomHours']);
  });
});
