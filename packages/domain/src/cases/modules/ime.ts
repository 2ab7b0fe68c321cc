import type { ServiceType } from '../../access/routes';
import {
  CancelAppointmentInput,
  RescheduleAppointmentInput,
  UpdateAppointmentInput,
  UpdateAttendanceInput,
  UpdateBookingDetailInput,
  UpdateCancellationInput,
  UpdateDictationReportInput,
  UpdatePaperworkInput,
} from '../dto';
import {
  ImeStatusLabels,
  ImeStatusStages,
  ImeStatuses,
  ImeStepperPath,
  ImeTransitions,
  statusAfterStep,
  type ImeStatus,
  type StepFacts,
} from '../workflow';
import {
  defineCaseModule,
  type CaseNotificationEvent,
  type DateRule,
  type StatusDeclaration,
  type StatusKind,
} from './define';

/** The messages of the IME date rules (decision 0032). */
export const ImeDateMessages = {
  appointmentInPast: 'The appointment date is in the past. Do you want to continue?',
  attendanceBeforeAppointment: 'Attendance cannot be recorded before the appointment date.',
  reportBeforeAttendance: 'The report cannot be completed before the claimant attended.',
} as const;

const appointmentNotInPast: DateRule = {
  field: 'appointmentDate',
  rule: 'notInPast',
  outcome: 'confirm',
  message: ImeDateMessages.appointmentInPast,
};

const kindOf = (s: ImeStatus): StatusKind =>
  s.startsWith('CANCELLED')
    ? 'cancelled'
    : s.endsWith('_INVOICED')
      ? 'invoiced'
      : s.endsWith('_PAID')
        ? 'paid'
        : s === 'REPORT_COMPLETED'
          ? 'finished'
          : 'open';

/** What an assessment moving into a status tells its people; a cancelled appointment is told by the step. */
const IME_NOTIFY: Partial<Record<ImeStatus, readonly CaseNotificationEvent[]>> = {
  APPOINTMENT_CONFIRMED: ['bookingConfirmed'],
  REPORT_RECEIVED: ['reportReceived'],
  REPORT_COMPLETED: ['reportCompleted'],
};

const statuses = Object.fromEntries(
  ImeStatuses.map((s): [ImeStatus, StatusDeclaration] => [
    s,
    {
      label: ImeStatusLabels[s],
      kind: kindOf(s),
      next: ImeStatusStages[s].next,
      overdueDays: ImeStatusStages[s].overdueDays,
      ...(IME_NOTIFY[s] ? { notify: IME_NOTIFY[s] } : {}),
    },
  ]),
) as Record<ImeStatus, StatusDeclaration>;

type Facts<K extends StepFacts['step']> = Extract<StepFacts, { step: K }>;
const moves =
  <K extends StepFacts['step']>() =>
  (facts: Facts<K>) =>
    statusAfterStep(facts);

/**
 * Independent medical examinations, and the services that ride the same workflow on the assessment list:
 * mass torts, OT and conclave (case-modules.md §2, §3). Statuses, transitions and step rules are the IME
 * family's tables (`cases/workflow.ts`).
 */
