import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActionItemDto,
  AppointmentHistoryDto,
  BillingStatusLabels,
  BookingCheckDto,
  BookingCheckInput,
  CancelAppointmentInput,
  CaseDto,
  CaseEmailDto,
  CaseEmailInput,
  CaseListInput,
  CaseListItemDto,
  CaseNoteExportInput,
  CasePermissionDto,
  CasePermissionQuery,
  CaseStatusCountsDto,
  CaseStatusLogDto,
  CaseStatusLogListInput,
  ChangeCaseStatusInput,
  CheckExistCaseNoDto,
  CheckExistCaseNoInput,
  CreateActionItemInput,
  CreateCaseInput,
  CreateDefaultPicInput,
  DefaultPicDto,
  ErrorEnvelope,
  ImeStatusLabels,
  pagedResult,
  Permissions,
  RebookInput,
  RescheduleAppointmentInput,
  SendReportStatusInput,
  SetCasePermissionInput,
  SpecialistClientHistoryDto,
  UpdateActionItemInput,
  UpdateAppointmentInput,
  UpdateAttendanceInput,
  UpdateBillingStatusInput,
  UpdateBookingDetailInput,
  UpdateCancellationInput,
  UpdateDictationReportInput,
  UpdatePaperworkInput,
  Uuid,
  type CaseListItemDto as CaseListItem,
} from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import { errorResponses } from '../../platform/http/errors';
import {
  EXPORT_MAX_ROWS,
  exportSpreadsheets,
  sendExport,
  type SpreadsheetColumn,
} from '../../platform/resources/resource.export';
import { ActionItemsService } from './action-items.service';
import { CasesService } from './cases.service';
import type { SchedulingService } from '../scheduling/scheduling.service';

const IdParams = z.object({ id: Uuid });
const features = ['Assessment', 'MassTorts', 'OT', 'COTELE'] as const;
const tags = ['Assessments'];
const read = { access: { permission: Permissions.assessments.read, features } };
const update = { access: { permission: Permissions.assessments.update, features } };

const EXPORT_COLUMNS: SpreadsheetColumn<CaseListItem>[] = [
  { key: 'caseNo', header: 'Case No' },
  { key: 'status', header: 'Status', format: (v) => ImeStatusLabels[v as keyof typeof ImeStatusLabels] ?? String(v) },
  { key: 'clientName', header: 'Claimant' },
  { key: 'companyName', header: 'Company' },
  { key: 'caseManagerName', header: 'Case Manager' },
  { key: 'specialistName', header: 'Specialist' },
  { key: 'centreName', header: 'Centre' },
  { key: 'appointmentDate', header: 'Appointment Date' },
  { key: 'appointmentTime', header: 'Appointment Time' },
  {
    key: 'billingStatus',
    header: 'Billing',
    format: (v) => BillingStatusLabels[v as keyof typeof BillingStatusLabels] ?? String(v),
  },
  { key: 'creationTime', header: 'Booked' },
];

