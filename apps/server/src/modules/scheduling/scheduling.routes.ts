import type { FastifyInstance } from 'fastify';
import { SchedulingEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { Database, Tx } from '../../platform/db/database';
import { registerSchedulingCallRoutes } from './scheduling.calls.routes';
import { SchedulingService, type CaseAppointment } from './scheduling.service';
import { SearchHistoryService } from './search-history';

/** Appointment sessions: the clinic calendar, self-service, booking, availability search and day sheets. */
export function registerSchedulingRoutes(
  app: FastifyInstance,
  deps: {
    database: Database;
    /** Reads a case for syncFromAssessment. */
    readCase: (tx: Tx, caseId: string) => Promise<CaseAppointment | undefined>;
  },
): SchedulingService {
  const service = new SchedulingService(deps.database);
  const history = new SearchHistoryService(deps.database);

  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.searchAppointment, async (req) => {
    const ctx = contextOf(req);
    return service.search(ctx, req.query, new Date(), (tx, result) =>
      history.recordIn(tx, ctx, 'searchAppointment', req.query, result.totalCount),
    );
  });
  registerEndpoint(app, api.upcoming, async (req) => service.upcoming(contextOf(req), req.query));
  registerEndpoint(app, api.popup, async (req) =>
    service.popup(contextOf(req), req.query.specialistId, req.query.sessionId),
  );
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.create, async (req) => service.create(contextOf(req), req.body));
  registerEndpoint(app, api.repeat, async (req) => service.repeat(contextOf(req), req.body));
  registerEndpoint(app, api.checkDuplicate, async (req) => service.checkDuplicate(contextOf(req), req.body));
  registerEndpoint(app, api.update, async (req) => service.update(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.deleteSession, async (req, reply) => {
    await service.deleteSession(contextOf(req), req.params.id);
    return reply.code(204).send(null);
  });
  registerEndpoint(app, api.book, async (req) => service.book(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.sessionResources, async (req) =>
    service.sessionResources(contextOf(req), req.params.id, req.query),
  );
  registerEndpoint(app, api.syncFromAssessment, async (req) =>
    service.syncFromAssessment(contextOf(req), req.params.id, deps.readCase),
  );
  registerEndpoint(app, api.daySheetPrint, async (req) => service.daySheet(contextOf(req), req.body));
  registerEndpoint(app, api.sendDaySheets, async (req) => service.sendDaySheets(contextOf(req), req.body));

  registerSchedulingCallRoutes(app, { database: deps.database, sessions: service, history });

  return service;
}
