import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Caller;
let staff: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = await newTenant(t.database);
  admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF']);
});
afterAll(async () => {
  await t?.close();
});

describe('health status', () => {
  test('lists the checks for a tenant admin, with the database healthy', async () => {
    const res = await admin.get('/api/app/health-status');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { name: string; status: string }[];
    expect(items.find((i) => i.name === 'Database')?.status).toBe('Healthy');
    expect(items.map((i) => i.name)).toContain('E-mail');
  });

  test('queues a test e-mail to a valid address, and names the field of an invalid one', async () => {
    const sent = await admin.post('/api/app/health-status/sendTestEmail', { email: 'ops@example.com' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(typeof sent.json().id).toBe('string');

    const invalid = await admin.post('/api/app/health-status/sendTestEmail', { email: 'not an address' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('email');
    const extra = await admin.post('/api/app/health-status/sendTestEmail', { email: 'ops@example.com', cc: 'x' });
    expect(extra.statusCode).toBe(400);
  });

  test('is closed to staff', async () => {
    expect((await staff.get('/api/app/health-status')).statusCode).toBe(403);
    expect((await staff.post('/api/app/health-status/sendTestEmail', { email: 'ops@example.com' })).statusCode).toBe(
      403,
    );
  });

  test('the liveness probe answers anonymously while the database is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Healthy', database: t.database.kind });
  });

  test('a server seeding the demo after it starts answering says where that stands', async () => {
    let state: 'seeding' | 'ready' = 'seeding';
    const seeding = await createTestApp(t.database, { demoData: () => state });
    try {
      const before = await seeding.app.inject({ method: 'GET', url: '/api/health' });
      expect(before.json()).toEqual({ status: 'Healthy', database: t.database.kind, demo: 'seeding' });
      state = 'ready';
      const after = await seeding.app.inject({ method: 'GET', url: '/api/health' });
      expect(after.json()).toEqual({ status: 'Healthy', database: t.database.kind, demo: 'ready' });
    } finally {
      await seeding.app.close();
    }
  });
});