/** The case core and assessment calls: list, booking, step updates, status log, action items. */
export function registerCaseRoutes(
  app: FastifyInstance,
  database: Database,
  sessions?: SchedulingService,
): CasesService {
  const service = new CasesService(database, sessions);
  const actions = new ActionItemsService(database, service);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/app/assessments';

  r.get(
    base,
    {
      schema: { tags, querystring: CaseListInput, response: { 200: pagedResult(CaseListItemDto), ...errorResponses } },
      config: read,
    },
    async (req) => service.list(contextOf(req), req.query),
  );

  const exportCases = (ctx: ReturnType<typeof contextOf>, q: z.output<typeof CaseListInput>) =>
    exportSpreadsheets({
      name: 'assessments',
      sheetTitle: 'Assessments',
      columns: EXPORT_COLUMNS,
      timeZone: ctx.tenant.timezone,
      forEachPage: (size, onPage) => service.forEachPage(ctx, q, size, EXPORT_MAX_ROWS, onPage),
    });
  const exportSummary = 'The filtered list as xlsx (a zip of 500-row files when longer)';
  r.post(
    `${base}/export`,
    { schema: { tags, summary: exportSummary, body: CaseListInput }, config: read },
    async (req, reply) => {
      return sendExport(reply, await exportCases(contextOf(req), req.body));
    },
  );
  // The same as a GET, for the browser's download of the list screen.
  r.get(
    `${base}/export`,
    { schema: { tags, summary: exportSummary, querystring: CaseListInput }, config: read },
    async (req, reply) => {
      return sendExport(reply, await exportCases(contextOf(req), req.query));
    },
  );

  r.get(
    `${base}/checkExistCaseNo`,
    {
      schema: { tags, querystring: CheckExistCaseNoInput, response: { 200: CheckExistCaseNoDto, ...errorResponses } },
      config: read,
    },
    async (req) => service.checkExistCaseNo(contextOf(req), req.query),
  );

  r.get(
    `${base}/booking-check`,
    {
      schema: {
        tags,
        summary: 'What booking with a company and specialist shows: high-risk warning, contract question, seen before',
        querystring: BookingCheckInput,
        response: { 200: BookingCheckDto, ...errorResponses },
      },
      config: read,
    },
    async (req) => service.bookingCheck(contextOf(req), req.query),
  );

  r.get(
    `${base}/:id`,
    { schema: { tags, params: IdParams, response: { 200: CaseDto, ...errorResponses } }, config: read },
    async (req) => service.get(contextOf(req), req.params.id),
  );

  r.post(
    base,
    {
      schema: { tags, body: CreateCaseInput, response: { 200: CaseDto, ...errorResponses } },
      config: { access: { permission: Permissions.assessments.create, features } },
    },
    async (req) => service.create(contextOf(req), req.body),
  );

  const steps = [
    [
      'booking-detail',
      UpdateBookingDetailInput,
      (ctx, id, body) => service.updateBookingDetail(ctx, id, body as never),
    ],
    ['appointment', UpdateAppointmentInput, (ctx, id, body) => service.updateAppointment(ctx, id, body as never)],
    [
      'reschedule-appointment',
      RescheduleAppointmentInput,
      (ctx, id, body) => service.rescheduleAppointment(ctx, id, body as never),
    ],
    ['paperwork', UpdatePaperworkInput, (ctx, id, body) => service.updatePaperwork(ctx, id, body as never)],
    ['attendance', UpdateAttendanceInput, (ctx, id, body) => service.updateAttendance(ctx, id, body as never)],
    ['cancellation', UpdateCancellationInput, (ctx, id, body) => service.updateCancellation(ctx, id, body as never)],
    [
      'dictation-report',
      UpdateDictationReportInput,
      (ctx, id, body) => service.updateDictationReport(ctx, id, body as never),
    ],
  ] as const satisfies readonly [
    string,
    z.ZodType,
    (ctx: ReturnType<typeof contextOf>, id: string, body: unknown) => Promise<CaseDto>,
  ][];
  for (const [path, body, handler] of steps) {
    r.put(
      `${base}/:id/${path}`,
      { schema: { tags, params: IdParams, body, response: { 200: CaseDto, ...errorResponses } }, config: update },
      async (req) => handler(contextOf(req), req.params.id, req.body),
    );
  }

  r.post(
    `${base}/:id/cancelAppointment`,
    {
      schema: { tags, params: IdParams, body: CancelAppointmentInput, response: { 200: CaseDto, ...errorResponses } },
      config: update,
    },
    async (req) => service.cancelAppointment(contextOf(req), req.params.id, req.body),
  );
  r.post(
    `${base}/:id/rebook`,
    {
      schema: { tags, params: IdParams, body: RebookInput, response: { 200: CaseDto, ...errorResponses } },
      config: { access: { permission: Permissions.assessments.create, features } },
    },
    async (req) => service.rebook(contextOf(req), req.params.id, req.body),
  );
  r.post(
    `${base}/:id/sendReportStatus`,
    {
      schema: { tags, params: IdParams, body: SendReportStatusInput, response: { 200: CaseDto, ...errorResponses } },
      config: update,
    },
    async (req) => service.sendReportStatus(contextOf(req), req.params.id, req.body),
  );
  r.post(
    `${base}/:id/emails`,
    {
      schema: {
        tags,
        summary: 'Queue an e-mail or SMS of the case',
        params: IdParams,
        body: CaseEmailInput,
        response: { 200: CaseEmailDto, ...errorResponses },
      },
      config: update,
    },
    async (req) => service.requestEmail(contextOf(req), req.params.id, req.body),
  );
  r.get(
    `${base}/:id/appointmentHistory`,
    { schema: { tags, params: IdParams, response: { 200: AppointmentHistoryDto, ...errorResponses } }, config: read },
    async (req) => service.appointmentHistory(contextOf(req), req.params.id),
  );
  r.get(
    `${base}/:id/specialistClientHistory`,
    {
      schema: { tags, params: IdParams, response: { 200: SpecialistClientHistoryDto, ...errorResponses } },
      config: read,
    },
    async (req) => service.specialistClientHistory(contextOf(req), req.params.id),
  );
  r.get(
    `${base}/:id/AssessmentCheckList`,
    {
      schema: {
        tags,
        params: IdParams,
        response: {
          200: z.object({
            caseNo: z.string(),
            items: z.array(
              z.object({ key: z.string(), label: z.string(), status: z.string(), date: z.string().nullable() }),
            ),
          }),
          ...errorResponses,
        },
      },
      config: read,
    },
    async (req) => service.checklist(contextOf(req), req.params.id),
  );

  r.put(
    '/api/app/caseclientdetails/:id/billingStatus',
    {
      schema: {
        tags: ['Case data'],
        params: IdParams,
        body: UpdateBillingStatusInput,
        response: { 200: CaseDto, ...errorResponses },
      },
      config: update,
    },
    async (req) => service.updateBillingStatus(contextOf(req), req.params.id, req.body),
  );

  // Case permission: who may see the case (Everyone, Staff, a user group) ---------------------------
  const permissionTags = ['Case permission'];
  r.get(
    '/api/app/CasePermission',
    {
      schema: {
        tags: permissionTags,
        summary: "The case's visibility and, for a group, its members",
        querystring: CasePermissionQuery,
        response: { 200: CasePermissionDto, ...errorResponses },
      },
      config: read,
    },
    async (req) => service.permission(contextOf(req), req.query.objectId),
  );
  r.post(
    '/api/app/CasePermission',
    {
      schema: {
        tags: permissionTags,
        summary: 'Set who may see the case',
        body: SetCasePermissionInput,
        response: { 200: CasePermissionDto, ...errorResponses },
      },
      config: update,
    },
    async (req) => service.setPermission(contextOf(req), req.body),
  );

  // Status log ---------------------------------------------------------------------------------------
  const logTags = ['Case status logs'];
  for (const path of ['/api/app/case-status-logs/changecasestatus', '/api/app/case-status-logs']) {
    r.post(
      path,
      {
        schema: {
          tags: logTags,
          summary: 'Move a case to another status (the workflow decides)',
          body: ChangeCaseStatusInput,
          response: { 200: CaseDto, ...errorResponses },
        },
        config: { access: { permission: Permissions.assessments.changeStatus, features } },
      },
      async (req) => service.changeStatus(contextOf(req), req.body),
    );
  }
  r.get(
    '/api/app/case-status-logs',
    {
      schema: {
        tags: logTags,
        querystring: CaseStatusLogListInput,
        response: { 200: pagedResult(CaseStatusLogDto), ...errorResponses },
      },
      config: read,
    },
    async (req) => service.statusLogs(contextOf(req), req.query),
  );
  r.get(
    '/api/app/case-status-logs/countCaseStatus',
    {
      schema: { tags: logTags, querystring: CaseListInput, response: { 200: CaseStatusCountsDto, ...errorResponses } },
      config: read,
    },
    async (req) => service.countCaseStatus(contextOf(req), req.query),
  );
  r.get(
    '/api/app/case-status-logs/countOverdueCaseStatus',
    {
      schema: { tags: logTags, querystring: CaseListInput, response: { 200: CaseStatusCountsDto, ...errorResponses } },
      config: read,
    },
    async (req) => service.countOverdueCaseStatus(contextOf(req), req.query),
  );
  r.get(
    '/api/app/case-status-logs/countNextCaseStatus',
    {
      schema: {
        tags: logTags,
        querystring: CaseListInput,
        response: {
          200: z.object({ totalCount: z.number(), items: z.array(z.object({ step: z.string(), count: z.number() })) }),
          ...errorResponses,
        },
      },
      config: read,
    },
    async (req) => service.countNextCaseStatus(contextOf(req), req.query),
  );

  r.get(
    '/api/app/case-notes/export',
    {
      schema: {
        tags: ['Case data'],
        summary: 'Booking and private notes of a case with its status log, as text',
        querystring: CaseNoteExportInput,
      },
      config: read,
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const c = await service.get(ctx, req.query.objectId);
      const log = await service.statusLogs(ctx, { objectId: c.id });
      const lines = [
        `Case ${c.caseNo}`,
        '',
        'Booking notes:',
        c.bookingNotes ?? '',
        ...(c.privateNotes !== null ? ['', 'Private notes:', c.privateNotes] : []),
        '',
        'Status log:',
        ...log.items.map(
          (l) => `${l.statusDate}  ${ImeStatusLabels[l.statusName]}  ${l.userName ?? ''}${l.note ? `  ${l.note}` : ''}`,
        ),
      ];
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${c.caseNo}-notes.txt"`)
        .send(lines.join('\n'));
    },
  );

  // Action items -------------------------------------------------------------------------------------
  const actionTags = ['Action required'];
  const actionRead = { access: { permission: Permissions.actionItems.read, features } };
  const actionWrite = { access: { permission: Permissions.actionItems.update, features } };
  r.get(
    '/api/app/action-required',
    {
      schema: {
        tags: actionTags,
        querystring: z.object({ objectId: Uuid }),
        response: { 200: pagedResult(ActionItemDto), ...errorResponses },
      },
      config: actionRead,
    },
    async (req) => actions.list(contextOf(req), req.query.objectId),
  );
  r.post(
    '/api/app/action-required',
    {
      schema: { tags: actionTags, body: CreateActionItemInput, response: { 200: ActionItemDto, ...errorResponses } },
      config: { access: { permission: Permissions.actionItems.create, features } },
    },
    async (req) => actions.create(contextOf(req), req.body),
  );
  r.put(
    '/api/app/action-required/:id',
    {
      schema: {
        tags: actionTags,
        params: IdParams,
        body: UpdateActionItemInput,
        response: { 200: ActionItemDto, ...errorResponses },
      },
      config: actionWrite,
    },
    async (req) => actions.update(contextOf(req), req.params.id, req.body),
  );
  r.delete(
    '/api/app/action-required/:id',
    {
      schema: {
        tags: actionTags,
        summary: 'Clear an action item from its case',
        params: IdParams,
        response: { 204: z.void().describe('Deleted'), ...errorResponses },
      },
      config: { access: { permission: Permissions.actionItems.delete, features } },
    },
    async (req, reply) => {
      await actions.remove(contextOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  const UserCounts = z.object({ items: z.array(z.object({ userId: z.string(), count: z.number() })) });
  r.get(
    '/api/app/action-required/assignedUsersCount',
    { schema: { tags: actionTags, response: { 200: UserCounts, ...errorResponses } }, config: actionRead },
    async (req) => actions.assignedUsersCount(contextOf(req)),
  );
  r.get(
    '/api/app/pics/assignedUsersCount',
    { schema: { tags: actionTags, response: { 200: UserCounts, ...errorResponses } }, config: actionRead },
    async (req) => actions.picsCount(contextOf(req)),
  );
  r.get(
    '/api/app/pics/defaultPICs',
    {
      schema: { tags: actionTags, response: { 200: z.object({ items: z.array(DefaultPicDto) }), ...errorResponses } },
      config: actionRead,
    },
    async (req) => actions.defaultPics(contextOf(req)),
  );
  r.post(
    '/api/app/pics/defaultPICs',
    {
      schema: { tags: actionTags, body: CreateDefaultPicInput, response: { 200: DefaultPicDto, ...errorResponses } },
      config: actionWrite,
    },
    async (req) => actions.addDefaultPic(contextOf(req), req.body),
  );
  r.delete(
    '/api/app/pics/defaultPICs',
    {
      schema: {
        tags: actionTags,
        querystring: z.object({ id: Uuid }),
        response: {
          204: z.void().describe('Deleted'),
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
        },
      },
      config: actionWrite,
    },
    async (req, reply) => {
      await actions.deleteDefaultPic(contextOf(req), req.query.id);
      return reply.status(204).send();
    },
  );

  return service;
}
