import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { interpreterBusyMessage, roomBusyMessage, uuidv7 } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { ok, type Json } from '../../../test/responses';
import { sqlRows } from '../../platform/db/database';

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

const specialist = async () =>
  ok(
    await admin.post('/api/app/specialists', {
      firstName: 'Sam',
      lastName: `Bone${uuidv7().slice(-6)}`,
      email: `sam.${uuidv7().slice(-8)}@clinic.test`,
    }),
  );
const centre = async (rooms: string[]) =>
  ok(
    await admin.post('/api/app/centres', {
      name: `Parramatta ${uuidv7().slice(-6)}`,
      state: 'NSW',
      postcode: '2150',
      rooms,
    }),
  );
const language = async (name: string) =>
  ok(await admin.post('/api/app/languages', { name: `${name} ${uuidv7().slice(-4)}` }));
const interpreter = async (name: string, languageIds: string[]) =>
  ok(await admin.post('/api/app/interpreters', { name, languageIds }));

/** Sessions of different specialists at one centre, each starting a minute later, all overlapping. */
async function overlappingSessions(centreId: string, date: string, n: number): Promise<Json[]> {
  const sessions: Json[] = [];
  for (let i = 0; i < n; i++) {
    const sp = await specialist();
    sessions.push(
      await ok(
        await admin.post('/api/app/appointment-sessions', {
          specialistId: sp.id,
          centreId,
          date,
          startTime: `09:${String(i).padStart(2, '0')}`,
          endTime: '10:30',
        }),
      ),
    );
  }
  return sessions;
}
const book = (sessionId: string, body: Json) => admin.post(`/api/app/appointment-sessions/${sessionId}/book`, body);

