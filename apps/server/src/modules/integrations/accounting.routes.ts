import type { FastifyInstance } from 'fastify';
import { AccountingEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import { verifySignature, type AccountingService } from './accounting.service';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/** Accounting connections: status, connect (authorize URL), the providers' redirect, disconnect, sync, webhooks. */
export async function registerAccountingRoutes(app: FastifyInstance, service: AccountingService): Promise<void> {
  registerEndpoint(app, api.connections, async (req) => service.connections(contextOf(req)));
  registerEndpoint(app, api.connect, async (req) => service.connect(contextOf(req), req.params.provider));
  registerEndpoint(app, api.disconnect, async (req) => service.disconnect(contextOf(req), req.params.provider));
  registerEndpoint(app, api.manualSync, async (req) => service.manualSync(contextOf(req), req.params.provider));
  registerEndpoint(app, api.callback, async (req, reply) => {
    const base = service.redirectUri(req.params.provider);
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    return reply.redirect(await service.callback(req.params.provider, req.query, `${base}${query}`), 303);
  });

  // Webhooks are verified against their exact bytes: these two routes keep the raw body beside the parsed one.
  await withRawBody(app, (scope) => {
    // The signature is checked before the body's shape, so a forged call learns nothing from a 400.
    const signed =
      (header: string, provider: 'xero' | 'quickbooks') =>
      async (
        req: { headers: Record<string, unknown>; rawBody?: string },
        reply: { code: (n: number) => { send: () => unknown } },
      ) => {
        const signature = req.headers[header];
        if (
          !verifySignature(
            req.rawBody ?? '',
            typeof signature === 'string' ? signature : undefined,
            service.webhookKey(provider),
          )
        ) {
          return reply.code(401).send();
        }
        return undefined;
      };
    scope.addHook('preValidation', async (req, reply) => {
      if (req.url.startsWith(api.xeroWebhook.path)) return signed('x-xero-signature', 'xero')(req, reply);
      if (req.url.startsWith(api.quickBooksWebhook.path)) return signed('intuit-signature', 'quickbooks')(req, reply);
      return undefined;
    });
    registerEndpoint(scope, api.xeroWebhook, async (req, reply) => {
      await service.webhook(
        'xero',
        req.body.events.map((e) => ({ externalTenantId: e.tenantId, name: e.eventCategory, id: e.resourceId })),
      );
      return reply.code(200).send();
    });
    registerEndpoint(scope, api.quickBooksWebhook, async (req, reply) => {
      await service.webhook(
        'quickbooks',
        req.body.eventNotifications.flatMap((n) =>
          n.dataChangeEvent.entities.map((e) => ({ externalTenantId: n.realmId, name: e.name, id: e.id })),
        ),
      );
      return reply.code(200).send();
    });
  });
}

/**
 * Routes whose JSON body is kept as received too (`req.rawBody`), for webhooks whose signature covers the
 * exact bytes; a body that is not JSON is a 400.
 */
export async function withRawBody(app: FastifyInstance, register: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      req.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch (error) {
        (error as { statusCode?: number }).statusCode = 400;
        done(error as Error, undefined);
      }
    });
    register(scope);
  });
}
