/**
 * The IME status family as data: statuses with labels, the process steps (PIC stages) they belong to,
 * the allowed transitions, and which step update moves a case to which status. The server refuses
 * anything this table does not allow; the web draws the stepper from the same table.
 */

/** Every status of the IME family, in workflow order (case-modules.md §3). */
export const ImeStatuses = [
  'CASE_CREATED',
  'APPOINTMENT_REQUESTED',
  'APPOINTMENT_CONFIRMED',
  'PAPERWORK_SENT',
  'FILE_REVIEW',
  'ATTENDED_CHARGEABLE',
  'ATTENDED_NO_FEE',
  'NOT_ATTENDED',
  'DICTATION_RECEIVED',
  'REPORT_DRAFT_SENT',
  'REPORT_RECEIVED',
  'COLLECT_REPORT',
  'FURTHER_MATERIAL_REVIEW',
  'POST_ASSESSMENT_ADMIN',
  'QUALITY_ASSURANCE',
  'REPORT_FINALISATION',
  'REPORT_COMPLETED',
  'CANCELLED_NO_FEE',
  'CANCELLED_WITH_FEE',
  'CANCELLED_NO_FEE_PAY_SPECIALIST',
  'CLIENT_INVOICED',
  'SPECIALIST_INVOICED',
  'CLIENT_PARTIALLY_PAID',
  'CLIENT_FULLY_PAID',
  'SPECIALIST_PARTIALLY_PAID',
  'SPECIALIST_FULLY_PAID',
] as const;
export type ImeStatus = (typeof ImeStatuses)[number];

/** The user-visible label of each status, in the spec's words. */
export const ImeStatusLabels: Record<ImeStatus, string> = {
  CASE_CREATED: 'Case created',
  APPOINTMENT_REQUESTED: 'Appointment requested',
  APPOINTMENT_CONFIRMED: 'Appointment confirmed',
  PAPERWORK_SENT: 'Paperwork sent to specialist',
  FILE_REVIEW: 'File review',
  ATTENDED_CHARGEABLE: 'Attended (chargeable)',
  ATTENDED_NO_FEE: 'Attended (no fee)',
  NOT_ATTENDED: 'Not attended',
  DICTATION_RECEIVED: 'Dictation received',
  REPORT_DRAFT_SENT: 'Report draft sent to specialist',
  REPORT_RECEIVED: 'Report received',
  COLLECT_REPORT: 'Collect report from specialist',
  FURTHER_MATERIAL_REVIEW: 'Further material review',
  POST_ASSESSMENT_ADMIN: 'Post assessment admin',
  QUALITY_ASSURANCE: 'Quality assurance',
  REPORT_FINALISATION: 'Report finalisation',
  REPORT_COMPLETED: 'Report completed',
  CANCELLED_NO_FEE: 'Cancelled (no fee)',
  CANCELLED_WITH_FEE: 'Cancelled (with fee)',
  CANCELLED_NO_FEE_PAY_SPECIALIST: 'Cancelled (no fee pay specialist)',
  CLIENT_INVOICED: 'Client invoiced',
  SPECIALIST_INVOICED: 'Specialist invoiced',
  CLIENT_PARTIALLY_PAID: 'Client partially paid',
  CLIENT_FULLY_PAID: 'Client fully paid',
  SPECIALIST_PARTIALLY_PAID: 'Specialist partially paid',
  SPECIALIST_FULLY_PAID: 'Specialist fully paid',
};

/** True when the value is a status of the IME family. */
export function isImeStatus(value: string): value is ImeStatus {
  return (ImeStatuses as readonly string[]).includes(value);
}

/** The modules whose statuses carry a prefixed counterpart (`IME_CASE_CREATED`, `SUPP_…`, …). */
export const StatusPrefixes = ['IME', 'SUPP', 'CR', 'MN', 'NDIS', 'TPD', 'MVA'] as const;
export type StatusPrefix = (typeof StatusPrefixes)[number];

/** The prefixed counterpart of a status, as status logs and template keys name it: `IME_REPORT_COMPLETED`. */
export function prefixedStatus(prefix: StatusPrefix, status: string): string {
  return `${prefix}_${status}`;
}

