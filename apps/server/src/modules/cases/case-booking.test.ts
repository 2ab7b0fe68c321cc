import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  formatIsoDate,
  SESSION_NOT_AVAILABLE_MESSAGE,
  SESSION_OTHER_SPECIALIST_MESSAGE,
  SESSION_RESERVED_MESSAGE,
  todayIn,
  uuidv7,
  type CaseDto,
} from '@casebook/domain';
import { callerFor, createTestApp, newTenant, onPostgres, type Caller, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../platform/db/database';
import { entityChanges } from '../../platform/db/platform.schema';
import { appointmentSessions } from '../scheduling/scheduling.schema';
import { cases } from './cases.schema';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let t: TestApp;
let tenantId: string;
let admin: Caller;
let staff: Caller;
let cmUser: Caller;
let w: {
  companyId: string;
  otherCompanyId: string;
  cmId: string;
  clientId: string;
  specialistId: string;
  otherSpecialistId: string;
  sydney: string;
  brisbane: string;
};

const iso = (days: number) => formatIsoDate(addDays(todayIn('Australia/Sydney'), days));
async function ok<T = Json>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const idOf = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) =>
  (await ok<{ id: string }>(await res)).id;
const members = (res: { json(): unknown }) =>
  ((res.json() as Json).error.validationErrors as { members: string[] }[]).flatMap((v) => v.members);

let slotDay = 10;
/** A free session of the specialist on a day of its own (no two tests' sessions overlap). */
async function slot(fields: Json = {}): Promise<Json> {
  return ok(
    await admin.post('/api/app/appointment-sessions', {
      specialistId: w.specialistId,
      centreId: w.brisbane,
      date: iso(slotDay++),
      startTime: '09:00',
      endTime: '10:00',
      ...fields,
    }),
  );
}
const sessionOf = async (id: string) => ok(await admin.get(`/api/app/appointment-sessions/${id}`));
const newCase = (caller: Caller, body: Json) =>
  caller.post('/api/app/assessments', { clientId: w.clientId, caseManagerId: w.cmId, ...body });
const casesWithNotes = (notes: string) =>
  t.database.withTenant(tenantId, async (tx) =>
    tx.select({ id: cases.id, caseNo: cases.caseNo }).from(cases).where(eq(cases.bookingNotes, notes)),
  );
const statusNames = async (id: string) =>
  (await ok(await staff.get(`/api/app/case-status-logs?objectId=${id}`))).items.map((l: Json) => l.statusName);

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database, { timezone: 'Australia/Sydney' });
  admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF'], { userName: 'Sam Staff' });
  cmUser = await callerFor(t, tenantId, ['CASE_MANAGER'], { userName: 'Cara Manager' });
  const companyId = await idOf(admin.post('/api/app/companies', { name: 'Smith Lawyers', businessType: 'LAW_FIRM' }));
  const otherCompanyId = await idOf(admin.post('/api/app/companies', { name: 'Other Firm', businessType: 'LAW_FIRM' }));
  const cmId = await idOf(
    admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId, userId: cmUser.userId }),
  );
  const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant' }));
  const specialistId = await idOf(
    admin.post('/api/app/specialists', { firstName: 'Doug', lastName: 'Doctor', onboardedDate: iso(-30) }),
  );
  const otherSpecialistId = await idOf(
    admin.post('/api/app/specialists', { firstName: 'Sue', lastName: 'Surgeon', onboardedDate: iso(-30) }),
  );
  const sydney = await idOf(admin.post('/api/app/centres', { name: 'Sydney CBD', state: 'NSW', postcode: '2000' }));
  const brisbane = await idOf(admin.post('/api/app/centres', { name: 'Brisbane', state: 'QLD', postcode: '4000' }));
  w = { companyId, otherCompanyId, cmId, clientId, specialistId, otherSpecialistId, sydney, brisbane };
});
afterAll(async () => {
  await t?.close();
});

