import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-client';
import type { ResourceMetadata } from './metadata';

/** Query keys of the resource screens, to refresh what a change affects. */
export const resourceKeys = {
  metadata: (resource: string) => ['resource-metadata', resource] as const,
  record: (resource: string, id: string) => ['resource-record', resource, id] as const,
  history: (id: string) => ['entity-changes', id] as const,
  table: (resource: string) => `resource:${resource}`,
};

/** GET /api/app/{resource}/metadata, kept for the session: it changes only with a deployment. */
export function useResourceMetadata(resource: string) {
  const api = useApi();
  return useQuery({
    queryKey: resourceKeys.metadata(resource),
    queryFn: ({ signal }) => api.get<ResourceMetadata>(`/api/app/${resource}/metadata`, { signal }),
    staleTime: Infinity,
  });
}
