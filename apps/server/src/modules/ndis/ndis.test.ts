import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { uuidv7 } from '@casebook/domain';
import { createTestApp, type Caller, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { twoFirms } from '../../../test/worlds';
import { appointmentSessions } from '../scheduling/scheduling.schema';

type Case = {
  id: string;
  caseNo: string;
  status: string;
  fields: Record<string, string | null>;
  concurrencyStamp: string;
};

let t: TestApp;
let staff: Caller;
let firmACm: Caller;
let firmBCm: Caller;
let outsider: Caller;
let ndis: Case;
let admin: Caller;
let tenantId: string;

const NDIS = { features: { NDIS: 'True' } };

beforeAll(async () => {
  t = await createTestApp();
  const world = await twoFirms(t, NDIS);
  ({ staff, outsider, admin } = world);
  firmACm = world.firmA.caseManager;
  tenantId = world.tenantId;
  firmBCm = world.firmB.caseManager;
  const client = await ok(world.admin.post('/api/app/clients', { firstName: 'Pat', lastName: 'Participant' }));
  ndis = await ok<Case>(staff.post('/api/app/ndis', { clientId: client.id, caseManagerId: world.firmA.caseManagerId }));
});
afterAll(async () => {
  await t?.close();
});

describe('an NDIS case', () => {
  test('is numbered NDIS-; the participant step records the plan and moves it to Report requested', async () => {
    expect(ndis.caseNo).toMatch(/^NDIS-\d{6}$/);
    expect(ndis.status).toBe('CASE_CREATED');
    const backwards = await staff.put(`/api/app/ndis/${ndis.id}/participant`, {
      concurrencyStamp: ndis.concurrencyStamp,
      planStartDate: '2026-02-01',
      planEndDate: '2026-01-01',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.message).toBe('The plan cannot end before it starts.');
    ndis = await ok<Case>(
      staff.put(`/api/app/ndis/${ndis.id}/participant`, {
        concurrencyStamp: ndis.concurrencyStamp,
        ndisNumber: '430123456',
        planManagement: 'PLAN_MANAGED',
        planStartDate: '2026-01-01',
        planEndDate: '2026-12-31',
        reportRequestedDate: '2026-02-01',
      }),
    );
    expect(ndis.status).toBe('REPORT_REQUESTED');
    expect(ndis.fields).toMatchObject({ ndisNumber: '430123456', planManagement: 'PLAN_MANAGED' });
  });

  test('keeps key contacts, attendees and clinical notes; deletes one', async () => {
    const contact = await ok(
      staff.post(`/api/app/ndis/${ndis.id}/KeyContact`, {
        name: 'Sam Support',
        relationship: 'Nominee',
        phone: '0412 345 678',
      }),
    );
    await ok(staff.post(`/api/app/ndis/${ndis.id}/attendees`, { name: 'Kim Carer', role: 'Carer' }));
    await ok(
      staff.post(`/api/app/ndis/${ndis.id}/clinicalnote`, { noteDate: '2026-02-03', note: 'Assessed at home.' }),
    );
    const contacts = await ok<{ items: { name: string; phone: string }[] }>(
      staff.get(`/api/app/ndis/${ndis.id}/KeyContact`),
    );
    expect(contacts.items).toEqual([expect.objectContaining({ name: 'Sam Support', phone: '0412345678' })]);
    const notes = await ok<{ items: { note: string; userName: string }[] }>(
      staff.get(`/api/app/ndis/${ndis.id}/getClinicalNotes`),
    );
    expect(notes.items.map((n) => n.note)).toEqual(['Assessed at home.']);
    const blank = await staff.post(`/api/app/ndis/${ndis.id}/clinicalnote`, { noteDate: '2026-02-03', note: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('note');
    const extra = await ok(staff.post(`/api/app/ndis/${ndis.id}/attendees`, { name: 'Gone Soon' }));
    expect((await staff.del(`/api/app/ndis/${ndis.id}/attendees/${extra.id}`)).statusCode).toBe(204);
    expect((await staff.del(`/api/app/ndis/${ndis.id}/attendees/${extra.id}`)).statusCode).toBe(404);
    // A key contact is not an attendee.
    expect((await staff.del(`/api/app/ndis/${ndis.id}/attendees/${contact.id}`)).statusCode).toBe(404);
    const attendees = await ok<{ items: { name: string }[] }>(staff.get(`/api/app/ndis/${ndis.id}/attendees`));
    expect(attendees.items.map((a) => a.name)).toEqual(['Kim Carer']);
  });

  test('prints its service agreement as a PDF', async () => {
    const res = await staff.get(`/api/app/ndis/${ndis.id}/printServiceAgreement`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Service Agreement ${ndis.caseNo}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test("is a 404 in every call for another firm's case manager and another tenant", async () => {
    expect((await ok<{ items: { id: string }[] }>(firmACm.get('/api/app/ndis'))).items.map((c) => c.id)).toContain(
      ndis.id,
    );
    const reads = (caller: Caller) => [
      caller.get(`/api/app/ndis/${ndis.id}`),
      caller.get(`/api/app/ndis/${ndis.id}/statusLogs`),
      caller.get(`/api/app/ndis/${ndis.id}/KeyContact`),
      caller.get(`/api/app/ndis/${ndis.id}/attendees`),
      caller.get(`/api/app/ndis/${ndis.id}/getClinicalNotes`),
      caller.get(`/api/app/ndis/${ndis.id}/printServiceAgreement`),
    ];
    for (const res of await Promise.all(reads(firmBCm))) expect(res.statusCode, res.body).toBe(404);
    const writes = [
      outsider.post(`/api/app/ndis/${ndis.id}/KeyContact`, { name: 'x' }),
      outsider.post(`/api/app/ndis/${ndis.id}/attendees`, { name: 'x' }),
      outsider.post(`/api/app/ndis/${ndis.id}/clinicalnote`, { noteDate: '2026-02-03', note: 'x' }),
      outsider.del(`/api/app/ndis/${ndis.id}/attendees/${uuidv7()}`),
      outsider.put(`/api/app/ndis/${ndis.id}/participant`, { concurrencyStamp: ndis.concurrencyStamp }),
    ];
    for (const res of await Promise.all([...reads(outsider), ...writes])) expect(res.statusCode, res.body).toBe(404);
    expect((await ok<{ items: unknown[] }>(staff.get(`/api/app/ndis/${ndis.id}/KeyContact`))).items).toHaveLength(1);
  });
});

describe('the NDIS calendar', () => {
  test('lists the sessions of the NDIS appointment type and those booked for an NDIS case, and no others', async () => {
    const sp = await ok(
      admin.post('/api/app/specialists', {
        firstName: 'Nia',
        lastName: `Therapist${uuidv7().slice(-6)}`,
        email: `nia.${uuidv7().slice(-8)}@clinic.test`,
      }),
    );
    const centre = await ok(
      admin.post('/api/app/centres', { name: `Ryde ${uuidv7().slice(-6)}`, state: 'NSW', postcode: '2112' }),
    );
    const at = (startTime: string, appointmentType: string) =>
      ok<{ id: string }>(
        admin.post('/api/app/appointment-sessions', {
          specialistId: sp.id,
          centreId: centre.id,
          date: '2027-03-02',
          startTime,
          endTime: `${String(Number(startTime.slice(0, 2)) + 1).padStart(2, '0')}:00`,
          timeZone: 'Australia/Sydney',
          appointmentType,
          slotStatus: 3,
        }),
      );
    const ndisType = await at('09:00', 'NDIS');
    const bookedForNdis = await at('11:00', 'INPERSON');
    const other = await at('13:00', 'INPERSON');
    // NDIS cases have no appointment step of their own yet; a session carrying an NDIS case (as a case
    // module's appointment writes it) is written here directly.
    await t.database.withTenant(tenantId, (tx) =>
      tx
        .update(appointmentSessions)
        .set({ caseId: ndis.id, caseNo: ndis.caseNo, slotStatus: 6 })
        .where(eq(appointmentSessions.id, bookedForNdis.id)),
    );
    const url = `/api/app/appointment-sessions?fromDate=2027-03-01&toDate=2027-03-07&specialistId=${sp.id}`;
    const all = await ok<{ items: { id: string }[] }>(admin.get(url));
    expect(all.items.map((s) => s.id)).toEqual([ndisType.id, bookedForNdis.id, other.id]);
    const ndisOnly = await ok<{ items: { id: string; caseNo: string | null }[]; totalCount: number }>(
      admin.get(`${url}&ndis=true`),
    );
    expect(ndisOnly.items.map((s) => s.id)).toEqual([ndisType.id, bookedForNdis.id]);
    expect(ndisOnly.totalCount).toBe(2);
    expect(ndisOnly.items[1]!.caseNo).toBe(ndis.caseNo);
    const bad = await admin.get(`${url}&ndis=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('ndis');
    // Another tenant's NDIS calendar does not see them.
    const theirs = await ok<{ items: unknown[] }>(
      outsider.get('/api/app/appointment-sessions?fromDate=2027-03-01&toDate=2027-03-07&ndis=true'),
    );
    expect(theirs.items).toEqual([]);
  });
});
