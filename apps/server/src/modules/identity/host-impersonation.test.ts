import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@casebook/domain';
import { callerFor, createTestApp, ensureHostTenant, newTenant, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the host impersonates a tenant's admin", () => {
  it('from the tenant alone, as its first tenant admin', async () => {
    const host = await callerFor(t, await ensureHostTenant(t.database));
    const name = `Harbour ${uuidv7().slice(-8)}`;
    const tenant = await ok<{ id: string; editionName: string; features: Record<string, string> }>(
      host.post('/api/app/tenants', {
        name,
        editionName: 'LAW CONNECT',
        adminEmail: `admin@${name.replace(' ', '')}.test`,
      }),
    );
    expect(tenant.editionName).toBe('LAW CONNECT');
    const { accessToken } = await ok<{ accessToken: string }>(
      host.post('/api/app/account/impersonate', { tenantId: tenant.id }),
    );
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/app/account/my-profile',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(JSON.stringify(asAdmin.json())).toContain(`admin@${name.replace(' ', '')}.test`.toLowerCase());
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/app/tenants/current',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(current.json()).toMatchObject({ id: tenant.id, name });
    // Neither input is a 400 naming userId; an unknown tenant is a 404.
    const empty = await host.post('/api/app/account/impersonate', {});
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('userId');
    expect((await host.post('/api/app/account/impersonate', { tenantId: uuidv7() })).statusCode).toBe(404);
  });

  it("is not found for a tenant's own admin naming another tenant", async () => {
    const mine = await newTenant(t.database);
    const other = await newTenant(t.database);
    await callerFor(t, other);
    const admin = await callerFor(t, mine);
    expect((await admin.post('/api/app/account/impersonate', { tenantId: other })).statusCode).toBe(404);
  });
});
