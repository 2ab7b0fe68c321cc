import { TENANT_HEADER } from '@casebook/domain';
import { ApiError, type ApiClient, type RequestOptions } from './api-client';
import { CONNECTION_FAILED, failureNotice, parseFailureBody } from './failures';

/** What the client needs from its surroundings: an authorised fetch and a way to show errors. */
export type ApiClientDeps = {
  /** fetch() with the bearer token that renews the token once and retries on a 401. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Shows the 'Error' notice. */
  showError: (message: string) => void;
};

/** A path from the root (a declared endpoint's) as given; a relative one (`app/countries`) is taken under `/api/`. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const base = path.startsWith('/') ? path : `/api/${path}`;
  const params = new URLSearchParams();
  for (const [name, values] of Object.entries(query ?? {})) {
    for (const value of Array.isArray(values) ? values : [values]) {
      // The spec: query strings drop empty, null or undefined values.
      if (value === undefined || value === null || value === '') continue;
      params.append(name, String(value));
    }
  }
  const search = params.toString();
  return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameOf(disposition: string | null, fallback = 'download'): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  return (plain?.[2] ?? plain?.[1] ?? fallback).trim() || fallback;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The real ApiClient: JSON in and out, the spec's error catalogue as notices, failures as ApiError. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  async function send(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.tenantId) headers[TENANT_HEADER] = options.tenantId;
    const init: RequestInit = { method, headers };
    if (body instanceof FormData) {
      // Uploads: the browser writes the multipart boundary itself.
      init.body = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (options.signal) init.signal = options.signal;

    let response: Response;
    try {
      response = await deps.fetch(apiUrl(path, options.query), init);
    } catch (error) {
      // A cancelled call is the caller's own doing: no notice.
      if (isAbort(error)) throw error;
      if (!options.silent) deps.showError(CONNECTION_FAILED);
      throw new ApiError(0, 'Casebook:Network', CONNECTION_FAILED);
    }
    if (response.ok) return response;

    // Binary answers (downloads) are decoded too, so their message can be shown.
    const failure = parseFailureBody(await response.text().catch(() => ''));
    const notice = failureNotice(response.status, failure);
    if (notice !== undefined && !options.silent) deps.showError(notice);
    throw new ApiError(
      response.status,
      failure.code,
      notice ?? failure.message ?? failure.text ?? `HTTP ${response.status}`,
      failure.validationErrors,
      failure.details,
    );
  }

  async function json<T>(response: Response): Promise<T> {
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    get: async <T>(path: string, options?: RequestOptions) => json<T>(await send('GET', path, undefined, options)),
    post: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
      json<T>(await send('POST', path, body, options)),
    put: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
      json<T>(await send('PUT', path, body, options)),
    del: async (path: string, options?: RequestOptions) => {
      await send('DELETE', path, undefined, options);
    },
    download: async (path: string, options?: RequestOptions & { body?: unknown }) => {
      const response = await send(options?.body === undefined ? 'GET' : 'POST', path, options?.body, options);
      const fallback = path.split('?')[0]!.split('/').pop() || 'download';
      return {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('content-disposition'), fallback),
      };
    },
  };
}
