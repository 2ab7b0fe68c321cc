import type { FastifyInstance } from 'fastify';
import { InquiryEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { InquiriesService } from './inquiries.service';

/** app/inquiries: the inquiry centre. */
export function registerInquiryRoutes(app: FastifyInstance, service: InquiriesService): void {
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.assignees, async (req) => service.assignees(contextOf(req)));
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.create, async (req) => service.create(contextOf(req), req.body));
  registerEndpoint(app, api.update, async (req) => service.update(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.assign, async (req) => service.assign(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.close, async (req) =>
    service.close(contextOf(req), req.params.id, req.body.concurrencyStamp),
  );
  registerEndpoint(app, api.convert, async (req) => service.convert(contextOf(req), req.params.id, req.body));
}
