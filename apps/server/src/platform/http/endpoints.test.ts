import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { endpoint, endpointCatalogue, type Endpoint } from '@casebook/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { EndpointTable, registerEndpoint } from './endpoints';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const label = (e: Endpoint) => `${e.method} ${e.path}`;

/** The API description itself: generated from the declarations, so it is not one of them. */
const API_DESCRIPTION = 'GET /api/docs';

/**
 * Routes still written by hand, file by file, until their module moves to declarations (decision 0022,
 * "Still to move"). These are the only `/api/` routes allowed outside the catalogue; a module that
 * moves drops its entry here, and an entry that is declared or no longer served fails the test.
 */
const HAND_WRITTEN_ROUTES: Record<string, readonly string[]> = {
  'modules/files/files.routes.ts': [
    'POST /api/app/files',
    'GET /api/app/files/:id',
    'POST /api/app/files/GenerateDownloadToken',
    'GET /api/app/files/download',
    'GET /api/app/file-manager/tenants',
    'PUT /api/app/file-manager/setFileSizeLimit',
    'GET /api/app/file-manager/getTotalSize',
  ],
  'modules/files/attachments.routes.ts': [
    'GET /api/app/attachments',
    'GET /api/app/attachments/documentSearch',
    'GET /api/app/attachments/:id',
    'POST /api/app/attachments',
    'DELETE /api/app/attachments/:id',
    'DELETE /api/app/attachments',
    'POST /api/app/attachments/:id/cleanup',
    'POST /api/app/attachments/:id/summaryDocument',
    'POST /api/app/attachments/MergeFiles',
    'POST /api/app/attachments/downloadAll',
    'GET /api/app/attachments/downloadAll',
  ],
  'modules/identity/system-config.routes.ts': [
    'GET /api/app/system-config',
    'GET /api/app/system-config/getSetting',
    'PUT /api/app/system-config',
    'GET /api/app/system-config/userSettings',
    'PUT /api/app/system-config/userSetting',
    'DELETE /api/app/system-config/removeCurrentUserSetting',
    'GET /api/app/system-config/userTableSettings',
    'PUT /api/app/system-config/updateUserTableSetting',
  ],
  'modules/identity/identity.routes.ts': [
    'POST /api/account/forgot-password',
    'POST /api/account/reset-password',
    'POST /api/account/onetime-access/redeem',
    'GET /api/app/account/my-profile',
    'PUT /api/app/account/my-profile',
    'PUT /api/app/account/change-password',
    'POST /api/app/account/logout',
    'POST /api/app/account/impersonate',
    'POST /api/app/onetime-access',
    'POST /api/app/users',
    'POST /api/app/users/createForTenant',
    'PUT /api/app/users/:id',
    'PUT /api/app/users/:id/enable',
    'PUT /api/app/users/:id/disable',
    'PUT /api/app/users/:id/lock',
    'PUT /api/app/users/:id/unlock',
    'DELETE /api/app/users/:id',
    'PUT /api/app/users/:id/setPassword',
    'POST /api/app/users/:id/resendPassword',
    'GET /api/app/users/checkDuplicateEmail',
    'GET /api/app/users/:id/loginHistory',
    'GET /api/app/tenants/roles',
    'GET /api/app/roles/permissions',
    'PUT /api/app/roles/:roleName/permissions',
    'PUT /api/app/roles/setDefaultPermissions',
  ],
};

describe('declared endpoints', () => {
  it('every declared endpoint is served by a route with its method, path and access rule', () => {
    expect(endpointCatalogue.length).toBeGreaterThan(0);
    const served = new Map(t.routes.map((r) => [`${r.method} ${r.url}`, r.access]));
    const missing = endpointCatalogue.filter((e) => !served.has(label(e))).map(label);
    expect(missing).toEqual([]);
    for (const e of endpointCatalogue) expect(served.get(label(e)), label(e)).toEqual(e.access);
    expect(t.app.endpointTable.unhandled().map(label)).toEqual([]);
  });

  it('every route served under /api/ comes from the endpoint catalogue, but for the listed hand-written ones', () => {
    const declared = new Set(endpointCatalogue.map(label));
    const handWritten = new Set(Object.values(HAND_WRITTEN_ROUTES).flat());
    const served = t.routes.filter((r) => r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
    const undeclared = served.filter((r) => !declared.has(r) && !handWritten.has(r) && r !== API_DESCRIPTION);
    expect(undeclared, 'routes under /api/ that are not declared endpoints').toEqual([]);
    // An exception that is declared by now, or no longer served, is removed from the list.
    expect([...handWritten].filter((r) => declared.has(r) || !served.includes(r))).toEqual([]);
    expect(served).toContain(API_DESCRIPTION);
  });

  it('declares each method and path once', () => {
    const labels = endpointCatalogue.map(label);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
  });

  it('a declared endpoint without a handler fails start-up, and a handler without a declaration fails at once', () => {
    const declared = endpoint({
      method: 'GET',
      path: '/api/app/probe/:id',
      params: z.object({ id: z.string() }),
      response: z.object({ id: z.string() }),
      access: { authenticated: true },
      tags: ['Probe'],
    });
    const stray = endpoint({
      method: 'GET',
      path: '/api/app/stray',
      response: z.object({}),
      access: { authenticated: true },
      tags: ['Probe'],
    });
    const app = Fastify();
    app.decorate('endpointTable', new EndpointTable([declared]));
    expect(() => app.endpointTable.assertComplete()).toThrow(
      'Declared endpoints without a handler: GET /api/app/probe/:id',
    );
    expect(() => registerEndpoint(app, stray, async () => ({}))).toThrow(
      'GET /api/app/stray has a handler but is not in the endpoint catalogue',
    );
    registerEndpoint(app, declared, async (req) => ({ id: req.params.id }));
    expect(() => app.endpointTable.assertComplete()).not.toThrow();
    expect(() => registerEndpoint(app, declared, async (req) => ({ id: req.params.id }))).toThrow('has two handlers');
  });

  it('a declaration whose path parameters differ from its params schema is refused', () => {
    expect(() =>
      endpoint({
        method: 'GET',
        path: '/api/app/probe/:id/:other',
        params: z.object({ id: z.string() }),
        response: z.object({}),
        access: { authenticated: true },
        tags: ['Probe'],
      }),
    ).toThrow('path parameters (id, other) and params schema (id) differ');
  });
});
