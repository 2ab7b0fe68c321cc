import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { addDays, formatIsoDate, todayIn, uuidv7, type CalendarDate, type Role } from '@casebook/domain';
import * as audit from '../../platform/db/audit';
import { entityChanges } from '../../platform/db/platform.schema';
import { callerFor, createTestApp, createTestUser, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { members, ok, type Json } from '../../../test/responses';
import { mailOutbox } from '../correspondence/correspondence.schema';
import { appointmentSessions } from './scheduling.schema';
import { appointmentSearchHistories } from './search-history.schema';

// The audit writer can be made to fail once, to show that e-mails roll back with it.
vi.mock('../../platform/db/audit', async (original) => {
  const real = await original<typeof audit>();
  return { ...real, recordEntityChange: vi.fn(real.recordEntityChange) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const A = '/api/app/appointment-sessions';
const today = (): CalendarDate => todayIn('Australia/Sydney');
const day = (n: number) => formatIsoDate(addDays(today(), n));

/** A fresh tenant with an admin caller: each block's searches see only its own sessions. */
async function tenant(roles: Role[] = ['TENANT_ADMIN']): Promise<{ tenantId: string; admin: Caller; as: Caller }> {
  const tenantId = await newTenant(t.database);
  const admin = await callerFor(t, tenantId);
  return { tenantId, admin, as: roles[0] === 'TENANT_ADMIN' ? admin : await callerFor(t, tenantId, roles) };
}
const centre = async (caller: Caller, state: string, postcode: string, email?: string) =>
  ok(
    await caller.post('/api/app/centres', { name: `Centre ${postcode} ${uuidv7().slice(-6)}`, state, postcode, email }),
  );
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
const session = async (caller: Caller, body: Json) =>
  ok(await caller.post(A, { startTime: '09:00', endTime: '10:00', appointmentType: 'INPERSON', ...body }));
const book = async (caller: Caller, id: string) => ok(await caller.post(`${A}/${id}/book`, {}));

async function sheetRows(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}
function xlsxOf(res: { statusCode: number; body: string; headers: Record<string, unknown>; rawPayload: Buffer }) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return sheetRows(res.rawPayload);
}

describe('searchOnDemandAppointment', () => {
  test('the soonest unbooked video and phone sessions, whatever the place; nothing in person or booked', async () => {
    const { admin, tenantId } = await tenant();
    const sp = await specialist(admin);
    const other = await specialist(admin);
    const c = await centre(admin, 'WA', '6000');
    const phone = await session(admin, { specialistId: sp.id, appointmentType: 'PHONE', date: day(3) });
    const video = await session(admin, { specialistId: other.id, appointmentType: 'VIDEO', date: day(2) });
    await session(admin, { specialistId: sp.id, centreId: c.id, date: day(1) });
    const booked = await session(admin, { specialistId: other.id, appointmentType: 'VIDEO', date: day(1) });
    await book(admin, booked.id);
    // Another tenant's video session is not offered.
    const elsewhere = await tenant();
    await session(elsewhere.admin, {
      specialistId: (await specialist(elsewhere.admin)).id,
      appointmentType: 'VIDEO',
      date: day(1),
    });

    const all = await ok(await admin.get(`${A}/searchOnDemandAppointment`));
    expect(all.totalCount).toBe(2);
    expect(all.items.map((i: Json) => i.id)).toEqual([video.id, phone.id]);
    expect(all.items[0]).toMatchObject({
      specialist: { id: other.id },
      appointmentType: 'VIDEO',
      isVideoAppointment: true,
      sessionStatus: 'available',
    });
    const phones = await ok(await admin.get(`${A}/searchOnDemandAppointment?kind=PHONE`));
    expect(phones.items.map((i: Json) => i.id)).toEqual([phone.id]);

    // Each search is kept in the history with its criteria and result count.
    const history = await t.database.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(appointmentSearchHistories)
        .where(eq(appointmentSearchHistories.searchKind, 'searchOnDemandAppointment')),
    );
    expect(history.map((h) => [h.resultCount, h.criteria, h.creatorId])).toEqual([
      [2, {}, admin.userId],
      [1, { kind: 'PHONE' }, admin.userId],
    ]);
  });

  test('inputs are checked; specialists may not search', async () => {
    const { admin, tenantId } = await tenant();
    expect(members(await admin.get(`${A}/searchOnDemandAppointment?kind=FAX`))).toEqual(['kind']);
    expect(members(await admin.get(`${A}/searchOnDemandAppointment?fromDate=2027-13-01`))).toEqual(['fromDate']);
    expect(members(await admin.get(`${A}/searchOnDemandAppointment?fromDate=2027-03-02&toDate=2027-03-01`))).toEqual([
      'toDate',
    ]);
    const specialistUser = await callerFor(t, tenantId, ['SPECIALIST']);
    expect((await specialistUser.get(`${A}/searchOnDemandAppointment`)).statusCode).toBe(403);
  });
});

describe('searchClinicArea', () => {
  test('centres with free sessions nearest the postcode first; a state narrows; booked-only centres are left out', async () => {
    const { admin, as: cm, tenantId } = await tenant(['CASE_MANAGER']);
    const sp = await specialist(admin);
    const sydney = await centre(admin, 'NSW', '2000');
    const parramatta = await centre(admin, 'NSW', '2150');
    const melbourne = await centre(admin, 'VIC', '3000');
    const full = await centre(admin, 'NSW', '2010');
    await session(admin, { specialistId: sp.id, centreId: parramatta.id, date: day(2) });
    await session(admin, { specialistId: sp.id, centreId: sydney.id, date: day(3) });
    await session(admin, {
      specialistId: sp.id,
      centreId: sydney.id,
      date: day(3),
      startTime: '11:00',
      endTime: '12:00',
    });
    await session(admin, { specialistId: sp.id, centreId: melbourne.id, date: day(1) });
    await book(admin, (await session(admin, { specialistId: sp.id, centreId: full.id, date: day(4) })).id);

    const nearRes = await cm.post(`${A}/searchClinicArea`, { postcode: '2000' });
    const near = await ok(nearRes);
    expect(near.items.map((i: Json) => i.centre.id)).toEqual([sydney.id, parramatta.id, melbourne.id]);
    expect(near.items[0]).toMatchObject({ availableCount: 2, specialistCount: 1 });
    expect(near.items[0].firstAvailable).toMatch(/09:00 AE[SD]T$/);
    // The day the calendar opens at: the first free session's, on the centre's calendar.
    expect(near.items[0].firstAvailableDate).toBe(day(3));
    expect(near.items[1].firstAvailableDate).toBe(day(2));

    const vic = await ok(await cm.post(`${A}/searchClinicArea`, { state: 'Victoria' }));
    expect(vic.items.map((i: Json) => i.centre.id)).toEqual([melbourne.id]);

    expect(members(await cm.post(`${A}/searchClinicArea`, {}))).toEqual(['postcode']);
    expect(members(await cm.post(`${A}/searchClinicArea`, { state: 'Atlantis' }))).toEqual(['state']);
    expect(members(await cm.post(`${A}/searchClinicArea`, { postcode: '20' }))).toEqual(['postcode']);

    const history = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(appointmentSearchHistories).where(eq(appointmentSearchHistories.searchKind, 'searchClinicArea')),
    );
    expect(history.map((h) => [h.creatorId, h.resultCount, h.criteria.postcode ?? h.criteria.state])).toEqual([
      [cm.userId, 3, '2000'],
      [cm.userId, 1, 'Victoria'],
    ]);
  });
});

describe('day sheets: validate and export', () => {
  test('a specialist with bookings at two centres: validated, then exported row by row', async () => {
    const { admin } = await tenant();
    const sp = await specialist(admin);
    const one = await centre(admin, 'NSW', '2000');
    const two = await centre(admin, 'NSW', '2150');
    await book(admin, (await session(admin, { specialistId: sp.id, centreId: one.id, date: day(5) })).id);
    await book(
      admin,
      (
        await session(admin, {
          specialistId: sp.id,
          centreId: two.id,
          date: day(5),
          startTime: '13:00',
          endTime: '14:00',
        })
      ).id,
    );
    await session(admin, { specialistId: sp.id, centreId: two.id, date: day(5), startTime: '15:00', endTime: '16:00' });

    const checked = await ok(await admin.post(`${A}/validateDaySheetPrint`, { specialistId: sp.id, fromDate: day(5) }));
    expect(checked).toMatchObject({ bookingCount: 2, canEmail: true, warnings: [], fromDate: day(5), toDate: day(5) });
    const atOne = await ok(
      await admin.post(`${A}/validateDaySheetPrint`, { specialistId: sp.id, centreId: one.id, fromDate: day(5) }),
    );
    expect(atOne).toMatchObject({ bookingCount: 1, centre: { id: one.id } });

    const rows = await xlsxOf(await admin.get(`${A}/exportDaysheet?specialistId=${sp.id}&fromDate=${day(5)}`));
    expect(rows[0]).toEqual([
      'Date',
      'Centre',
      'Address',
      'Start',
      'End',
      'Zone',
      'Appointment Type',
      'Status',
      'Case No',
      'Claimant',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[7]])).toEqual(
      [
        [one.name, '09:00', 'Booked Unconfirmed'],
        [two.name, '13:00', 'Booked Unconfirmed'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
  });

  test('clear messages: a wrong field is named, an empty sheet and a missing e-mail are warnings', async () => {
    const { admin } = await tenant();
    const noMail = await specialist(admin, { email: null });
    const quiet = await ok(
      await admin.post(`${A}/validateDaySheetPrint`, { specialistId: noMail.id, fromDate: day(1) }),
    );
    expect(quiet).toMatchObject({ bookingCount: 0, canEmail: false });
    expect(quiet.warnings).toEqual([
      'There are no bookings on the selected dates.',
      'The specialist has no e-mail address; the day sheet can be printed but not e-mailed.',
    ]);
    expect(
      members(await admin.post(`${A}/validateDaySheetPrint`, { specialistId: noMail.id, fromDate: '31/12/2026' })),
    ).toEqual(['fromDate']);
    expect(
      members(
        await admin.post(`${A}/validateDaySheetPrint`, { specialistId: noMail.id, fromDate: day(3), toDate: day(1) }),
      ),
    ).toEqual(['toDate']);
    expect(members(await admin.post(`${A}/validateDaySheetPrint`, { fromDate: day(1) }))).toEqual(['specialistId']);
    expect(members(await admin.get(`${A}/exportDaysheet?fromDate=${day(1)}`))).toEqual(['specialistId']);
  });

  test("another tenant's specialist or centre is not found", async () => {
    const { admin } = await tenant();
    const other = await tenant();
    const theirs = await specialist(other.admin);
    const theirCentre = await centre(other.admin, 'NSW', '2000');
    const mine = await specialist(admin);
    for (const body of [
      { specialistId: theirs.id, fromDate: day(1) },
      { specialistId: mine.id, centreId: theirCentre.id, fromDate: day(1) },
    ]) {
      expect((await admin.post(`${A}/validateDaySheetPrint`, body)).statusCode).toBe(404);
    }
    expect((await admin.get(`${A}/exportDaysheet?specialistId=${theirs.id}&fromDate=${day(1)}`)).statusCode).toBe(404);
  });
});

describe('exports', () => {
  test('the sessions list as one workbook with its headers and rows', async () => {
    const { admin } = await tenant();
    const sp = await specialist(admin);
    const c = await centre(admin, 'QLD', '4000');
    await session(admin, { specialistId: sp.id, centreId: c.id, date: '2027-06-01' });
    await session(admin, { specialistId: sp.id, appointmentType: 'VIDEO', date: '2027-06-02' });
    const rows = await xlsxOf(await admin.post(`${A}/export`, { fromDate: '2027-06-01', toDate: '2027-06-30' }));
    expect(rows[0]).toEqual([
      'Date',
      'Start',
      'End',
      'Zone',
      'Specialist',
      'Centre',
      'Room',
      'Appointment Type',
      'Status',
      'Case No',
      'Reserved For',
      'Note',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[5], r[7], r[8]])).toEqual([
      ['2027-06-01', 'AEST', c.name, 'In person', 'Unbooked (CA)'],
      ['2027-06-02', 'AEST', 'Video / phone', 'Video', 'Unbooked (CA)'],
    ]);
    expect(members(await admin.post(`${A}/export`, { toDate: '2027-06-30' }))).toEqual(['fromDate']);
    // A field the export does not know is refused by name, not ignored.
    const unknown = await admin.post(`${A}/export`, { fromDate: '2027-06-01', toDate: '2027-06-30', specialist: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(members(unknown)).toEqual(['specialist']);
    // Another tenant's sessions are not in it.
    const other = await tenant();
    const none = await xlsxOf(await other.admin.post(`${A}/export`, { fromDate: '2027-06-01', toDate: '2027-06-30' }));
    expect(none).toHaveLength(1);
  });

  test('1001 sessions export as a zip of three workbooks of 500, 500 and 1 rows', async () => {
    const { admin, tenantId } = await tenant();
    const sp = await specialist(admin);
    // 20 quarter-hour sessions a day from 2027-07-01, written directly for speed.
    const rows = Array.from({ length: 1001 }, (_, i) => {
      const startsAt = new Date(Date.UTC(2027, 6, 1 + Math.floor(i / 20), 0, (i % 20) * 15));
      return {
        tenantId,
        id: uuidv7(),
        concurrencyStamp: uuidv7(),
        specialistId: sp.id as string,
        timeZone: 'Australia/Brisbane',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 15 * 60_000),
        appointmentType: 'VIDEO' as const,
        slotStatus: 3,
      };
    });
    await t.database.withTenant(tenantId, (tx) => tx.insert(appointmentSessions).values(rows));
    const res = await admin.post(`${A}/export`, { fromDate: '2027-07-01', toDate: '2027-08-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="appointment-sessions.zip"');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual([
      'appointment-sessions-1.xlsx',
      'appointment-sessions-2.xlsx',
      'appointment-sessions-3.xlsx',
    ]);
    const counts = [];
    for (const name of names) {
      const sheet = await sheetRows(await zip.file(name)!.async('nodebuffer'));
      expect(sheet[0]![0]).toBe('Date');
      counts.push(sheet.length - 1);
    }
    expect(counts).toEqual([500, 500, 1]);
  });

  test("the availability search's results, one row per slot; a search needs criteria", async () => {
    const { admin, tenantId } = await tenant();
    const ortho = await specialist(admin, { lastName: `Knee${uuidv7().slice(-6)}` });
    const c = await centre(admin, 'NSW', '2000');
    await session(admin, { specialistId: ortho.id, centreId: c.id, date: day(2) });
    await session(admin, { specialistId: ortho.id, appointmentType: 'VIDEO', date: day(3) });
    const rows = await xlsxOf(
      await admin.post(`${A}/export-appointment-availability`, {
        specialistName: ortho.lastName,
        relativeDate: 'Next7Days',
      }),
    );
    expect(rows[0]).toEqual([
      'Specialist',
      'Specialty',
      'Email',
      'Available Sessions',
      'Session',
      'Appointment Type',
      'Video',
      'Centre',
      'State',
      'Postcode',
      'Status',
      'Reserved For',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[7], r[10]])).toEqual([
      [`Sam ${ortho.lastName}`, '2', c.name, 'Unbooked (CA)'],
      [`Sam ${ortho.lastName}`, '2', 'Video / phone', 'Unbooked (CA)'],
    ]);
    // Searched with an interpreter's language: the interpreters free for each slot, in a column of their own.
    const language = await ok(await admin.post('/api/app/languages', { name: `Khmer ${uuidv7().slice(-4)}` }));
    const sok = await ok(await admin.post('/api/app/interpreters', { name: 'Sok Chea', languageIds: [language.id] }));
    const withInterpreter = await xlsxOf(
      await admin.post(`${A}/export-appointment-availability`, {
        specialistName: ortho.lastName,
        relativeDate: 'Next7Days',
        languageId: language.id,
      }),
    );
    expect(withInterpreter[0]!.slice(-2)).toEqual(['Reserved For', 'Free Interpreters']);
    expect(withInterpreter.slice(1).map((r) => r[12])).toEqual([sok.name, sok.name]);
    expect(members(await admin.post(`${A}/export-appointment-availability`, {}))).toEqual(['text']);
    expect(members(await admin.post(`${A}/export-appointment-availability`, { postcode: 'abc' }))).toEqual([
      'postcode',
    ]);
    const unknown = await admin.post(`${A}/export-appointment-availability`, { text: 'knee', sortBy: 'name' });
    expect(unknown.statusCode).toBe(400);
    expect(members(unknown)).toEqual(['sortBy']);
    // An export is not a search of its own: nothing is added to the history.
    const history = await t.database.withTenant(tenantId, (tx) => tx.select().from(appointmentSearchHistories));
    expect(history).toEqual([]);
  });

  test("a specialist's booking history: each change with the status and case before and after", async () => {
    const { admin } = await tenant();
    const sp = await specialist(admin);
    const s = await session(admin, { specialistId: sp.id, appointmentType: 'VIDEO', date: day(4) });
    await ok(await admin.post(`${A}/${s.id}/book`, { caseNo: 'IME-77' }));
    const rows = await xlsxOf(await admin.get(`${A}/export-session-history?specialistId=${sp.id}`));
    expect(rows[0]).toEqual([
      'Specialist',
      'Session',
      'Centre',
      'Appointment Type',
      'Current Status',
      'Changed At',
      'Changed By',
      'Change',
      'Fields',
      'Status Before',
      'Status After',
      'Case Before',
      'Case After',
    ]);
    expect(rows.slice(1).map((r) => [r[4], r[7], r[9], r[10], r[12]])).toEqual([
      ['Booked Unconfirmed', 'Created', '', 'Unbooked (CA)', ''],
      ['Booked Unconfirmed', 'Updated', 'Unbooked (CA)', 'Booked Unconfirmed', 'IME-77'],
    ]);
    const one = await xlsxOf(await admin.get(`${A}/export-session-history?sessionId=${s.id}`));
    expect(one).toHaveLength(3);

    expect(members(await admin.get(`${A}/export-session-history`))).toEqual(['specialistId']);
    const other = await tenant();
    expect((await other.admin.get(`${A}/export-session-history?specialistId=${sp.id}`)).statusCode).toBe(404);
    expect((await other.admin.get(`${A}/export-session-history?sessionId=${s.id}`)).statusCode).toBe(404);
  });
});

describe('e-mails through the outbox', () => {
  const outbox = (tenantId: string) =>
    t.database.withTenant(tenantId, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.tenantId, tenantId)));
  const changes = (tenantId: string, entityType: string) =>
    t.database.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(entityChanges)
        .where(and(eq(entityChanges.tenantId, tenantId), eq(entityChanges.entityType, entityType))),
    );

  test("a centre's free sessions are e-mailed to the centre, with an audit row", async () => {
    const { admin, as: staff, tenantId } = await tenant(['STAFF']);
    const sp = await specialist(admin);
    const c = await centre(admin, 'NSW', '2000', 'desk@centre.test');
    await session(admin, { specialistId: sp.id, centreId: c.id, date: day(2) });
    await book(admin, (await session(admin, { specialistId: sp.id, centreId: c.id, date: day(3) })).id);
    const sent = await ok(await staff.post(`${A}/sendCentreAvaialbe`, { centreId: c.id, note: 'Two rooms free' }));
    expect(sent).toEqual({ queued: 1, recipients: ['desk@centre.test'] });
    const [mail, ...more] = await outbox(tenantId);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ recipient: 'desk@centre.test', objectId: c.id, category: 'CENTRE_AVAILABILITY' });
    expect(mail!.subject).toContain(`Available sessions at ${c.name}`);
    expect(mail!.html).toContain('Two rooms free');
    expect(mail!.html.match(/<tr><td>/g)).toHaveLength(1);
    const audit = await changes(tenantId, 'CentreAvailabilityEmail');
    expect(audit.map((a) => a.entityId)).toContain(mail!.id);

    // Another recipient may be named; a centre without an address needs one.
    const bare = await centre(admin, 'NSW', '2001');
    await session(admin, { specialistId: sp.id, centreId: bare.id, date: day(5) });
    expect(members(await staff.post(`${A}/sendCentreAvaialbe`, { centreId: bare.id }))).toEqual(['to']);
    expect(members(await staff.post(`${A}/sendCentreAvaialbe`, { centreId: bare.id, to: 'nope' }))).toEqual(['to']);
    await ok(await staff.post(`${A}/sendCentreAvaialbe`, { centreId: bare.id, to: 'cm@company.test' }));
    // No free sessions: nothing is sent.
    const empty = await centre(admin, 'NSW', '2002', 'x@centre.test');
    expect((await staff.post(`${A}/sendCentreAvaialbe`, { centreId: empty.id })).statusCode).toBe(422);
    expect(await outbox(tenantId)).toHaveLength(2);
    const other = await tenant();
    expect((await other.admin.post(`${A}/sendCentreAvaialbe`, { centreId: c.id })).statusCode).toBe(404);
  });

  test('a case manager asks for a CV: one queued e-mail per booking staff member, recorded', async () => {
    const { admin, as: cm, tenantId } = await tenant(['CASE_MANAGER']);
    await createTestUser(t.database, tenantId, ['STAFF'], { surname: 'Able', email: 'able@office.test' });
    await createTestUser(t.database, tenantId, ['ADMIN_STAFF'], { surname: 'Baker', email: 'baker@office.test' });
    await createTestUser(t.database, tenantId, ['ACCOUNTING'], { surname: 'Cash', email: 'cash@office.test' });
    const sp = await specialist(admin, { title: 'Dr' });
    const asked = await ok(
      await cm.post(`${A}/requestCVorSample`, { specialistId: sp.id, kind: 'BOTH', note: 'For a spinal matter' }),
    );
    expect(asked).toEqual({ queued: 2, recipients: ['able@office.test', 'baker@office.test'] });
    const mails = await outbox(tenantId);
    expect(mails.map((m) => m.recipient).sort()).toEqual(['able@office.test', 'baker@office.test']);
    for (const m of mails) {
      expect(m).toMatchObject({
        objectId: sp.id,
        category: 'CV_OR_SAMPLE_REQUEST',
        creatorId: cm.userId,
        state: 'Pending',
      });
      expect(m.subject).toBe(`Request for the CV and sample report of Dr Sam ${sp.lastName}`);
      expect(m.html).toContain('For a spinal matter');
    }
    const recorded = await changes(tenantId, 'SpecialistDocumentRequest');
    expect(recorded.find((r) => r.propertyName === 'specialistId')?.newValue).toBe(sp.id);

    expect(members(await cm.post(`${A}/requestCVorSample`, { specialistId: sp.id, kind: 'PHOTO' }))).toEqual(['kind']);
    expect(members(await cm.post(`${A}/requestCVorSample`, { kind: 'CV' }))).toEqual(['specialistId']);
    const other = await tenant(['CASE_MANAGER']);
    expect((await other.as.post(`${A}/requestCVorSample`, { specialistId: sp.id })).statusCode).toBe(404);
    const specialistUser = await callerFor(t, tenantId, ['SPECIALIST']);
    expect((await specialistUser.post(`${A}/requestCVorSample`, { specialistId: sp.id })).statusCode).toBe(403);
  });

  test('the e-mails are queued in the same transaction as the record: a failed record sends nothing', async () => {
    const { admin, as: cm, tenantId } = await tenant(['CASE_MANAGER']);
    await createTestUser(t.database, tenantId, ['STAFF'], { email: 'only@office.test' });
    const sp = await specialist(admin);
    vi.mocked(audit.recordEntityChange).mockRejectedValueOnce(new Error('audit store unavailable'));
    expect((await cm.post(`${A}/requestCVorSample`, { specialistId: sp.id })).statusCode).toBe(500);
    expect(await outbox(tenantId)).toEqual([]);
    await ok(await cm.post(`${A}/requestCVorSample`, { specialistId: sp.id }));
    expect(await outbox(tenantId)).toHaveLength(1);
  });
});