export const ImeModule = defineCaseModule({
  key: 'assessments',
  title: 'IME Assessments',
  route: '/view/imes',
  serviceTypes: ['IME', 'MASS_TORTS', 'OT', 'COTELE'] satisfies ServiceType[],
  numberPrefixes: { IME: 'IME', MASS_TORTS: 'A', OT: 'OT', COTELE: 'CT' },
  statusPrefix: 'IME',
  templateModule: 'IME',
  initialStatus: 'CASE_CREATED',
  statuses,
  transitions: ImeTransitions,
  steps: {
    'booking-detail': {
      label: 'Booking detail',
      input: UpdateBookingDetailInput,
      targets: [],
      moves: moves<'booking-detail'>(),
    },
    appointment: {
      label: 'Appointment',
      input: UpdateAppointmentInput,
      targets: ['APPOINTMENT_REQUESTED', 'APPOINTMENT_CONFIRMED', 'FILE_REVIEW'],
      moves: moves<'appointment'>(),
      dateRules: [appointmentNotInPast],
      template: 'IME_APPOINTMENT_CONFIRMATION_CM',
    },
    'reschedule-appointment': {
      label: 'Reschedule appointment',
      input: RescheduleAppointmentInput,
      targets: ['APPOINTMENT_REQUESTED', 'APPOINTMENT_CONFIRMED'],
      moves: moves<'reschedule-appointment'>(),
      dateRules: [appointmentNotInPast],
      template: 'IME_APPOINTMENT_RESCHEDULE',
    },
    'cancel-appointment': {
      label: 'Cancel appointment',
      input: CancelAppointmentInput,
      targets: ['APPOINTMENT_REQUESTED'],
      moves: moves<'cancel-appointment'>(),
      template: 'IME_APPOINTMENT_CANCELLATION',
    },
    paperwork: {
      label: 'Paperwork',
      input: UpdatePaperworkInput,
      targets: ['PAPERWORK_SENT'],
      moves: moves<'paperwork'>(),
      template: 'IME_PAPERWORK_TO_SPECIALIST',
    },
    attendance: {
      label: 'Attendance',
      input: UpdateAttendanceInput,
      targets: ['NOT_ATTENDED', 'ATTENDED_CHARGEABLE', 'ATTENDED_NO_FEE', 'CANCELLED_NO_FEE', 'CANCELLED_WITH_FEE'],
      moves: moves<'attendance'>(),
      dateRules: [
        {
          field: 'attendanceDate',
          rule: 'notBefore',
          other: 'appointmentDate',
          outcome: 'refuse',
          message: ImeDateMessages.attendanceBeforeAppointment,
        },
      ],
      template: 'IME_APPOINTMENT_NON_ATTENDANCE',
    },
    cancellation: {
      label: 'Cancellation',
      input: UpdateCancellationInput,
      targets: ['CANCELLED_NO_FEE', 'CANCELLED_WITH_FEE', 'CANCELLED_NO_FEE_PAY_SPECIALIST'],
      moves: moves<'cancellation'>(),
      template: 'IME_APPOINTMENT_CANCELLATION',
    },
    'dictation-report': {
      label: 'Dictation and report',
      input: UpdateDictationReportInput,
      targets: ['DICTATION_RECEIVED', 'REPORT_DRAFT_SENT', 'REPORT_RECEIVED', 'REPORT_COMPLETED'],
      moves: moves<'dictation-report'>(),
      dateRules: [
        {
          field: 'reportCompletedDate',
          rule: 'notBefore',
          other: 'attendanceDate',
          outcome: 'refuse',
          message: ImeDateMessages.reportBeforeAttendance,
        },
      ],
      template: 'IME_REPORT_COMPLETED',
    },
  },
  stepper: ImeStepperPath,
  emailTemplates: [
    'IME_APPOINTMENT_REQUEST',
    'IME_APPOINTMENT_CONFIRMATION_CM',
    'IME_APPOINTMENT_CONFIRMATION_CLIENT',
    'IME_APPOINTMENT_CONFIRMATION_SPECIALIST',
    'IME_APPOINTMENT_RESCHEDULE',
    'IME_APPOINTMENT_REMINDER',
    'IME_APPOINTMENT_CANCELLATION',
    'IME_APPOINTMENT_NON_ATTENDANCE',
    'IME_PAPERWORK_TO_SPECIALIST',
    'IME_PAPERWORK_REMINDER',
    'IME_DICTATION_RECEIVED',
    'IME_REPORT_DRAFT_TO_SPECIALIST',
    'IME_REPORT_COMPLETED',
    'IME_PAYMENT_RECEIPT',
  ],
  checklist: [
    { key: 'booking', label: 'Booking received', date: null },
    { key: 'appointment', label: 'Appointment confirmed', date: 'appointmentDate' },
    { key: 'paperwork', label: 'Paperwork sent to specialist', date: 'paperworkSentDate' },
    {
      key: 'attendance',
      label: 'Attendance recorded',
      date: 'attendanceDate',
      doneUnless: { field: 'attendance', value: 'NONE' },
    },
    { key: 'dictation', label: 'Dictation received', date: 'dictationReceivedDate' },
    { key: 'report', label: 'Report completed', date: 'reportCompletedDate' },
    { key: 'sent', label: 'Report sent', date: 'reportSentDate' },
  ],
  tabs: [
    { key: 'BookingNotes', label: 'Booking Notes', step: 'booking-detail', fields: ['bookingNotes', 'privateNotes'] },
    { key: 'BookingCM', label: 'Booking CM', step: 'booking-detail', fields: ['caseManagerId'] },
    { key: 'ClientDetails', label: 'Claimant Details', step: 'booking-detail', fields: ['clientId'] },
    { key: 'Appointment', label: 'Appointment', step: 'appointment' },
    { key: 'Paperwork', label: 'Paperwork', step: 'paperwork' },
    { key: 'Cancellation', label: 'Cancellation', step: 'cancellation' },
    { key: 'Attendance', label: 'Attendance', step: 'attendance' },
    { key: 'Dictations', label: 'Dictations', step: 'dictation-report' },
    { key: 'Payment', label: 'Payment' },
    { key: 'CaseCorrespondence', label: 'Correspondence' },
    { key: 'ActionRequired', label: 'Action Required' },
    { key: 'Video', label: 'Video' },
    { key: 'CreditRequest', label: 'Credit Request' },
    { key: 'Attachments', label: 'Attachments' },
  ],
  permissionGroup: 'Assessment',
  features: ['Assessment'],
  editions: [],
  addRoles: ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'],
});
