import { createContext, useContext } from 'react';

/** One query-string value; empty, null and undefined are dropped. */
export type QueryValue = string | number | boolean | null | undefined;

/** Options of one API call. */
export type RequestOptions = {
  /** Query-string values; empty, null and undefined values are dropped (spec: query strings); a list repeats its name. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Skip the global error notice (the caller shows its own message). */
  silent?: boolean;
  signal?: AbortSignal;
  /** A host user's call made in this tenant (the host's tenant picker); ignored by the server for others. */
  tenantId?: string;
};

/** The ABP error envelope of a failed call, and the HTTP status it came with. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly validationErrors: { message: string; members: string[] }[] = [],
    /** What the refusal asks of the caller (the envelope's `details`), e.g. `confirm:independenceOverrideReason`. */
    readonly details?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The one way screens talk to the API: bearer token, 401 → refresh once and retry, the spec's error
 * catalogue as notices (409, network, other failures; 500 without a notice), JSON in and out.
 */
export type ApiClient = {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  del(path: string, options?: RequestOptions): Promise<void>;
  /** A file answer (export, download) with the name the server gave it; with a body it is a POST. */
  download(path: string, options?: RequestOptions & { body?: unknown }): Promise<{ blob: Blob; fileName: string }>;
};

export const ApiContext = createContext<ApiClient | null>(null);

/** The API client of the signed-in session. */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi outside ApiContext');
  return client;
}
