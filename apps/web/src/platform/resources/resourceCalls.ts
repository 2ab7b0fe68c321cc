import {
  resourceEndpointsNamed,
  UserEndpoints,
  type Endpoint,
  type AnyResourceEndpoints,
  type FileAnswer,
  type PagedResult,
  type ResourceMetadataDto,
} from '@casebook/domain';
import { ApiError, useApi, type ApiClient } from '../api/api-client';
import { callEndpoint, type CallOptions } from '../api/endpoints';

type Row = Record<string, unknown> & { id: string };
type Query = Record<string, unknown>;

/** The declared endpoints of a resource named at run time; a 404 when no resource has that name. */
export function resourceEndpointsOf(name: string): AnyResourceEndpoints {
  const endpoints = resourceEndpointsNamed(name);
  if (!endpoints) throw new ApiError(404, 'Casebook:EntityNotFound', `There is no resource called ${name}.`);
  return endpoints;
}

/**
 * The writes of a resource whose records its own module writes (users: the identity module's calls, which
 * check roles and send passwords), by resource name.
 */
const OWN_WRITES: Record<
  string,
  { create: Endpoint; update: Endpoint; delete: Endpoint; enable: Endpoint; disable: Endpoint }
> = {
  users: {
    create: UserEndpoints.createUser,
    update: UserEndpoints.updateUser,
    delete: UserEndpoints.deleteUser,
    enable: UserEndpoints.enableUser,
    disable: UserEndpoints.disableUser,
  },
};

/** A write the resource has neither declared nor delegated to its module. */
function noWrite(name: string, what: string): never {
  throw new ApiError(405, 'Casebook:NotAllowed', `The ${name} records cannot be ${what} here.`);
}

/**
 * The calls the generic screens make of a resource they know only by name, through the resource's
 * declared endpoints, or its module's (`OWN_WRITES`) for a resource whose records its module writes.
 */
export function resourceCalls(api: ApiClient, name: string) {
  const e = resourceEndpointsOf(name);
  const own = OWN_WRITES[name];
  const create = e.create ?? own?.create;
  const update = e.update ?? own?.update;
  const remove = e.delete ?? own?.delete;
  const enable = e.enable ?? own?.enable;
  const disable = e.disable ?? own?.disable;
  return {
    metadata: (options?: CallOptions): Promise<ResourceMetadataDto> =>
      callEndpoint(api, e.metadata, undefined, options),
    list: <T = Row>(query: Query, options?: CallOptions) =>
      callEndpoint(api, e.list, { query } as never, options) as Promise<PagedResult<T>>,
    export: (query: Query, options?: CallOptions) =>
      callEndpoint(api, e.export, { query } as never, options) as Promise<FileAnswer>,
    get: <T = Row>(id: string, options?: CallOptions) =>
      callEndpoint(api, e.get, { params: { id } }, options) as Promise<T>,
    create: <T = Row>(body: Record<string, unknown>) =>
      (create ? callEndpoint(api, create, { body } as never) : noWrite(name, 'added')) as Promise<T>,
    update: <T = Row>(id: string, body: Record<string, unknown> & { concurrencyStamp: string }) =>
      (update ? callEndpoint(api, update, { params: { id }, body } as never) : noWrite(name, 'changed')) as Promise<T>,
    delete: async (id: string): Promise<void> => {
      if (!remove) noWrite(name, 'deleted');
      await callEndpoint(api, remove, { params: { id } } as never);
    },
    setActive: async (id: string, isActive: boolean): Promise<void> => {
      const action = isActive ? enable : disable;
      if (!action) noWrite(name, isActive ? 'enabled' : 'disabled');
      await callEndpoint(api, action, { params: { id } } as never);
    },
  };
}

/** The calls of one resource for the signed-in session. */
export function useResourceCalls(name: string) {
  return resourceCalls(useApi(), name);
}