/** The process steps (PIC stages) of the spec, in order. */
export const ProcessSteps = [
  'REQUEST_RECEIVED',
  'APPOINTMENT',
  'PAPERWORK',
  'ATTENDANCE',
  'CANCELLATION',
  'REPORT_WRITING',
  'FURTHER_REVIEW',
  'POST_ADMIN',
  'QUALITY_ASSURANCE',
  'REPORT_FINALISATION',
  'DICTATION',
  'REPORT_DRAFT',
  'REPORT_CORRECTED',
  'REPORT_FINAL',
  'OT_QUOTATION',
  'PRE_PAYMENT',
] as const;
export type ProcessStep = (typeof ProcessSteps)[number];

export const ProcessStepLabels: Record<ProcessStep, string> = {
  REQUEST_RECEIVED: 'Request received',
  APPOINTMENT: 'Appointment',
  PAPERWORK: 'Paperwork',
  ATTENDANCE: 'Attendance',
  CANCELLATION: 'Cancellation',
  REPORT_WRITING: 'Report writing',
  FURTHER_REVIEW: 'Further review',
  POST_ADMIN: 'Post admin',
  QUALITY_ASSURANCE: 'Quality assurance',
  REPORT_FINALISATION: 'Report finalisation',
  DICTATION: 'Dictation',
  REPORT_DRAFT: 'Report draft',
  REPORT_CORRECTED: 'Report corrected',
  REPORT_FINAL: 'Report final',
  OT_QUOTATION: 'OT quotation',
  PRE_PAYMENT: 'Pre-payment',
};

/**
 * The process step a case in each status waits on (whose person in charge acts next), and the days it
 * may wait before it counts as overdue. Finished, cancelled and money statuses wait on no step.
 */
export const ImeStatusStages: Record<ImeStatus, { next: ProcessStep | null; overdueDays: number | null }> = {
  CASE_CREATED: { next: 'REQUEST_RECEIVED', overdueDays: 2 },
  APPOINTMENT_REQUESTED: { next: 'APPOINTMENT', overdueDays: 3 },
  APPOINTMENT_CONFIRMED: { next: 'PAPERWORK', overdueDays: 5 },
  PAPERWORK_SENT: { next: 'ATTENDANCE', overdueDays: 30 },
  FILE_REVIEW: { next: 'DICTATION', overdueDays: 14 },
  ATTENDED_CHARGEABLE: { next: 'DICTATION', overdueDays: 7 },
  ATTENDED_NO_FEE: { next: 'DICTATION', overdueDays: 7 },
  NOT_ATTENDED: { next: 'CANCELLATION', overdueDays: 2 },
  DICTATION_RECEIVED: { next: 'REPORT_WRITING', overdueDays: 5 },
  REPORT_DRAFT_SENT: { next: 'REPORT_DRAFT', overdueDays: 5 },
  REPORT_RECEIVED: { next: 'QUALITY_ASSURANCE', overdueDays: 3 },
  COLLECT_REPORT: { next: 'REPORT_FINAL', overdueDays: 3 },
  FURTHER_MATERIAL_REVIEW: { next: 'FURTHER_REVIEW', overdueDays: 10 },
  POST_ASSESSMENT_ADMIN: { next: 'POST_ADMIN', overdueDays: 3 },
  QUALITY_ASSURANCE: { next: 'QUALITY_ASSURANCE', overdueDays: 2 },
  REPORT_FINALISATION: { next: 'REPORT_FINALISATION', overdueDays: 2 },
  REPORT_COMPLETED: { next: null, overdueDays: null },
  CANCELLED_NO_FEE: { next: null, overdueDays: null },
  CANCELLED_WITH_FEE: { next: null, overdueDays: null },
  CANCELLED_NO_FEE_PAY_SPECIALIST: { next: null, overdueDays: null },
  CLIENT_INVOICED: { next: null, overdueDays: null },
  SPECIALIST_INVOICED: { next: null, overdueDays: null },
  CLIENT_PARTIALLY_PAID: { next: null, overdueDays: null },
  CLIENT_FULLY_PAID: { next: null, overdueDays: null },
  SPECIALIST_PARTIALLY_PAID: { next: null, overdueDays: null },
  SPECIALIST_FULLY_PAID: { next: null, overdueDays: null },
};

