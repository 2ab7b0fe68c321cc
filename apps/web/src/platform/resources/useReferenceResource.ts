import { useQueries, useQueryClient } from '@tanstack/react-query';
import { resourceEndpointsNamed } from '@casebook/domain';
import { useApi } from '../api/api-client';
import { resourceCalls } from './resourceCalls';
import { splitReference } from './metadata';

const existsKey = (reference: string) => ['resource-exists', splitReference(reference).resource];

/**
 * Which of the candidate resources of a reference field exists (and may be read by the user): asked
 * of the candidate's metadata endpoint one candidate at a time, each answer kept for the session.
 * Answers the candidate as given (with its query, when the server stated one).
 */
export function useReferenceResource(candidates: readonly string[]): { resource?: string; pending: boolean } {
  const api = useApi();
  const queryClient = useQueryClient();
  const known = candidates.map((c) => queryClient.getQueryData<boolean>(existsKey(c)));
  const answers = useQueries({
    queries: candidates.map((candidate, index) => ({
      queryKey: existsKey(candidate),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        // A name no resource has is known at once; a declared one may still be closed to this user.
        const resource = splitReference(candidate).resource;
        if (!resourceEndpointsNamed(resource)) return false;
        return resourceCalls(api, resource)
          .metadata({ silent: true, signal })
          .then(
            () => true,
            () => false,
          );
      },
      staleTime: Infinity,
      // The next name is asked only once the ones before it do not exist.
      enabled: known.slice(0, index).every((answer) => answer === false),
    })),
  });
  for (const [index, answer] of answers.entries()) {
    if (answer.data === true) return { resource: candidates[index], pending: false };
    if (answer.data !== false) return { pending: true };
  }
  return { pending: false };
}
