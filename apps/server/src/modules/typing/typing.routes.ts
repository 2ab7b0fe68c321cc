import type { FastifyInstance } from 'fastify';
import { TypistJobEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { TypingService } from './typing.service';

/** app/typist-jobs: dictations given to typists and the typed reports they send back. */
export function registerTypingRoutes(app: FastifyInstance, service: TypingService): void {
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.summary, async (req) => service.summary(contextOf(req)));
  registerEndpoint(app, api.typists, async (req) => service.typists(contextOf(req)));
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.assign, async (req) => service.assign(contextOf(req), req.body));
  registerEndpoint(app, api.submitTypedReport, async (req) =>
    service.submitTypedReport(contextOf(req), req.params.id, req.body),
  );
}
