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

describe('declared endpoints', () => {
  it('every declared endpoint is served by a route with its method, path and access rule', () => {
    expect(endpointCatalogue.length).toBeGreaterThan(0);
    const served = new Map(t.routes.map((r) => [`${r.method} ${r.url}`, r.access]));
    const missing = endpointCatalogue.filter((e) => !served.has(label(e))).map(label);
    expect(missing).toEqual([]);
    for (const e of endpointCatalogue) expect(served.get(label(e)), label(e)).toEqual(e.access);
    expect(t.app.endpointTable.unhandled().map(label)).toEqual([]);
  });

  it('every route served under /api/ comes from the endpoint catalogue', () => {
    const declared = new Set(endpointCatalogue.map(label));
    const served = t.routes.filter((r) => r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
    const undeclared = served.filter((r) => !declared.has(r) && r !== API_DESCRIPTION);
    expect(undeclared, 'routes under /api/ that are not declared endpoints').toEqual([]);
    expect(served).toContain(API_DESCRIPTION);
  });

  it('a server that answers the committed description (npm start) answers what the routes describe', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const started = await createTestApp(t.database, { apiDescription: 'committed' });
    try {
      const committed = await started.app.inject({ method: 'GET', url: '/api/docs' });
      expect(committed.statusCode).toBe(200);
      expect(committed.headers['content-type']).toMatch(/^application\/json/);
      expect(committed.json()).toEqual(live.json());
    } finally {
      await started.app.close();
    }
  });

  it('a GET answers HEAD only where it asks: the health check does, an API list does not', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
    // Unsigned, the GET is refused (401); a HEAD finds no route at all.
    expect((await t.app.inject({ method: 'GET', url: '/api/app/system-update' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/app/system-update' })).statusCode).toBe(404);
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
