import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { EditionDefaultFeatures, HOST_TENANT_ID } from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  ensureHostTenant,
  newTenant,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { createGuard } from '../../platform/access/context';
import { errorHandler } from '../../platform/http/errors';

let t: TestApp;
let hostAdmin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  await ensureHostTenant(t.database);
  hostAdmin = await callerFor(t, HOST_TENANT_ID, ['TENANT_ADMIN']);
});
afterAll(async () => {
  await t?.close();
});

describe('tenants (host only)', () => {
  test('the host creates a tenant with its edition, reference data and administrator', async () => {
    const name = `Acme Medico ${Date.now()}`;
    const res = await hostAdmin.post('/api/app/tenants', {
      name,
      editionName: 'LAW CONNECT',
      features: { NDIS: 'True' },
      extraProperties: { ClientDomain: 'acme.example.com' },
      adminEmail: 'boss@acme.example.com',
      adminPassword: 'Acme!2026pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    const tenant = res.json();
    expect(tenant).toMatchObject({
      name,
      editionName: 'LAW CONNECT',
      editionCode: 'LC',
      isHost: false,
      country: { name: 'Australia' },
    });
    // Effective features: the edition's defaults, the tenant's own flag, and the derived CaseManagement.
    for (const f of EditionDefaultFeatures['LAW CONNECT']) expect(tenant.features[f]).toBe('True');
    expect(tenant.features).toMatchObject({ NDIS: 'True', CaseManagement: 'True' });
    expect(tenant.featureOverrides).toEqual({ NDIS: 'True' });

    const admin = (await hostAdmin.get(`/api/app/users?filterText=boss@acme`)).json();
    expect(admin.totalCount).toBe(0); // the host's own list never shows another tenant's users
    const duplicate = await hostAdmin.post('/api/app/tenants', {
      name: name.toUpperCase(),
      editionName: 'MLP',
      adminEmail: 'x@example.com',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.validationErrors[0].members).toEqual(['name']);
  });

  test('the host edits features and settings; a stale stamp is 409', async () => {
    const id = await newTenant(t.database, { name: `edit-${Date.now()}`, editionName: 'MLP' });
    const tenant = (await hostAdmin.get(`/api/app/tenants/${id}`)).json();
    const body = {
      name: tenant.name,
      editionName: 'MLP',
      features: { Assessment: 'False', MVA: 'True' },
      extraProperties: {},
      settings: { currency: 'AUD' },
      timezone: 'Australia/Perth',
      defaultCountryId: tenant.defaultCountryId,
      isActive: true,
      concurrencyStamp: tenant.concurrencyStamp,
    };
    const saved = await hostAdmin.put(`/api/app/tenants/${id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().features.Assessment).toBeUndefined();
    expect(saved.json()).toMatchObject({ timezone: 'Australia/Perth', settings: { currency: 'AUD' } });
    expect(saved.json().features.MVA).toBe('True');
    expect((await hostAdmin.put(`/api/app/tenants/${id}`, body)).statusCode).toBe(409);
    const badZone = await hostAdmin.put(`/api/app/tenants/${id}`, {
      ...body,
      timezone: 'Mars/Olympus',
      concurrencyStamp: saved.json().concurrencyStamp,
    });
    expect(badZone.statusCode).toBe(400);
    const history = (await hostAdmin.get(`/api/app/entity-changes?entityId=${id}&propertyName=timezone`)).json();
    expect(history.items[0]).toMatchObject({ originalValue: 'Australia/Sydney', newValue: 'Australia/Perth' });
  });

  test("a tenant sees only its own tenant through 'current', never the registry", async () => {
    const id = await newTenant(t.database, { name: `own-${Date.now()}` });
    const admin = await callerFor(t, id, ['TENANT_ADMIN']);
    const current = await admin.get('/api/app/tenants/current');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      id,
      editionCode: 'MLP',
      country: { name: 'Australia' },
      defaultPicId: null,
    });
    expect((await admin.get('/api/app/tenants')).statusCode).toBe(403);
    expect((await admin.get(`/api/app/tenants/${id}`)).statusCode).toBe(403);
  });

  test('a deactivated tenant signs nobody in and its tokens stop working', async () => {
    const id = await newTenant(t.database, { name: `closing-${Date.now()}` });
    const user = await callerFor(t, id, ['STAFF']);
    expect((await user.get('/api/app/countries')).statusCode).toBe(200);
    expect((await hostAdmin.del(`/api/app/tenants/${id}`)).statusCode).toBe(204);
    expect((await user.get('/api/app/countries')).statusCode).toBe(401);
    expect((await hostAdmin.del(`/api/app/tenants/${HOST_TENANT_ID}`)).statusCode).toBe(422);
  });

  test('a host user works inside a tenant with the __tenant header', async () => {
    const id = await newTenant(t.database, { name: `picked-${Date.now()}` });
    const res = await hostAdmin.request({
      method: 'GET',
      url: '/api/app/countries?filterText=Australia',
      headers: { __tenant: id },
    });
    expect(res.statusCode).toBe(200);
    const ids = (
      await hostAdmin.request({ method: 'GET', url: '/api/app/countries', headers: { __tenant: id } })
    ).json();
    const own = (await hostAdmin.get('/api/app/countries')).json();
    expect(ids.items[0].id).not.toBe(own.items[0].id);
    // A tenant user cannot pick another tenant.
    const tenantUser = await callerFor(t, id, ['TENANT_ADMIN']);
    const other = await newTenant(t.database);
    const refused = await tenantUser.request({
      method: 'GET',
      url: '/api/app/countries',
      headers: { __tenant: other },
    });
    expect(refused.json().items[0].id).toBe(ids.items[0].id);
  });

  test('editions list their default features', async () => {
    const res = (await hostAdmin.get('/api/app/editions')).json();
    expect(res.items.map((e: { name: string }) => e.name)).toEqual([
      'MLP',
      'LAW CONNECT',
      'FUNDING PROVIDER',
      'LMQ PROVIDER',
      'MARKETING',
    ]);
  });
});

describe('feature gate', () => {
  test('a route that needs a feature is refused when the tenant has it off, by edition or by flag', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.decorateRequest('casebook', undefined);
    app.addHook(
      'onRequest',
      createGuard({ tokens: t.tokens, tenants: t.tenants, users: t.users, permissions: t.permissions }),
    );
    app.get('/api/app/ndis-probe', { config: { access: { authenticated: true, features: ['NDIS'] } } }, async () => ({
      ok: true,
    }));
    app.get(
      '/api/app/case-probe',
      { config: { access: { authenticated: true, features: ['CaseManagement'] } } },
      async () => ({ ok: true }),
    );
    await app.ready();
    const call = async (tenantId: string, url: string) => {
      const c = await callerFor(t, tenantId, ['STAFF']);
      return (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${c.token}` } })).statusCode;
    };
    const off = await newTenant(t.database, { editionName: 'FUNDING PROVIDER' });
    const on = await newTenant(t.database, { editionName: 'FUNDING PROVIDER', features: { NDIS: 'True' } });
    expect(await call(off, '/api/app/ndis-probe')).toBe(403);
    expect(await call(on, '/api/app/ndis-probe')).toBe(200);
    // CaseManagement is derived from NDIS.
    expect(await call(off, '/api/app/case-probe')).toBe(403);
    expect(await call(on, '/api/app/case-probe')).toBe(200);
    await app.close();
  });
});
