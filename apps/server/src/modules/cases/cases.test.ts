import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  ACTION_REQUIRED_REMINDER,
  addDays,
  CASE_NUMBER_NOT_FOUND_MESSAGE,
  formatIsoDate,
  illegalTransitionMessage,
  ImeStatuses,
  ImeTransitions,
  SPECIALIST_NO_CONTRACT_MESSAGE,
  todayIn,
  type CaseDto,
  type ImeStatus,
} from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { entityChanges } from '../../platform/db/platform.schema';
import { mailOutbox } from '../correspondence/correspondence.schema';
import { caseEmailRequests, cases, caseStatusLogs } from './cases.schema';

let t: TestApp;
let tenantId: string;
let admin: Caller;
let staff: Caller;
let cmUser: Caller;
let otherCmUser: Caller;
let specialistUser: Caller;
type World = {
  companyId: string;
  otherCompanyId: string;
  cmId: string;
  otherCmId: string;
  clientId: string;
  specialistId: string;
  otherSpecialistId: string;
  centreId: string;
};
let w: World;

const today = () => formatIsoDate(todayIn('Australia/Sydney'));
const iso = (days: number) => formatIsoDate(addDays(todayIn('Australia/Sydney'), days));

async function ok<T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const idOf = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) =>
  (await ok<{ id: string }>(await res)).id;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database, { timezone: 'Australia/Sydney' });
  admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF'], { userName: 'Sam Staff' });
  cmUser = await callerFor(t, tenantId, ['CASE_MANAGER'], { userName: 'Cara Manager' });
  otherCmUser = await callerFor(t, tenantId, ['CASE_MANAGER']);
  specialistUser = await callerFor(t, tenantId, ['SPECIALIST']);
  const companyId = await idOf(admin.post('/api/app/companies', { name: 'Smith Lawyers', businessType: 'LAW_FIRM' }));
  const otherCompanyId = await idOf(admin.post('/api/app/companies', { name: 'Other Firm', businessType: 'LAW_FIRM' }));
  const cmId = await idOf(
    admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId, userId: cmUser.userId }),
  );
  const otherCmId = await idOf(
    admin.post('/api/app/case-managers', {
      firstName: 'Olly',
      lastName: 'Other',
      companyId: otherCompanyId,
      userId: otherCmUser.userId,
    }),
  );
  const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant' }));
  const specialistId = await idOf(
    admin.post('/api/app/specialists', {
      firstName: 'Doug',
      lastName: 'Doctor',
      onboardedDate: iso(-30),
      userId: specialistUser.userId,
    }),
  );
  const otherSpecialistId = await idOf(
    admin.post('/api/app/specialists', { firstName: 'Sue', lastName: 'Surgeon', onboardedDate: iso(-30) }),
  );
  const centreId = await idOf(admin.post('/api/app/centres', { name: 'Sydney CBD' }));
  w = { companyId, otherCompanyId, cmId, otherCmId, clientId, specialistId, otherSpecialistId, centreId };
});
afterAll(async () => {
  await t?.close();
});

const book = (caller: Caller, body: Record<string, unknown> = {}) =>
  caller.post('/api/app/assessments', {
    clientId: w.clientId,
    caseManagerId: w.cmId,
    specialistId: w.specialistId,
    ...body,
  });
const booked = async (caller: Caller = staff, body: Record<string, unknown> = {}) =>
  ok<CaseDto>(await book(caller, body));
const logs = async (id: string) =>
  (
    await ok<{
      items: {
        statusName: ImeStatus;
        caseStatusFrom: ImeStatus | null;
        userName: string;
        isActive: boolean;
        statusDate: string;
      }[];
    }>(await staff.get(`/api/app/case-status-logs?objectId=${id}`))
  ).items;

