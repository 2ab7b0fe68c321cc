import type { FastifyInstance } from 'fastify';
import { ReportQaEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import { sendExport } from '../../platform/resources/resource.export';
import type { ReportQaService } from './report-qa.service';

/** Report QA of IME cases: the case's statuses and corrections, and the Reports QA Sheet with its export. */
export function registerReportQaRoutes(app: FastifyInstance, service: ReportQaService): void {
  registerEndpoint(app, api.caseQa, async (req) => service.caseQa(contextOf(req), req.params.id));
  registerEndpoint(app, api.updateCaseQa, async (req) => service.updateCaseQa(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.export, async (req, reply) =>
    sendExport(reply, await service.export(contextOf(req), req.body)),
  );
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.create, async (req) => service.create(contextOf(req), req.body));
  registerEndpoint(app, api.updateNote, async (req) => service.updateNote(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.updateStatus, async (req) => service.updateStatus(contextOf(req), req.params.id, req.body));
}