const CANCELLED: readonly ImeStatus[] = ['CANCELLED_NO_FEE', 'CANCELLED_WITH_FEE', 'CANCELLED_NO_FEE_PAY_SPECIALIST'];
const INVOICED: readonly ImeStatus[] = ['CLIENT_INVOICED', 'SPECIALIST_INVOICED'];
const REPORT_STAGES: readonly ImeStatus[] = [
  'REPORT_DRAFT_SENT',
  'REPORT_RECEIVED',
  'COLLECT_REPORT',
  'FURTHER_MATERIAL_REVIEW',
  'POST_ASSESSMENT_ADMIN',
  'QUALITY_ASSURANCE',
  'REPORT_FINALISATION',
  'REPORT_COMPLETED',
];

/**
 * The allowed transitions: from each status, the statuses a case may move to. Forward along the
 * booking, attendance and report path (report stages may be skipped, a small practice goes from
 * dictation straight to the completed report); back to an earlier booking step for a reschedule or a
 * rebooked non-attendance; cancellation until the assessment is attended; invoicing after a completed
 * report or a chargeable cancellation; payment after invoicing, and back when a payment is deleted.
 * Everything else is refused.
 */
export const ImeTransitions: Record<ImeStatus, readonly ImeStatus[]> = {
  CASE_CREATED: ['APPOINTMENT_REQUESTED', 'APPOINTMENT_CONFIRMED', 'FILE_REVIEW', ...CANCELLED],
  APPOINTMENT_REQUESTED: ['APPOINTMENT_CONFIRMED', 'FILE_REVIEW', ...CANCELLED],
  APPOINTMENT_CONFIRMED: [
    'APPOINTMENT_REQUESTED',
    'PAPERWORK_SENT',
    'ATTENDED_CHARGEABLE',
    'ATTENDED_NO_FEE',
    'NOT_ATTENDED',
    ...CANCELLED,
  ],
  PAPERWORK_SENT: [
    'APPOINTMENT_REQUESTED',
    'APPOINTMENT_CONFIRMED',
    'ATTENDED_CHARGEABLE',
    'ATTENDED_NO_FEE',
    'NOT_ATTENDED',
    ...CANCELLED,
  ],
  FILE_REVIEW: ['DICTATION_RECEIVED', 'FURTHER_MATERIAL_REVIEW', ...CANCELLED],
  ATTENDED_CHARGEABLE: ['DICTATION_RECEIVED', 'FURTHER_MATERIAL_REVIEW'],
  ATTENDED_NO_FEE: ['DICTATION_RECEIVED', 'FURTHER_MATERIAL_REVIEW'],
  NOT_ATTENDED: ['APPOINTMENT_REQUESTED', 'APPOINTMENT_CONFIRMED', ...CANCELLED],
  DICTATION_RECEIVED: REPORT_STAGES,
  REPORT_DRAFT_SENT: REPORT_STAGES.filter((s) => s !== 'REPORT_DRAFT_SENT'),
  REPORT_RECEIVED: REPORT_STAGES.filter((s) => s !== 'REPORT_RECEIVED'),
  COLLECT_REPORT: ['REPORT_RECEIVED', 'REPORT_COMPLETED'],
  FURTHER_MATERIAL_REVIEW: ['DICTATION_RECEIVED', ...REPORT_STAGES.filter((s) => s !== 'FURTHER_MATERIAL_REVIEW')],
  POST_ASSESSMENT_ADMIN: ['QUALITY_ASSURANCE', 'REPORT_FINALISATION', 'REPORT_COMPLETED'],
  QUALITY_ASSURANCE: ['REPORT_RECEIVED', 'REPORT_FINALISATION', 'REPORT_COMPLETED'],
  REPORT_FINALISATION: ['QUALITY_ASSURANCE', 'REPORT_COMPLETED'],
  REPORT_COMPLETED: [...INVOICED],
  CANCELLED_NO_FEE: [],
  CANCELLED_WITH_FEE: [...INVOICED],
  CANCELLED_NO_FEE_PAY_SPECIALIST: ['SPECIALIST_INVOICED'],
  CLIENT_INVOICED: ['SPECIALIST_INVOICED', 'CLIENT_PARTIALLY_PAID', 'CLIENT_FULLY_PAID'],
  SPECIALIST_INVOICED: ['CLIENT_INVOICED', 'SPECIALIST_PARTIALLY_PAID', 'SPECIALIST_FULLY_PAID'],
  // Back to invoiced or partially paid when a payment is deleted.
  CLIENT_PARTIALLY_PAID: ['CLIENT_FULLY_PAID', 'SPECIALIST_INVOICED', 'CLIENT_INVOICED'],
  CLIENT_FULLY_PAID: ['SPECIALIST_INVOICED', 'CLIENT_PARTIALLY_PAID', 'CLIENT_INVOICED'],
  SPECIALIST_PARTIALLY_PAID: ['SPECIALIST_FULLY_PAID', 'CLIENT_INVOICED'],
  SPECIALIST_FULLY_PAID: ['CLIENT_INVOICED'],
};

