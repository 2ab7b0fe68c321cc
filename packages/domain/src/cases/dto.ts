import { z } from 'zod';
import { SharedCaseLists } from '../access/routes';
import { ConcurrencyStamp, IsoDate, optionalId, optionalIsoDate, optionalText, optionalTextArea } from '../fields';
import { FormMessages } from '../forms';
import { Uuid } from '../ids';
import { PagedListInput, QueryBoolean } from '../paging';
import type { AppointmentType } from '../scheduling/slots';
import { AttendanceOutcomes, CancellationTypes, ImeStatuses, ProcessSteps, type ImeStatus } from './workflow';
import { IndependenceOverrideReason } from './independence';
import { BookingInterpreterIds, BookingRooms } from '../scheduling/resources';

/** The service types the assessment list screen serves (case-modules.md §2). */
export const CaseServiceTypes = SharedCaseLists.assessment;
export type CaseServiceType = (typeof CaseServiceTypes)[number];
export const CaseServiceTypeLabels: Record<CaseServiceType, string> = {
  IME: 'IME Assessment',
  MASS_TORTS: 'Mass Tort',
  OT: 'OT Case',
  COTELE: 'Conclave/Court Review',
};
/** The prefix of generated case numbers per service type (each one the prefix rule reads as assessment). */
export const CaseNumberPrefixes: Record<CaseServiceType, string> = {
  IME: 'IME',
  MASS_TORTS: 'A',
  OT: 'OT',
  COTELE: 'CT',
};

/** Billing readiness of a case. */
export const BillingStatuses = ['NOT_READY', 'READY_TO_BILL', 'BILLED', 'NON_BILLABLE'] as const;
export type BillingStatus = (typeof BillingStatuses)[number];
export const BillingStatusLabels: Record<BillingStatus, string> = {
  NOT_READY: 'Not ready',
  READY_TO_BILL: 'Ready to bill',
  BILLED: 'Billed',
  NON_BILLABLE: 'Non-Billable',
};

/** Case permission visibility. */
export const CaseVisibilities = ['EVERYONE', 'STAFF', 'GROUP'] as const;
export type CaseVisibility = (typeof CaseVisibilities)[number];
export const CaseVisibilityLabels: Record<CaseVisibility, string> = {
  EVERYONE: 'Everyone',
  STAFF: 'Staff',
  GROUP: 'Group',
};

/** The appointment types a case's appointment may have (the spec's list without the search value ALL). */
export const CaseAppointmentTypes = [
  'INPERSON',
  'VIDEO',
  'BOTH',
  'NDIS',
  'PHONE',
  'OT',
  'OT_VIDEO',
  'CO_TELECONFERENCE',
] as const satisfies readonly AppointmentType[];
export type CaseAppointmentType = (typeof CaseAppointmentTypes)[number];
export const AppointmentTypeLabels: Record<AppointmentType, string> = {
  ALL: 'All',
  INPERSON: 'In person',
  VIDEO: 'Video',
  BOTH: 'In person or video',
  NDIS: 'NDIS',
  PHONE: 'Phone',
  OT: 'OT',
  OT_VIDEO: 'OT video',
  CO_TELECONFERENCE: 'Conclave/court teleconference',
};

/** The reminder shown to everyone but specialists while a case has unfinished action items. */
export const ACTION_REQUIRED_REMINDER =
  'Action Required Reminder: Please check and clear pending required actions as needed.';

const requiredId = z.string({ error: FormMessages.required }).trim().min(1, FormMessages.required).pipe(Uuid);
const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM');
const CaseNo = z.string().trim().min(1, FormMessages.required).max(50, 'must be at most 50 characters');

// ---------------------------------------------------------------------------------------------------
// Cases

