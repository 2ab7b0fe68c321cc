import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppointmentSessionExportInput,
  AvailabilityExportInput,
  ClinicAreaResult,
  ClinicAreaSearchInput,
  DaySheetExportQuery,
  DaySheetQuery,
  DaySheetValidation,
  MailQueuedResult,
  OnDemandSearchQuery,
  OnDemandSearchResult,
  Permissions,
  RequestCvOrSampleInput,
  SearchHistoryExportInput,
  SendCentreAvailableInput,
  SessionHistoryQuery,
} from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { errorResponses as errors } from '../../platform/http/errors';
import { sendExport } from '../../platform/resources/resource.export';
import { SchedulingCallsService } from './scheduling.calls';
import type { SchedulingService } from './scheduling.service';
import type { SearchHistoryService } from './search-history';

const tags = ['Appointment Sessions'];
const P = Permissions.appointmentSessions;
const BASE = '/api/app/appointment-sessions';
const xlsx = 'xlsx (a zip of 500-row workbooks when longer)';

/**
 * The appointment-session calls around the calendar and the search: on-demand and clinic-area
 * searches, day-sheet checks, exports, e-mails, and the search history's export.
 */
export function registerSchedulingCallRoutes(
  app: FastifyInstance,
  deps: { database: Database; sessions: SchedulingService; history: SearchHistoryService },
): void {
  const service = new SchedulingCallsService(deps.database, deps.sessions, deps.history);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: { permission: P.read } };
  const search = { access: { permission: P.search } };

  r.get(
    `${BASE}/searchOnDemandAppointment`,
    {
      schema: {
        tags,
        summary: 'The soonest unbooked video or phone sessions from now, whatever the place, one row per session',
        querystring: OnDemandSearchQuery,
        response: { 200: OnDemandSearchResult, ...errors },
      },
      config: search,
    },
    async (req) => service.searchOnDemand(contextOf(req), req.query),
  );

  r.post(
    `${BASE}/searchClinicArea`,
    {
      schema: {
        tags,
        summary: 'Centres near a postcode (nearest first) or in a state that have unbooked sessions',
        body: ClinicAreaSearchInput,
        response: { 200: ClinicAreaResult, ...errors },
      },
      config: search,
    },
    async (req) => service.searchClinicArea(contextOf(req), req.body),
  );

  r.post(
    `${BASE}/validateDaySheetPrint`,
    {
      schema: {
        tags,
        summary: "Checks a day sheet's inputs before printing: 400 naming a wrong field, warnings that do not stop it",
        body: DaySheetQuery,
        response: { 200: DaySheetValidation, ...errors },
      },
      config: read,
    },
    async (req) => service.validateDaySheet(contextOf(req), req.body),
  );

  r.get(
    `${BASE}/exportDaysheet`,
    {
      schema: { tags, summary: `The day sheet as ${xlsx}`, querystring: DaySheetExportQuery },
      config: read,
    },
    async (req, reply) => {
      const q = req.query;
      const file = await service.exportDaySheet(contextOf(req), {
        specialistId: q.specialistId,
        centreId: q.centreId ?? null,
        fromDate: q.fromDate,
        toDate: q.toDate ?? null,
        businessDays: q.businessDays ?? null,
      });
      return sendExport(reply, file);
    },
  );

  r.get(
    `${BASE}/export-session-history`,
    {
      schema: {
        tags,
        summary: `A specialist's or one session's booking history (every recorded change) as ${xlsx}`,
        querystring: SessionHistoryQuery,
      },
      config: read,
    },
    async (req, reply) => sendExport(reply, await service.exportSessionHistory(contextOf(req), req.query)),
  );

  r.post(
    `${BASE}/export`,
    {
      schema: {
        tags,
        summary: `The sessions list (the calendar's filters) as ${xlsx}`,
        body: AppointmentSessionExportInput,
      },
      config: read,
    },
    async (req, reply) => sendExport(reply, await service.exportSessions(contextOf(req), req.body)),
  );

  r.post(
    `${BASE}/export-appointment-availability`,
    {
      schema: {
        tags,
        summary: `The availability search's results, up to 50 slots per specialist, as ${xlsx}`,
        body: AvailabilityExportInput,
      },
      config: search,
    },
    async (req, reply) => sendExport(reply, await service.exportAvailability(contextOf(req), req.body)),
  );

  r.post(
    `${BASE}/sendCentreAvaialbe`,
    {
      schema: {
        tags,
        summary: "E-mails a centre's unbooked sessions of a period through the outbox",
        body: SendCentreAvailableInput,
        response: { 200: MailQueuedResult, ...errors },
      },
      config: search,
    },
    async (req) => service.sendCentreAvailable(contextOf(req), req.body),
  );

  r.post(
    `${BASE}/requestCVorSample`,
    {
      schema: {
        tags,
        summary: "Asks the booking staff for a specialist's CV or a sample report (an e-mail to each, recorded)",
        body: RequestCvOrSampleInput,
        response: { 200: MailQueuedResult, ...errors },
      },
      config: search,
    },
    async (req) => service.requestCvOrSample(contextOf(req), req.body),
  );

  r.post(
    '/api/app/appointment-search-history/export',
    {
      schema: {
        tags,
        summary: `The availability searches made (case managers: their own) as ${xlsx}`,
        body: SearchHistoryExportInput,
      },
      config: search,
    },
    async (req, reply) => sendExport(reply, await deps.history.export(contextOf(req), req.body)),
  );
}
