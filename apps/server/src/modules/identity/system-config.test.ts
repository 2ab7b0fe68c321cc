import { afterAll, beforeAll, expect, test } from 'vitest';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Caller;
let staff: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = await newTenant(t.database);
  admin = await callerFor(t, tenantId, ['TENANT_ADMIN']);
  staff = await callerFor(t, tenantId, ['STAFF']);
});
afterAll(async () => {
  await t?.close();
});

test("administrators set the tenant's settings; a user's own setting wins for that user", async () => {
  const key = 'ICS.InAppNotification.ShowPopupForNewItem';
  expect((await staff.put('/api/app/system-config', { settings: { [key]: 'true' } })).statusCode).toBe(403);
  const set = await admin.put('/api/app/system-config', { settings: { [key]: 'true', currency: 'AUD' } });
  expect(set.statusCode, set.body).toBe(200);
  expect((await staff.get(`/api/app/system-config/getSetting?key=${key}`)).json()).toEqual({ key, value: 'true' });
  await staff.put('/api/app/system-config/userSetting', { key, value: 'false' });
  expect((await staff.get('/api/app/system-config')).json().settings).toMatchObject({
    [key]: 'false',
    currency: 'AUD',
  });
  expect((await admin.get(`/api/app/system-config/getSetting?key=${key}`)).json().value).toBe('true');
  await staff.request({ method: 'DELETE', url: `/api/app/system-config/removeCurrentUserSetting?key=${key}` });
  expect((await staff.get(`/api/app/system-config/getSetting?key=${key}`)).json().value).toBe('true');
});

test('table column settings are kept per user and table', async () => {
  const columns = [
    { name: 'name', hidden: false },
    { name: 'postcode', hidden: true },
  ];
  const saved = await staff.put('/api/app/system-config/updateUserTableSetting', { tableKey: 'cities', columns });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await staff.get('/api/app/system-config/userTableSettings?tableKey=cities')).json()).toEqual({
    items: [{ tableKey: 'cities', columns }],
  });
  expect((await admin.get('/api/app/system-config/userTableSettings?tableKey=cities')).json()).toEqual({ items: [] });
  // Table settings do not leak into the settings map.
  expect(Object.keys((await staff.get('/api/app/system-config')).json().settings)).not.toContain('table:cities');
  const bad = await staff.put('/api/app/system-config/updateUserTableSetting', { tableKey: "x'; drop", columns });
  expect(bad.statusCode).toBe(400);
});
