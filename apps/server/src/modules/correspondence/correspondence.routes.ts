import type { FastifyInstance } from 'fastify';
import { CorrespondenceEndpoints as api } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import { registerCaseTemplateSources } from './case-template-source';
import { CorrespondenceService } from './correspondence.service';

/** E-mail templates (built-in and ad-hoc), preview and send, e-mail tracking and the sending report. */
export function registerCorrespondenceRoutes(app: FastifyInstance, database: Database): CorrespondenceService {
  registerCaseTemplateSources();
  const service = new CorrespondenceService(database);

  registerEndpoint(app, api.listTracking, async (req) => service.listTracking(contextOf(req), req.query));
  registerEndpoint(app, api.sendingReport, async (req) =>
    service.sendingReport(contextOf(req), req.query.from, req.query.to),
  );
  registerEndpoint(app, api.getTracking, async (req) => service.getTracking(contextOf(req), req.params.id));
  registerEndpoint(app, api.resend, async (req) => service.resend(contextOf(req), req.params.id));
  registerEndpoint(app, api.markSuccess, async (req) => service.markSuccess(contextOf(req), req.params.id));
  // A record's correspondence tab: its e-mails and its notes.
  registerEndpoint(app, api.recordEmails, async (req) => service.listRecordEmails(contextOf(req), req.query));
  registerEndpoint(app, api.listNotes, async (req) => service.listNotes(contextOf(req), req.query));
  registerEndpoint(app, api.addNote, async (req) => service.addNote(contextOf(req), req.body));

  registerEndpoint(app, api.listTemplates, async (req) => service.listTemplates(contextOf(req), req.query));
  registerEndpoint(app, api.getTemplate, async (req) => service.getTemplate(contextOf(req), req.params.name));
  registerEndpoint(app, api.updateTemplate, async (req) =>
    service.updateTemplate(contextOf(req), req.params.name, req.body),
  );
  registerEndpoint(app, api.preview, async (req) => {
    const { sender, destination, subject, body, metaData } = await service.preview(contextOf(req), req.body);
    return { sender, destination, subject, body, metaData };
  });
  registerEndpoint(app, api.send, async (req) => service.send(contextOf(req), req.body));

  registerEndpoint(app, api.createAdhoc, async (req) => service.createAdhoc(contextOf(req), req.body));
  registerEndpoint(app, api.enableAdhoc, async (req) => service.setAdhocDisabled(contextOf(req), req.params.id, false));
  registerEndpoint(app, api.disableAdhoc, async (req) => service.setAdhocDisabled(contextOf(req), req.params.id, true));
  registerEndpoint(app, api.renderedAdhoc, async (req) => service.renderedAdhoc(contextOf(req), req.params.id));
  return service;
}
