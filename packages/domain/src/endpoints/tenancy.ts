import { z } from 'zod';
import { Uuid } from '../ids';
import { PagedListInput, pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { CreateTenantInput, TenantDto, UpdateTenantInput } from '../tenants';
import { Editions } from '../tenancy';
import { endpoint } from './endpoint';

const IdParams = z.object({ id: Uuid });
const tags = ['Tenants'];
const host = (permission: string) => ({ permission, hostOnly: true }) as const;

/** Tenants and editions: the caller's own tenant, and the host's tenant register. */
export const TenancyEndpoints = {
  currentTenant: endpoint({
    method: 'GET',
    path: '/api/app/tenants/current',
    response: TenantDto,
    access: { authenticated: true },
    summary: 'The tenant the caller works in',
    tags,
  }),
  listEditions: endpoint({
    method: 'GET',
    path: '/api/app/editions',
    response: pagedResult(z.object({ name: z.enum(Editions), code: z.string(), defaultFeatures: z.array(z.string()) })),
    access: { authenticated: true },
    tags: ['Editions'],
  }),
  listTenants: endpoint({
    method: 'GET',
    path: '/api/app/tenants',
    query: PagedListInput,
    response: z.union([
      pagedResult(TenantDto),
      pagedResult(z.object({ id: z.string(), displayName: z.string(), isActive: z.boolean() })),
    ]),
    access: host(Permissions.tenants.read),
    tags,
  }),
  getTenant: endpoint({
    method: 'GET',
    path: '/api/app/tenants/:id',
    params: IdParams,
    response: TenantDto,
    access: host(Permissions.tenants.read),
    tags,
  }),
  createTenant: endpoint({
    method: 'POST',
    path: '/api/app/tenants',
    body: CreateTenantInput,
    response: TenantDto,
    access: host(Permissions.tenants.create),
    tags,
  }),
  updateTenant: endpoint({
    method: 'PUT',
    path: '/api/app/tenants/:id',
    params: IdParams,
    body: UpdateTenantInput,
    response: TenantDto,
    access: host(Permissions.tenants.update),
    tags,
  }),
  deleteTenant: endpoint({
    method: 'DELETE',
    path: '/api/app/tenants/:id',
    params: IdParams,
    response: z.void(),
    status: 204,
    access: host(Permissions.tenants.delete),
    tags,
  }),
};
