import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { twoFirms } from '../../../test/worlds';

type Case = {
  id: string;
  caseNo: string;
  status: string;
  fields: Record<string, string | null>;
  concurrencyStamp: string;
};
type Po = { id: string; specialistName: string; requestType: string; answer: string | null };

let t: TestApp;
let staff: Caller;
let firmBCm: Caller;
let outsider: Caller;
let people: { clientId: string; cmA: string; doctors: string[] };

const BASE = '/api/app/medneg';
const features = { MedNeg: 'True' };

beforeAll(async () => {
  t = await createTestApp();
  const world = await twoFirms(t, { features }, ['STAFF']);
  ({ staff, outsider } = world);
  firmBCm = world.firmB.caseManager;
  const doctor = (firstName: string) =>
    ok(world.admin.post('/api/app/specialists', { firstName, lastName: 'Doctor', onboardedDate: '2020-01-01' }));
  people = {
    clientId: world.clientId,
    cmA: world.firmA.caseManagerId,
    doctors: [(await doctor('Dora')).id, (await doctor('Dev')).id],
  };
});
afterAll(async () => {
  await t?.close();
});

describe('a medical negligence matter', () => {
  let mn: Case;

  test('is opened, put to two specialists with their answers, gets a linked IME report and closes with bookings', async () => {
    mn = await ok<Case>(staff.post(BASE, { clientId: people.clientId, caseManagerId: people.cmA }));
    expect(mn.caseNo).toMatch(/^MN-\d{6}$/);
    mn = await ok<Case>(
      staff.put(`${BASE}/${mn.id}/booking-detail`, {
        concurrencyStamp: mn.concurrencyStamp,
        clientId: people.clientId,
        caseManagerId: people.cmA,
        allegation: 'Missed fracture',
        specialty: 'Orthopaedics',
        openedDate: '2026-04-01',
      }),
    );
    expect(mn.status).toBe('OPEN');
    const ask = (specialistId: string, requestType: string) =>
      ok<Po>(staff.post(`${BASE}/${mn.id}/poMedNeg`, { specialistId, requestType, requestedDate: '2026-04-02' }));
    const first = await ask(people.doctors[0]!, 'REQUEST');
    expect((await ok<Case>(staff.get(`${BASE}/${mn.id}`))).status).toBe('REQUEST_SENT_TO_SPECIALISTS');
    await ask(people.doctors[1]!, 'FREE_PO');
    expect((await ok<Case>(staff.get(`${BASE}/${mn.id}`))).status).toBe('FREE_PO_REQUESTED');
    const answered = await ok<Po>(
      staff.put(`${BASE}/${mn.id}/poMedNeg/${first.id}`, { answer: 'DECLINED', answerDate: '2026-04-03' }),
    );
    expect(answered).toMatchObject({ answer: 'DECLINED', specialistName: 'Dora Doctor' });
    const list = await ok<{ items: Po[] }>(staff.get(`${BASE}/${mn.id}/poMedNeg`));
    expect(list.items.map((p) => [p.specialistName, p.requestType, p.answer])).toEqual([
      ['Dora Doctor', 'REQUEST', 'DECLINED'],
      ['Dev Doctor', 'FREE_PO', null],
    ]);

    mn = await ok<Case>(staff.post(`${BASE}/${mn.id}/fullReport`, { specialistId: people.doctors[1] }));
    expect(mn.status).toBe('LINKED_REPORT_CREATED');
    const report = await ok<{ caseNo: string; clientId: string; specialistId: string }>(
      staff.get(`/api/app/assessments/${mn.fields.linkedCaseId}`),
    );
    expect(report).toMatchObject({ clientId: people.clientId, specialistId: people.doctors[1] });
    // Asked again after the report, the request is recorded and the matter keeps its status.
    await ask(people.doctors[0]!, 'TC');
    expect((await ok<Case>(staff.get(`${BASE}/${mn.id}`))).status).toBe('LINKED_REPORT_CREATED');
    // A second report is refused.
    const again = await staff.post(`${BASE}/${mn.id}/fullReport`, { specialistId: people.doctors[1] });
    expect(again.statusCode).toBe(422);

    mn = await ok<Case>(staff.get(`${BASE}/${mn.id}`));
    mn = await ok<Case>(
      staff.put(`${BASE}/${mn.id}/closure`, {
        concurrencyStamp: mn.concurrencyStamp,
        closeOutcome: 'WITH_BOOKINGS',
        closedDate: '2026-05-01',
      }),
    );
    expect(mn.status).toBe('CLOSE_WITH_BOOKINGS');
    const log = await ok<{ items: { statusName: string; note: string | null }[] }>(
      staff.get(`${BASE}/${mn.id}/statusLogs`),
    );
    expect(log.items.map((l) => l.statusName)).toEqual([
      'CASE_CREATED',
      'OPEN',
      'REQUEST_SENT_TO_SPECIALISTS',
      'FREE_PO_REQUESTED',
      'LINKED_REPORT_CREATED',
      'CLOSE_WITH_BOOKINGS',
    ]);
    expect(log.items[4]!.note).toBe(report.caseNo);
  });

  test('checks case numbers in the assessment module', async () => {
    const report = await ok<{ caseNo: string }>(staff.get(`/api/app/assessments/${mn.fields.linkedCaseId}`));
    const hit = await ok<{ exists: boolean; module: string }>(
      staff.get(`${BASE}/checkExistCaseNo?caseNo=${encodeURIComponent(` ${report.caseNo} `)}`),
    );
    expect(hit).toMatchObject({ exists: true, module: 'assessment' });
    const own = await ok<{ exists: boolean; module: string }>(
      staff.get(`${BASE}/checkExistCaseNo?caseNo=${mn.caseNo}`),
    );
    expect(own).toMatchObject({ exists: false, module: 'assessment' });
  });

  test('another firm’s case manager and another tenant get 404 on the matter and its requests', async () => {
    expect((await firmBCm.get(`${BASE}/${mn.id}`)).statusCode).toBe(404);
    expect((await firmBCm.get(`${BASE}/${mn.id}/poMedNeg`)).statusCode).toBe(404);
    expect((await outsider.get(`${BASE}/${mn.id}/poMedNeg`)).statusCode).toBe(404);
    const po = (await ok<{ items: Po[] }>(staff.get(`${BASE}/${mn.id}/poMedNeg`))).items[0]!;
    expect((await outsider.put(`${BASE}/${mn.id}/poMedNeg/${po.id}`, { answer: 'ACCEPTED' })).statusCode).toBe(404);
    expect((await outsider.del(`${BASE}/${mn.id}/poMedNeg/${po.id}`)).statusCode).toBe(404);
    expect((await outsider.post(`${BASE}/${mn.id}/fullReport`, { specialistId: people.doctors[0] })).statusCode).toBe(
      404,
    );
    // A request id under another matter is not found there.
    const other = await ok<Case>(staff.post(BASE, { clientId: people.clientId, caseManagerId: people.cmA }));
    expect((await staff.del(`${BASE}/${other.id}/poMedNeg/${po.id}`)).statusCode).toBe(404);
  });
});
