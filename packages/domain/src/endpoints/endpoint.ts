import { z } from 'zod';

/** HTTP methods the API uses. */
export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint; the server's guard reads it before the handler runs. */
export type EndpointAccess = {
  /** Anonymous endpoints skip authentication entirely. */
  anonymous?: boolean;
  /** The caller needs this permission. */
  permission?: string;
  /** Any signed-in user (self-service calls); says so explicitly. */
  authenticated?: boolean;
  /** At least one of these features must be on for the tenant. */
  features?: readonly string[];
  /** Only users of the host tenant may call it. */
  hostOnly?: boolean;
};

/** One API call, declared once: the server registers its handler against it and the web calls it. */
export type Endpoint<
  M extends EndpointMethod = EndpointMethod,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  readonly method: M;
  /** The Fastify-style path, with `:name` for each path parameter. */
  readonly path: P;
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  /** The request's content types when it is not JSON (an upload: multipart/form-data, read by the handler). */
  readonly consumes?: readonly string[];
  /** The answer's body; none for an endpoint that answers a file (an export, a download). */
  readonly response?: Response;
  /** The answer's status when it is not 200 (204: no content). */
  readonly status?: 204;
  readonly access: EndpointAccess;
  readonly summary?: string;
  readonly tags: readonly string[];
};

/** Declares an endpoint; the declaration is kept exactly as written so its types reach both sides. */
export function endpoint<
  const M extends EndpointMethod,
  const P extends string,
  Response extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(declaration: Endpoint<M, P, Params, Query, Body, Response>): Endpoint<M, P, Params, Query, Body, Response> {
  const names = pathParamNames(declaration.path);
  const shape = declaration.params instanceof z.ZodObject ? Object.keys(declaration.params.shape) : [];
  if (names.length !== shape.length || names.some((n) => !shape.includes(n))) {
    throw new Error(
      `${declaration.method} ${declaration.path}: path parameters (${names.join(', ')}) and params schema (${shape.join(', ')}) differ`,
    );
  }
  return declaration;
}

/** The `:name` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** The schemas of an endpoint, each `undefined` when it declares none. */
export type EndpointParamsSchema<E> = E extends Endpoint<EndpointMethod, string, infer P> ? P : undefined;
export type EndpointQuerySchema<E> =
  E extends Endpoint<EndpointMethod, string, z.ZodType | undefined, infer Q> ? Q : undefined;
export type EndpointBodySchema<E> =
  E extends Endpoint<EndpointMethod, string, z.ZodType | undefined, z.ZodType | undefined, infer B> ? B : undefined;

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** A query's values may also be null: the client leaves null, undefined and empty values out. */
type QueryInput<Q> = { [K in keyof Q]?: Q[K] | null };

/** What a caller passes: the params, query and body the declaration has, typed as the server reads them. */
export type EndpointInput<E extends Endpoint> = (EndpointParamsSchema<E> extends z.ZodType
  ? { params: Input<EndpointParamsSchema<E>> }
  : { params?: undefined }) &
  (EndpointQuerySchema<E> extends z.ZodType
    ? { query?: QueryInput<Input<EndpointQuerySchema<E>>> }
    : { query?: undefined }) &
  (EndpointBodySchema<E> extends z.ZodType ? { body: Input<EndpointBodySchema<E>> } : { body?: undefined });

export type EndpointResponseSchema<E> =
  E extends Endpoint<
    EndpointMethod,
    string,
    z.ZodType | undefined,
    z.ZodType | undefined,
    z.ZodType | undefined,
    infer R
  >
    ? R
    : undefined;

/** A file answer: its bytes and the name the server gave it. */
export type FileAnswer = { blob: Blob; fileName: string };

/** What the endpoint answers with: its declared response, or a file. */
export type EndpointOutput<E extends Endpoint> =
  EndpointResponseSchema<E> extends z.ZodType ? z.output<EndpointResponseSchema<E>> : FileAnswer;

/** The concrete URL path of a call: each `:name` replaced by its encoded value. */
export function endpointPath(e: Endpoint, params?: Record<string, unknown>): string {
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${e.method} ${e.path}: missing path parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Whether a concrete path (no query string) is a call of this endpoint. */
export function matchesEndpointPath(e: Endpoint, path: string): boolean {
  const pattern = e.path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`).test(path.split('?')[0]!);
}

/**
 * The query-cache key of a call: the endpoint's own key first (so one call of it, or all, can be
 * invalidated), then its params and query.
 */
export function endpointKey(e: Endpoint, input?: { params?: unknown; query?: unknown }): readonly unknown[] {
  return input ? [e.method, e.path, input.params ?? null, input.query ?? null] : [e.method, e.path];
}