describe('booking a case', () => {
  test('a case gets a generated number, its parties, Case created and a first status log row', async () => {
    const c = await booked(staff, { bookingNotes: 'Left knee', privateNotes: 'Slow payer' });
    expect(c.caseNo).toMatch(/^IME-\d{6}$/);
    expect(c).toMatchObject({
      serviceType: 'IME',
      status: 'CASE_CREATED',
      clientName: 'Claire Claimant',
      companyId: w.companyId,
      companyName: 'Smith Lawyers',
      caseManagerName: 'Cara Manager',
      specialistName: 'Doug Doctor',
      billingStatus: 'NOT_READY',
      visibility: 'EVERYONE',
      bookingNotes: 'Left knee',
      privateNotes: 'Slow payer',
      isHighRisk: false,
    });
    const rows = await logs(c.id);
    expect(rows).toEqual([
      expect.objectContaining({
        statusName: 'CASE_CREATED',
        caseStatusFrom: null,
        userName: 'Sam Staff',
        isActive: true,
      }),
    ]);
    const next = await booked();
    expect(Number(next.caseNo.slice(4))).toBe(Number(c.caseNo.slice(4)) + 1);
  });

  test('case numbers are trimmed, unique per tenant ignoring case, and checked for existence', async () => {
    const c = await booked(staff, { caseNo: '  IME-CHK-1 ' });
    expect(c.caseNo).toBe('IME-CHK-1');
    const dup = await book(staff, { caseNo: 'ime-chk-1' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.validationErrors[0].members).toEqual(['caseNo']);
    expect((await ok(await staff.get('/api/app/assessments/checkExistCaseNo?caseNo=%20IME-CHK-1%20'))).exists).toBe(
      true,
    );
    const missing = await ok(await staff.get('/api/app/assessments/checkExistCaseNo?caseNo=IME-NOPE'));
    expect(missing).toEqual({ exists: false, module: 'assessment', id: null, message: CASE_NUMBER_NOT_FOUND_MESSAGE });
    expect((await ok(await staff.get('/api/app/assessments/checkExistCaseNo?caseNo=FR-1'))).module).toBe(
      'supplementary',
    );
    // The medical negligence check always looks in the assessment module.
    expect(
      await ok(await staff.get('/api/app/assessments/checkExistCaseNo?caseNo=IME-CHK-1&fromModule=medneg')),
    ).toMatchObject({
      exists: true,
      module: 'assessment',
    });
    // Another tenant's number does not exist here.
    const other = await callerFor(t, await newTenant(t.database));
    expect((await ok(await other.get('/api/app/assessments/checkExistCaseNo?caseNo=IME-CHK-1'))).exists).toBe(false);
  });

  test('missing and unknown parties are refused with the field named, and nothing is written', async () => {
    const before = await ok<{ totalCount: number }>(await staff.get('/api/app/assessments?maxResultCount=1'));
    const missing = await staff.post('/api/app/assessments', { caseManagerId: w.cmId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.validationErrors[0]).toEqual({
      message: 'This field is required',
      members: ['clientId'],
    });
    const unknown = await book(staff, { clientId: '01900000-0000-7000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.validationErrors[0].members).toEqual(['clientId']);
    const after = await ok<{ totalCount: number }>(await staff.get('/api/app/assessments?maxResultCount=1'));
    expect(after.totalCount).toBe(before.totalCount);
  });

  test('a high-risk company flags the booking; case managers read their reason, staff theirs', async () => {
    const risky = await idOf(
      admin.post('/api/app/companies', {
        name: 'Risky Insurer',
        businessType: 'INSURER',
        highRiskApplied: true,
        highRiskAppliedFrom: iso(-1),
        highRiskReasonToBookingCm: 'Please call before booking',
        highRiskReasonToStaff: 'Invoices unpaid 120 days',
      }),
    );
    const riskyCmUser = await callerFor(t, tenantId, ['CASE_MANAGER']);
    const riskyCm = await idOf(
      admin.post('/api/app/case-managers', {
        firstName: 'Rita',
        lastName: 'Risk',
        companyId: risky,
        userId: riskyCmUser.userId,
      }),
    );
    expect(await ok(await riskyCmUser.get(`/api/app/assessments/booking-check?companyId=${risky}`))).toMatchObject({
      highRisk: { reason: 'Please call before booking', audience: 'caseManager' },
    });
    expect(await ok(await staff.get(`/api/app/assessments/booking-check?companyId=${risky}`))).toMatchObject({
      highRisk: { reason: 'Invoices unpaid 120 days', audience: 'staff' },
    });
    // Another firm's claimant is not theirs to book for (decision 0021); one they add is.
    const refused = await book(riskyCmUser, { caseManagerId: riskyCm });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.validationErrors[0].members).toEqual(['clientId']);
    const theirs = await idOf(riskyCmUser.post('/api/app/clients', { firstName: 'Rae', lastName: 'Risky' }));
    const c = await booked(riskyCmUser, { caseManagerId: riskyCm, clientId: theirs });
    expect(c).toMatchObject({ isHighRisk: true, highRiskReason: 'Please call before booking' });
    expect(await ok(await staff.get(`/api/app/assessments/${c.id}`))).toMatchObject({
      isHighRisk: true,
      highRiskReason: 'Invoices unpaid 120 days',
    });
    // A flag whose period has ended no longer applies.
    const ended = await idOf(
      admin.post('/api/app/companies', {
        name: 'Former Risk',
        businessType: 'INSURER',
        highRiskApplied: true,
        highRiskAppliedFrom: iso(-10),
        highRiskAppliedTo: iso(-1),
      }),
    );
    const endedCm = await idOf(
      admin.post('/api/app/case-managers', { firstName: 'Ed', lastName: 'Ended', companyId: ended }),
    );
    expect((await booked(staff, { caseManagerId: endedCm, specialistId: null })).isHighRisk).toBe(false);
  });

  test('a specialist without a contract: staff must confirm, case managers cannot book them', async () => {
    const noContract = await idOf(admin.post('/api/app/specialists', { firstName: 'Nick', lastName: 'Nocontract' }));
    const expired = await idOf(
      admin.post('/api/app/specialists', {
        firstName: 'Ex',
        lastName: 'Pired',
        onboardedDate: iso(-60),
        onboardedEndDate: iso(-1),
      }),
    );
    for (const specialistId of [noContract, expired]) {
      const asked = await book(staff, { specialistId });
      expect(asked.statusCode).toBe(422);
      expect(asked.json().error).toMatchObject({
        message: SPECIALIST_NO_CONTRACT_MESSAGE,
        details: 'specialistContract:confirm',
      });
      expect((await booked(staff, { specialistId, confirmNoContract: true })).specialistWithoutContract).toBe(true);
      const refused = await book(cmUser, { specialistId, confirmNoContract: true });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatchObject({
        message: SPECIALIST_NO_CONTRACT_MESSAGE,
        details: 'specialistContract:cancel',
      });
    }
    expect(await ok(await cmUser.get(`/api/app/assessments/booking-check?specialistId=${noContract}`))).toMatchObject({
      contract: { outcome: 'cancel', message: SPECIALIST_NO_CONTRACT_MESSAGE },
    });
    expect((await booked(cmUser)).specialistWithoutContract).toBe(false);
  });

  test('a case manager books only for their own company', async () => {
    const res = await book(cmUser, { caseManagerId: w.otherCmId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors[0].members).toEqual(['caseManagerId']);
  });
});

describe('who sees which case', () => {
  test('case managers see their company’s cases, specialists theirs, another tenant none (404)', async () => {
    const mine = await booked(staff);
    const theirs = await booked(staff, { caseManagerId: w.otherCmId, specialistId: w.otherSpecialistId });
    const staffOnly = await booked(staff, { visibility: 'STAFF' });
    expect((await cmUser.get(`/api/app/assessments/${mine.id}`)).statusCode).toBe(200);
    expect((await cmUser.get(`/api/app/assessments/${theirs.id}`)).statusCode).toBe(404);
    expect((await cmUser.get(`/api/app/assessments/${staffOnly.id}`)).statusCode).toBe(404);
    expect((await otherCmUser.get(`/api/app/assessments/${theirs.id}`)).statusCode).toBe(200);
    expect((await specialistUser.get(`/api/app/assessments/${mine.id}`)).statusCode).toBe(200);
    expect((await specialistUser.get(`/api/app/assessments/${theirs.id}`)).statusCode).toBe(404);
    expect((await cmUser.get(`/api/app/case-status-logs?objectId=${theirs.id}`)).statusCode).toBe(404);

    const cmList = await ok<{ items: { id: string; companyName: string }[] }>(
      await cmUser.get('/api/app/assessments?maxResultCount=1000'),
    );
    expect(cmList.items.map((i) => i.id)).toContain(mine.id);
    expect(cmList.items.every((i) => i.companyName === 'Smith Lawyers')).toBe(true);
    expect(cmList.items.map((i) => i.id)).not.toContain(staffOnly.id);
    const spList = await ok<{ items: { id: string }[] }>(
      await specialistUser.get('/api/app/assessments?maxResultCount=1000'),
    );
    expect(spList.items.map((i) => i.id)).not.toContain(theirs.id);

    // Private notes stay with the office.
    const noted = await booked(staff, { privateNotes: 'internal' });
    expect((await ok<CaseDto>(await cmUser.get(`/api/app/assessments/${noted.id}`))).privateNotes).toBeNull();

    const other = await callerFor(t, await newTenant(t.database));
    expect((await other.get(`/api/app/assessments/${mine.id}`)).statusCode).toBe(404);
    expect(
      (
        await other.put(`/api/app/assessments/${mine.id}/paperwork`, {
          concurrencyStamp: mine.concurrencyStamp,
          paperworkSentDate: today(),
        })
      ).statusCode,
    ).toBe(404);
    expect((await ok<{ totalCount: number }>(await other.get('/api/app/assessments'))).totalCount).toBe(0);
  });

  test('a case kept to a group is seen by the group’s case managers only', async () => {
    const group = await idOf(
      admin.post('/api/app/user-group', { name: `Group ${Math.random()}`, memberIds: [cmUser.userId] }),
    );
    const c = await booked(staff, { visibility: 'GROUP', visibilityGroupId: group });
    expect((await cmUser.get(`/api/app/assessments/${c.id}`)).statusCode).toBe(200);
    const colleague = await callerFor(t, tenantId, ['CASE_MANAGER']);
    await ok(
      await admin.post('/api/app/case-managers', {
        firstName: 'Col',
        lastName: 'League',
        companyId: w.companyId,
        userId: colleague.userId,
      }),
    );
    expect((await colleague.get(`/api/app/assessments/${c.id}`)).statusCode).toBe(404);
    const noGroup = await book(staff, { visibility: 'GROUP' });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().error.validationErrors[0].members).toEqual(['visibilityGroupId']);
  });

  test('case managers and specialists cannot move a case', async () => {
    const c = await booked(staff);
    for (const caller of [cmUser, specialistUser]) {
      const res = await caller.put(`/api/app/assessments/${c.id}/appointment`, {
        concurrencyStamp: c.concurrencyStamp,
        appointmentDate: today(),
        appointmentTime: '10:00',
        confirmed: true,
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('the IME steps', () => {
  test('appointment, paperwork, attendance, dictation and report each move the case and log who and when', async () => {
    let c = await booked(cmUser);
    const put = async (path: string, body: Record<string, unknown>) => {
      c = await ok<CaseDto>(
        await staff.put(`/api/app/assessments/${c.id}/${path}`, { concurrencyStamp: c.concurrencyStamp, ...body }),
      );
      return c;
    };
    expect(
      (
        await put('appointment', {
          appointmentDate: iso(7),
          appointmentTime: '09:30',
          appointmentType: 'INPERSON',
          centreId: w.centreId,
        })
      ).status,
    ).toBe('APPOINTMENT_REQUESTED');
    expect(
      (
        await put('appointment', {
          appointmentDate: iso(7),
          appointmentTime: '09:30',
          appointmentType: 'INPERSON',
          centreId: w.centreId,
          confirmed: true,
        })
      ).status,
    ).toBe('APPOINTMENT_CONFIRMED');
    expect(c.centreName).toBe('Sydney CBD');
    expect((await put('paperwork', { paperworkSentDate: today(), paperworkNotes: 'Brief sent' })).status).toBe(
      'PAPERWORK_SENT',
    );
    expect((await put('attendance', { attendance: 'CONFIRMED', attendanceDate: iso(7) })).status).toBe(
      'ATTENDED_CHARGEABLE',
    );
    expect((await put('dictation-report', { dictationReceivedDate: iso(8) })).status).toBe('DICTATION_RECEIVED');
    expect((await put('dictation-report', { dictationReceivedDate: iso(8), reportCompletedDate: iso(9) })).status).toBe(
      'REPORT_COMPLETED',
    );
    const rows = await logs(c.id);
    expect(rows.map((r) => r.statusName)).toEqual([
      'CASE_CREATED',
      'APPOINTMENT_REQUESTED',
      'APPOINTMENT_CONFIRMED',
      'PAPERWORK_SENT',
      'ATTENDED_CHARGEABLE',
      'DICTATION_RECEIVED',
      'REPORT_COMPLETED',
    ]);
    expect(rows[0]!.userName).toBe('Cara Manager');
    expect(rows.slice(1).every((r) => r.userName === 'Sam Staff')).toBe(true);
    expect(rows.filter((r) => r.isActive).map((r) => r.statusName)).toEqual(['REPORT_COMPLETED']);
    const latest = await ok<{ items: unknown[] }>(
      await staff.get(`/api/app/case-status-logs?objectId=${c.id}&getLatest=true`),
    );
    expect(latest.items).toHaveLength(1);
    // The case manager sees the final status.
    expect((await ok<CaseDto>(await cmUser.get(`/api/app/assessments/${c.id}`))).status).toBe('REPORT_COMPLETED');
    // Each step left its change history.
    const history = await ok<{ items: { propertyName: string }[] }>(
      await staff.get(`/api/app/entity-changes?entityId=${c.id}&maxResultCount=100`),
    );
    expect(history.items.map((h) => h.propertyName)).toEqual(
      expect.arrayContaining(['status', 'appointmentDate', 'paperworkSentDate', 'reportCompletedDate']),
    );
    // The report is sent, and an e-mail queued with it.
    c = await ok<CaseDto>(
      await staff.post(`/api/app/assessments/${c.id}/sendReportStatus`, {
        concurrencyStamp: c.concurrencyStamp,
        reportSentDate: iso(9),
      }),
    );
    expect(c.reportSentDate).toBe(iso(9));
    const checklist = await ok<{ items: { key: string; status: string }[] }>(
      await staff.get(`/api/app/assessments/${c.id}/AssessmentCheckList`),
    );
    expect(checklist.items.every((i) => i.status === 'Complete')).toBe(true);
  });

  test('reschedule, cancel appointment, history and rebook', async () => {
    let c = await booked();
    c = await ok<CaseDto>(
      await staff.put(`/api/app/assessments/${c.id}/appointment`, {
        concurrencyStamp: c.concurrencyStamp,
        appointmentDate: iso(3),
        appointmentTime: '10:00',
        confirmed: true,
      }),
    );
    c = await ok<CaseDto>(
      await staff.put(`/api/app/assessments/${c.id}/reschedule-appointment`, {
        concurrencyStamp: c.concurrencyStamp,
        appointmentDate: iso(5),
        appointmentTime: '11:00',
        confirmed: true,
        reason: 'Claimant asked',
      }),
    );
    expect(c).toMatchObject({ status: 'APPOINTMENT_CONFIRMED', appointmentDate: iso(5), appointmentTime: '11:00' });
    c = await ok<CaseDto>(
      await staff.post(`/api/app/assessments/${c.id}/cancelAppointment`, {
        concurrencyStamp: c.concurrencyStamp,
        reason: 'Doctor ill',
      }),
    );
    expect(c).toMatchObject({ status: 'APPOINTMENT_REQUESTED', appointmentDate: null });
    const history = await ok<{ items: { action: string; reason: string | null }[] }>(
      await staff.get(`/api/app/assessments/${c.id}/appointmentHistory`),
    );
    expect(history.items.map((h) => h.action)).toEqual(['cancelled', 'rescheduled', 'booked']);
    const again = await ok<CaseDto>(await staff.post(`/api/app/assessments/${c.id}/rebook`, { notifyCaseDNA: false }));
    expect(again).toMatchObject({ status: 'APPOINTMENT_REQUESTED', rebookedFromId: c.id, clientId: w.clientId });
    expect(again.caseNo).not.toBe(c.caseNo);
    const seen = await ok<{ seenBefore: boolean }>(
      await staff.get(`/api/app/assessments/${again.id}/specialistClientHistory`),
    );
    expect(seen.seenBefore).toBe(true);
    // Another firm books the same claimant with the same specialist: it is told the specialist has
    // seen the claimant, but not which of the first firm's cases.
    const theirs = await booked(staff, { caseManagerId: w.otherCmId, independenceOverrideReason: 'Agreed' });
    type Seen = { seenBefore: boolean; items: { caseNo: string }[] };
    const asOther = await ok<Seen>(await otherCmUser.get(`/api/app/assessments/${theirs.id}/specialistClientHistory`));
    expect(asOther).toEqual({ seenBefore: true, items: [] });
    const asStaff = await ok<Seen>(await staff.get(`/api/app/assessments/${theirs.id}/specialistClientHistory`));
    expect(asStaff.items.map((i) => i.caseNo)).toEqual(expect.arrayContaining([c.caseNo, again.caseNo]));
    // The other firm's case lets the specialist go again, so the first firm's later bookings of them are
    // not asked about it.
    await ok(
      await staff.put(`/api/app/assessments/${theirs.id}/booking-detail`, {
        clientId: w.clientId,
        concurrencyStamp: theirs.concurrencyStamp,
        caseManagerId: w.otherCmId,
        specialistId: null,
      }),
    );
  });

  test('cancellation after attendance is refused with both statuses named', async () => {
    let c = await booked();
    const put = async (path: string, body: Record<string, unknown>) =>
      staff.put(`/api/app/assessments/${c.id}/${path}`, { concurrencyStamp: c.concurrencyStamp, ...body });
    c = await ok<CaseDto>(
      await put('appointment', { appointmentDate: today(), appointmentTime: '09:00', confirmed: true }),
    );
    c = await ok<CaseDto>(await put('attendance', { attendance: 'CONFIRMED', chargeable: false }));
    expect(c.status).toBe('ATTENDED_NO_FEE');
    const res = await put('cancellation', { cancellationType: 'WITH_FEE', cancellationDate: today() });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(
      "A case in status 'Attended (no fee)' cannot move to 'Cancelled (with fee)'.",
    );
    expect((await logs(c.id)).at(-1)!.statusName).toBe('ATTENDED_NO_FEE');
  });

  test('a stale concurrency stamp is refused with 409 and changes nothing', async () => {
    const c = await booked();
    const first = await staff.put(`/api/app/assessments/${c.id}/paperwork`, {
      concurrencyStamp: c.concurrencyStamp,
      paperworkSentDate: null,
      paperworkNotes: 'first',
    });
    expect(first.statusCode).toBe(200);
    const second = await staff.put(`/api/app/assessments/${c.id}/appointment`, {
      concurrencyStamp: c.concurrencyStamp,
      appointmentDate: today(),
      appointmentTime: '09:00',
      confirmed: true,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      "The data you're working on has been modified by other user. Please refresh to get latest data and try again.",
    );
    const now = await ok<CaseDto>(await staff.get(`/api/app/assessments/${c.id}`));
    expect(now).toMatchObject({ status: 'CASE_CREATED', paperworkNotes: 'first', appointmentDate: null });
    expect(await logs(c.id)).toHaveLength(1);
  });

  test('two updates racing with the same stamp: one wins, the other gets 409', async () => {
    const c = await booked();
    const [a, b] = await Promise.all([
      staff.put(`/api/app/assessments/${c.id}/appointment`, {
        concurrencyStamp: c.concurrencyStamp,
        appointmentDate: today(),
        appointmentTime: '09:00',
        confirmed: true,
      }),
      staff.put(`/api/app/assessments/${c.id}/cancellation`, {
        concurrencyStamp: c.concurrencyStamp,
        cancellationType: 'NO_FEE',
        cancellationDate: today(),
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await logs(c.id)).toHaveLength(2);
  });

  test('a step that fails part-way leaves no status log, no history and no change', async () => {
    const c = await booked();
    const res = await staff.put(`/api/app/assessments/${c.id}/appointment`, {
      concurrencyStamp: c.concurrencyStamp,
      appointmentDate: today(),
      appointmentTime: '09:00',
      centreId: '01900000-0000-7000-8000-000000000001',
      confirmed: true,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.validationErrors[0].members).toEqual(['centreId']);
    const [logCount, changeCount, row] = await t.database.withTenant(tenantId, async (tx) => [
      (
        await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(caseStatusLogs)
          .where(eq(caseStatusLogs.caseId, c.id))
      )[0]!.n,
      (
        await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(entityChanges)
          .where(and(eq(entityChanges.entityId, c.id), eq(entityChanges.changeType, 'Updated')))
      )[0]!.n,
      (await tx.select().from(cases).where(eq(cases.id, c.id)))[0]!,
    ]);
    expect(logCount).toBe(1);
    expect(changeCount).toBe(0);
    expect(row).toMatchObject({ status: 'CASE_CREATED', appointmentDate: null, concurrencyStamp: c.concurrencyStamp });
  });
});

describe('the workflow table through changecasestatus', () => {
  // The whole table, pair by pair, is checked in the domain tier (packages/domain workflow.test.ts):
  // the server asks the same canTransition. Here each status leaves once by an allowed transition and
  // is refused once, so the call is shown to follow the table from every status.
  test('from every status an allowed transition succeeds and another one is refused with 422 naming both statuses', async () => {
    const probe = await booked();
    let checked = 0;
    for (const from of ImeStatuses) {
      const allowed = ImeTransitions[from][0];
      const refused = ImeStatuses.find((to) => to !== from && !ImeTransitions[from].includes(to));
      for (const to of [allowed, refused]) {
        if (!to) continue;
        const stamp = `s-${from}-${to}`;
        await t.database.withTenant(tenantId, (tx) =>
          tx.update(cases).set({ status: from, concurrencyStamp: stamp }).where(eq(cases.id, probe.id)),
        );
        const res = await staff.post('/api/app/case-status-logs/changecasestatus', {
          objectId: probe.id,
          status: to,
          concurrencyStamp: stamp,
        });
        if (ImeTransitions[from].includes(to)) {
          expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
          expect(res.json().status).toBe(to);
        } else {
          expect(res.statusCode, `${from} → ${to}`).toBe(422);
          expect(res.json().error.message).toBe(illegalTransitionMessage(from, to));
        }
        checked++;
      }
    }
    const leaving = ImeStatuses.filter((from) => ImeTransitions[from].length > 0).length;
    expect(checked).toBe(leaving + ImeStatuses.length);
  }, 120_000);

  test('only office roles change statuses directly', async () => {
    const c = await booked();
    const res = await cmUser.post('/api/app/case-status-logs/changecasestatus', {
      objectId: c.id,
      status: 'APPOINTMENT_REQUESTED',
      concurrencyStamp: c.concurrencyStamp,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('list, counts, export, billing and action items', () => {
  test("the creation date of a case is a day of the tenant's zone: filter, checklist and export", async () => {
    const tid = await newTenant(t.database, { timezone: 'Australia/Perth' });
    const a = await callerFor(t, tid);
    const co = await idOf(a.post('/api/app/companies', { name: 'Co', businessType: 'LAW_FIRM' }));
    const cm = await idOf(a.post('/api/app/case-managers', { firstName: 'C', lastName: 'M', companyId: co }));
    const cl = await idOf(a.post('/api/app/clients', { firstName: 'Wes', lastName: 'West' }));
    const made = await ok<CaseDto>(await a.post('/api/app/assessments', { clientId: cl, caseManagerId: cm }));
    // 20:30 UTC on 1 March is 04:30 on 2 March in Perth.
    await t.database.withTenant(tid, (tx) =>
      tx
        .update(cases)
        .set({ creationTime: new Date('2026-03-01T20:30:00Z') })
        .where(eq(cases.id, made.id)),
    );
    const created = async (from: string, to: string) =>
      (
        await ok<{ totalCount: number }>(
          await a.get(`/api/app/assessments?dateField=created&dateFrom=${from}&dateTo=${to}`),
        )
      ).totalCount;
    expect(await created('2026-03-02', '2026-03-02')).toBe(1);
    expect(await created('2026-03-01', '2026-03-01')).toBe(0);
    // The checklist's booking day and the export's Booked column are Perth's too.
    const checklist = await ok<{ items: { key: string; date: string | null }[] }>(
      await a.get(`/api/app/assessments/${made.id}/AssessmentCheckList`),
    );
    expect(checklist.items.find((i) => i.key === 'booking')?.date).toBe('2026-03-02');
    const exported = await a.request({ method: 'POST', url: '/api/app/assessments/export', payload: {} });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(11).value).toBe('Booked');
    expect(sheet.getRow(2).getCell(11).value).toBe('02 Mar 2026 04:30 AWST');
  });

  test('the list filters by status, company, specialist and dates, and counts per status', async () => {
    const tid = await newTenant(t.database);
    const a = await callerFor(t, tid);
    const co = await idOf(a.post('/api/app/companies', { name: 'Co', businessType: 'LAW_FIRM' }));
    const cm = await idOf(a.post('/api/app/case-managers', { firstName: 'C', lastName: 'M', companyId: co }));
    const cl = await idOf(a.post('/api/app/clients', { firstName: 'Zed', lastName: 'Zulu' }));
    const sp = await idOf(a.post('/api/app/specialists', { firstName: 'S', lastName: 'P', onboardedDate: iso(-5) }));
    const made: CaseDto[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await ok<CaseDto>(
          await a.post('/api/app/assessments', { clientId: cl, caseManagerId: cm, specialistId: i < 2 ? sp : null }),
        ),
      );
    await ok(
      await a.put(`/api/app/assessments/${made[0]!.id}/appointment`, {
        concurrencyStamp: made[0]!.concurrencyStamp,
        appointmentDate: iso(2),
        appointmentTime: '09:00',
        confirmed: true,
      }),
    );
    await ok(
      await a.put(`/api/app/assessments/${made[1]!.id}/cancellation`, {
        concurrencyStamp: made[1]!.concurrencyStamp,
        cancellationType: 'NO_FEE',
        cancellationDate: today(),
      }),
    );
    expect((await ok<{ totalCount: number }>(await a.get('/api/app/assessments'))).totalCount).toBe(5);
    expect((await ok<{ totalCount: number }>(await a.get('/api/app/assessments?status=CASE_CREATED'))).totalCount).toBe(
      3,
    );
    expect(
      (
        await ok<{ totalCount: number }>(
          await a.get('/api/app/assessments?status=CASE_CREATED&status=CANCELLED_NO_FEE'),
        )
      ).totalCount,
    ).toBe(4);
    expect((await ok<{ totalCount: number }>(await a.get(`/api/app/assessments?specialistId=${sp}`))).totalCount).toBe(
      2,
    );
    expect(
      (await ok<{ totalCount: number }>(await a.get(`/api/app/assessments?dateFrom=${iso(1)}&dateTo=${iso(3)}`)))
        .totalCount,
    ).toBe(1);
    expect((await ok<{ totalCount: number }>(await a.get(`/api/app/assessments?filterText=zulu`))).totalCount).toBe(5);
    expect((await ok<{ totalCount: number }>(await a.get(`/api/app/assessments?serviceType=OT`))).totalCount).toBe(0);
    // The count rides with the page: full, partial, and past the end (counted on its own) agree.
    for (const [skip, size, rows] of [
      [0, 2, 2],
      [4, 2, 1],
      [10, 2, 0],
    ] as const) {
      const page = await ok<{ totalCount: number; items: unknown[] }>(
        await a.get(`/api/app/assessments?skipCount=${skip}&maxResultCount=${size}`),
      );
      expect([page.totalCount, page.items.length]).toEqual([5, rows]);
    }
    const counts = await ok<{ totalCount: number; items: { status: string; count: number }[] }>(
      await a.get('/api/app/case-status-logs/countCaseStatus?status=CASE_CREATED'),
    );
    expect(counts.totalCount).toBe(5);
    expect(Object.fromEntries(counts.items.map((i) => [i.status, i.count]))).toEqual({
      CASE_CREATED: 3,
      APPOINTMENT_CONFIRMED: 1,
      CANCELLED_NO_FEE: 1,
    });
    const next = await ok<{ items: { step: string; count: number }[] }>(
      await a.get('/api/app/case-status-logs/countNextCaseStatus'),
    );
    expect(Object.fromEntries(next.items.map((i) => [i.step, i.count]))).toEqual({ REQUEST_RECEIVED: 3, PAPERWORK: 1 });
    expect(
      (await ok<{ totalCount: number }>(await a.get('/api/app/case-status-logs/countOverdueCaseStatus'))).totalCount,
    ).toBe(0);
    // Overdue: waited longer in its status than the workflow allows (case created 2 days, appointment
    // confirmed 5); a status without an allowance (cancelled) is never overdue.
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await t.database.withTenant(tid, async (tx) => {
      for (const [c, days] of [
        [made[2]!, 3],
        [made[3]!, 1],
        [made[0]!, 6],
        [made[1]!, 100],
      ] as const)
        await tx
          .update(cases)
          .set({ statusDate: daysAgo(days) })
          .where(eq(cases.id, c.id));
    });
    const overdue = await ok<{ totalCount: number; items: { status: string; count: number }[] }>(
      await a.get('/api/app/case-status-logs/countOverdueCaseStatus'),
    );
    expect(overdue.totalCount).toBe(2);
    expect(Object.fromEntries(overdue.items.map((i) => [i.status, i.count]))).toEqual({
      CASE_CREATED: 1,
      APPOINTMENT_CONFIRMED: 1,
    });
    const overdueOfSpecialist = await ok<{ items: { status: string; count: number }[] }>(
      await a.get(`/api/app/case-status-logs/countOverdueCaseStatus?specialistId=${sp}`),
    );
    expect(overdueOfSpecialist.items).toEqual([{ status: 'APPOINTMENT_CONFIRMED', count: 1 }]);
    const bad = await a.get('/api/app/assessments?status=NOPE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['status']);

    const exported = await a.request({
      method: 'POST',
      url: '/api/app/assessments/export',
      payload: { status: ['CASE_CREATED'] },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(2).value).toBe('Case created');
    expect(sheet.getRow(2).getCell(3).value).toBe('Zed Zulu');
  });

  test('billing readiness is set with its stamp', async () => {
    const c = await booked();
    const res = await ok<CaseDto>(
      await staff.put(`/api/app/caseclientdetails/${c.id}/billingStatus`, {
        concurrencyStamp: c.concurrencyStamp,
        billingStatus: 'READY_TO_BILL',
      }),
    );
    expect(res.billingStatus).toBe('READY_TO_BILL');
    expect(
      (
        await staff.put(`/api/app/caseclientdetails/${c.id}/billingStatus`, {
          concurrencyStamp: c.concurrencyStamp,
          billingStatus: 'BILLED',
        })
      ).statusCode,
    ).toBe(409);
  });

  test('action items take the default persons in charge, count per user and show on the case', async () => {
    const c = await booked();
    const pic = await ok<{ id: string }>(
      await admin.post('/api/app/pics/defaultPICs', { step: 'APPOINTMENT', userId: staff.userId }),
    );
    const item = await ok<{ id: string; picIds: string[]; concurrencyStamp: string }>(
      await staff.post('/api/app/action-required', {
        objectId: c.id,
        subject: 'Call the claimant',
        assigneeIds: [admin.userId],
      }),
    );
    expect(item.picIds).toEqual([staff.userId]);
    expect((await ok<CaseDto>(await cmUser.get(`/api/app/assessments/${c.id}`))).openActionCount).toBe(1);
    const counts = await ok<{ items: { userId: string; count: number }[] }>(
      await staff.get('/api/app/action-required/assignedUsersCount'),
    );
    expect(counts.items.find((i) => i.userId === admin.userId)?.count).toBeGreaterThanOrEqual(1);
    await ok(
      await staff.put(`/api/app/action-required/${item.id}`, {
        concurrencyStamp: item.concurrencyStamp,
        subject: 'Call the claimant',
        completed: true,
        assigneeIds: [admin.userId],
        picIds: [],
      }),
    );
    expect((await ok<CaseDto>(await staff.get(`/api/app/assessments/${c.id}`))).openActionCount).toBe(0);
    const unknownUser = await staff.post('/api/app/action-required', {
      objectId: c.id,
      subject: 'x',
      assigneeIds: ['01900000-0000-7000-8000-000000000002'],
    });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json().error.validationErrors[0].members).toEqual(['assigneeIds']);
    expect((await admin.del(`/api/app/pics/defaultPICs?id=${pic.id}`)).statusCode).toBe(204);
    expect(ACTION_REQUIRED_REMINDER).toBe(
      'Action Required Reminder: Please check and clear pending required actions as needed.',
    );
  });

  test('e-mails go to the correspondence outbox in the same transaction; SMS stay requests', async () => {
    const cmWithMail = await idOf(
      admin.post('/api/app/case-managers', {
        firstName: 'Erin',
        lastName: 'Email',
        email: 'erin@example.test',
        companyId: w.companyId,
      }),
    );
    const c = await booked(staff, { caseManagerId: cmWithMail });
    const queued = await ok(
      await staff.post(`/api/app/assessments/${c.id}/emails`, { emailType: 'APPOINTMENT_CONFIRMATION_CM' }),
    );
    expect(queued).toMatchObject({
      caseId: c.id,
      templateKey: 'IME_APPOINTMENT_CONFIRMATION_CM',
      status: 'QUEUED',
      isSMS: false,
    });
    const outbox = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.objectId, c.id)),
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      recipient: 'erin@example.test',
      templateKey: 'IME_APPOINTMENT_CONFIRMATION_CM',
      fromModule: 'IME',
    });
    expect(outbox[0]!.subject).toContain(c.caseNo);
    expect(outbox[0]!.html).toContain('Claire Claimant');

    // The specialist of the test world has no e-mail address: refused, nothing queued.
    const refused = await staff.post(`/api/app/assessments/${c.id}/emails`, { emailType: 'PAPERWORK' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.validationErrors[0].members).toEqual(['emailType']);
    const sms = await ok(
      await staff.post(`/api/app/assessments/${c.id}/emails`, { emailType: 'PAPERWORK', isSMS: true }),
    );
    expect(sms).toMatchObject({ isSMS: true, status: 'QUEUED' });
    const after = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.objectId, c.id)),
    );
    expect(after).toHaveLength(1);

    // A disabled template: the e-mail asked for is refused with the reason, and nothing is recorded.
    const template = '/api/app/email-templates/by-name/IME_APPOINTMENT_CONFIRMATION_CM';
    const { subject, templateContent } = await ok<{ subject: string; templateContent: string }>(
      await admin.get(template),
    );
    await ok(await admin.put(template, { subject, templateContent, disabled: true }));
    const requestsBefore = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(caseEmailRequests).where(eq(caseEmailRequests.caseId, c.id)),
    );
    const disabled = await staff.post(`/api/app/assessments/${c.id}/emails`, {
      emailType: 'APPOINTMENT_CONFIRMATION_CM',
    });
    expect(disabled.statusCode).toBe(422);
    expect(disabled.json().error.message).toBe(
      'The IME Appointment Confirmation (Case Manager) e-mail template is disabled: enable it under Mail Templates to send it.',
    );
    const requestsAfter = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(caseEmailRequests).where(eq(caseEmailRequests.caseId, c.id)),
    );
    expect(requestsAfter).toHaveLength(requestsBefore.length);
    await ok(await admin.put(template, { subject, templateContent, disabled: false }));
    await ok(await staff.post(`/api/app/assessments/${c.id}/emails`, { emailType: 'APPOINTMENT_CONFIRMATION_CM' }));
    expect(
      await t.database.withTenant(tenantId, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.objectId, c.id))),
    ).toHaveLength(2);
  });

  test('the list pages newest first, counts past a full page, and finds cases by part of the number or claimant', async () => {
    const tid = await newTenant(t.database);
    const a = await callerFor(t, tid);
    const co = await idOf(a.post('/api/app/companies', { name: 'Co', businessType: 'LAW_FIRM' }));
    const cm = await idOf(a.post('/api/app/case-managers', { firstName: 'C', lastName: 'M', companyId: co }));
    const quill = await idOf(a.post('/api/app/clients', { firstName: 'Quentin', lastName: 'Quill' }));
    const other = await idOf(a.post('/api/app/clients', { firstName: 'Olive', lastName: 'Oak' }));
    const made: CaseDto[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await ok<CaseDto>(await a.post('/api/app/assessments', { clientId: i < 2 ? quill : other, caseManagerId: cm })),
      );
    const newestFirst = made.map((c) => c.id).reverse();
    type Page = { totalCount: number; items: { id: string; caseNo: string; clientName: string }[] };
    const page = async (q: string) => ok<Page>(await a.get(`/api/app/assessments?${q}`));
    // Every page, full or not, reports the whole count; the pages follow one another without gaps.
    const pages = await Promise.all([0, 2, 4, 6].map((skip) => page(`maxResultCount=2&skipCount=${skip}`)));
    expect(pages.map((p) => p.totalCount)).toEqual([5, 5, 5, 5]);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(newestFirst);
    expect(pages[0]!.items[0]).toMatchObject({ caseNo: made[4]!.caseNo, clientName: 'Olive Oak' });
    // Part of a case number (trigram search) and part of a claimant's name, any case.
    const number = made[3]!.caseNo;
    const byNumber = await page(`filterText=${encodeURIComponent(number.slice(1).toLowerCase())}`);
    expect(byNumber.items.map((i) => i.id)).toEqual([made[3]!.id]);
    expect(byNumber.totalCount).toBe(1);
    const byName = await page('filterText=uentin%20qu&maxResultCount=1');
    expect(byName.totalCount).toBe(2);
    expect(byName.items.map((i) => i.id)).toEqual([made[1]!.id]);
    // Two characters are too few for trigrams: still found, on the table itself.
    expect((await page(`filterText=${encodeURIComponent(number.slice(-2))}`)).items.map((i) => i.id)).toContain(
      made[3]!.id,
    );
    expect((await page('filterText=Oa')).totalCount).toBe(3);
    expect((await page('filterText=nothing-like-it')).totalCount).toBe(0);
    // Another tenant's case with the same number is never found here.
    const b = await callerFor(t, await newTenant(t.database));
    const bCo = await idOf(b.post('/api/app/companies', { name: 'Co', businessType: 'LAW_FIRM' }));
    const bCm = await idOf(b.post('/api/app/case-managers', { firstName: 'C', lastName: 'M', companyId: bCo }));
    const bCl = await idOf(b.post('/api/app/clients', { firstName: 'Quentin', lastName: 'Quill' }));
    for (let i = 0; i < 4; i++) await ok(await b.post('/api/app/assessments', { clientId: bCl, caseManagerId: bCm }));
    expect((await page(`filterText=${encodeURIComponent(number)}`)).items.map((i) => i.id)).toEqual([made[3]!.id]);
    expect((await page('filterText=quill')).totalCount).toBe(2);
  });
});
