import { describe, expect, it } from 'vitest';
import { endpointCatalogue } from './catalogue';
import {
  CitiesResource,
  ResourceEndpoints,
  resourceDescriptions,
  resourceEndpointsNamed,
  UsersResource,
} from './resource-descriptions';
import { resourceEndpoints } from './resources';

const labels = (set: object) =>
  Object.values(set).map((e: { method: string; path: string }) => `${e.method} ${e.path}`);

describe('resource endpoints', () => {
  it('declares list, export, metadata, get, writes and enable/disable of a resource with isActive', () => {
    expect(labels(ResourceEndpoints.cities)).toEqual([
      'GET /api/app/cities',
      'GET /api/app/cities/export',
      'GET /api/app/cities/metadata',
      'GET /api/app/cities/:id',
      'POST /api/app/cities',
      'PUT /api/app/cities/:id',
      'DELETE /api/app/cities/:id',
      'PUT /api/app/cities/:id/enable',
      'PUT /api/app/cities/:id/disable',
    ]);
    expect(ResourceEndpoints.cities.list.access).toEqual({ permission: CitiesResource.permissions.read, features: [] });
    expect(ResourceEndpoints.cities.delete.access.permission).toBe(CitiesResource.permissions.delete);
  });

  it('declares no writes for a resource that writes its own records', () => {
    expect(labels(ResourceEndpoints.users)).toEqual([
      'GET /api/app/users',
      'GET /api/app/users/export',
      'GET /api/app/users/metadata',
      'GET /api/app/users/:id',
    ]);
    expect(UsersResource.genericWrites).toBe(false);
  });

  it('gives the same declarations for the same description, and all of them are in the catalogue', () => {
    expect(resourceEndpoints(CitiesResource)).toBe(ResourceEndpoints.cities);
    const catalogue = new Set(endpointCatalogue);
    for (const d of resourceDescriptions) {
      for (const e of Object.values(resourceEndpoints(d))) expect(catalogue.has(e), `${d.name}`).toBe(true);
    }
  });

  it("lists a resource's filters in its list query, parsed by their schemas", () => {
    const query = ResourceEndpoints.cities.list.query!.parse({ countryId: '01900000-0000-7000-8000-000000000001' });
    expect(query).toMatchObject({
      skipCount: 0,
      maxResultCount: 20,
      countryId: '01900000-0000-7000-8000-000000000001',
    });
    expect(ResourceEndpoints['lookup-configs'].list.query!.parse({ type: 'SPECIALTY,BODY_PART' }).type).toEqual([
      'SPECIALTY',
      'BODY_PART',
    ]);
    expect(ResourceEndpoints.cities.list.query!.safeParse({ countryId: 'x' }).success).toBe(false);
  });

  it('finds the declarations of a resource named at run time, and none for an unknown name', () => {
    expect(resourceEndpointsNamed('countries')).toBe(ResourceEndpoints.countries);
    expect(resourceEndpointsNamed('no-such-resource')).toBeUndefined();
    expect(resourceEndpointsNamed('toString')).toBeUndefined();
  });
});
