import type { FastifyInstance } from 'fastify';
import { UhgEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { UhgService } from './uhg.service';

/** app/uhg/connect and a case's calls to the US health insurer. */
export function registerUhgRoutes(app: FastifyInstance, service: UhgService): void {
  registerEndpoint(app, api.connection, async (req) => service.connection(contextOf(req)));
  registerEndpoint(app, api.connect, async (req) => service.connect(contextOf(req), req.body.providerTin));
  registerEndpoint(app, api.validateUhg, async (req) =>
    service.validate(contextOf(req), req.params.id, req.body.claimantNo),
  );
  registerEndpoint(app, api.getUhgCase, async (req) => service.getLink(contextOf(req), req.params.id));
  registerEndpoint(app, api.uhgCase, async (req) => service.open(contextOf(req), req.params.id, req.body.claimantNo));
  registerEndpoint(app, api.connectCaseToUHG, async (req) =>
    service.connectCase(contextOf(req), req.params.id, req.body.claimantNo, req.body.uhgCaseId),
  );
  registerEndpoint(app, api.syncUHGAppointment, async (req) => service.syncAppointment(contextOf(req), req.params.id));
  registerEndpoint(app, api.uhgPaperwork, async (req) => service.paperwork(contextOf(req), req.params.id));
}