describe('rooms and interpreters are held by bookings, one booking at a time', () => {
  test('50 simultaneous bookings of different specialists needing one room: one wins, 49 are told the room is taken', async () => {
    const c = await centre(['Room 1', 'Room 2']);
    const sessions = await overlappingSessions(c.id, '2027-06-07', 50);
    const attempts = await Promise.all(sessions.map((s, i) => book(s.id, { caseNo: `IME-R${i}`, rooms: ['room 1'] })));
    const won = attempts.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    const refused = attempts.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.statusCode)).toEqual(Array(49).fill(409));
    for (const a of refused) {
      expect(a.json().error).toMatchObject({
        code: 'Casebook:ResourceBusy',
        message: roomBusyMessage('Room 1', c.name),
      });
    }
    // All or nothing: the refused bookings left their sessions unbooked.
    const listed = await ok(
      await admin.get(`/api/app/appointment-sessions?fromDate=2027-06-07&toDate=2027-06-07&centreId=${c.id}`),
    );
    expect(listed.items.filter((s: Json) => s.slotStatus === 6)).toHaveLength(1);
    // The other room is still free at that time.
    const loser = sessions.find((s) => s.id !== won[0]!.json().id)!;
    await ok(await book(loser.id, { caseNo: 'IME-R-other', rooms: ['Room 2'] }));
  });

  test('50 simultaneous bookings needing one interpreter: one wins, 49 are told the interpreter is taken', async () => {
    const c = await centre(['Room 1']);
    const vi = await language('Vietnamese');
    const linh = await interpreter(`Linh Tran ${uuidv7().slice(-4)}`, [vi.id]);
    const sessions = await overlappingSessions(c.id, '2027-06-08', 50);
    const attempts = await Promise.all(
      sessions.map((s, i) => book(s.id, { caseNo: `IME-I${i}`, interpreterIds: [linh.id] })),
    );
    expect(attempts.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = attempts.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.statusCode)).toEqual(Array(49).fill(409));
    for (const a of refused) {
      expect(a.json().error).toMatchObject({
        code: 'Casebook:ResourceBusy',
        message: interpreterBusyMessage(linh.name),
      });
    }
  });

  test('a booking holds all it needs or nothing: a busy interpreter leaves the room free and the session unbooked', async () => {
    const c = await centre(['Room A']);
    const vi = await language('Vietnamese');
    const an = await interpreter(`An Nguyen ${uuidv7().slice(-4)}`, [vi.id]);
    const [first, second, third] = await overlappingSessions(c.id, '2027-06-09', 3);
    await ok(await book(first!.id, { interpreterIds: [an.id] }));
    const refused = await book(second!.id, { rooms: ['Room A'], interpreterIds: [an.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(interpreterBusyMessage(an.name));
    expect((await ok(await admin.get(`/api/app/appointment-sessions/${second!.id}`))).slotStatus).toBe(3);
    // Room A was not kept by the refused booking.
    await ok(await book(third!.id, { rooms: ['Room A'] }));
    // What the second session could hold now: Room A and An are taken, by other sessions; a language
    // filter finds the interpreter.
    const resources = await ok(
      await admin.get(`/api/app/appointment-sessions/${second!.id}/resources?languageId=${vi.id}`),
    );
    expect(resources.rooms).toEqual([{ room: 'Room A', free: false, heldByThisSession: false }]);
    expect(resources.interpreters).toEqual([
      { id: an.id, name: an.name, languageIds: [vi.id], free: false, heldByThisSession: false },
    ]);
    const held = await ok(await admin.get(`/api/app/appointment-sessions/${first!.id}/resources`));
    expect(held.interpreters.find((i: Json) => i.id === an.id)).toMatchObject({ heldByThisSession: true });
    const otherLanguage = await language('Greek');
    const none = await ok(
      await admin.get(`/api/app/appointment-sessions/${second!.id}/resources?languageId=${otherLanguage.id}`),
    );
    expect(none.interpreters).toEqual([]);
  });

  test('a session whose booking ends lets go of its room; rooms and interpreters are checked', async () => {
    const c = await centre(['Room B']);
    const [first, second] = await overlappingSessions(c.id, '2027-06-10', 2);
    await ok(await book(first!.id, { rooms: ['Room B'] }));
    expect((await book(second!.id, { rooms: ['Room B'] })).statusCode).toBe(409);
    const held = await ok(await admin.get(`/api/app/appointment-sessions/${first!.id}`));
    await ok(
      await admin.put(`/api/app/appointment-sessions/${first!.id}`, {
        specialistId: held.specialistId,
        centreId: c.id,
        date: '2027-06-10',
        startTime: held.startTime,
        endTime: held.endTime,
        slotStatus: 3,
        concurrencyStamp: held.concurrencyStamp,
      }),
    );
    await ok(await book(second!.id, { rooms: ['Room B'] }));

    const [third] = await overlappingSessions(c.id, '2027-06-11', 1);
    const unknownRoom = await book(third!.id, { rooms: ['Room Z'] });
    expect(unknownRoom.statusCode).toBe(400);
    expect(unknownRoom.json().error.validationErrors[0].members).toEqual(['rooms']);
    const unknownInterpreter = await book(third!.id, { interpreterIds: [uuidv7()] });
    expect(unknownInterpreter.statusCode).toBe(400);
    expect(unknownInterpreter.json().error.validationErrors[0].members).toEqual(['interpreterIds']);
    expect((await ok(await admin.get(`/api/app/appointment-sessions/${third!.id}`))).slotStatus).toBe(3);
  });

  test("any room follows the holds, the centre's rooms and their hours, however they change", async () => {
    const c = await centre(['Room 1']);
    const sp = await specialist();
    const date = '2027-09-06';
    const session = async (specialistId: string, startTime: string, endTime: string) =>
      ok(await admin.post('/api/app/appointment-sessions', { specialistId, centreId: c.id, date, startTime, endTime }));
    const mine = await session(sp.id, '09:00', '10:00');
    const theirs = await session((await specialist()).id, '09:30', '10:30');
    const offered = async () => {
      const r = await ok(
        await admin.get(
          `/api/app/appointment-sessions/searchAppointment?specialistName=${sp.lastName}&fromDate=${date}&toDate=${date}&needsRoom=true`,
        ),
      );
      return (r.items[0]?.sessions ?? []).map((x: Json) => [x.id, x.freeRooms]);
    };
    const roomFree = async (id: string) =>
      (
        await t.database.withTenant(tenantId, (tx) =>
          sqlRows<{ room_free: boolean }>(tx, sql`select room_free from appointment_sessions where id = ${id}::uuid`),
        )
      )[0]!.room_free;
    expect(await offered()).toEqual([[mine.id, ['Room 1']]]);

    // Another booking takes the only room for part of the session: not offered.
    await ok(await book(theirs.id, { rooms: ['Room 1'] }));
    expect(await offered()).toEqual([]);
    expect(await roomFree(mine.id)).toBe(false);
    // A second room at the centre: offered again, with that room.
    const edit = async (changes: Json) => {
      const now = await ok(await admin.get(`/api/app/centres/${c.id}`));
      for (const key of ['id', 'creationTime', 'creatorId', 'lastModificationTime', 'lastModifierId']) delete now[key];
      await ok(await admin.put(`/api/app/centres/${c.id}`, { ...now, ...changes }));
    };
    await edit({ rooms: ['Room 1', 'Room 2'] });
    expect(await offered()).toEqual([[mine.id, ['Room 2']]]);
    // Room 2 open only in the afternoon: not offered; open from 08:00, offered.
    await edit({ roomHours: [{ room: 'Room 2', weekday: 1, from: '13:00', to: '17:00' }] });
    expect(await offered()).toEqual([]);
    await edit({ roomHours: [{ room: 'Room 2', weekday: 1, from: '08:00', to: '17:00' }] });
    expect(await offered()).toEqual([[mine.id, ['Room 2']]]);
    // A hold written straight into the table (not through a booking) counts as well, and letting it go frees
    // the room again.
    await t.database.withTenant(tenantId, (tx) =>
      tx.execute(sql`insert into resource_holds (tenant_id, id, concurrency_stamp, session_id, kind, centre_id, room, starts_at, ends_at)
        values (${tenantId}::uuid, ${uuidv7()}::uuid, 'x', ${theirs.id}::uuid, 'ROOM', ${c.id}::uuid, 'Room 2',
          ${theirs.dateFrom}::timestamptz, ${theirs.dateTo}::timestamptz)`),
    );
    expect(await offered()).toEqual([]);
    await t.database.withTenant(tenantId, (tx) =>
      tx.execute(sql`update resource_holds set released = true where session_id = ${theirs.id}::uuid`),
    );
    expect(await offered()).toEqual([[mine.id, ['Room 1', 'Room 2']]]);
    // Moved to the afternoon, the session is computed again: Room 2 is open, Room 1 free.
    const held = await ok(await admin.get(`/api/app/appointment-sessions/${mine.id}`));
    await ok(
      await admin.put(`/api/app/appointment-sessions/${mine.id}`, {
        specialistId: sp.id,
        centreId: c.id,
        date,
        startTime: '18:00',
        endTime: '19:00',
        slotStatus: 3,
        concurrencyStamp: held.concurrencyStamp,
      }),
    );
    expect(await offered()).toEqual([[mine.id, ['Room 1']]]);
    // A session longer than twelve hours is refused by the database too (what bounds a hold's sessions).
    const tooLong = await t.database
      .withTenant(tenantId, (tx) =>
        tx.execute(
          sql`update appointment_sessions set ends_at = starts_at + interval '13 hours' where id = ${mine.id}::uuid`,
        ),
      )
      .then(
        () => 'stored',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(tooLong).toMatch(/appointment_sessions_length_check/);
  });

  test('the database itself refuses two overlapping holds of one room or one interpreter', async () => {
    const c = await centre(['Room C']);
    const vi = await language('Vietnamese');
    const mai = await interpreter(`Mai Pham ${uuidv7().slice(-4)}`, [vi.id]);
    const [first] = await overlappingSessions(c.id, '2027-06-12', 1);
    const hold = (kind: string, values: string, from: string, to: string) =>
      t.database.withTenant(tenantId, (tx) =>
        tx.execute(
          sql.raw(`insert into resource_holds (tenant_id, id, concurrency_stamp, session_id, kind, ${values.split('|')[0]}, starts_at, ends_at)
            values ('${tenantId}', '${uuidv7()}', 'x', '${first!.id}', '${kind}', ${values.split('|')[1]}, '${from}', '${to}')`),
        ),
      );
    await hold('ROOM', `centre_id, room|'${c.id}', 'Room C'`, '2027-06-12T00:00:00Z', '2027-06-12T01:00:00Z');
    await expect(
      hold('ROOM', `centre_id, room|'${c.id}', 'ROOM C'`, '2027-06-12T00:30:00Z', '2027-06-12T01:30:00Z'),
    ).rejects.toThrow();
    // Touching is not overlapping.
    await hold('ROOM', `centre_id, room|'${c.id}', 'Room C'`, '2027-06-12T01:00:00Z', '2027-06-12T02:00:00Z');
    await hold('INTERPRETER', `interpreter_id|'${mai.id}'`, '2027-06-12T00:00:00Z', '2027-06-12T01:00:00Z');
    await expect(
      hold('INTERPRETER', `interpreter_id|'${mai.id}'`, '2027-06-12T00:59:00Z', '2027-06-12T01:30:00Z'),
    ).rejects.toThrow();
  });
});

describe('the availability search finds times when the rooms and interpreters asked for are free', () => {
  test('a language, an interpreter or a room narrows the slots and the counts, and names what is free', async () => {
    const c = await centre(['Room 1', 'Room 2']);
    const vi = await language('Vietnamese');
    const an = await interpreter(`An ${uuidv7().slice(-4)}`, [vi.id]);
    const binh = await interpreter(`Binh ${uuidv7().slice(-4)}`, [vi.id]);
    const sp = await specialist();
    const session = async (specialistId: string, startTime: string, endTime: string, centreId: string | null = c.id) =>
      ok(
        await admin.post('/api/app/appointment-sessions', {
          specialistId,
          centreId,
          date: '2027-07-05',
          startTime,
          endTime,
          ...(centreId ? {} : { appointmentType: 'VIDEO' }),
        }),
      );
    const early = await session(sp.id, '09:00', '10:00');
    const late = await session(sp.id, '11:00', '12:00');
    const video = await session(sp.id, '13:00', '14:00', null);
    // Another specialist's booking at 09:30 holds Room 1 and An.
    const other = await session((await specialist()).id, '09:30', '10:30');
    await ok(await book(other.id, { rooms: ['Room 1'], interpreterIds: [an.id] }));

    const search = async (filters: string) => {
      const r = await ok(
        await admin.get(
          `/api/app/appointment-sessions/searchAppointment?specialistName=${sp.lastName}&fromDate=2027-07-05&toDate=2027-07-05&${filters}`,
        ),
      );
      return r;
    };
    const slotsOf = (r: Json) => (r.items[0]?.sessions ?? []) as Json[];

    // Unfiltered: all three, naming no resources.
    const all = await search('');
    expect(slotsOf(all).map((x) => x.id)).toEqual([early.id, late.id, video.id]);
    expect(slotsOf(all)[0]).not.toHaveProperty('freeInterpreters');

    // A Vietnamese interpreter: Binh is free at 09:00, both at 11:00 (by name).
    const byLanguage = await search(`languageId=${vi.id}`);
    expect(slotsOf(byLanguage).map((x) => [x.id, x.freeInterpreters.map((i: Json) => i.name)])).toEqual([
      [early.id, [binh.name]],
      [late.id, [an.name, binh.name]],
      [video.id, [an.name, binh.name]],
    ]);

    // An: not at 09:00, when another booking holds them for a part of the slot.
    const byInterpreter = await search(`interpreterId=${an.id}`);
    expect(byInterpreter.items[0].totalCount).toBe(2);
    expect(slotsOf(byInterpreter).map((x) => x.id)).toEqual([late.id, video.id]);
    expect(slotsOf(byInterpreter)[0]!.freeInterpreters).toEqual([{ id: an.id, name: an.name }]);

    // A room: only sessions at a centre; Room 2 is the one free at 09:00.
    const anyRoom = await search('needsRoom=true');
    expect(slotsOf(anyRoom).map((x) => [x.id, x.freeRooms])).toEqual([
      [early.id, ['Room 2']],
      [late.id, ['Room 1', 'Room 2']],
    ]);
    const room1 = await search('room=room 1');
    expect(slotsOf(room1).map((x) => [x.id, x.freeRooms])).toEqual([[late.id, ['Room 1']]]);

    // Binh taken at 09:00 too: no Vietnamese interpreter is free then, so the slot goes and the
    // specialist's count with it.
    const third = await session((await specialist()).id, '08:00', '09:15');
    await ok(await book(third.id, { interpreterIds: [binh.id] }));
    const none = await search(`languageId=${vi.id}&needsRoom=true`);
    expect(none.totalCount).toBe(1);
    expect(none.items[0].totalCount).toBe(1);
    expect(slotsOf(none).map((x) => x.id)).toEqual([late.id]);
    // With a third interpreter the 09:00 slot is back, offering only them: Binh's hold began before the
    // page's first slot and still runs into it (the page's holds are read from the last one starting
    // before the page, not only those starting on it).
    const chi = await interpreter(`Chi ${uuidv7().slice(-4)}`, [vi.id]);
    const withChi = await search(`languageId=${vi.id}`);
    expect(slotsOf(withChi).map((x) => [x.id, x.freeInterpreters.map((i: Json) => i.name)])).toEqual([
      [early.id, [chi.name]],
      [late.id, [an.name, binh.name, chi.name]],
      [video.id, [an.name, binh.name, chi.name]],
    ]);

    // A Greek interpreter: nobody speaks it, nothing is found.
    const greek = await language('Greek');
    expect((await search(`languageId=${greek.id}`)).totalCount).toBe(0);

    // Unknown language or interpreter, or an interpreter without the language: 400 naming the field.
    const field = async (filters: string) => {
      const r = await admin.get(
        `/api/app/appointment-sessions/searchAppointment?fromDate=2027-07-05&toDate=2027-07-05&${filters}`,
      );
      expect(r.statusCode).toBe(400);
      return r.json().error.validationErrors[0].members;
    };
    expect(await field(`languageId=${uuidv7()}`)).toEqual(['languageId']);
    expect(await field(`interpreterId=${uuidv7()}`)).toEqual(['interpreterId']);
    expect(await field(`interpreterId=${an.id}&languageId=${greek.id}`)).toEqual(['interpreterId']);

    // The calendar by resource: the sessions whose bookings hold An, or Room 1, each with what it holds.
    const calendar = async (filters: string) =>
      ok(await admin.get(`/api/app/appointment-sessions?fromDate=2027-07-05&toDate=2027-07-05&${filters}`));
    const ofAn = await calendar(`interpreterId=${an.id}`);
    expect(ofAn.items.map((x: Json) => [x.id, x.holds])).toEqual([
      [
        other.id,
        [
          { kind: 'ROOM', name: `Room 1 (${c.name})` },
          { kind: 'INTERPRETER', name: an.name },
        ],
      ],
    ]);
    const ofRoom = await calendar(`centreId=${c.id}&room=ROOM 1`);
    expect(ofRoom.items.map((x: Json) => x.id)).toEqual([other.id]);
    const atCentre = await calendar(`centreId=${c.id}`);
    expect(atCentre.items.find((x: Json) => x.id === early.id)).not.toHaveProperty('holds');
    const roomAlone = await admin.get(
      `/api/app/appointment-sessions?fromDate=2027-07-05&toDate=2027-07-05&room=Room 1`,
    );
    expect(roomAlone.statusCode).toBe(400);
    expect(roomAlone.json().error.validationErrors[0].members).toEqual(['room']);

    // A language many interpreters speak: all but the last busy at 09:00 still finds the slot with the
    // one free; each slot names at most the first five free by name, and says when more are free.
    const auslan = await language('Auslan');
    await t.database.withTenant(tenantId, (tx) =>
      tx.execute(sql`insert into interpreters (tenant_id, id, concurrency_stamp, name, language_ids)
        select ${tenantId}::uuid, gen_random_uuid(), 'x', 'Signer ' || lpad(i::text, 3, '0'), array[${auslan.id}::uuid]
        from generate_series(1, 250) as i`),
    );
    await t.database.withTenant(tenantId, (tx) =>
      tx.execute(sql`insert into resource_holds (tenant_id, id, concurrency_stamp, session_id, kind, interpreter_id, starts_at, ends_at)
        select ${tenantId}::uuid, gen_random_uuid(), 'x', ${other.id}::uuid, 'INTERPRETER', i.id, ${early.dateFrom}::timestamptz, ${early.dateTo}::timestamptz
        from interpreters i where i.language_ids @> array[${auslan.id}::uuid] and i.name <> 'Signer 250'`),
    );
    const signers = await search(`languageId=${auslan.id}`);
    expect(slotsOf(signers).map((x) => [x.id, x.freeInterpreters.length, x.moreFreeInterpreters])).toEqual([
      [early.id, 1, false],
      [late.id, 5, true],
      [video.id, 5, true],
    ]);
    expect(slotsOf(signers)[0]!.freeInterpreters[0].name).toBe('Signer 250');
    expect(slotsOf(signers)[1]!.freeInterpreters.map((i: Json) => i.name)).toEqual([
      'Signer 001',
      'Signer 002',
      'Signer 003',
      'Signer 004',
      'Signer 005',
    ]);
    await t.database.withTenant(tenantId, (tx) =>
      tx.execute(sql`update resource_holds set released = true where session_id = ${other.id}::uuid and interpreter_id in
        (select id from interpreters where name = 'Signer 250')`),
    );
    await t.database.withTenant(tenantId, (tx) =>
      tx.execute(sql`insert into resource_holds (tenant_id, id, concurrency_stamp, session_id, kind, interpreter_id, starts_at, ends_at)
        select ${tenantId}::uuid, gen_random_uuid(), 'x', ${other.id}::uuid, 'INTERPRETER', i.id, ${early.dateFrom}::timestamptz, ${early.dateTo}::timestamptz
        from interpreters i where i.name = 'Signer 250' and i.tenant_id = ${tenantId}::uuid`),
    );
    expect(slotsOf(await search(`languageId=${auslan.id}`)).map((x) => x.id)).toEqual([late.id, video.id]);
  });

  test('with a named room or a language, a page checks only the specialists it needs: exact order, the total at least', async () => {
    const c = await centre(['Room 1']);
    const tag = `Pager${uuidv7().slice(-6)}`;
    const date = '2027-08-02';
    const session = async (specialistId: string, startTime: string, endTime: string, centreId: string | null = c.id) =>
      ok(
        await admin.post('/api/app/appointment-sessions', {
          specialistId,
          centreId,
          date,
          startTime,
          endTime,
          ...(centreId ? {} : { appointmentType: 'VIDEO' }),
        }),
      );
    // Fourteen specialists, each with an hour's session at the centre four minutes after the last one's
    // (from 08:00 to 08:52); the first two also have one at 13:00 and 13:05.
    const people: Json[] = [];
    for (let i = 0; i < 14; i++) {
      const sp = await ok(
        await admin.post('/api/app/specialists', {
          firstName: 'Pat',
          lastName: `${tag}${String(i).padStart(2, '0')}`,
          email: `pat.${uuidv7().slice(-8)}@clinic.test`,
        }),
      );
      people.push(sp);
      const at = String(i * 4).padStart(2, '0');
      await session(sp.id, `08:${at}`, `09:${at}`);
    }
    await session(people[0]!.id, '13:00', '13:30');
    await session(people[1]!.id, '13:05', '13:35');
    // Someone else's booking holds Room 1 until 08:10: the first three's morning sessions have no room.
    const other = await session((await specialist()).id, '07:30', '08:10');
    await ok(await book(other.id, { rooms: ['Room 1'] }));
    const search = async (filters: string) =>
      ok(
        await admin.get(
          `/api/app/appointment-sessions/searchAppointment?specialistName=${tag}&fromDate=${date}&toDate=${until}&${filters}`,
        ),
      );
    const names = (r: Json) => r.items.map((g: Json) => g.specialist.fullName.slice(-2));
    // Over three weeks (a search of fewer days checks every session at once).
    let until = '2027-08-22';

    // A room by name, the first page of two: the first twelve by their first session are checked (two the
    // page needs and ten more), and the next one's first session (08:48) comes after the page's; eleven of
    // the twelve have Room 1 free, so there are at least eleven.
    const first = await search('room=Room 1&maxResultCount=2');
    expect(names(first)).toEqual(['03', '04']);
    expect(first.items.map((g: Json) => g.totalCount)).toEqual([1, 1]);
    expect(first.totalCount).toBe(11);
    expect(first.totalIsMinimum).toBe(true);
    // The page's slots, with the room free in each.
    const slotsOf = (r: Json) =>
      r.items.map((g: Json) => g.sessions.map((x: Json) => `${x.displayFrom.slice(-10, -5)} ${x.freeRooms ?? '-'}`));
    expect(slotsOf(first)).toEqual([['08:12 Room 1'], ['08:16 Room 1']]);
    // Any room is each session's own room_free: the same page, every specialist counted exactly.
    const any = await search('needsRoom=true&maxResultCount=2');
    expect(names(any)).toEqual(['03', '04']);
    expect(any.totalCount).toBe(13);
    expect(any).not.toHaveProperty('totalIsMinimum');
    // A later page checks all fourteen: the order and the total are exact (the third has no free room).
    const later = await search('room=Room 1&maxResultCount=2&skipCount=10');
    expect(names(later)).toEqual(['13', '00']);
    expect(slotsOf(later)).toEqual([['08:52 Room 1'], ['13:00 Room 1']]);
    expect(later.totalCount).toBe(13);
    expect(later).not.toHaveProperty('totalIsMinimum');
    // Without resources nothing changes: every specialist, counted exactly.
    const plain = await search('maxResultCount=2');
    expect(names(plain)).toEqual(['00', '01']);
    expect(plain.totalCount).toBe(14);
    expect(plain).not.toHaveProperty('totalIsMinimum');

    // The only interpreter of a language is busy until 08:46 (a video session's booking): of the first
    // twelve checked only the first two have a free slot, at 13:00 and 13:05, which the next unchecked one
    // (08:48) may come before; so more are checked (here the last two), and the page and the total are exact.
    const lang = await language('Khmer');
    const only = await interpreter(`Dara ${uuidv7().slice(-4)}`, [lang.id]);
    const call = await session((await specialist()).id, '07:30', '08:46', null);
    await ok(await book(call.id, { interpreterIds: [only.id] }));
    const byLanguage = await search(`languageId=${lang.id}&maxResultCount=2`);
    expect(names(byLanguage)).toEqual(['12', '13']);
    expect(
      byLanguage.items.map((g: Json) => g.sessions.map((x: Json) => x.freeInterpreters.map((i: Json) => i.id))),
    ).toEqual([[[only.id]], [[only.id]]]);
    expect(byLanguage.totalCount).toBe(4);
    expect(byLanguage).not.toHaveProperty('totalIsMinimum');
    until = date;
    const oneDay = await search('needsRoom=true&maxResultCount=2');
    expect(names(oneDay)).toEqual(['03', '04']);
    expect(oneDay.totalCount).toBe(13);
    expect(oneDay).not.toHaveProperty('totalIsMinimum');
  });
});
