import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { callerFor, createTestApp, type Caller, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { twoFirms } from '../../../test/worlds';

type Case = {
  id: string;
  caseNo: string;
  status: string;
  serviceType: string;
  caseManagerId: string;
  fields: Record<string, string | null>;
  concurrencyStamp: string;
};
type Listed = { items: { id: string; status: string; dueDate?: string | null; overdue?: boolean }[] };
type Counts = { items: { status: string; count: number }[]; overdueCount?: number };

let t: TestApp;
let staff: Caller;
let firmACm: Caller;
let firmBCm: Caller;
let outsider: Caller;
let people: { clientId: string; cmA: string; cmB: string };
let tenantId: string;

const BASE = '/api/app/clinical-records';
const step = (c: Case, key: string, body: Record<string, unknown>) =>
  ok<Case>(staff.put(`${BASE}/${c.id}/${key}`, { concurrencyStamp: c.concurrencyStamp, ...body }));
const booking = (c: Case, body: Record<string, unknown>) =>
  step(c, 'booking-detail', { clientId: people.clientId, caseManagerId: c.caseManagerId, ...body });

beforeAll(async () => {
  t = await createTestApp();
  const world = await twoFirms(t, { timezone: 'Australia/Sydney' }, ['STAFF']);
  ({ tenantId, staff, outsider } = world);
  firmACm = world.firmA.caseManager;
  firmBCm = world.firmB.caseManager;
  people = { clientId: world.clientId, cmA: world.firmA.caseManagerId, cmB: world.firmB.caseManagerId };
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a medical records request', () => {
  let mr: Case;

  test('is numbered MR- and moves requested → paperwork received → files sent, each in the status log', async () => {
    mr = await ok<Case>(staff.post(BASE, { clientId: people.clientId, caseManagerId: people.cmA }));
    expect(mr.caseNo).toMatch(/^MR-\d{6}$/);
    expect(mr).toMatchObject({ serviceType: 'MEDICAL_RECORD', status: 'CASE_CREATED' });
    mr = await booking(mr, { recordType: 'GP_MEDICAL_FILE', provider: 'Harbour GP', requestedDate: '2026-03-02' });
    expect(mr.status).toBe('REQUESTED');
    // 25 business days after Monday 2 March.
    expect(mr.fields).toMatchObject({ provider: 'Harbour GP', dueDate: '2026-04-06' });
    mr = await step(mr, 'OnHoldRequest', {
      onHoldAction: 'HOLD',
      onHoldDate: '2026-03-05',
      onHoldReason: 'No authority',
    });
    expect(mr.status).toBe('ON_HOLD');
    mr = await step(mr, 'OnHoldRequest', { onHoldAction: 'RESUME', onHoldDate: '2026-03-09' });
    expect(mr.status).toBe('REQUESTED');
    mr = await step(mr, 'paperwork', { paperworkReceivedDate: '2026-03-20' });
    expect(mr.status).toBe('PAPERWORK_RECEIVED');
    const early = await staff.put(`${BASE}/${mr.id}/paperwork`, {
      concurrencyStamp: mr.concurrencyStamp,
      paperworkReceivedDate: '2026-03-20',
      filesSentDate: '2026-03-19',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe('The files cannot be sent before the paperwork was received.');
    mr = await step(mr, 'paperwork', { paperworkReceivedDate: '2026-03-20', filesSentDate: '2026-03-23' });
    expect(mr.status).toBe('FILES_SENT');

    const log = await ok<{ items: { statusFrom: string | null; statusName: string; note: string | null }[] }>(
      staff.get(`${BASE}/${mr.id}/statusLogs`),
    );
    expect(log.items.map((l) => [l.statusFrom, l.statusName])).toEqual([
      [null, 'CASE_CREATED'],
      ['CASE_CREATED', 'REQUESTED'],
      ['REQUESTED', 'ON_HOLD'],
      ['ON_HOLD', 'REQUESTED'],
      ['REQUESTED', 'PAPERWORK_RECEIVED'],
      ['PAPERWORK_RECEIVED', 'FILES_SENT'],
    ]);
    expect(log.items[2]!.note).toBe('No authority');
  });

  test('refuses cancelling a sent request with 422, changing nothing', async () => {
    const res = await staff.put(`${BASE}/${mr.id}/cancellation`, {
      concurrencyStamp: mr.concurrencyStamp,
      cancellationDate: '2026-03-24',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe("A case in status 'Files sent' cannot move to 'Cancelled'.");
    expect((await ok<Case>(staff.get(`${BASE}/${mr.id}`))).concurrencyStamp).toBe(mr.concurrencyStamp);
  });

  test('is duplicated as a new request with its type and provider', async () => {
    const copy = await ok<Case>(staff.post(`${BASE}/${mr.id}/duplicateRecord`, {}));
    expect(copy.id).not.toBe(mr.id);
    expect(copy.status).toBe('CASE_CREATED');
    expect(copy.fields).toMatchObject({ recordType: 'GP_MEDICAL_FILE', provider: 'Harbour GP', duplicateOfId: mr.id });
    const cancelled = await step(copy, 'cancellation', { cancellationDate: '2026-03-25', cancellationReason: 'Twice' });
    expect(cancelled.status).toBe('CANCELLED');
  });

  test('another firm’s case manager and another tenant find nothing', async () => {
    expect((await ok<Listed>(firmACm.get(BASE))).items.map((i) => i.id)).toContain(mr.id);
    expect((await ok<Listed>(firmBCm.get(BASE))).items.map((i) => i.id)).not.toContain(mr.id);
    expect((await firmBCm.get(`${BASE}/${mr.id}`)).statusCode).toBe(404);
    expect((await firmBCm.get(`${BASE}/${mr.id}/statusLogs`)).statusCode).toBe(404);
    expect((await firmBCm.post(`${BASE}/${mr.id}/duplicateRecord`, {})).statusCode).toBe(404);
    expect((await outsider.get(`${BASE}/${mr.id}`)).statusCode).toBe(404);
    expect((await outsider.post(`${BASE}/${mr.id}/duplicateRecord`, {})).statusCode).toBe(404);
    expect((await ok<{ totalCount: number }>(outsider.get(BASE))).totalCount).toBe(0);
    // Nor is it a supplementary.
    expect((await staff.get(`/api/app/supplementary/${mr.id}`)).statusCode).toBe(404);
  });

  test('names the field of a bad record type with 400', async () => {
    const res = await staff.put(`${BASE}/${mr.id}/booking-detail`, {
      concurrencyStamp: mr.concurrencyStamp,
      clientId: people.clientId,
      caseManagerId: people.cmA,
      recordType: 'X_RAY',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('recordType');
  });
});

describe('turnaround (decision 0040)', () => {
  test('clinical notes requested on a Friday are due 20 business days later, and overdue the day after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // The same staff user signed in at each moment (a token of the real day would have expired by then).
    const at = async (instant: string) => {
      vi.setSystemTime(new Date(instant));
      staff = await callerFor(t, tenantId, ['STAFF'], { userId: staff.userId });
    };
    await at('2026-11-27T02:00:00Z'); // Friday 27 November in Sydney
    let notes = await ok<Case>(staff.post(BASE, { clientId: people.clientId, caseManagerId: people.cmB }));
    notes = await booking(notes, { recordType: 'CLINICAL_NOTES', requestedDate: '2026-11-27' });
    expect(notes.fields.dueDate).toBe('2026-12-25');
    const counts = async () => ok<Counts>(staff.get(`${BASE}/countCaseStatus`));
    const listed = async () => (await ok<Listed>(staff.get(BASE))).items.find((i) => i.id === notes.id)!;

    await at('2026-12-25T02:00:00Z'); // the due date: not yet overdue
    expect(await listed()).toMatchObject({ dueDate: '2026-12-25', overdue: false });
    expect((await counts()).overdueCount).toBe(0);

    await at('2026-12-26T02:00:00Z'); // the day after
    expect(await listed()).toMatchObject({ overdue: true });
    expect((await counts()).overdueCount).toBe(1);

    // On hold, it is not counted; resumed, it is again.
    notes = await step(notes, 'OnHoldRequest', { onHoldAction: 'HOLD', onHoldDate: '2026-12-26' });
    expect((await counts()).overdueCount).toBe(0);
    expect(await listed()).toMatchObject({ overdue: false });
    notes = await step(notes, 'OnHoldRequest', { onHoldAction: 'RESUME', onHoldDate: '2026-12-27' });
    expect(notes.status).toBe('REQUESTED');
    expect((await counts()).overdueCount).toBe(1);
  });
});