export const CaseDto = z.object({
  id: z.string(),
  caseNo: z.string(),
  serviceType: z.enum(CaseServiceTypes),
  status: z.enum(ImeStatuses),
  statusDate: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  caseManagerId: z.string(),
  caseManagerName: z.string(),
  specialistId: z.string().nullable(),
  specialistName: z.string().nullable(),
  billingStatus: z.enum(BillingStatuses),
  visibility: z.enum(CaseVisibilities),
  visibilityGroupId: z.string().nullable(),
  bookingNotes: z.string().nullable(),
  /** Absent (null) for case managers and specialists. */
  privateNotes: z.string().nullable(),
  isHighRisk: z.boolean(),
  highRiskReason: z.string().nullable(),
  specialistWithoutContract: z.boolean(),
  appointmentDate: z.string().nullable(),
  appointmentTime: z.string().nullable(),
  appointmentType: z.enum(CaseAppointmentTypes).nullable(),
  centreId: z.string().nullable(),
  centreName: z.string().nullable(),
  isFileReview: z.boolean(),
  paperworkSentDate: z.string().nullable(),
  paperworkNotes: z.string().nullable(),
  attendance: z.enum(AttendanceOutcomes),
  attendanceDate: z.string().nullable(),
  attendanceNotes: z.string().nullable(),
  cancellationType: z.enum(CancellationTypes).nullable(),
  cancellationDate: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  dictationReceivedDate: z.string().nullable(),
  reportDraftSentDate: z.string().nullable(),
  reportReceivedDate: z.string().nullable(),
  reportCompletedDate: z.string().nullable(),
  reportSentDate: z.string().nullable(),
  rebookedFromId: z.string().nullable(),
  openActionCount: z.number().int(),
  creationTime: z.string(),
  creatorId: z.string().nullable(),
  lastModificationTime: z.string().nullable(),
  concurrencyStamp: z.string(),
});
export type CaseDto = z.infer<typeof CaseDto>;

/** A row of the case list: what the table shows. */
export const CaseListItemDto = CaseDto.pick({
  id: true,
  caseNo: true,
  serviceType: true,
  status: true,
  statusDate: true,
  clientName: true,
  companyName: true,
  caseManagerName: true,
  specialistName: true,
  centreName: true,
  appointmentDate: true,
  appointmentTime: true,
  billingStatus: true,
  isHighRisk: true,
  creationTime: true,
});
export type CaseListItemDto = z.infer<typeof CaseListItemDto>;

export const CreateCaseInput = z.strictObject({
  serviceType: z.enum(CaseServiceTypes).default('IME'),
  /** Generated from the service type's prefix when not given. */
  caseNo: CaseNo.optional(),
  clientId: requiredId,
  caseManagerId: requiredId,
  specialistId: optionalId,
  bookingNotes: optionalTextArea,
  privateNotes: optionalTextArea,
  visibility: z.enum(CaseVisibilities).default('EVERYONE'),
  visibilityGroupId: optionalId,
  /** Admin and staff confirm booking a specialist without a contract. */
  confirmNoContract: z.boolean().default(false),
  /** An appointment session to book the case into: its time, centre and type become the appointment. */
  sessionId: optionalId,
  /** The appointment type when the session allows several (a session of type ALL or BOTH). */
  appointmentType: z.enum(CaseAppointmentTypes).nullable().default(null),
  /** Rooms of the session's centre the booking holds with the session, all or none (decision 0030). */
  rooms: BookingRooms.optional(),
  /** Interpreters the booking holds with the session. */
  interpreterIds: BookingInterpreterIds.optional(),
  /** Why the booking goes ahead despite the specialist's independence warning (decision 0031). */
  independenceOverrideReason: IndependenceOverrideReason.optional(),
});
export type CreateCaseInput = z.input<typeof CreateCaseInput>;

/** The concurrency stamp every step update carries. */
const Stamped = { concurrencyStamp: ConcurrencyStamp };

export const UpdateBookingDetailInput = z.strictObject({
  ...Stamped,
  clientId: requiredId,
  caseManagerId: requiredId,
  specialistId: optionalId,
  bookingNotes: optionalTextArea,
  privateNotes: optionalTextArea,
  visibility: z.enum(CaseVisibilities).default('EVERYONE'),
  visibilityGroupId: optionalId,
  confirmNoContract: z.boolean().default(false),
  /** Why the booking goes ahead despite the specialist's independence warning (decision 0031). */
  independenceOverrideReason: IndependenceOverrideReason.optional(),
});
export type UpdateBookingDetailInput = z.input<typeof UpdateBookingDetailInput>;

