import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppointmentSessionDto,
  AppointmentSessionListQuery,
  AvailabilitySearchQuery,
  AvailabilitySearchResult,
  BookAppointmentSessionInput,
  CreateAppointmentSessionInput,
  DaySheet,
  DaySheetQuery,
  Permissions,
  RepeatAppointmentSessionsInput,
  UpdateAppointmentSessionInput,
  Uuid,
} from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { errorResponses as errors } from '../../platform/http/errors';
import type { Database, Tx } from '../../platform/db/database';
import { registerSchedulingCallRoutes } from './scheduling.calls.routes';
import { SchedulingService, type CaseAppointment } from './scheduling.service';
import { SearchHistoryService } from './search-history';

const IdParams = z.object({ id: Uuid });
const SessionList = z.object({ items: z.array(AppointmentSessionDto), totalCount: z.number() });
const tags = ['Appointment Sessions'];
const P = Permissions.appointmentSessions;
const BASE = '/api/app/appointment-sessions';

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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'Sessions starting on the given days (the clinic calendar)',
        querystring: AppointmentSessionListQuery,
        response: { 200: SessionList, ...errors },
      },
      config: { access: { permission: P.read } },
    },
    async (req) => service.list(contextOf(req), req.query),
  );

  r.get(
    `${BASE}/searchAppointment`,
    {
      schema: {
        tags,
        summary: 'Availability search: specialists with unbooked sessions, nearest first, grouped by specialist',
        querystring: AvailabilitySearchQuery,
        response: { 200: AvailabilitySearchResult, ...errors },
      },
      config: { access: { permission: P.search } },
    },
    async (req) => {
      const ctx = contextOf(req);
      return service.search(ctx, req.query, new Date(), (tx, result) =>
        history.recordIn(tx, ctx, 'searchAppointment', req.query, result.totalCount),
      );
    },
  );

  r.get(
    `${BASE}/upcoming-appointments`,
    {
      schema: {
        tags,
        summary: 'Booked sessions from now on (a specialist sees their own)',
        querystring: z.object({
          specialistId: Uuid.optional(),
          maxResultCount: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: SessionList, ...errors },
      },
      config: { access: { permission: P.read } },
    },
    async (req) => service.upcoming(contextOf(req), req.query),
  );

  r.get(
    `${BASE}/popup`,
    {
      schema: {
        tags,
        summary: "A session's pop-up with its specialist",
        querystring: z.object({ specialistId: Uuid, sessionId: Uuid }),
        response: {
          200: z.object({
            session: AppointmentSessionDto,
            specialist: z.object({
              id: Uuid,
              fullName: z.string(),
              title: z.string().nullable(),
              businessEmail: z.string().nullable(),
            }),
          }),
          ...errors,
        },
      },
      config: { access: { permission: P.read } },
    },
    async (req) => service.popup(contextOf(req), req.query.specialistId, req.query.sessionId),
  );

  r.get(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'One session', params: IdParams, response: { 200: AppointmentSessionDto, ...errors } },
      config: { access: { permission: P.read } },
    },
    async (req) => service.get(contextOf(req), req.params.id),
  );

  r.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Adds a session',
        body: CreateAppointmentSessionInput,
        response: { 200: AppointmentSessionDto, ...errors },
      },
      config: { access: { permission: P.create } },
    },
    async (req) => service.create(contextOf(req), req.body),
  );

  r.post(
    `${BASE}/repeat`,
    {
      schema: {
        tags,
        summary: 'Adds a repeating pattern of sessions (all or none)',
        body: RepeatAppointmentSessionsInput,
        response: { 200: SessionList.extend({ patternId: Uuid }), ...errors },
      },
      config: { access: { permission: P.create } },
    },
    async (req) => service.repeat(contextOf(req), req.body),
  );

  r.post(
    `${BASE}/checkDuplicate`,
    {
      schema: {
        tags,
        summary: 'Sessions of the specialist overlapping the given time',
        body: CreateAppointmentSessionInput.extend({ excludeId: Uuid.nullable().default(null) }),
        response: { 200: z.object({ isDuplicate: z.boolean(), items: z.array(AppointmentSessionDto) }), ...errors },
      },
      config: { access: { permission: P.read } },
    },
    async (req) => service.checkDuplicate(contextOf(req), req.body),
  );

  r.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Changes a session (moves it, changes its status)',
        params: IdParams,
        body: UpdateAppointmentSessionInput,
        response: { 200: AppointmentSessionDto, ...errors },
      },
      config: { access: { permission: P.update } },
    },
    async (req) => service.update(contextOf(req), req.params.id, req.body),
  );

  r.put(
    `${BASE}/:id/deleteSession`,
    {
      schema: {
        tags,
        summary: 'Deletes a session that holds no booking',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      config: { access: { permission: P.delete } },
    },
    async (req, reply) => {
      await service.deleteSession(contextOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    `${BASE}/:id/book`,
    {
      schema: {
        tags,
        summary:
          'Books an unbooked session (Booked Unconfirmed unless told otherwise); one of simultaneous attempts wins',
        params: IdParams,
        body: BookAppointmentSessionInput,
        response: { 200: AppointmentSessionDto, ...errors },
      },
      config: { access: { permission: P.book } },
    },
    async (req) => service.book(contextOf(req), req.params.id, req.body),
  );

  r.put(
    `${BASE}/:id/syncFromAssessment`,
    {
      schema: {
        tags,
        summary:
          "Makes a booked session follow its case again: its status by the case's, freed when the case's appointment is no longer this session",
        params: IdParams,
        response: { 200: AppointmentSessionDto, ...errors },
      },
      config: { access: { permission: P.update } },
    },
    async (req) => service.syncFromAssessment(contextOf(req), req.params.id, deps.readCase),
  );

  r.post(
    `${BASE}/daySheetPrint`,
    {
      schema: {
        tags,
        summary: "A specialist's bookings per day and centre from a date",
        body: DaySheetQuery,
        response: { 200: DaySheet, ...errors },
      },
      config: { access: { permission: P.read } },
    },
    async (req) => service.daySheet(contextOf(req), req.body),
  );

  r.post(
    `${BASE}/sendSpecialistBookingDaysheets`,
    {
      schema: {
        tags,
        summary:
          'E-mails the day sheets of the selected dates to the specialist (queued in the outbox with its audit row)',
        body: DaySheetQuery,
        response: { 200: z.object({ sent: z.boolean(), to: z.string() }), ...errors },
      },
      config: { access: { permission: P.read } },
    },
    async (req) => service.sendDaySheets(contextOf(req), req.body),
  );

  registerSchedulingCallRoutes(app, { database: deps.database, sessions: service, history });

  return service;
}
