import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TimeEntryDto } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { twoFirms, type TwoFirms } from '../../../test/worlds';

let t: TestApp;
let w: TwoFirms;
let caseId: string;
let otherStaff: Caller;
const BASE = '/api/app/time-tracking';

type Res = { statusCode: number; body: string; json(): unknown };
async function ok<T = Record<string, unknown>>(res: Promise<Res> | Res): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}
const list = (caller: Caller, query = '') =>
  ok<{ totalCount: number; items: TimeEntryDto[] }>(caller.get(`${BASE}?${query}`));

beforeAll(async () => {
  t = await createTestApp();
  w = await twoFirms(t, { timezone: 'Australia/Sydney', features: { TimeTracking: 'True' } }, ['TENANT_ADMIN']);
  otherStaff = await callerFor(t, w.tenantId, ['STAFF']);
  caseId = (
    await ok<{ id: string }>(
      w.staff.post('/api/app/assessments', { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId }),
    )
  ).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('time tracking', () => {
  test('a user runs one timer at a time: start, a second start refused, stop', async () => {
    const started = await ok<TimeEntryDto>(
      w.staff.post(`${BASE}/start`, { caseId, description: 'Preparing the brief' }),
    );
    expect(started).toMatchObject({ isRunning: true, endTime: null, isManual: false, userId: w.staff.userId });
    expect((await ok<{ entry: TimeEntryDto | null }>(w.staff.get(`${BASE}/running`))).entry?.id).toBe(started.id);

    const second = await w.staff.post(`${BASE}/start`, { caseId, description: 'Another' });
    expect(second.statusCode).toBe(422);
    expect(second.body).toContain('A timer is already running. Stop it before starting another.');
    // Someone else's timer is theirs to run.
    const theirs = await ok<TimeEntryDto>(otherStaff.post(`${BASE}/start`, { caseId }));

    const stopped = await ok<TimeEntryDto>(
      w.staff.post(`${BASE}/${started.id}/stop`, { concurrencyStamp: started.concurrencyStamp }),
    );
    expect(stopped.isRunning).toBe(false);
    expect(stopped.endTime).not.toBeNull();
    expect((await ok<{ entry: TimeEntryDto | null }>(w.staff.get(`${BASE}/running`))).entry).toBeNull();
    const again = await w.staff.post(`${BASE}/${started.id}/stop`, { concurrencyStamp: stopped.concurrencyStamp });
    expect(again.statusCode).toBe(422);
    await ok(otherStaff.post(`${BASE}/${theirs.id}/stop`, { concurrencyStamp: theirs.concurrencyStamp }));
  });

  test('two starts at the same moment leave one running timer (the database decides)', async () => {
    const user = await callerFor(t, w.tenantId, ['STAFF']);
    const results = await Promise.all([1, 2, 3].map(() => user.post(`${BASE}/start`, { caseId })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    expect((await list(user, 'isRunning=true')).totalCount).toBe(1);
  });

  test('manual entries: validated, listed with their minutes, changed and deleted with their history', async () => {
    const backwards = await w.staff.post(BASE, {
      caseId,
      startTime: '2024-03-01T10:00:00Z',
      endTime: '2024-03-01T09:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('endTime');
    const tooLong = await w.staff.post(BASE, {
      caseId,
      startTime: '2024-03-01T00:00:00Z',
      endTime: '2024-03-02T00:01:00Z',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('A time entry may be at most 24 hours');
    const noCase = await w.staff.post(BASE, {
      caseId: w.clientId,
      startTime: '2024-03-01T09:00:00Z',
      endTime: '2024-03-01T10:00:00Z',
    });
    expect(noCase.statusCode).toBe(404);

    const entry = await ok<TimeEntryDto>(
      w.staff.post(BASE, {
        caseId,
        startTime: '2024-03-01T14:00:00Z',
        endTime: '2024-03-01T15:30:00Z',
        description: 'Phone call with the claimant',
      }),
    );
    expect(entry).toMatchObject({ durationMinutes: 90, isManual: true, isRunning: false });
    const changed = await ok<TimeEntryDto>(
      w.staff.put(`${BASE}/${entry.id}`, {
        startTime: '2024-03-01T14:00:00Z',
        endTime: '2024-03-01T14:45:00Z',
        description: 'Phone call',
        concurrencyStamp: entry.concurrencyStamp,
      }),
    );
    expect(changed.durationMinutes).toBe(45);
    const stale = await w.staff.put(`${BASE}/${entry.id}`, {
      startTime: '2024-03-01T14:00:00Z',
      endTime: '2024-03-01T14:50:00Z',
      concurrencyStamp: entry.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);
    const history = await ok<{ items: { propertyName: string }[] }>(
      w.admin.get(`/api/app/entity-changes?entityId=${entry.id}`),
    );
    expect(history.items.map((c) => c.propertyName)).toContain('endTime');

    // 14:00 UTC on 1 March is 2 March in Sydney: the date filter reads the tenant's days.
    expect((await list(w.staff, 'dateFrom=2024-03-02&dateTo=2024-03-02')).items.map((i) => i.id)).toEqual([entry.id]);
    expect((await list(w.staff, 'dateFrom=2024-03-01&dateTo=2024-03-01')).totalCount).toBe(0);
    expect((await list(w.staff, 'filterText=phone')).items.map((i) => i.id)).toEqual([entry.id]);
    expect((await list(w.staff, `caseId=${caseId}&isRunning=false`)).items.map((i) => i.id)).toContain(entry.id);

    expect((await w.staff.del(`${BASE}/${entry.id}`)).statusCode).toBe(204);
    expect((await w.staff.get(`${BASE}/${entry.id}`)).statusCode).toBe(404);
  });

  test('staff see their own time; administrators see everyone’s; another tenant sees nothing', async () => {
    const mine = await ok<TimeEntryDto>(
      otherStaff.post(BASE, { caseId, startTime: '2024-04-01T00:00:00Z', endTime: '2024-04-01T01:00:00Z' }),
    );
    expect((await list(w.staff)).items.map((i) => i.id)).not.toContain(mine.id);
    expect((await w.staff.get(`${BASE}/${mine.id}`)).statusCode).toBe(404);
    expect((await w.staff.del(`${BASE}/${mine.id}`)).statusCode).toBe(404);
    expect((await list(w.admin, `userId=${otherStaff.userId}`)).items.map((i) => i.id)).toContain(mine.id);
    expect((await w.outsider.get(`${BASE}/${mine.id}`)).statusCode).toBe(404);
    // Without the feature the calls are not there.
    const off = await callerFor(t, await newTenant(t.database, { features: {} }), ['TENANT_ADMIN']);
    expect((await off.get(BASE)).statusCode).toBe(403);
  });

  test('the list exports as a spreadsheet with the same filters', async () => {
    const res = await w.admin.post(`${BASE}/export`, { caseId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('time-tracking');
    const bad = await w.admin.post(`${BASE}/export`, { dateFrom: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('dateFrom');
  });
});