export const UpdateAppointmentInput = z.strictObject({
  ...Stamped,
  appointmentDate: optionalIsoDate,
  appointmentTime: TimeOfDay.nullable().default(null),
  appointmentType: z.enum(CaseAppointmentTypes).nullable().default(null),
  centreId: optionalId,
  /** A file review needs no attendance. */
  isFileReview: z.boolean().default(false),
  /** Confirmed with the specialist and the claimant: moves the case to Appointment confirmed. */
  confirmed: z.boolean().default(false),
  /** An appointment session to book: its date, time, centre and type become the appointment. */
  sessionId: optionalId,
  /** Rooms of the session's centre the booking holds with the session, all or none (decision 0030). */
  rooms: BookingRooms.optional(),
  /** Interpreters the booking holds with the session. */
  interpreterIds: BookingInterpreterIds.optional(),
  /** The user confirmed saving a date a date rule asks about (an appointment in the past). */
  confirmDates: z.boolean().default(false),
});
export type UpdateAppointmentInput = z.input<typeof UpdateAppointmentInput>;

export const RescheduleAppointmentInput = UpdateAppointmentInput.omit({ isFileReview: true })
  .extend({
    /** Taken from the session when one is given; required otherwise. */
    appointmentDate: IsoDate.nullable().default(null),
    appointmentTime: TimeOfDay.nullable().default(null),
    reason: optionalTextArea,
  })
  .superRefine((v, ctx) => {
    if (v.sessionId) return;
    for (const key of ['appointmentDate', 'appointmentTime'] as const) {
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: FormMessages.required });
    }
  });
export type RescheduleAppointmentInput = z.input<typeof RescheduleAppointmentInput>;

export const CancelAppointmentInput = z.strictObject({ ...Stamped, reason: optionalTextArea });

export const UpdatePaperworkInput = z.strictObject({
  ...Stamped,
  paperworkSentDate: optionalIsoDate,
  paperworkNotes: optionalTextArea,
});
export type UpdatePaperworkInput = z.input<typeof UpdatePaperworkInput>;

export const UpdateAttendanceInput = z.strictObject({
  ...Stamped,
  attendance: z.enum(AttendanceOutcomes),
  attendanceDate: optionalIsoDate,
  /** Attended: chargeable or no fee. */
  chargeable: z.boolean().default(true),
  /** Not recorded as attended or cancelled, but the claimant did not come. */
  notAttended: z.boolean().default(false),
  attendanceNotes: optionalTextArea,
});
export type UpdateAttendanceInput = z.input<typeof UpdateAttendanceInput>;

export const UpdateCancellationInput = z.strictObject({
  ...Stamped,
  cancellationType: z.enum(CancellationTypes),
  cancellationDate: IsoDate,
  cancellationReason: optionalTextArea,
});
export type UpdateCancellationInput = z.input<typeof UpdateCancellationInput>;

export const UpdateDictationReportInput = z.strictObject({
  ...Stamped,
  dictationReceivedDate: optionalIsoDate,
  reportDraftSentDate: optionalIsoDate,
  reportReceivedDate: optionalIsoDate,
  reportCompletedDate: optionalIsoDate,
});
export type UpdateDictationReportInput = z.input<typeof UpdateDictationReportInput>;

export const UpdateBillingStatusInput = z.strictObject({ ...Stamped, billingStatus: z.enum(BillingStatuses) });

export const ChangeCaseStatusInput = z.strictObject({
  ...Stamped,
  objectId: Uuid,
  status: z.enum(ImeStatuses),
  note: optionalText(1000),
});

export const RebookInput = z.strictObject({ notifyCaseDNA: z.boolean().default(false) });

export const SendReportStatusInput = z.strictObject({ ...Stamped, reportSentDate: IsoDate });

