import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';

const URL = '/api/app/ndis-time-budgets';
const NDIS = { features: { NDIS: 'True' } };
let t: TestApp;
let admin: Caller;
let staff: Caller;
let other: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = await newTenant(t.database, NDIS);
  admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF']);
  other = await callerFor(t, await newTenant(t.database, NDIS));
});
afterAll(async () => {
  await t?.close();
});

describe('the NDIS time budget', () => {
  test('keeps activities with their minutes in their order; staff read them', async () => {
    await ok(admin.post(URL, { activity: 'Report writing', minutes: 240, sortOrder: 3 }));
    await ok(admin.post(URL, { activity: 'Assessment', minutes: 120, sortOrder: 1 }));
    await ok(admin.post(URL, { activity: 'Travel', minutes: 60, sortOrder: 2, description: 'Each way' }));
    const list = await ok<{ totalCount: number; items: { activity: string; minutes: number }[] }>(staff.get(URL));
    expect(list.items.map((i) => [i.activity, i.minutes])).toEqual([
      ['Assessment', 120],
      ['Travel', 60],
      ['Report writing', 240],
    ]);
  });

  test('minutes and the activity are checked, naming the field; a name is used once', async () => {
    for (const minutes of [0, 6001, 1.5, 'x']) {
      const res = await admin.post(URL, { activity: `Bad ${minutes}`, minutes });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain('minutes');
    }
    const blank = await admin.post(URL, { activity: ' ', minutes: 30 });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('activity');
    const twice = await admin.post(URL, { activity: 'report WRITING', minutes: 30 });
    expect(twice.body).toContain('An activity with this name already exists.');
    expect((await ok<{ totalCount: number }>(admin.get(URL))).totalCount).toBe(3);
  });

  test('is audited, and another tenant sees none of it (its id is a 404)', async () => {
    const row = await ok<{ id: string }>(admin.post(URL, { activity: 'File review', minutes: 45 }));
    const changes = await ok<{ items: { changeType: string }[] }>(
      admin.get(`/api/app/entity-changes?entityId=${row.id}`),
    );
    expect(changes.items.map((c) => c.changeType)).toContain('Created');
    expect((await other.get(`${URL}/${row.id}`)).statusCode).toBe(404);
    expect((await ok<{ items: unknown[] }>(other.get(URL))).items).toEqual([]);
  });
});
