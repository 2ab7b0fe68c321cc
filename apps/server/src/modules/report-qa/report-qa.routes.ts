import type { FastifyInstance } from 'fastify';
import { DictationReportEndpoints, ReportQaEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import { sendExport } from '../../platform/resources/resource.export';
import type { CasesService } from '../cases/cases.service';
import type { ReportQaService } from './report-qa.service';
import { reportTemplate } from './report-template';

/** Report QA of IME cases: the case's statuses and corrections, and the Reports QA Sheet with its export. */
export function registerReportQaRoutes(app: FastifyInstance, service: ReportQaService, cases: CasesService): void {
  // The case's report template: the case as its reader may see it (another firm's or tenant's is a 404).
  registerEndpoint(app, DictationReportEndpoints.generateReportTemplate, async (req, reply) =>
    sendExport(reply, await reportTemplate(await cases.get(contextOf(req), req.body.caseId))),
  );
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