export const CaseEmailTypes = [
  'APPOINTMENT_CONFIRMATION_CM',
  'APPOINTMENT_CONFIRMATION_SPECIALIST',
  'APPOINTMENT_REMINDER',
  'PAPERWORK',
  'RESCHEDULE',
  'CANCELLATION',
  'REPORT',
] as const;
export type CaseEmailType = (typeof CaseEmailTypes)[number];
export const CaseEmailInput = z.strictObject({
  emailType: z.enum(CaseEmailTypes),
  isSMS: z.boolean().default(false),
  isResend: z.boolean().default(false),
});
export const CaseEmailDto = z.object({
  id: z.string(),
  caseId: z.string(),
  emailType: z.enum(CaseEmailTypes),
  templateKey: z.string(),
  isSMS: z.boolean(),
  isResend: z.boolean(),
  status: z.literal('QUEUED'),
  requestedBy: z.string().nullable(),
  creationTime: z.string(),
});

/** The list's query: paging plus the spec's filters. */
export const CaseListInput = PagedListInput.extend({
  serviceType: z.enum(CaseServiceTypes).default('IME'),
  status: z
    .union([z.enum(ImeStatuses), z.array(z.enum(ImeStatuses))])
    .transform((v): ImeStatus[] => (Array.isArray(v) ? v : [v]))
    .optional(),
  dateFrom: IsoDate.optional(),
  dateTo: IsoDate.optional(),
  /** Which date the range filters: the appointment (default) or the booking. */
  dateField: z.enum(['appointment', 'created']).default('appointment'),
  specialistId: Uuid.optional(),
  companyId: Uuid.optional(),
  caseManagerId: Uuid.optional(),
  centreId: Uuid.optional(),
  billingStatus: z.enum(BillingStatuses).optional(),
  isHighRisk: QueryBoolean.optional(),
});
export type CaseListInput = z.input<typeof CaseListInput>;

export const CaseStatusCountsDto = z.object({
  totalCount: z.number().int(),
  items: z.array(z.object({ status: z.enum(ImeStatuses), count: z.number().int() })),
});
export type CaseStatusCountsDto = z.infer<typeof CaseStatusCountsDto>;