describe('a new IME case booked into a session', () => {
  test('case and session change together: appointment, status, status log, history, audit', async () => {
    const s = await slot({ startTime: '08:30', endTime: '09:30' });
    // No specialist given: the session's is taken (its contract is current).
    const c = await ok<CaseDto>(await newCase(staff, { sessionId: s.id, bookingNotes: 'booked from search' }));
    expect(c).toMatchObject({
      status: 'APPOINTMENT_REQUESTED',
      specialistId: w.specialistId,
      // The session's own local date and time (Brisbane), its centre and type.
      appointmentDate: s.date,
      appointmentTime: '08:30',
      appointmentType: 'INPERSON',
      centreId: w.brisbane,
      centreName: 'Brisbane',
    });
    expect(await statusNames(c.id)).toEqual(['CASE_CREATED', 'APPOINTMENT_REQUESTED']);
    expect(await sessionOf(s.id)).toMatchObject({
      slotStatus: 6,
      slotStatusLabel: 'Booked Unconfirmed',
      caseId: c.id,
      caseNo: c.caseNo,
    });
    const history = await ok(await staff.get(`/api/app/assessments/${c.id}/appointmentHistory`));
    expect(history.items).toMatchObject([{ action: 'booked', appointmentDate: s.date, appointmentTime: '08:30' }]);
    const audit = await t.database.withTenant(tenantId, (tx) =>
      tx
        .select({ type: entityChanges.entityType, change: entityChanges.changeType })
        .from(entityChanges)
        .where(sql`${entityChanges.entityId} in (${c.id}::uuid, ${s.id}::uuid)`),
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        { type: 'Case', change: 'Created' },
        { type: 'AppointmentSession', change: 'Created' },
        { type: 'AppointmentSession', change: 'Updated' },
      ]),
    );
    // A case manager books for their own company the same way.
    const s2 = await slot({ appointmentType: 'VIDEO', centreId: null, timeZone: 'Australia/Perth' });
    const byCm = await ok<CaseDto>(await newCase(cmUser, { sessionId: s2.id, specialistId: w.specialistId }));
    expect(byCm).toMatchObject({ appointmentType: 'VIDEO', centreId: null, appointmentTime: '09:00' });
    expect((await sessionOf(s2.id)).caseId).toBe(byCm.id);
  });

  test("the specialist's day sheet says who is coming: the case, its claimant and the kind of appointment", async () => {
    const s = await slot({ startTime: '07:00', endTime: '08:00' });
    const c = await ok<CaseDto>(await newCase(staff, { sessionId: s.id }));
    const sheet = await ok(
      await staff.post('/api/app/appointment-sessions/daySheetPrint', {
        specialistId: w.specialistId,
        fromDate: s.date,
      }),
    );
    expect(sheet.days).toHaveLength(1);
    expect(sheet.days[0].centres[0].bookings).toEqual([
      expect.objectContaining({
        startTime: '07:00',
        endTime: '08:00',
        zoneAbbreviation: 'AEST',
        caseId: c.id,
        caseNo: c.caseNo,
        claimantName: 'Claire Claimant',
        appointmentType: 'INPERSON',
        slotStatusLabel: 'Booked Unconfirmed',
      }),
    ]);
    const sheetOf = async (caller: Caller) =>
      (
        await ok(
          await caller.post('/api/app/appointment-sessions/daySheetPrint', {
            specialistId: w.specialistId,
            fromDate: s.date,
          }),
        )
      ).days[0].centres[0].bookings[0];
    // The case manager of the case's company sees it; another firm's case manager sees a booked time only.
    expect(await sheetOf(cmUser)).toMatchObject({ caseNo: c.caseNo, claimantName: 'Claire Claimant' });
    const otherCmUser = await callerFor(t, tenantId, ['CASE_MANAGER'], { userName: 'Olive Other' });
    await ok(
      await admin.post('/api/app/case-managers', {
        firstName: 'Olive',
        lastName: 'Other',
        companyId: w.otherCompanyId,
        userId: otherCmUser.userId,
      }),
    );
    expect(await sheetOf(otherCmUser)).toMatchObject({
      startTime: '07:00',
      slotStatusLabel: 'Booked Unconfirmed',
      caseId: null,
      caseNo: null,
      claimantName: null,
    });
    // In the calendar another firm's booking is not theirs at all (decision 0021): 404, and not listed.
    const sessionAs = async (caller: Caller) => ok(await caller.get(`/api/app/appointment-sessions/${s.id}`));
    expect(await sessionAs(cmUser)).toMatchObject({ slotStatus: 6, caseId: c.id, caseNo: c.caseNo });
    expect((await otherCmUser.get(`/api/app/appointment-sessions/${s.id}`)).statusCode).toBe(404);
    const weekOf = async (caller: Caller) =>
      (
        await ok(
          await caller.get(
            `/api/app/appointment-sessions?specialistId=${w.specialistId}&fromDate=${s.date}&toDate=${s.date}`,
          ),
        )
      ).items.map((x: Json) => x.id);
    expect(await weekOf(cmUser)).toContain(s.id);
    expect(await weekOf(otherCmUser)).not.toContain(s.id);
  });

  test('inputs are checked; a refused booking writes neither the case nor the session', async () => {
    const s = await slot();
    const refused = async (body: Json, status: number, notes: string) => {
      const res = await newCase(staff, { bookingNotes: notes, ...body });
      expect(res.statusCode, res.body).toBe(status);
      expect(await casesWithNotes(notes)).toEqual([]);
      return res;
    };
    expect(members(await refused({ sessionId: 'nope' }, 400, 'bad id'))).toEqual(['sessionId']);
    expect(members(await refused({ sessionId: uuidv7() }, 400, 'unknown'))).toEqual(['sessionId']);
    const other = await refused({ sessionId: s.id, specialistId: w.otherSpecialistId }, 400, 'other specialist');
    expect(other.json().error.validationErrors[0].message).toBe(SESSION_OTHER_SPECIALIST_MESSAGE);
    expect(members(await refused({ sessionId: s.id, appointmentType: 'VIDEO' }, 400, 'wrong type'))).toEqual([
      'appointmentType',
    ]);
    // The case part fails (no such claimant): the session stays free.
    expect(members(await refused({ sessionId: s.id, clientId: uuidv7() }, 400, 'bad claimant'))).toEqual(['clientId']);
    expect(await sessionOf(s.id)).toMatchObject({ slotStatus: 3, caseId: null });
    const reserved = await slot({ reservedForCompanyIds: [w.otherCompanyId] });
    expect((await refused({ sessionId: reserved.id }, 422, 'reserved')).json().error.message).toBe(
      SESSION_RESERVED_MESSAGE,
    );
    const unavailable = await slot({ slotStatus: 2 });
    expect((await refused({ sessionId: unavailable.id }, 422, 'unavailable')).json().error.message).toBe(
      SESSION_NOT_AVAILABLE_MESSAGE,
    );
    // The session's booking fails after the case was written: the case goes too.
    const s3 = await slot();
    const fn = `fail_${s3.id.replace(/-/g, '')}`;
    await t.database.withSystem(async (tx) => {
      await tx.execute(
        sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
          if new.id = '${s3.id}' then raise exception 'session write failed'; end if; return new; end $$`),
      );
      await tx.execute(
        sql.raw(`create trigger ${fn} before update on appointment_sessions for each row execute function ${fn}()`),
      );
    });
    try {
      const res = await newCase(staff, { sessionId: s3.id, bookingNotes: 'session write fails' });
      expect(res.statusCode).toBe(500);
      expect(await casesWithNotes('session write fails')).toEqual([]);
    } finally {
      await t.database.withSystem(async (tx) => {
        await tx.execute(sql.raw(`drop trigger ${fn} on appointment_sessions`));
        await tx.execute(sql.raw(`drop function ${fn}()`));
      });
    }
    expect(await sessionOf(s3.id)).toMatchObject({ slotStatus: 3, caseId: null });
  });

  test('20 new cases booking one slot at once: exactly one case is created and holds it', async () => {
    const s = await slot();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () => newCase(staff, { sessionId: s.id, bookingNotes: `race ${s.id}` })),
    );
    const won = attempts.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(attempts.filter((a) => a.statusCode === 422).map((a) => a.json().error.message)).toEqual(
      Array(19).fill(SESSION_NOT_AVAILABLE_MESSAGE),
    );
    const created = await casesWithNotes(`race ${s.id}`);
    expect(created).toEqual([{ id: won[0]!.json().id, caseNo: won[0]!.json().caseNo }]);
    expect(await sessionOf(s.id)).toMatchObject({ slotStatus: 6, caseId: created[0]!.id });
  });
});

describe("an existing case's appointment and its session", () => {
  const appointment = (c: CaseDto, body: Json) =>
    staff.put(`/api/app/assessments/${c.id}/appointment`, { concurrencyStamp: c.concurrencyStamp, ...body });

  test('set from a session, confirmed, rescheduled to another session, moved by hand, cancelled', async () => {
    const c = await ok<CaseDto>(await newCase(staff, { specialistId: w.specialistId }));
    const a = await slot();
    const requested = await ok<CaseDto>(await appointment(c, { sessionId: a.id }));
    expect(requested).toMatchObject({ status: 'APPOINTMENT_REQUESTED', appointmentDate: a.date, centreId: w.brisbane });
    expect(await sessionOf(a.id)).toMatchObject({ slotStatus: 6, caseId: c.id });
    // Confirming the appointment (the same session) confirms the slot.
    const confirmed = await ok<CaseDto>(await appointment(requested, { sessionId: a.id, confirmed: true }));
    expect(confirmed.status).toBe('APPOINTMENT_CONFIRMED');
    expect(await sessionOf(a.id)).toMatchObject({ slotStatus: 5, slotStatusLabel: 'Booked Confirmed' });
    // The booked session cannot be moved behind the case's back.
    const held = await sessionOf(a.id);
    const move = await admin.put(`/api/app/appointment-sessions/${a.id}`, {
      specialistId: held.specialistId,
      centreId: held.centreId,
      date: iso(200),
      startTime: '09:00',
      endTime: '10:00',
      slotStatus: 5,
      concurrencyStamp: held.concurrencyStamp,
    });
    expect(move.statusCode).toBe(422);
    expect(move.json().error.message).toContain(c.caseNo);
    // Rescheduled into another session: the first is freed, the second holds the case.
    const b = await slot({ centreId: w.sydney, startTime: '14:00', endTime: '15:00' });
    const moved = await ok<CaseDto>(
      await staff.put(`/api/app/assessments/${c.id}/reschedule-appointment`, {
        concurrencyStamp: confirmed.concurrencyStamp,
        sessionId: b.id,
        reason: 'Claimant asked for Sydney',
      }),
    );
    expect(moved).toMatchObject({
      status: 'APPOINTMENT_REQUESTED',
      appointmentDate: b.date,
      appointmentTime: '14:00',
      centreId: w.sydney,
    });
    expect(await sessionOf(a.id)).toMatchObject({ slotStatus: 3, caseId: null, caseNo: null });
    expect(await sessionOf(b.id)).toMatchObject({ slotStatus: 6, caseId: c.id });
    // Moved by hand to a time no session holds: the session is freed.
    const byHand = await ok<CaseDto>(
      await appointment(moved, { appointmentDate: b.date, appointmentTime: '16:00', centreId: w.sydney }),
    );
    expect(await sessionOf(b.id)).toMatchObject({ slotStatus: 3, caseId: null });
    // Booked back into b, then the appointment cancelled: b is free again.
    const back = await ok<CaseDto>(await appointment(byHand, { sessionId: b.id }));
    expect(await sessionOf(b.id)).toMatchObject({ slotStatus: 6, caseId: c.id });
    const cancelled = await ok<CaseDto>(
      await staff.post(`/api/app/assessments/${c.id}/cancelAppointment`, {
        concurrencyStamp: back.concurrencyStamp,
        reason: 'Claimant unwell',
      }),
    );
    expect(cancelled.appointmentDate).toBeNull();
    expect(await sessionOf(b.id)).toMatchObject({ slotStatus: 3, caseId: null });
    const history = await ok(await staff.get(`/api/app/assessments/${c.id}/appointmentHistory`));
    expect(history.items.map((h: Json) => h.action)).toEqual([
      'cancelled',
      'booked',
      'booked',
      'rescheduled',
      'booked',
      'booked',
    ]);
  });

  test('a cancelled case frees its session; a session of another specialist is refused', async () => {
    const c = await ok<CaseDto>(await newCase(staff, { specialistId: w.specialistId }));
    const other = await slot({ specialistId: w.otherSpecialistId });
    const refused = await appointment(c, { sessionId: other.id });
    expect(refused.statusCode).toBe(400);
    expect(members(refused)).toEqual(['sessionId']);
    const fileReview = await appointment(c, { sessionId: other.id, isFileReview: true });
    expect(members(fileReview)).toEqual(['isFileReview']);
    const s = await slot();
    const booked = await ok<CaseDto>(await appointment(c, { sessionId: s.id }));
    await ok(
      await staff.put(`/api/app/assessments/${c.id}/cancellation`, {
        concurrencyStamp: booked.concurrencyStamp,
        cancellationType: 'NO_FEE',
        cancellationDate: iso(0),
        cancellationReason: 'Withdrawn',
      }),
    );
    expect(await sessionOf(s.id)).toMatchObject({ slotStatus: 3, caseId: null });
  });

  test('two cases booking the same slot at once: one wins, the other is told and keeps its old state', async () => {
    const s = await slot();
    const [c1, c2] = [
      await ok<CaseDto>(await newCase(staff, { specialistId: w.specialistId })),
      await ok<CaseDto>(await newCase(staff, { specialistId: w.specialistId })),
    ];
    const results = await Promise.all([appointment(c1!, { sessionId: s.id }), appointment(c2!, { sessionId: s.id })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const loser = results.find((r) => r.statusCode === 422)!;
    expect(loser.json().error.message).toBe(SESSION_NOT_AVAILABLE_MESSAGE);
    const loserCase = results[0]!.statusCode === 422 ? c1! : c2!;
    expect(await ok<CaseDto>(await staff.get(`/api/app/assessments/${loserCase.id}`))).toMatchObject({
      status: 'CASE_CREATED',
      appointmentDate: null,
      concurrencyStamp: loserCase.concurrencyStamp,
    });
    const winner = results.find((r) => r.statusCode === 200)!.json() as CaseDto;
    expect(await sessionOf(s.id)).toMatchObject({ slotStatus: 6, caseId: winner.id });
  });
});

// PGlite is one connection: only PostgreSQL runs two transactions at once.
describe.skipIf(!onPostgres)('two cases moving at once between two centres, each the other way', () => {
  test('both moves succeed, one after the other: neither ends in a deadlock', async () => {
    const withRoom = async (name: string) =>
      idOf(
        admin.post('/api/app/centres', {
          name: `${name} ${uuidv7().slice(-6)}`,
          state: 'NSW',
          postcode: '2150',
          rooms: ['Room 1'],
        }),
      );
    const [x, y] = [await withRoom('Parramatta'), await withRoom('Penrith')];
    const booked = async (centreId: string) => {
      const c = await ok<CaseDto>(await newCase(staff, { specialistId: w.specialistId }));
      const s = await slot({ centreId });
      const moved = await ok<CaseDto>(
        await staff.put(`/api/app/assessments/${c.id}/appointment`, {
          concurrencyStamp: c.concurrencyStamp,
          sessionId: s.id,
          rooms: ['Room 1'],
        }),
      );
      return { c: moved, s };
    };
    const a = await booked(x);
    const b = await booked(y);
    const [toY, toX] = [await slot({ centreId: y }), await slot({ centreId: x })];
    const reschedule = (c: CaseDto, sessionId: string) =>
      staff.put(`/api/app/assessments/${c.id}/reschedule-appointment`, {
        concurrencyStamp: c.concurrencyStamp,
        sessionId,
        rooms: ['Room 1'],
        reason: 'Claimant moved',
      });
    const waiting = async () =>
      Number(
        (
          await t.database.withTenant(tenantId, (tx) =>
            sqlRows<{ n: string }>(
              tx,
              sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            ),
          )
        )[0]!.n,
      );
    const until = async (n: number) => {
      for (let i = 0; i < 200 && (await waiting()) < n; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await waiting()).toBeGreaterThanOrEqual(n);
    };
    // Another transaction holds case a's first session, so that a's move stops there, after it has booked
    // its new session at y and before it lets go of x; b's move then starts the other way round.
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const blocker = t.database.withTenant(tenantId, async (tx) => {
      await tx.execute(sql`select id from appointment_sessions where id = ${a.s.id}::uuid for update`);
      locked();
      await new Promise<void>((r) => (release = r));
    });
    await isLocked;
    const first = reschedule(a.c, toY.id);
    await until(1);
    const second = reschedule(b.c, toX.id);
    await until(2);
    release();
    await blocker;
    const results = await Promise.all([first, second]);
    expect(results.map((r) => [r.statusCode, r.statusCode === 200 ? '' : r.body])).toEqual([
      [200, ''],
      [200, ''],
    ]);
    expect(await sessionOf(a.s.id)).toMatchObject({ slotStatus: 3, caseId: null });
    expect(await sessionOf(toY.id)).toMatchObject({ caseId: a.c.id });
    expect(await sessionOf(b.s.id)).toMatchObject({ slotStatus: 3, caseId: null });
    expect(await sessionOf(toX.id)).toMatchObject({ caseId: b.c.id });
  }, 30_000);
});

describe('syncFromAssessment', () => {
  test("a session follows its case again: status, number, or freed when the case's appointment moved", async () => {
    const s = await slot();
    const c = await ok<CaseDto>(await newCase(staff, { sessionId: s.id }));
    // The session drifted (written past the case): the sync puts it back.
    const drift = (values: Partial<typeof appointmentSessions.$inferInsert>) =>
      t.database.withTenant(tenantId, (tx) =>
        tx.update(appointmentSessions).set(values).where(eq(appointmentSessions.id, s.id)),
      );
    await drift({ slotStatus: 5, caseNo: 'OLD-1' });
    const synced = await ok(await staff.put(`/api/app/appointment-sessions/${s.id}/syncFromAssessment`, undefined));
    expect(synced).toMatchObject({ slotStatus: 6, caseId: c.id, caseNo: c.caseNo });
    // The case's appointment changed behind the session: the sync frees it.
    await t.database.withTenant(tenantId, (tx) =>
      tx
        .update(cases)
        .set({ appointmentTime: '11:00' })
        .where(and(eq(cases.id, c.id), eq(cases.tenantId, tenantId))),
    );
    expect(
      await ok(await staff.put(`/api/app/appointment-sessions/${s.id}/syncFromAssessment`, undefined)),
    ).toMatchObject({ slotStatus: 3, caseId: null, caseNo: null });
    // A session with no case has nothing to follow; another tenant's session is not found.
    const free = await staff.put(`/api/app/appointment-sessions/${s.id}/syncFromAssessment`, undefined);
    expect(free.statusCode).toBe(422);
    const stranger = await callerFor(t, await newTenant(t.database));
    expect((await stranger.put(`/api/app/appointment-sessions/${s.id}/syncFromAssessment`, undefined)).statusCode).toBe(
      404,
    );
    // A case manager may not call it.
    expect((await cmUser.put(`/api/app/appointment-sessions/${s.id}/syncFromAssessment`, undefined)).statusCode).toBe(
      403,
    );
  });

  test("a case is not booked through the session's own Book call", async () => {
    const s = await slot();
    const res = await staff.post(`/api/app/appointment-sessions/${s.id}/book`, { caseId: uuidv7() });
    expect(res.statusCode).toBe(400);
    expect(members(res)).toEqual(['caseId']);
  });
});
