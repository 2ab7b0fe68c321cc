import { z } from 'zod';
import { ConcurrencyStamp, IsoDate, optionalId, optionalIsoDate, optionalText, optionalTextArea } from '../../fields';
import { Uuid } from '../../ids';
import { defineCaseModule, type StatusDeclaration } from './define';

/**
 * Medical negligence (case-modules.md §2, §3, §4, §7): a firm's question whether a treatment fell short, put
 * to several specialists as preliminary-opinion (PO) requests, free PO or teleconference requests, each with
 * the specialist's answer; a full report is then booked as an IME case linked to it, and the matter closed
 * with or without bookings (decision 0042).
 */
export const MedNegStatuses = [
  'CASE_CREATED',
  'OPEN',
  'REQUEST_SENT_TO_SPECIALISTS',
  'FREE_PO_REQUESTED',
  'TC_REQUESTED',
  'LINKED_REPORT_CREATED',
  'CLOSE_WITH_BOOKINGS',
  'CLOSE_WITHOUT_BOOKINGS',
  'ON_HOLD',
  'SERVICE_INVOICED',
] as const;
export type MedNegStatus = (typeof MedNegStatuses)[number];

const open = (label: string): StatusDeclaration => ({ label, kind: 'open', next: null, overdueDays: null });
const statuses: Record<MedNegStatus, StatusDeclaration> = {
  CASE_CREATED: open('Created'),
  OPEN: open('Open'),
  REQUEST_SENT_TO_SPECIALISTS: open('Request Sent to Specialists'),
  FREE_PO_REQUESTED: open('Free PO Requested'),
  TC_REQUESTED: open('TC Requested'),
  LINKED_REPORT_CREATED: { ...open('Linked Report Created'), notify: ['reportReceived'] },
  CLOSE_WITH_BOOKINGS: { label: 'Close With Bookings', kind: 'finished', next: null, overdueDays: null },
  CLOSE_WITHOUT_BOOKINGS: { label: 'Close Without Bookings', kind: 'finished', next: null, overdueDays: null },
  ON_HOLD: open('On Hold'),
  SERVICE_INVOICED: { label: 'Service Invoiced', kind: 'invoiced', next: null, overdueDays: null },
};

/** The kinds of request put to a specialist, and the status each sets. */
export const MedNegPoRequestTypes = ['REQUEST', 'FREE_PO', 'TC'] as const;
export type MedNegPoRequestType = (typeof MedNegPoRequestTypes)[number];
export const MedNegPoRequestStatus: Record<MedNegPoRequestType, MedNegStatus> = {
  REQUEST: 'REQUEST_SENT_TO_SPECIALISTS',
  FREE_PO: 'FREE_PO_REQUESTED',
  TC: 'TC_REQUESTED',
};
const REQUESTED = Object.values(MedNegPoRequestStatus);
const CLOSED: readonly MedNegStatus[] = ['CLOSE_WITH_BOOKINGS', 'CLOSE_WITHOUT_BOOKINGS'];

/**
 * Opened, then requests to specialists in any order; a linked full report once a specialist has been asked;
 * closed without bookings at any time before the report, with bookings once asked; on hold and back from any
 * working status; invoiced once closed.
 */
const transitions: Record<MedNegStatus, readonly MedNegStatus[]> = {
  CASE_CREATED: ['OPEN', ...REQUESTED, 'ON_HOLD', 'CLOSE_WITHOUT_BOOKINGS'],
  OPEN: [...REQUESTED, 'ON_HOLD', 'CLOSE_WITHOUT_BOOKINGS'],
  REQUEST_SENT_TO_SPECIALISTS: ['FREE_PO_REQUESTED', 'TC_REQUESTED', 'LINKED_REPORT_CREATED', 'ON_HOLD', ...CLOSED],
  FREE_PO_REQUESTED: ['REQUEST_SENT_TO_SPECIALISTS', 'TC_REQUESTED', 'LINKED_REPORT_CREATED', 'ON_HOLD', ...CLOSED],
  TC_REQUESTED: ['REQUEST_SENT_TO_SPECIALISTS', 'FREE_PO_REQUESTED', 'LINKED_REPORT_CREATED', 'ON_HOLD', ...CLOSED],
  LINKED_REPORT_CREATED: ['CLOSE_WITH_BOOKINGS', 'ON_HOLD'],
  ON_HOLD: ['OPEN', ...REQUESTED, 'LINKED_REPORT_CREATED', ...CLOSED],
  CLOSE_WITH_BOOKINGS: ['SERVICE_INVOICED'],
  CLOSE_WITHOUT_BOOKINGS: ['SERVICE_INVOICED'],
  SERVICE_INVOICED: [],
};

const Stamped = { concurrencyStamp: ConcurrencyStamp };

