import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { matchesEndpointPath, type Endpoint, type EndpointOutput } from '@casebook/domain';
import { AllPermissionNames } from '@casebook/domain';
import type { Session } from '../../../app/session/sessionTypes';
import { SessionContext } from '../../../app/session/useSession';
import { ApiContext, type ApiClient, type RequestOptions } from '../../api/api-client';

/** One call the screen made. */
export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'DOWNLOAD';
  path: string;
  query: RequestOptions['query'];
  body?: unknown;
};

/** Answers a call: a value, or throws (an ApiError) to fail it. */
export type Handler = (call: Call) => unknown;

/** An ApiClient that records calls and answers them from `handler`, asynchronously like the real one. */
export function fakeApi(handler: Handler): ApiClient & { calls: Call[] } {
  const calls: Call[] = [];
  const answer = async (call: Call) => {
    calls.push(call);
    await Promise.resolve();
    return handler(call);
  };
  return {
    calls,
    get: <T,>(path: string, options?: RequestOptions) =>
      answer({ method: 'GET', path, query: options?.query }) as Promise<T>,
    post: <T,>(path: string, body?: unknown, options?: RequestOptions) =>
      answer({ method: 'POST', path, query: options?.query, body }) as Promise<T>,
    put: <T,>(path: string, body?: unknown, options?: RequestOptions) =>
      answer({ method: 'PUT', path, query: options?.query, body }) as Promise<T>,
    del: async (path: string, options?: RequestOptions) => {
      await answer({ method: 'DELETE', path, query: options?.query });
    },
    download: (path: string, options?: RequestOptions & { body?: unknown }) =>
      answer({ method: 'DOWNLOAD', path, query: options?.query, body: options?.body }) as Promise<{
        blob: Blob;
        fileName: string;
      }>,
  };
}

/** Whether a recorded call is a call of this declared endpoint (its method and path pattern). */
export function isCallOf(call: Call, e: Endpoint): boolean {
  return call.method === e.method && matchesEndpointPath(e, call.path);
}

/** One declared endpoint's fake answer, typed by the declaration's response. */
export type EndpointAnswer = { endpoint: Endpoint; answer: (call: Call) => unknown };

/** Answers calls of `e` with `answer` (a value of its response type, or throw to fail the call). */
export function on<E extends Endpoint>(
  e: E,
  answer: (call: Call) => EndpointOutput<E> | Promise<EndpointOutput<E>>,
): EndpointAnswer {
  return { endpoint: e, answer };
}

/**
 * A handler that answers the declared endpoints given, matched by the same declarations the screens
 * call; any other call goes to `otherwise` (by default it fails the test with the call it did not expect).
 */
export function answering(answers: readonly EndpointAnswer[], otherwise?: Handler): Handler {
  return (call) => {
    const match = answers.find((a) => isCallOf(call, a.endpoint));
    if (match) return match.answer(call);
    if (otherwise) return otherwise(call);
    throw new Error(`Unexpected call ${call.method} ${call.path}`);
  };
}

/** Renders with the API client and a fresh query cache, as the signed-in shell would provide them. */
export function renderWithApi(
  ui: ReactElement,
  api: ApiClient,
  { permissions = AllPermissionNames }: { permissions?: readonly string[] } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  // A user who holds `permissions` (all of them unless the test says otherwise), in the browser's zone;
  // a test's own session wins.
  const session = {
    permissions: new Set(permissions),
    tenant: { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
  } as unknown as Session;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionContext.Provider value={session}>
      <ApiContext.Provider value={api}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ApiContext.Provider>
    </SessionContext.Provider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient });
}
