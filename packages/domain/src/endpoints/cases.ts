import { z } from 'zod';
import {
  ActionItemDto,
  AppointmentHistoryDto,
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
} from '../cases/dto';
import { Uuid } from '../ids';
import { pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

const IdParams = z.object({ id: Uuid });
const features = ['Assessment', 'MassTorts', 'OT', 'COTELE'] as const;
const tags = ['Assessments'];
const BASE = '/api/app/assessments';
const read = { permission: Permissions.assessments.read, features } as const;
const update = { permission: Permissions.assessments.update, features } as const;
const create = { permission: Permissions.assessments.create, features } as const;
const exportSummary = 'The filtered list as xlsx (a zip of 500-row files when longer)';
const deleted = z.void().describe('Deleted');

/** A case's checklist: each step with its state and date. */
export const CaseChecklistDto = z.object({
  caseNo: z.string(),
  items: z.array(z.object({ key: z.string(), label: z.string(), status: z.string(), date: z.string().nullable() })),
});
export type CaseChecklistDto = z.infer<typeof CaseChecklistDto>;

/** How many cases wait on each next step. */
export const CaseNextStepCountsDto = z.object({
  totalCount: z.number(),
  items: z.array(z.object({ step: z.string(), count: z.number() })),
});
export type CaseNextStepCountsDto = z.infer<typeof CaseNextStepCountsDto>;

/** Open action items (or persons in charge) per assigned user. */
export const AssignedUserCountsDto = z.object({ items: z.array(z.object({ userId: z.string(), count: z.number() })) });
export type AssignedUserCountsDto = z.infer<typeof AssignedUserCountsDto>;

/** A step of the case screen: its path under the case and the body it saves. */
const step = <B extends z.ZodType>(path: string, body: B) =>
  endpoint({
    method: 'PUT',
    path: `${BASE}/:id/${path}`,
    params: IdParams,
    body,
    response: CaseDto,
    access: update,
    tags,
  });

/** The case core and assessment calls: list, booking, step updates, status log, permission, action items. */
export const CaseEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: CaseListInput,
    response: pagedResult(CaseListItemDto),
    access: read,
    tags,
  }),
  exportList: endpoint({
    method: 'POST',
    path: `${BASE}/export`,
    body: CaseListInput,
    access: read,
    summary: exportSummary,
    tags,
  }),
  /** The same as the POST, for the browser's download of the list screen. */
  exportListGet: endpoint({
    method: 'GET',
    path: `${BASE}/export`,
    query: CaseListInput,
    access: read,
    summary: exportSummary,
    tags,
  }),
  checkExistCaseNo: endpoint({
    method: 'GET',
    path: `${BASE}/checkExistCaseNo`,
    query: CheckExistCaseNoInput,
    response: CheckExistCaseNoDto,
    access: read,
    tags,
  }),
  bookingCheck: endpoint({
    method: 'GET',
    path: `${BASE}/booking-check`,
    query: BookingCheckInput,
    response: BookingCheckDto,
    access: read,
    summary: 'What booking with a company and specialist shows: high-risk warning, contract question, seen before',
    tags,
  }),
  get: endpoint({ method: 'GET', path: `${BASE}/:id`, params: IdParams, response: CaseDto, access: read, tags }),
  create: endpoint({ method: 'POST', path: BASE, body: CreateCaseInput, response: CaseDto, access: create, tags }),
  updateBookingDetail: step('booking-detail', UpdateBookingDetailInput),
  updateAppointment: step('appointment', UpdateAppointmentInput),
  rescheduleAppointment: step('reschedule-appointment', RescheduleAppointmentInput),
  updatePaperwork: step('paperwork', UpdatePaperworkInput),
  updateAttendance: step('attendance', UpdateAttendanceInput),
  updateCancellation: step('cancellation', UpdateCancellationInput),
  updateDictationReport: step('dictation-report', UpdateDictationReportInput),
  cancelAppointment: endpoint({
    method: 'POST',
    path: `${BASE}/:id/cancelAppointment`,
    params: IdParams,
    body: CancelAppointmentInput,
    response: CaseDto,
    access: update,
    tags,
  }),
  rebook: endpoint({
    method: 'POST',
    path: `${BASE}/:id/rebook`,
    params: IdParams,
    body: RebookInput,
    response: CaseDto,
    access: create,
    tags,
  }),
  sendReportStatus: endpoint({
    method: 'POST',
    path: `${BASE}/:id/sendReportStatus`,
    params: IdParams,
    body: SendReportStatusInput,
    response: CaseDto,
    access: update,
    tags,
  }),
  requestEmail: endpoint({
    method: 'POST',
    path: `${BASE}/:id/emails`,
    params: IdParams,
    body: CaseEmailInput,
    response: CaseEmailDto,
    access: update,
    summary: 'Queue an e-mail or SMS of the case',
    tags,
  }),
  appointmentHistory: endpoint({
    method: 'GET',
    path: `${BASE}/:id/appointmentHistory`,
    params: IdParams,
    response: AppointmentHistoryDto,
    access: read,
    tags,
  }),
  specialistClientHistory: endpoint({
    method: 'GET',
    path: `${BASE}/:id/specialistClientHistory`,
    params: IdParams,
    response: SpecialistClientHistoryDto,
    access: read,
    tags,
  }),
  checklist: endpoint({
    method: 'GET',
    path: `${BASE}/:id/AssessmentCheckList`,
    params: IdParams,
    response: CaseChecklistDto,
    access: read,
    tags,
  }),
  updateBillingStatus: endpoint({
    method: 'PUT',
    path: '/api/app/caseclientdetails/:id/billingStatus',
    params: IdParams,
    body: UpdateBillingStatusInput,
    response: CaseDto,
    access: update,
    tags: ['Case data'],
  }),

  // Case permission: who may see the case (Everyone, Staff, a user group).
  permission: endpoint({
    method: 'GET',
    path: '/api/app/CasePermission',
    query: CasePermissionQuery,
    response: CasePermissionDto,
    access: read,
    summary: "The case's visibility and, for a group, its members",
    tags: ['Case permission'],
  }),
  setPermission: endpoint({
    method: 'POST',
    path: '/api/app/CasePermission',
    body: SetCasePermissionInput,
    response: CasePermissionDto,
    access: update,
    summary: 'Set who may see the case',
    tags: ['Case permission'],
  }),

  // Status log.
  changeStatus: endpoint({
    method: 'POST',
    path: '/api/app/case-status-logs/changecasestatus',
    body: ChangeCaseStatusInput,
    response: CaseDto,
    access: { permission: Permissions.assessments.changeStatus, features },
    summary: 'Move a case to another status (the workflow decides)',
    tags: ['Case status logs'],
  }),
  /** The same call under the log's own path. */
  addStatusLog: endpoint({
    method: 'POST',
    path: '/api/app/case-status-logs',
    body: ChangeCaseStatusInput,
    response: CaseDto,
    access: { permission: Permissions.assessments.changeStatus, features },
    summary: 'Move a case to another status (the workflow decides)',
    tags: ['Case status logs'],
  }),
  statusLogs: endpoint({
    method: 'GET',
    path: '/api/app/case-status-logs',
    query: CaseStatusLogListInput,
    response: pagedResult(CaseStatusLogDto),
    access: read,
    tags: ['Case status logs'],
  }),
  countCaseStatus: endpoint({
    method: 'GET',
    path: '/api/app/case-status-logs/countCaseStatus',
    query: CaseListInput,
    response: CaseStatusCountsDto,
    access: read,
    tags: ['Case status logs'],
  }),
  countOverdueCaseStatus: endpoint({
    method: 'GET',
    path: '/api/app/case-status-logs/countOverdueCaseStatus',
    query: CaseListInput,
    response: CaseStatusCountsDto,
    access: read,
    tags: ['Case status logs'],
  }),
  countNextCaseStatus: endpoint({
    method: 'GET',
    path: '/api/app/case-status-logs/countNextCaseStatus',
    query: CaseListInput,
    response: CaseNextStepCountsDto,
    access: read,
    tags: ['Case status logs'],
  }),
  exportNotes: endpoint({
    method: 'GET',
    path: '/api/app/case-notes/export',
    query: CaseNoteExportInput,
    access: read,
    summary: 'Booking and private notes of a case with its status log, as text',
    tags: ['Case data'],
  }),

  // Action items and persons in charge.
  actionItems: endpoint({
    method: 'GET',
    path: '/api/app/action-required',
    query: z.object({ objectId: Uuid }),
    response: pagedResult(ActionItemDto),
    access: { permission: Permissions.actionItems.read, features },
    tags: ['Action required'],
  }),
  createActionItem: endpoint({
    method: 'POST',
    path: '/api/app/action-required',
    body: CreateActionItemInput,
    response: ActionItemDto,
    access: { permission: Permissions.actionItems.create, features },
    tags: ['Action required'],
  }),
  updateActionItem: endpoint({
    method: 'PUT',
    path: '/api/app/action-required/:id',
    params: IdParams,
    body: UpdateActionItemInput,
    response: ActionItemDto,
    access: { permission: Permissions.actionItems.update, features },
    tags: ['Action required'],
  }),
  deleteActionItem: endpoint({
    method: 'DELETE',
    path: '/api/app/action-required/:id',
    params: IdParams,
    response: deleted,
    status: 204,
    access: { permission: Permissions.actionItems.delete, features },
    summary: 'Clear an action item from its case',
    tags: ['Action required'],
  }),
  assignedUsersCount: endpoint({
    method: 'GET',
    path: '/api/app/action-required/assignedUsersCount',
    response: AssignedUserCountsDto,
    access: { permission: Permissions.actionItems.read, features },
    tags: ['Action required'],
  }),
  picsCount: endpoint({
    method: 'GET',
    path: '/api/app/pics/assignedUsersCount',
    response: AssignedUserCountsDto,
    access: { permission: Permissions.actionItems.read, features },
    tags: ['Action required'],
  }),
  defaultPics: endpoint({
    method: 'GET',
    path: '/api/app/pics/defaultPICs',
    response: z.object({ items: z.array(DefaultPicDto) }),
    access: { permission: Permissions.actionItems.read, features },
    tags: ['Action required'],
  }),
  addDefaultPic: endpoint({
    method: 'POST',
    path: '/api/app/pics/defaultPICs',
    body: CreateDefaultPicInput,
    response: DefaultPicDto,
    access: { permission: Permissions.actionItems.update, features },
    tags: ['Action required'],
  }),
  deleteDefaultPic: endpoint({
    method: 'DELETE',
    path: '/api/app/pics/defaultPICs',
    query: z.object({ id: Uuid }),
    response: deleted,
    status: 204,
    access: { permission: Permissions.actionItems.update, features },
    tags: ['Action required'],
  }),
};
