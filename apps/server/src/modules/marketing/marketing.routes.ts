import type { FastifyInstance } from 'fastify';
import { MarketingEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import { sendExport } from '../../platform/resources/resource.export';
import type { MarketingService } from './marketing.service';

/** app/marketing-campaigns (spec §7 "Marketing"). */
export function registerMarketingRoutes(app: FastifyInstance, service: MarketingService): void {
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.export, async (req, reply) =>
    sendExport(reply, await service.export(contextOf(req), req.body)),
  );
  registerEndpoint(app, api.candidates, async (req) => service.candidates(contextOf(req), req.query));
  registerEndpoint(app, api.connection, async (req) => service.connection(contextOf(req)));
  registerEndpoint(app, api.connect, async (req) => service.connect(contextOf(req), req.body.apiKey));
  registerEndpoint(app, api.senders, async (req) => service.senders(contextOf(req)));
  registerEndpoint(app, api.unsubscribeGroups, async (req) => service.unsubscribeGroups(contextOf(req)));
  registerEndpoint(app, api.unsubscribedEmails, async (req) =>
    service.unsubscribedEmails(contextOf(req), req.query.groupId),
  );
  registerEndpoint(app, api.unsubscribe, async (req) => service.unsubscribe(contextOf(req), req.body.email));
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.create, async (req) => service.create(contextOf(req), req.body));
  registerEndpoint(app, api.update, async (req) => service.update(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.delete, async (req, reply) => {
    await service.delete(contextOf(req), req.params.id);
    return reply.code(204).send();
  });
  registerEndpoint(app, api.duplicate, async (req) => service.duplicate(contextOf(req), req.params.id));
  registerEndpoint(app, api.sendEmail, async (req) =>
    service.sendEmail(contextOf(req), req.params.id, req.query.isPreview ?? false),
  );
  registerEndpoint(app, api.emailHistories, async (req) => service.histories(contextOf(req), req.params.id, req.query));
  registerEndpoint(app, api.singleSendStatistic, async (req) => service.statistic(contextOf(req), req.params.id));
  registerEndpoint(app, api.syncStatistics, async (req) => service.syncStatistics(contextOf(req), req.params.id));
}
