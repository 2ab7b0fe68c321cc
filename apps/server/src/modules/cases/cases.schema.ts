import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CaseAppointmentType,
  AttendanceOutcome,
  BillingStatus,
  CancellationType,
  CaseEmailType,
  CaseServiceType,
  CaseVisibility,
  ImeStatus,
  ProcessStep,
} from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';
import { tenants } from '../../platform/db/platform.schema';
import { userGroups, users } from '../identity/identity.schema';
import { caseManagers, clients, companies, specialists } from '../people/people.schema';
import { centres } from '../reference/reference.schema';

/**
 * The core row of a case of any module: number, service type, status and its date, parties, visibility,
 * billing readiness and concurrency stamp, plus what every module's list filters and sorts on and what
 * scheduling, independence checks and reminders read across modules (the appointment, its centre, the
 * high-risk flag). A module's own fields live in its `<module>_case_details` table (decision 0053).
 */
export const cases = tenantTable(
  'cases',
  {
    caseNo: text('case_no').notNull(),
    serviceType: text('service_type').$type<CaseServiceType>().notNull(),
    status: text('status').$type<ImeStatus>().notNull(),
    statusDate: instant('status_date').notNull().defaultNow(),
    clientId: uuid('client_id').notNull(),
    companyId: uuid('company_id').notNull(),
    caseManagerId: uuid('case_manager_id').notNull(),
    specialistId: uuid('specialist_id'),
    billingStatus: text('billing_status').$type<BillingStatus>().notNull().default('NOT_READY'),
    visibility: text('visibility').$type<CaseVisibility>().notNull().default('EVERYONE'),
    visibilityGroupId: uuid('visibility_group_id'),
    bookingNotes: text('booking_notes'),
    isHighRisk: boolean('is_high_risk').notNull().default(false),
    appointmentDate: date('appointment_date', { mode: 'string' }),
    appointmentTime: text('appointment_time'),
    appointmentType: text('appointment_type').$type<CaseAppointmentType>(),
    centreId: uuid('centre_id'),
  },
  (t) => [
    foreignKey({
      name: 'cases_client_fkey',
      columns: [t.tenantId, t.clientId],
      foreignColumns: [clients.tenantId, clients.id],
    }),
    foreignKey({
      name: 'cases_company_fkey',
      columns: [t.tenantId, t.companyId],
      foreignColumns: [companies.tenantId, companies.id],
    }),
    foreignKey({
      name: 'cases_case_manager_fkey',
      columns: [t.tenantId, t.caseManagerId],
      foreignColumns: [caseManagers.tenantId, caseManagers.id],
    }),
    foreignKey({
      name: 'cases_specialist_fkey',
      columns: [t.tenantId, t.specialistId],
      foreignColumns: [specialists.tenantId, specialists.id],
    }),
    foreignKey({
      name: 'cases_centre_fkey',
      columns: [t.tenantId, t.centreId],
      foreignColumns: [centres.tenantId, centres.id],
    }),
    foreignKey({
      name: 'cases_visibility_group_fkey',
      columns: [t.tenantId, t.visibilityGroupId],
      foreignColumns: [userGroups.tenantId, userGroups.id],
    }),
    uniqueIndex('cases_case_no_key')
      .on(t.tenantId, sql`lower(${t.caseNo})`)
      .where(sql`not ${t.isDeleted}`),
    // The list: newest first within a service type, narrowed by status, company, specialist or centre.
    // Each index ends with the list's whole order (creation time, id), so a first page reads 20 entries.
    index('cases_list_idx')
      .on(t.tenantId, t.serviceType, t.creationTime, t.id)
      .where(sql`not ${t.isDeleted}`),
    index('cases_status_idx')
      .on(t.tenantId, t.serviceType, t.status, t.creationTime, t.id)
      .where(sql`not ${t.isDeleted}`),
    // Overdue counts: the statuses with an allowance, each one's dates read from the index alone.
    index('cases_overdue_idx')
      .on(t.tenantId, t.serviceType, t.status, t.statusDate)
      .where(sql`not ${t.isDeleted}`),
    index('cases_company_idx')
      .on(t.tenantId, t.companyId, t.serviceType, t.creationTime, t.id)
      .where(sql`not ${t.isDeleted}`),
    index('cases_specialist_idx')
      .on(t.tenantId, t.specialistId, t.serviceType, t.creationTime, t.id)
      .where(sql`not ${t.isDeleted}`),
    index('cases_centre_idx')
      .on(t.tenantId, t.centreId, t.serviceType, t.creationTime, t.id)
      .where(sql`not ${t.isDeleted}`),
    // Case number search (any part): read through casebook_case_no_search(), see the migration.
    index('cases_case_no_trgm_idx')
      .using('gin', t.tenantId, t.caseNo.op('gin_trgm_ops'))
      .where(sql`not ${t.isDeleted}`),
    index('cases_case_manager_idx')
      .on(t.tenantId, t.caseManagerId)
      .where(sql`not ${t.isDeleted}`),
    index('cases_client_idx')
      .on(t.tenantId, t.clientId)
      .where(sql`not ${t.isDeleted}`),
    index('cases_appointment_idx')
      .on(t.tenantId, t.serviceType, t.appointmentDate)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** One row per status a case has had; the active row is the current status. */
export const caseStatusLogs = pgTable(
  'case_status_logs',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    caseId: uuid('case_id').notNull(),
    statusFrom: text('status_from').$type<ImeStatus>(),
    statusName: text('status_name').$type<ImeStatus>().notNull(),
    statusDate: instant('status_date').notNull().defaultNow(),
    isActive: boolean('is_active').notNull(),
    userId: uuid('user_id'),
    userName: text('user_name'),
    note: text('note'),
  },
  (t) => [
    primaryKey({ name: 'case_status_logs_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'case_status_logs_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    index('case_status_logs_case_idx').on(t.tenantId, t.caseId, t.statusDate),
  ],
);

/** Action-required items of a case, with assignees and persons in charge. */
export const caseActionItems = tenantTable(
  'case_action_items',
  {
    caseId: uuid('case_id').notNull(),
    subject: text('subject').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    completed: boolean('completed').notNull().default(false),
    groupTask: boolean('group_task').notNull().default(false),
    assigneeIds: uuid('assignee_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    picIds: uuid('pic_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [
    foreignKey({
      name: 'case_action_items_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    index('case_action_items_case_idx')
      .on(t.tenantId, t.caseId)
      .where(sql`not ${t.isDeleted}`),
    index('case_action_items_open_idx')
      .on(t.tenantId, t.completed)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/**
 * The tenant's default persons in charge per process step; new action items get them. The Default PICs
 * screen keeps them as a resource (decision 0131), hence the standard columns.
 */
export const caseDefaultPics = tenantTable(
  'case_default_pics',
  {
    step: text('step').$type<ProcessStep>().notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'case_default_pics_user_fkey',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    uniqueIndex('case_default_pics_key')
      .on(t.tenantId, t.step, t.userId)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** E-mails and SMS asked for on a case, waiting for the correspondence outbox to send them. */
export const caseEmailRequests = pgTable(
  'case_email_requests',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    caseId: uuid('case_id').notNull(),
    emailType: text('email_type').$type<CaseEmailType>().notNull(),
    templateKey: text('template_key').notNull(),
    isSms: boolean('is_sms').notNull().default(false),
    isResend: boolean('is_resend').notNull().default(false),
    status: text('status').$type<'QUEUED'>().notNull().default('QUEUED'),
    requestedBy: uuid('requested_by'),
    creationTime: instant('creation_time').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'case_email_requests_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'case_email_requests_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    index('case_email_requests_case_idx').on(t.tenantId, t.caseId),
  ],
);

/** The last generated case number per tenant and prefix. */
export const caseNumberCounters = pgTable(
  'case_number_counters',
  {
    tenantId: uuid('tenant_id').notNull(),
    prefix: text('prefix').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [
    primaryKey({ name: 'case_number_counters_pkey', columns: [t.tenantId, t.prefix] }),
    foreignKey({ name: 'case_number_counters_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
  ],
);

/** Each booking, reschedule and cancellation of a case's appointment, for the appointment history. */
export const caseAppointmentHistory = pgTable(
  'case_appointment_history',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    caseId: uuid('case_id').notNull(),
    action: text('action').$type<'booked' | 'rescheduled' | 'cancelled'>().notNull(),
    appointmentDate: date('appointment_date', { mode: 'string' }),
    appointmentTime: text('appointment_time'),
    appointmentType: text('appointment_type').$type<CaseAppointmentType>(),
    centreId: uuid('centre_id'),
    reason: text('reason'),
    userName: text('user_name'),
    changeTime: instant('change_time').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'case_appointment_history_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'case_appointment_history_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    index('case_appointment_history_case_idx').on(t.tenantId, t.caseId, t.changeTime),
  ],
);

/**
 * The fields of an assessment-list case (IME, mass torts, OT, conclave) beside its core row: private notes,
 * the contract flag, paperwork, attendance, cancellation, dictation and report dates, and the case it was
 * rebooked from. One row per case, keyed by tenant and case.
 */
export const imeCaseDetails = pgTable(
  'ime_case_details',
  {
    tenantId: uuid('tenant_id').notNull(),
    caseId: uuid('case_id').notNull(),
    privateNotes: text('private_notes'),
    specialistWithoutContract: boolean('specialist_without_contract').notNull().default(false),
    isFileReview: boolean('is_file_review').notNull().default(false),
    paperworkSentDate: date('paperwork_sent_date', { mode: 'string' }),
    paperworkNotes: text('paperwork_notes'),
    attendance: text('attendance').$type<AttendanceOutcome>().notNull().default('NONE'),
    attendanceDate: date('attendance_date', { mode: 'string' }),
    attendanceNotes: text('attendance_notes'),
    cancellationType: text('cancellation_type').$type<CancellationType>(),
    cancellationDate: date('cancellation_date', { mode: 'string' }),
    cancellationReason: text('cancellation_reason'),
    dictationReceivedDate: date('dictation_received_date', { mode: 'string' }),
    reportDraftSentDate: date('report_draft_sent_date', { mode: 'string' }),
    reportReceivedDate: date('report_received_date', { mode: 'string' }),
    reportCompletedDate: date('report_completed_date', { mode: 'string' }),
    reportSentDate: date('report_sent_date', { mode: 'string' }),
    rebookedFromId: uuid('rebooked_from_id'),
  },
  (t) => [
    primaryKey({ name: 'ime_case_details_pkey', columns: [t.tenantId, t.caseId] }),
    foreignKey({
      name: 'ime_case_details_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    foreignKey({
      name: 'ime_case_details_rebooked_from_fkey',
      columns: [t.tenantId, t.rebookedFromId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
  ],
);