describe('availability search history', () => {
  test('each search is recorded once (not its further pages) and exported; case managers see their own', async () => {
    const { admin, as: cm, tenantId } = await tenant(['CASE_MANAGER']);
    const sp = await specialist(admin);
    await session(admin, { specialistId: sp.id, appointmentType: 'VIDEO', date: day(2) });
    await ok(await cm.get(`${A}/searchAppointment?specialistName=${encodeURIComponent(sp.lastName)}`));
    await ok(await cm.get(`${A}/searchAppointment?specialistName=${encodeURIComponent(sp.lastName)}&skipCount=20`));
    await ok(await admin.get(`${A}/searchAppointment?relativeDate=Next7Days`));
    // A refused search is not a search.
    expect(members(await cm.get(`${A}/searchAppointment`))).toEqual(['text']);

    const rows = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(appointmentSearchHistories).orderBy(appointmentSearchHistories.id),
    );
    expect(rows.map((r) => [r.creatorId, r.searchKind, r.criteria, r.resultCount])).toEqual([
      [cm.userId, 'searchAppointment', { specialistName: sp.lastName }, 1],
      [admin.userId, 'searchAppointment', { relativeDate: 'Next7Days' }, 1],
    ]);

    const everyone = await xlsxOf(await admin.post('/api/app/appointment-search-history/export', {}));
    expect(everyone[0]).toEqual(['Searched At', 'User', 'Search', 'Criteria', 'Results']);
    expect(everyone.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual([
      ['Session & Specialist Search', `specialistName: ${sp.lastName}`, '1'],
      ['Session & Specialist Search', 'relativeDate: Next7Days', '1'],
    ]);
    // A case manager gets their own searches only, whoever they name.
    const cmLine = ['case_manager user', 'Session & Specialist Search', `specialistName: ${sp.lastName}`, '1'];
    const own = await xlsxOf(await cm.post('/api/app/appointment-search-history/export', {}));
    expect(own.slice(1).map((r) => r.slice(1))).toEqual([cmLine]);
    const named = await xlsxOf(await cm.post('/api/app/appointment-search-history/export', { userId: admin.userId }));
    expect(named.slice(1).map((r) => r.slice(1))).toEqual([cmLine]);
    // Office roles choose whose searches.
    const onlyCm = await xlsxOf(await admin.post('/api/app/appointment-search-history/export', { userId: cm.userId }));
    expect(onlyCm.slice(1).map((r) => r.slice(1))).toEqual([cmLine]);
    const onlyAdmin = await xlsxOf(
      await admin.post('/api/app/appointment-search-history/export', { userId: admin.userId }),
    );
    expect(onlyAdmin.slice(1).map((r) => r[3])).toEqual(['relativeDate: Next7Days']);
    expect(
      members(await admin.post('/api/app/appointment-search-history/export', { fromDate: day(2), toDate: day(1) })),
    ).toEqual(['toDate']);
    expect(members(await admin.post('/api/app/appointment-search-history/export', { userId: 'me' }))).toEqual([
      'userId',
    ]);
    // Another tenant's history is not shown.
    const other = await tenant();
    expect(await xlsxOf(await other.admin.post('/api/app/appointment-search-history/export', {}))).toHaveLength(1);
  });
});
