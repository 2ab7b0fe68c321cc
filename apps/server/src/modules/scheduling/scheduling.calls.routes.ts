import type { FastifyInstance } from 'fastify';
import { SchedulingEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { sendExport } from '../../platform/resources/resource.export';
import { SchedulingCallsService } from './scheduling.calls';
import type { SchedulingService } from './scheduling.service';
import type { SearchHistoryService } from './search-history';

/**
 * The appointment-session calls around the calendar and the search: on-demand and clinic-area
 * searches, day-sheet checks, exports, e-mails, and the search history's export.
 */
export function registerSchedulingCallRoutes(
  app: FastifyInstance,
  deps: { database: Database; sessions: SchedulingService; history: SearchHistoryService },
): void {
  const service = new SchedulingCallsService(deps.database, deps.sessions, deps.history);

  registerEndpoint(app, api.searchOnDemand, async (req) => service.searchOnDemand(contextOf(req), req.query));
  registerEndpoint(app, api.searchClinicArea, async (req) => service.searchClinicArea(contextOf(req), req.body));
  registerEndpoint(app, api.validateDaySheet, async (req) => service.validateDaySheet(contextOf(req), req.body));
  registerEndpoint(app, api.exportDaySheet, async (req, reply) => {
    const q = req.query;
    const file = await service.exportDaySheet(contextOf(req), {
      specialistId: q.specialistId,
      centreId: q.centreId ?? null,
      fromDate: q.fromDate,
      toDate: q.toDate ?? null,
      businessDays: q.businessDays ?? null,
    });
    return sendExport(reply, file);
  });
  registerEndpoint(app, api.exportSessionHistory, async (req, reply) =>
    sendExport(reply, await service.exportSessionHistory(contextOf(req), req.query)),
  );
  registerEndpoint(app, api.exportSessions, async (req, reply) =>
    sendExport(reply, await service.exportSessions(contextOf(req), req.body)),
  );
  registerEndpoint(app, api.exportAvailability, async (req, reply) =>
    sendExport(reply, await service.exportAvailability(contextOf(req), req.body)),
  );
  registerEndpoint(app, api.sendCentreAvailable, async (req) => service.sendCentreAvailable(contextOf(req), req.body));
  registerEndpoint(app, api.requestCvOrSample, async (req) => service.requestCvOrSample(contextOf(req), req.body));
  registerEndpoint(app, api.exportSearchHistory, async (req, reply) =>
    sendExport(reply, await deps.history.export(contextOf(req), req.body)),
  );
}