export const UpdateMedNegBookingInput = z.strictObject({
  ...Stamped,
  clientId: Uuid,
  caseManagerId: Uuid,
  specialistId: optionalId,
  bookingNotes: optionalTextArea,
  /** What went wrong, in the firm's words, and the specialty asked about. */
  allegation: optionalTextArea,
  specialty: optionalText(200),
  /** The day the matter was opened: moves a new case to Open. */
  openedDate: optionalIsoDate,
});

export const MedNegHoldActions = ['HOLD', 'RESUME'] as const;
export const UpdateMedNegOnHoldInput = z.strictObject({
  ...Stamped,
  onHoldAction: z.enum(MedNegHoldActions),
  onHoldDate: IsoDate,
  onHoldReason: optionalTextArea,
});

export const MedNegCloseOutcomes = ['WITH_BOOKINGS', 'WITHOUT_BOOKINGS'] as const;
export const UpdateMedNegClosureInput = z.strictObject({
  ...Stamped,
  closeOutcome: z.enum(MedNegCloseOutcomes),
  closedDate: IsoDate,
  closeReason: optionalTextArea,
});

/** A request to one specialist; its answer is recorded later. */
export const CreateMedNegPoRequestInput = z.strictObject({
  specialistId: Uuid,
  requestType: z.enum(MedNegPoRequestTypes),
  requestedDate: IsoDate,
  notes: optionalTextArea,
});
export const MedNegPoAnswers = ['ACCEPTED', 'DECLINED'] as const;
export const UpdateMedNegPoRequestInput = z.strictObject({
  answer: z.enum(MedNegPoAnswers).nullable().default(null),
  answerDate: optionalIsoDate,
  notes: optionalTextArea,
});

type Facts = Partial<Record<string, string | null>>;

/** A hold stops the matter; resuming returns it to Open (its requests are listed with their answers). */
export function medNegStatusAfterHold(f: Facts, current: string): MedNegStatus | null {
  if (f.onHoldAction === 'HOLD') return 'ON_HOLD';
  return current === 'ON_HOLD' ? 'OPEN' : null;
}

export const MedNegModule = defineCaseModule({
  key: 'mednegs',
  title: 'Medical Negligence',
  route: '/view/mednegs',
  serviceTypes: ['MED_NEG'],
  numberPrefixes: { MED_NEG: 'MN' },
  statusPrefix: 'MN',
  templateModule: 'MN',
  initialStatus: 'CASE_CREATED',
  statuses,
  transitions,
  steps: {
    'booking-detail': {
      label: 'Booking detail',
      input: UpdateMedNegBookingInput,
      targets: ['OPEN'],
      moves: (f: Facts, current: string) => (f.openedDate && current === 'CASE_CREATED' ? 'OPEN' : null),
    },
    OnHoldRequest: {
      label: 'On hold',
      input: UpdateMedNegOnHoldInput,
      targets: ['ON_HOLD', 'OPEN'],
      moves: medNegStatusAfterHold,
      note: 'onHoldReason',
    },
    closure: {
      label: 'Closure',
      input: UpdateMedNegClosureInput,
      targets: [...CLOSED],
      moves: (f: Facts) => (f.closeOutcome === 'WITH_BOOKINGS' ? 'CLOSE_WITH_BOOKINGS' : 'CLOSE_WITHOUT_BOOKINGS'),
      note: 'closeReason',
    },
  },
  stepper: [
    { key: 'created', label: 'Created', statuses: ['CASE_CREATED'] },
    { key: 'open', label: 'Open', statuses: ['OPEN'] },
    { key: 'requested', label: 'Specialists asked', statuses: REQUESTED },
    { key: 'report', label: 'Linked Report Created', statuses: ['LINKED_REPORT_CREATED'] },
    { key: 'closed', label: 'Closed', statuses: [...CLOSED] },
    { key: 'invoiced', label: 'Service Invoiced', statuses: ['SERVICE_INVOICED'] },
  ],
  emailTemplates: ['MN_REQUEST_TO_SPECIALIST', 'MN_TC_REQUEST', 'MN_FREE_PO_REQUEST'],
  checklist: [
    { key: 'booking', label: 'Booking received', date: null },
    { key: 'opened', label: 'Opened', date: 'openedDate' },
    { key: 'closed', label: 'Closed', date: 'closedDate' },
  ],
  tabs: [
    { key: 'BookingDetail', label: 'Booking Detail', step: 'booking-detail' },
    { key: 'OnHold', label: 'On Hold', step: 'OnHoldRequest' },
    { key: 'Closure', label: 'Closure', step: 'closure' },
    { key: 'CaseCorrespondence', label: 'Correspondence' },
    { key: 'Attachments', label: 'Attachments' },
  ],
  permissionGroup: 'MedNeg',
  features: ['MedNeg'],
  editions: [],
  addRoles: ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'],
  ownCalls: ['checkExistCaseNo'],
  choiceLabels: { HOLD: 'Put on hold', RESUME: 'Resume' },
});
