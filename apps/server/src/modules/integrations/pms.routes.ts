import type { FastifyInstance } from 'fastify';
import { PmsEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import { withRawBody } from './accounting.routes';
import type { PmsService } from './pms.service';

/** Practice software: company connections, matters, case links and the providers' webhooks. */
export async function registerPmsRoutes(app: FastifyInstance, service: PmsService): Promise<void> {
  registerEndpoint(app, api.configs, async (req) => service.configs(contextOf(req), req.query));
  registerEndpoint(app, api.getConfig, async (req) => service.getConfig(contextOf(req), req.params.id));
  registerEndpoint(app, api.updateConfig, async (req) => service.updateConfig(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.authorize, async (req) => service.authorize(contextOf(req), req.params.id));
  registerEndpoint(app, api.disconnect, async (req) => service.disconnect(contextOf(req), req.params.id));
  registerEndpoint(app, api.registerWebhooks, async (req) => service.registerWebhooks(contextOf(req), req.params.id));
  registerEndpoint(app, api.matters, async (req) =>
    service.matters(contextOf(req), req.params.id, req.query.filterText),
  );
  registerEndpoint(app, api.customFieldSets, async (req) => service.customFieldSets(contextOf(req), req.params.id));
  registerEndpoint(app, api.callback, async (req, reply) =>
    reply.redirect(await service.callback(req.params.provider, req.query), 303),
  );
  registerEndpoint(app, api.links, async (req) => service.links(contextOf(req), req.query));
  registerEndpoint(app, api.caseLink, async (req) => service.caseLink(contextOf(req), req.params.id));
  registerEndpoint(app, api.linkCase, async (req) =>
    service.linkCase(contextOf(req), req.params.id, req.body.matterId),
  );
  registerEndpoint(app, api.syncCase, async (req) => service.syncCase(contextOf(req), req.params.id));
  // The signature covers the exact bytes received: this route keeps the raw body beside the parsed one.
  await withRawBody(app, (scope) => {
    registerEndpoint(scope, api.webhook, async (req, reply) => {
      const result = await service.webhook(
        req.params.provider,
        req.params.connectionId,
        req.rawBody ?? '',
        req.headers as Record<string, unknown>,
      );
      return reply.code(result.status).send();
    });
  });
}
