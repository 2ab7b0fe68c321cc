import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatIsoDate, ImeDateMessages, todayIn, type CaseDto } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';

/** The IME steps' date rules (decision 0032), as the server enforces them. */

let t: TestApp;
let staff: Caller;
let caseManagerId: string;
let clientId: string;

const iso = (days: number) => formatIsoDate(addDays(todayIn('Australia/Sydney'), days));
type Res = { statusCode: number; body: string; json(): unknown };
const errorOf = (res: Res) => (res.json() as { error: { message: string; details?: string } }).error;

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = await newTenant(t.database, { timezone: 'Australia/Sydney' });
  const admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF']);
  const company = await ok<{ id: string }>(
    admin.post('/api/app/companies', { name: 'Dates Law', businessType: 'LAW_FIRM' }),
  );
  caseManagerId = (
    await ok<{ id: string }>(
      admin.post('/api/app/case-managers', { firstName: 'Dee', lastName: 'Dates', companyId: company.id }),
    )
  ).id;
  clientId = (await ok<{ id: string }>(admin.post('/api/app/clients', { firstName: 'Cal', lastName: 'Endar' }))).id;
});
afterAll(async () => {
  await t?.close();
});

async function newCase(): Promise<CaseDto> {
  return ok<CaseDto>(staff.post('/api/app/assessments', { clientId, caseManagerId }));
}
const put = (c: CaseDto, step: string, body: Record<string, unknown>) =>
  staff.put(`/api/app/assessments/${c.id}/${step}`, { concurrencyStamp: c.concurrencyStamp, ...body });

describe('an appointment in the past', () => {
  it('is asked about, saved once confirmed, and not asked again while the date stays', async () => {
    const c = await newCase();
    const past = { appointmentDate: iso(-3), appointmentTime: '09:00', confirmed: true };
    const asked = await put(c, 'appointment', past);
    expect(asked.statusCode).toBe(422);
    expect(errorOf(asked)).toMatchObject({
      message: ImeDateMessages.appointmentInPast,
      details: 'confirm:appointmentDate',
    });
    expect((await ok<CaseDto>(staff.get(`/api/app/assessments/${c.id}`))).appointmentDate).toBeNull();

    const saved = await ok<CaseDto>(put(c, 'appointment', { ...past, confirmDates: true }));
    expect(saved.appointmentDate).toBe(iso(-3));
    // Saving the tab again with the same date asks nothing.
    const again = await ok<CaseDto>(put(saved, 'appointment', { ...past, appointmentTime: '09:30' }));
    expect(again.appointmentTime).toBe('09:30');
    // Rescheduling to another past day asks; today does not.
    const moved = await put(again, 'reschedule-appointment', { appointmentDate: iso(-1), appointmentTime: '10:00' });
    expect(moved.statusCode).toBe(422);
    expect(errorOf(moved).message).toBe(ImeDateMessages.appointmentInPast);
    await ok(put(again, 'reschedule-appointment', { appointmentDate: iso(0), appointmentTime: '10:00' }));
  });
});

describe('attendance and the report', () => {
  it('refuses attendance before the appointment and a report completed before attendance', async () => {
    const c = await newCase();
    const booked = await ok<CaseDto>(
      put(c, 'appointment', { appointmentDate: iso(2), appointmentTime: '09:00', confirmed: true }),
    );
    const early = await put(booked, 'attendance', { attendance: 'CONFIRMED', attendanceDate: iso(1) });
    expect(early.statusCode).toBe(422);
    expect(errorOf(early).message).toBe(ImeDateMessages.attendanceBeforeAppointment);
    // Refused, not merely asked: confirming does not save it.
    const confirmed = await put(booked, 'attendance', {
      attendance: 'CONFIRMED',
      attendanceDate: iso(1),
      confirmDates: true,
    });
    expect(confirmed.statusCode).toBe(400);
    const attended = await ok<CaseDto>(put(booked, 'attendance', { attendance: 'CONFIRMED', attendanceDate: iso(2) }));
    expect(attended.attendanceDate).toBe(iso(2));

    const report = await put(attended, 'dictation-report', {
      dictationReceivedDate: iso(2),
      reportCompletedDate: iso(1),
    });
    expect(report.statusCode).toBe(422);
    expect(errorOf(report).message).toBe(ImeDateMessages.reportBeforeAttendance);
    const dictated = await ok<CaseDto>(put(attended, 'dictation-report', { dictationReceivedDate: iso(2) }));
    const done = await ok<CaseDto>(
      put(dictated, 'dictation-report', { dictationReceivedDate: iso(2), reportCompletedDate: iso(3) }),
    );
    expect(done.reportCompletedDate).toBe(iso(3));
  });
});