/** True when the workflow allows moving a case from one status to the other. */
export function canTransition(from: ImeStatus, to: ImeStatus): boolean {
  return ImeTransitions[from].includes(to);
}

/** The 422 message for a refused transition: both statuses named. */
export function illegalTransitionMessage(from: ImeStatus, to: ImeStatus): string {
  return `A case in status '${ImeStatusLabels[from]}' cannot move to '${ImeStatusLabels[to]}'.`;
}

/** True when the case is cancelled (any of the three kinds). */
export function isCancelledStatus(status: ImeStatus): boolean {
  return CANCELLED.includes(status);
}

/** The main path the stepper shows; a case off it (cancelled, not attended) shows where it left it. */
export const ImeStepperPath: readonly { key: string; label: string; statuses: readonly ImeStatus[] }[] = [
  { key: 'created', label: 'Case created', statuses: ['CASE_CREATED'] },
  { key: 'requested', label: 'Appointment requested', statuses: ['APPOINTMENT_REQUESTED', 'NOT_ATTENDED'] },
  { key: 'confirmed', label: 'Appointment confirmed', statuses: ['APPOINTMENT_CONFIRMED'] },
  { key: 'paperwork', label: 'Paperwork sent', statuses: ['PAPERWORK_SENT', 'FILE_REVIEW'] },
  { key: 'attended', label: 'Attended', statuses: ['ATTENDED_CHARGEABLE', 'ATTENDED_NO_FEE'] },
  { key: 'dictation', label: 'Dictation received', statuses: ['DICTATION_RECEIVED'] },
  {
    key: 'report',
    label: 'Report in progress',
    statuses: [
      'REPORT_DRAFT_SENT',
      'REPORT_RECEIVED',
      'COLLECT_REPORT',
      'FURTHER_MATERIAL_REVIEW',
      'POST_ASSESSMENT_ADMIN',
      'QUALITY_ASSURANCE',
      'REPORT_FINALISATION',
    ],
  },
  { key: 'completed', label: 'Report completed', statuses: ['REPORT_COMPLETED'] },
  {
    key: 'billed',
    label: 'Invoiced and paid',
    statuses: [
      'CLIENT_INVOICED',
      'SPECIALIST_INVOICED',
      'CLIENT_PARTIALLY_PAID',
      'CLIENT_FULLY_PAID',
      'SPECIALIST_PARTIALLY_PAID',
      'SPECIALIST_FULLY_PAID',
    ],
  },
];

/** The stepper position of a status: the index of its step, or the last step reached before a cancellation. */
export function stepperIndex(status: ImeStatus, history: readonly ImeStatus[] = []): number {
  const find = (s: ImeStatus) => ImeStepperPath.findIndex((step) => step.statuses.includes(s));
  const own = find(status);
  if (own >= 0) return own;
  const reached = history.map(find).filter((i) => i >= 0);
  return reached.length > 0 ? Math.max(...reached) : 0;
}

// ---------------------------------------------------------------------------------------------------
// Step updates

/** Attendance outcomes of the attendance step. */
export const AttendanceOutcomes = ['NONE', 'CONFIRMED', 'CANCELLED_NO_FEE', 'CANCELLED_WITH_FEE'] as const;
export type AttendanceOutcome = (typeof AttendanceOutcomes)[number];
export const AttendanceOutcomeLabels: Record<AttendanceOutcome, string> = {
  NONE: 'Not recorded',
  CONFIRMED: 'Attended',
  CANCELLED_NO_FEE: 'Cancelled (no fee)',
  CANCELLED_WITH_FEE: 'Cancelled (with fee)',
};

