import type { FastifyInstance } from 'fastify';
import { EmlEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { EmlService } from './eml.service';

/** app/eml: appointment requests from e-mail, proposed as cases, and the tenant's request mailbox. */
export function registerEmlRoutes(app: FastifyInstance, service: EmlService): void {
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.mailbox, async (req) => service.mailbox(contextOf(req)));
  registerEndpoint(app, api.saveMailbox, async (req) => service.saveMailbox(contextOf(req), req.body));
  registerEndpoint(app, api.sync, async (req) => service.sync(contextOf(req)));
  registerEndpoint(app, api.upload, async (req) => service.upload(contextOf(req), req.body));
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.accept, async (req) => service.accept(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.reject, async (req) =>
    service.reject(contextOf(req), req.params.id, req.body.concurrencyStamp),
  );
}
