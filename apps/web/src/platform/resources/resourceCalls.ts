import {
  endpointPath,
  resourceEndpointsNamed,
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
 * The calls the generic screens make of a resource they know only by name, through the resource's
 * declared endpoints. A resource that writes its own records (users: the identity module's routes,
 * not declared yet) is written at the same paths as its declared list and record.
 */
export function resourceCalls(api: ApiClient, name: string) {
  const e = resourceEndpointsOf(name);
  const recordPath = (id: string) => endpointPath(e.get, { id });
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
      (e.create ? callEndpoint(api, e.create, { body }) : api.post(e.list.path, body)) as Promise<T>,
    update: <T = Row>(id: string, body: Record<string, unknown> & { concurrencyStamp: string }) =>
      (e.update ? callEndpoint(api, e.update, { params: { id }, body }) : api.put(recordPath(id), body)) as Promise<T>,
    delete: async (id: string): Promise<void> => {
      if (e.delete) await callEndpoint(api, e.delete, { params: { id } });
      else await api.del(recordPath(id));
    },
    setActive: async (id: string, isActive: boolean): Promise<void> => {
      const action = isActive ? e.enable : e.disable;
      if (action) await callEndpoint(api, action, { params: { id } });
      else await api.put(`${recordPath(id)}/${isActive ? 'enable' : 'disable'}`);
    },
  };
}

/** The calls of one resource for the signed-in session. */
export function useResourceCalls(name: string) {
  return resourceCalls(useApi(), name);
}