export const CaseStatusLogDto = z.object({
  id: z.string(),
  objectId: z.string(),
  caseStatusFrom: z.enum(ImeStatuses).nullable(),
  statusName: z.enum(ImeStatuses),
  prefixedStatusName: z.string(),
  statusDate: z.string(),
  isActive: z.boolean(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
});
export type CaseStatusLogDto = z.infer<typeof CaseStatusLogDto>;

export const CaseStatusLogListInput = z.object({
  objectId: Uuid,
  caseStatusFrom: z.enum(ImeStatuses).optional(),
  getLatest: QueryBoolean.optional(),
});

export const CheckExistCaseNoInput = z.object({
  caseNo: CaseNo,
  fromModule: z.string().max(50).optional(),
  serviceType: z.enum(CaseServiceTypes).optional(),
});
export const CheckExistCaseNoDto = z.object({
  exists: z.boolean(),
  module: z.string(),
  id: z.string().nullable(),
  message: z.string().nullable(),
});

export const BookingCheckInput = z.object({
  companyId: Uuid.optional(),
  specialistId: Uuid.optional(),
  clientId: Uuid.optional(),
});
export const BookingCheckDto = z.object({
  highRisk: z.object({ reason: z.string().nullable(), audience: z.enum(['caseManager', 'staff']) }).nullable(),
  contract: z.object({ outcome: z.enum(['ok', 'confirm', 'cancel']), message: z.string().nullable() }).nullable(),
  seenBefore: z.boolean(),
});
export type BookingCheckDto = z.infer<typeof BookingCheckDto>;

export const SpecialistClientHistoryDto = z.object({
  seenBefore: z.boolean(),
  items: z.array(
    z.object({
      id: z.string(),
      caseNo: z.string(),
      status: z.enum(ImeStatuses),
      appointmentDate: z.string().nullable(),
    }),
  ),
});

export const AppointmentHistoryDto = z.object({
  items: z.array(
    z.object({
      changeTime: z.string(),
      userName: z.string().nullable(),
      appointmentDate: z.string().nullable(),
      appointmentTime: z.string().nullable(),
      centreId: z.string().nullable(),
      appointmentType: z.string().nullable(),
      action: z.enum(['booked', 'rescheduled', 'cancelled']),
      reason: z.string().nullable(),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------------
// Action items and persons in charge

/** A user as a case shows them: id and display name. */
export const CaseUserDto = z.object({ id: z.string(), name: z.string() });
export type CaseUserDto = z.infer<typeof CaseUserDto>;

export const ActionItemDto = z.object({
  id: z.string(),
  objectId: z.string(),
  subject: z.string(),
  dueDate: z.string().nullable(),
  completed: z.boolean(),
  groupTask: z.boolean(),
  assigneeIds: z.array(z.string()),
  picIds: z.array(z.string()),
  /** The assignees and persons in charge with their names, for readers who cannot list users. */
  assignees: z.array(CaseUserDto),
  pics: z.array(CaseUserDto),
  creationTime: z.string(),
  concurrencyStamp: z.string(),
});
export type ActionItemDto = z.infer<typeof ActionItemDto>;
export const CreateActionItemInput = z.strictObject({
  objectId: Uuid,
  subject: z.string().trim().min(1, FormMessages.required).max(500),
  dueDate: optionalIsoDate,
  groupTask: z.boolean().default(false),
  assigneeIds: z.array(Uuid).max(50).default([]),
  /** Defaults to the tenant's default persons in charge. */
  picIds: z.array(Uuid).max(50).optional(),
});
export const UpdateActionItemInput = z.strictObject({
  ...Stamped,
  subject: z.string().trim().min(1, FormMessages.required).max(500),
  dueDate: optionalIsoDate,
  completed: z.boolean(),
  groupTask: z.boolean().default(false),
  assigneeIds: z.array(Uuid).max(50).default([]),
  picIds: z.array(Uuid).max(50).default([]),
});
export const DefaultPicDto = z.object({ id: z.string(), step: z.enum(ProcessSteps), userId: z.string() });
export const CreateDefaultPicInput = z.strictObject({ step: z.enum(ProcessSteps), userId: Uuid });

/** A default person in charge as the Default PICs screen keeps it (decision 0131). */
export const DefaultPicRecordDto = z.object({
  id: z.string(),
  step: z.enum(ProcessSteps),
  userId: z.string(),
  userName: z.string().nullable(),
  creationTime: z.string(),
  creatorId: z.string().nullable(),
  lastModificationTime: z.string().nullable(),
  lastModifierId: z.string().nullable(),
  concurrencyStamp: z.string(),
});
export const UpdateDefaultPicInput = z.strictObject({
  step: z.enum(ProcessSteps),
  userId: Uuid,
  concurrencyStamp: ConcurrencyStamp,
});

export const CaseNoteExportInput = z.object({ objectId: Uuid });

// ---------------------------------------------------------------------------------------------------
// Case permission

/** Who may see a case: everyone who may see it by role, office staff only, or a user group's members. */
export const CasePermissionDto = z.object({
  objectId: z.string(),
  visibility: z.enum(CaseVisibilities),
  visibilityGroupId: z.string().nullable(),
  groupName: z.string().nullable(),
  /** The members of the chosen group (empty unless the visibility is Group). */
  members: z.array(CaseUserDto),
  concurrencyStamp: z.string(),
});
export type CasePermissionDto = z.infer<typeof CasePermissionDto>;
export const CasePermissionQuery = z.object({ objectId: Uuid });
export const SetCasePermissionInput = z
  .strictObject({
    ...Stamped,
    objectId: requiredId,
    visibility: z.enum(CaseVisibilities),
    visibilityGroupId: optionalId,
  })
  .superRefine((v, ctx) => {
    if (v.visibility === 'GROUP' && !v.visibilityGroupId) {
      ctx.addIssue({ code: 'custom', path: ['visibilityGroupId'], message: FormMessages.required });
    }
  });
export type SetCasePermissionInput = z.input<typeof SetCasePermissionInput>;
