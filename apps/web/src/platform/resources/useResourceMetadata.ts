import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-client';
import type { ResourceMetadata } from './metadata';
import { resourceCalls } from './resourceCalls';

/** Query keys of the resource screens, to refresh what a change affects. */
export const resourceKeys = {
  metadata: (resource: string) => ['resource-metadata', resource] as const,
  record: (resource: string, id: string) => ['resource-record', resource, id] as const,
  history: (id: string) => ['entity-changes', id] as const,
  table: (resource: string) => `resource:${resource}`,
};

/** The resource's metadata (its declared metadata endpoint), kept for the session: it changes only with a deployment. */
export function useResourceMetadata(resource: string) {
  const api = useApi();
  return useQuery({
    queryKey: resourceKeys.metadata(resource),
    // An unknown name is a 404, as the server would answer.
    queryFn: ({ signal }) => resourceCalls(api, resource).metadata({ signal }) as Promise<ResourceMetadata>,
    staleTime: Infinity,
  });
}
