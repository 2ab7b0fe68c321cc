import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {
  Endpoint,
  EndpointBodySchema,
  EndpointOutput,
  EndpointParamsSchema,
  EndpointQuerySchema,
  EndpointResponseSchema,
} from '@casebook/domain';
import { errorResponses } from './errors';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler sees: params, query and body already parsed by the declaration's schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<EndpointParamsSchema<E>>;
  Querystring: Parsed<EndpointQuerySchema<E>>;
  Body: Parsed<EndpointBodySchema<E>>;
}>;

/** Answers a declared endpoint: its DTO, or the reply when it sends something else (a file, a 204). */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<(EndpointResponseSchema<E> extends z.ZodType ? EndpointOutput<E> : never) | FastifyReply>;

/** What the server adds to a declared route: a per-address limit (its numbers are the deployment's). */
export type EndpointRouteOptions = {
  rateLimit?: { max: number; timeWindow: number };
  /** A GET that answers HEAD too (the app's GETs do not: see `exposeHeadRoutes` in app.ts). */
  head?: boolean;
};

const label = (e: Endpoint) => `${e.method} ${e.path}`;

/**
 * The endpoints a server has handlers for. Every declaration of the catalogue must get exactly one
 * handler, and no handler may be registered for a declaration outside it.
 */
export class EndpointTable {
  private readonly handled = new Set<Endpoint>();
  private readonly known: ReadonlySet<Endpoint>;

  constructor(readonly catalogue: readonly Endpoint[]) {
    this.known = new Set(catalogue);
  }

  add(e: Endpoint): void {
    if (!this.known.has(e)) throw new Error(`${label(e)} has a handler but is not in the endpoint catalogue`);
    if (this.handled.has(e)) throw new Error(`${label(e)} has two handlers`);
    this.handled.add(e);
  }

  /** The declarations nobody registered a handler for. */
  unhandled(): Endpoint[] {
    return this.catalogue.filter((e) => !this.handled.has(e));
  }

  /** Fails start-up when a declared endpoint has no handler. */
  assertComplete(): void {
    const missing = this.unhandled();
    if (missing.length > 0) {
      throw new Error(`Declared endpoints without a handler: ${missing.map(label).join(', ')}`);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    endpointTable: EndpointTable;
  }
}

/**
 * Registers the handler of a declared endpoint: the declaration's schemas validate params, query and
 * body (a 400 naming the field), its access rule guards the route, and its response and the error
 * envelope describe it in the API description.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: EndpointHandler<E>,
  options: EndpointRouteOptions = {},
): void {
  app.endpointTable.add(e);
  app.route({
    method: e.method,
    url: e.path,
    schema: {
      tags: [...e.tags],
      ...(e.summary ? { summary: e.summary } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.consumes ? { consumes: [...e.consumes] } : {}),
      // A file answer documents no body, as the exports always have.
      ...(e.response ? { response: { [e.status ?? 200]: e.response, ...errorResponses } } : {}),
    },
    config: { access: e.access, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    ...(options.head ? { exposeHeadRoute: true } : {}),
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
