import type { FastifyInstance } from 'fastify';
import { TimeTrackingEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import { sendExport } from '../../platform/resources/resource.export';
import type { TimeTrackingService } from './time-tracking.service';

/** app/time-tracking: timers, manual entries, the list and its export. */
export function registerTimeTrackingRoutes(app: FastifyInstance, service: TimeTrackingService): void {
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.export, async (req, reply) =>
    sendExport(reply, await service.export(contextOf(req), req.body)),
  );
  registerEndpoint(app, api.running, async (req) => service.running(contextOf(req)));
  registerEndpoint(app, api.start, async (req) => service.start(contextOf(req), req.body));
  registerEndpoint(app, api.stop, async (req) =>
    service.stop(contextOf(req), req.params.id, req.body.concurrencyStamp),
  );
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.create, async (req) => service.create(contextOf(req), req.body));
  registerEndpoint(app, api.update, async (req) => service.update(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.delete, async (req, reply) => {
    await service.delete(contextOf(req), req.params.id);
    return reply.code(204).send();
  });
}