/** The three kinds of cancellation. */
export const CancellationTypes = ['NO_FEE', 'WITH_FEE', 'NO_FEE_PAY_SPECIALIST'] as const;
export type CancellationType = (typeof CancellationTypes)[number];
export const CancellationTypeLabels: Record<CancellationType, string> = {
  NO_FEE: 'Cancelled (no fee)',
  WITH_FEE: 'Cancelled (with fee)',
  NO_FEE_PAY_SPECIALIST: 'Cancelled (no fee pay specialist)',
};

/** What a step update says, as far as the status is concerned. */
export type StepFacts =
  | { step: 'booking-detail' }
  | { step: 'appointment'; confirmed: boolean; isFileReview: boolean }
  | { step: 'reschedule-appointment'; confirmed: boolean }
  | { step: 'cancel-appointment' }
  | { step: 'paperwork'; paperworkSent: boolean }
  | { step: 'attendance'; outcome: AttendanceOutcome; chargeable: boolean; notAttended: boolean }
  | { step: 'cancellation'; cancellationType: CancellationType }
  | {
      step: 'dictation-report';
      dictationReceived: boolean;
      draftSent: boolean;
      reportReceived: boolean;
      reportCompleted: boolean;
    };

/**
 * The status a step update moves the case to, or null when it leaves the status alone (booking detail,
 * a paperwork note without a sent date, attendance not recorded). The furthest stage a dictation-report
 * update records wins: a completed report beats a received one.
 */
export function statusAfterStep(facts: StepFacts): ImeStatus | null {
  switch (facts.step) {
    case 'booking-detail':
      return null;
    case 'appointment':
      if (facts.isFileReview) return 'FILE_REVIEW';
      return facts.confirmed ? 'APPOINTMENT_CONFIRMED' : 'APPOINTMENT_REQUESTED';
    case 'reschedule-appointment':
      return facts.confirmed ? 'APPOINTMENT_CONFIRMED' : 'APPOINTMENT_REQUESTED';
    case 'cancel-appointment':
      return 'APPOINTMENT_REQUESTED';
    case 'paperwork':
      return facts.paperworkSent ? 'PAPERWORK_SENT' : null;
    case 'attendance':
      switch (facts.outcome) {
        case 'NONE':
          return facts.notAttended ? 'NOT_ATTENDED' : null;
        case 'CONFIRMED':
          return facts.chargeable ? 'ATTENDED_CHARGEABLE' : 'ATTENDED_NO_FEE';
        case 'CANCELLED_NO_FEE':
          return 'CANCELLED_NO_FEE';
        case 'CANCELLED_WITH_FEE':
          return 'CANCELLED_WITH_FEE';
      }
      return null;
    case 'cancellation':
      return facts.cancellationType === 'NO_FEE'
        ? 'CANCELLED_NO_FEE'
        : facts.cancellationType === 'WITH_FEE'
          ? 'CANCELLED_WITH_FEE'
          : 'CANCELLED_NO_FEE_PAY_SPECIALIST';
    case 'dictation-report':
      if (facts.reportCompleted) return 'REPORT_COMPLETED';
      if (facts.reportReceived) return 'REPORT_RECEIVED';
      if (facts.draftSent) return 'REPORT_DRAFT_SENT';
      if (facts.dictationReceived) return 'DICTATION_RECEIVED';
      return null;
  }
}

/**
 * Decides a step's status change: unchanged (null target or the same status) needs no transition;
 * otherwise the table must allow it. Returns the new status, null for none, or the refusal message.
 */
export function decideStep(
  current: ImeStatus,
  facts: StepFacts,
): { ok: true; to: ImeStatus | null } | { ok: false; message: string } {
  const to = statusAfterStep(facts);
  if (to === null || to === current) return { ok: true, to: null };
  if (!canTransition(current, to)) return { ok: false, message: illegalTransitionMessage(current, to) };
  return { ok: true, to };
}
