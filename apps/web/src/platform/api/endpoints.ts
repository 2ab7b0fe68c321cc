import { useCallback } from 'react';
import { endpointKey, endpointPath, type Endpoint, type EndpointInput, type EndpointOutput } from '@casebook/domain';
import { useApi, type ApiClient, type RequestOptions } from './api-client';
import { apiUrl } from './client';

/** Options of one call; the query comes from the call's input. */
export type CallOptions = Omit<RequestOptions, 'query'>;

/** The input and options arguments: the input is optional when the endpoint needs no params and no body. */
export type CallArgs<E extends Endpoint> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** Calls a declared endpoint: its path with the params filled in, its query and its body, typed both ways. */
export async function callEndpoint<E extends Endpoint>(
  api: ApiClient,
  e: E,
  input: EndpointInput<E> | undefined,
  options?: CallOptions,
): Promise<EndpointOutput<E>> {
  const path = endpointPath(e, input?.params as Record<string, unknown> | undefined);
  const request: RequestOptions = { ...options, query: input?.query as RequestOptions['query'] };
  if (!e.response) {
    // A file answer: a GET without a body, or a POST with one, as the download client sends them.
    return (await api.download(path, {
      ...request,
      ...(input?.body !== undefined ? { body: input.body } : {}),
    })) as EndpointOutput<E>;
  }
  switch (e.method) {
    case 'GET':
      return api.get<EndpointOutput<E>>(path, request);
    case 'POST':
      return api.post<EndpointOutput<E>>(path, input?.body, request);
    case 'PUT':
      return api.put<EndpointOutput<E>>(path, input?.body, request);
    case 'DELETE':
      await api.del(path, request);
      return undefined as EndpointOutput<E>;
  }
}

/**
 * The URL of a call the browser makes by itself, without the bearer header (a new tab, a plain fetch
 * of a download-token link): the path with its params filled in, and the query.
 */
export function endpointUrl<E extends Endpoint>(e: E, input?: EndpointInput<E>): string {
  return apiUrl(
    endpointPath(e, input?.params as Record<string, unknown> | undefined),
    input?.query as RequestOptions['query'],
  );
}

/** The signed-in session's typed client: `call(endpoint, { params, query, body }, options)`. */
export function useCall() {
  const api = useApi();
  return useCallback(
    <E extends Endpoint>(e: E, ...[input, options]: CallArgs<E>) => callEndpoint(api, e, input, options),
    [api],
  );
}

/**
 * TanStack Query options of a GET: the key derives from the declaration (method, path, params, query),
 * so `endpointKey(e)` invalidates every cached call of the endpoint.
 */
export function endpointQuery<E extends Endpoint>(
  api: ApiClient,
  e: E,
  input?: EndpointInput<E>,
  options?: CallOptions,
) {
  return {
    queryKey: endpointKey(e, input ?? {}),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(api, e, input, { ...options, signal }),
  };
}

export { endpointKey };
