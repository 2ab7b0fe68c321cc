import { z } from 'zod';
import { ConcurrencyStamp, optionalId, optionalIsoDate, optionalTextArea, IsoDate } from '../../fields';
import { Uuid } from '../../ids';
import type { ServiceType } from '../../access/routes';
import { defineCaseModule, type StatusDeclaration } from './define';

/**
 * Supplementary reports and file reviews (case-modules.md §2, §3, §7): a specialist writes a further report
 * on papers, with no appointment. Both share one list screen, one status family and four step calls
 * (booking detail, paperwork, dictation and report, cancellation); they differ in service type, number
 * prefix, permission group and feature.
 */
export const SupplementaryStatuses = [
  'CASE_CREATED',
  'REPORT_REQUESTED',
  'PAPERWORK_RECEIVED',
  'DICTATION',
  'DRAFT',
  'RETURNED',
  'COMPLETED',
  'CLARIFICATION_NO_FEE',
  'AMENDMENT_NO_FEE',
  'CANCELLED_NO_FEE',
  'CANCELLED_WITH_FEE',
  'CLIENT_INVOICED',
  'SPECIALIST_INVOICED',
  'CLIENT_PARTIALLY_PAID',
  'CLIENT_FULLY_PAID',
  'SPECIALIST_PARTIALLY_PAID',
  'SPECIALIST_FULLY_PAID',
] as const;
export type SupplementaryStatus = (typeof SupplementaryStatuses)[number];

const statuses: Record<SupplementaryStatus, StatusDeclaration> = {
  CASE_CREATED: { label: 'Created', kind: 'open', next: 'REQUEST_RECEIVED', overdueDays: 2 },
  REPORT_REQUESTED: { label: 'Report requested', kind: 'open', next: 'PAPERWORK', overdueDays: 5 },
  PAPERWORK_RECEIVED: { label: 'Paperwork received', kind: 'open', next: 'DICTATION', overdueDays: 14 },
  DICTATION: { label: 'Dictation', kind: 'open', next: 'REPORT_DRAFT', overdueDays: 5 },
  DRAFT: {
    label: 'Draft',
    kind: 'open',
    next: 'REPORT_CORRECTED',
    overdueDays: 5,
    notify: ['reportReceived'],
  },
  RETURNED: { label: 'Returned', kind: 'open', next: 'REPORT_FINAL', overdueDays: 3 },
  COMPLETED: { label: 'Completed', kind: 'finished', next: null, overdueDays: null, notify: ['reportCompleted'] },
  CLARIFICATION_NO_FEE: {
    label: 'Clarification no fee',
    kind: 'finished',
    next: null,
    overdueDays: null,
    notify: ['reportCompleted'],
  },
  AMENDMENT_NO_FEE: {
    label: 'Amendment no fee',
    kind: 'finished',
    next: null,
    overdueDays: null,
    notify: ['reportCompleted'],
  },
  CANCELLED_NO_FEE: {
    label: 'Cancelled no fee',
    kind: 'cancelled',
    next: null,
    overdueDays: null,
    notify: ['caseCancelled'],
  },
  CANCELLED_WITH_FEE: {
    label: 'Cancelled with fee',
    kind: 'cancelled',
    next: null,
    overdueDays: null,
    notify: ['caseCancelled'],
  },
  CLIENT_INVOICED: { label: 'Client invoiced', kind: 'invoiced', next: null, overdueDays: null },
  SPECIALIST_INVOICED: { label: 'Specialist invoiced', kind: 'invoiced', next: null, overdueDays: null },
  CLIENT_PARTIALLY_PAID: { label: 'Client partially paid', kind: 'paid', next: null, overdueDays: null },
  CLIENT_FULLY_PAID: { label: 'Client fully paid', kind: 'paid', next: null, overdueDays: null },
  SPECIALIST_PARTIALLY_PAID: { label: 'Specialist partially paid', kind: 'paid', next: null, overdueDays: null },
  SPECIALIST_FULLY_PAID: { label: 'Specialist fully paid', kind: 'paid', next: null, overdueDays: null },
};

const CANCELLED = ['CANCELLED_NO_FEE', 'CANCELLED_WITH_FEE'] as const;
const INVOICED = ['CLIENT_INVOICED', 'SPECIALIST_INVOICED'] as const;
const NO_FEE_OUTCOMES = ['CLARIFICATION_NO_FEE', 'AMENDMENT_NO_FEE'] as const;

/**
 * Forward along request, paperwork, dictation, draft, return and completion (a stage may be skipped: a short
 * supplementary goes from paperwork to completed); a returned draft goes back to draft; a completed report
 * may turn out a clarification or an amendment at no fee; cancellation until the report is written; invoicing
 * after completion or a chargeable cancellation; payment after invoicing, as for IME.
 */
const transitions: Record<SupplementaryStatus, readonly SupplementaryStatus[]> = {
  CASE_CREATED: ['REPORT_REQUESTED', 'PAPERWORK_RECEIVED', ...CANCELLED],
  REPORT_REQUESTED: ['PAPERWORK_RECEIVED', 'DICTATION', ...CANCELLED],
  PAPERWORK_RECEIVED: ['REPORT_REQUESTED', 'DICTATION', 'DRAFT', 'COMPLETED', ...CANCELLED],
  DICTATION: ['DRAFT', 'RETURNED', 'COMPLETED', ...NO_FEE_OUTCOMES, ...CANCELLED],
  DRAFT: ['DICTATION', 'RETURNED', 'COMPLETED', ...NO_FEE_OUTCOMES],
  RETURNED: ['DRAFT', 'COMPLETED', ...NO_FEE_OUTCOMES],
  COMPLETED: [...NO_FEE_OUTCOMES, ...INVOICED],
  CLARIFICATION_NO_FEE: ['COMPLETED'],
  AMENDMENT_NO_FEE: ['COMPLETED'],
  CANCELLED_NO_FEE: [],
  CANCELLED_WITH_FEE: [...INVOICED],
  CLIENT_INVOICED: ['SPECIALIST_INVOICED', 'CLIENT_PARTIALLY_PAID', 'CLIENT_FULLY_PAID'],
  SPECIALIST_INVOICED: ['CLIENT_INVOICED', 'SPECIALIST_PARTIALLY_PAID', 'SPECIALIST_FULLY_PAID'],
  CLIENT_PARTIALLY_PAID: ['CLIENT_FULLY_PAID', 'SPECIALIST_INVOICED'],
  CLIENT_FULLY_PAID: ['SPECIALIST_INVOICED'],
  SPECIALIST_PARTIALLY_PAID: ['SPECIALIST_FULLY_PAID', 'CLIENT_INVOICED'],
  SPECIALIST_FULLY_PAID: ['CLIENT_INVOICED'],
};

const Stamped = { concurrencyStamp: ConcurrencyStamp };

export const UpdateSupplementaryBookingInput = z.strictObject({
  ...Stamped,
  clientId: Uuid,
  caseManagerId: Uuid,
  specialistId: optionalId,
  bookingNotes: optionalTextArea,
  /** The date the report was asked of the specialist: moves a new case to Report requested. */
  reportRequestedDate: optionalIsoDate,
});

export const UpdateSupplementaryPaperworkInput = z.strictObject({
  ...Stamped,
  paperworkReceivedDate: optionalIsoDate,
  paperworkNotes: optionalTextArea,
});

export const SupplementaryReportOutcomes = ['REPORT', 'CLARIFICATION_NO_FEE', 'AMENDMENT_NO_FEE'] as const;

export const UpdateSupplementaryReportInput = z.strictObject({
  ...Stamped,
  dictationDate: optionalIsoDate,
  draftDate: optionalIsoDate,
  returnedDate: optionalIsoDate,
  completedDate: optionalIsoDate,
  /** What the completed work was: a report, or a clarification or amendment at no fee. */
  outcome: z.enum(SupplementaryReportOutcomes).default('REPORT'),
});

export const SupplementaryCancellationTypes = ['NO_FEE', 'WITH_FEE'] as const;

export const UpdateSupplementaryCancellationInput = z.strictObject({
  ...Stamped,
  cancellationType: z.enum(SupplementaryCancellationTypes),
  cancellationDate: IsoDate,
  cancellationReason: optionalTextArea,
});

type Dated<T extends string> = { [K in T]: string | null };

/** The furthest stage a report update records wins; a completed clarification or amendment is its outcome. */
export function supplementaryStatusAfterReport(
  v: Dated<'dictationDate' | 'draftDate' | 'returnedDate' | 'completedDate'> & {
    outcome: (typeof SupplementaryReportOutcomes)[number];
  },
): SupplementaryStatus | null {
  if (v.completedDate) return v.outcome === 'REPORT' ? 'COMPLETED' : v.outcome;
  if (v.returnedDate) return 'RETURNED';
  if (v.draftDate) return 'DRAFT';
  if (v.dictationDate) return 'DICTATION';
  return null;
}

const family = (o: {
  key: string;
  title: string;
  route: string;
  serviceType: ServiceType;
  prefix: string;
  permissionGroup: string;
  feature: string;
}) =>
  defineCaseModule({
    key: o.key,
    title: o.title,
    route: o.route,
    serviceTypes: [o.serviceType],
    numberPrefixes: { [o.serviceType]: o.prefix },
    statusPrefix: 'SUPP',
    templateModule: 'SUPP',
    initialStatus: 'CASE_CREATED',
    statuses,
    transitions,
    steps: {
      'booking-detail': {
        label: 'Booking detail',
        input: UpdateSupplementaryBookingInput,
        targets: ['REPORT_REQUESTED'],
        moves: (v: { reportRequestedDate: string | null }) => (v.reportRequestedDate ? 'REPORT_REQUESTED' : null),
        template: 'SUPP_REPORT_REQUEST',
      },
      paperwork: {
        label: 'Paperwork',
        input: UpdateSupplementaryPaperworkInput,
        targets: ['PAPERWORK_RECEIVED'],
        moves: (v: { paperworkReceivedDate: string | null }) => (v.paperworkReceivedDate ? 'PAPERWORK_RECEIVED' : null),
        template: 'SUPP_PAPERWORK_TO_SPECIALIST',
        dateRules: [
          {
            field: 'paperworkReceivedDate',
            rule: 'notBefore',
            other: 'reportRequestedDate',
            outcome: 'confirm',
            message: 'The paperwork date is before the report was requested. Do you want to continue?',
          },
        ],
      },
      'dictation-report': {
        label: 'Dictation and report',
        input: UpdateSupplementaryReportInput,
        targets: ['DICTATION', 'DRAFT', 'RETURNED', 'COMPLETED', ...NO_FEE_OUTCOMES],
        moves: supplementaryStatusAfterReport,
        template: 'SUPP_REPORT_COMPLETED',
        dateRules: [
          {
            field: 'completedDate',
            rule: 'notBefore',
            other: 'dictationDate',
            outcome: 'refuse',
            message: 'The report cannot be completed before its dictation.',
          },
        ],
      },
      cancellation: {
        label: 'Cancellation',
        input: UpdateSupplementaryCancellationInput,
        targets: [...CANCELLED],
        moves: (v: { cancellationType: (typeof SupplementaryCancellationTypes)[number] }) =>
          v.cancellationType === 'NO_FEE' ? 'CANCELLED_NO_FEE' : 'CANCELLED_WITH_FEE',
        template: 'SUPP_CANCELLATION',
      },
    },
    stepper: [
      { key: 'created', label: 'Created', statuses: ['CASE_CREATED'] },
      { key: 'requested', label: 'Report requested', statuses: ['REPORT_REQUESTED'] },
      { key: 'paperwork', label: 'Paperwork received', statuses: ['PAPERWORK_RECEIVED'] },
      { key: 'dictation', label: 'Dictation', statuses: ['DICTATION'] },
      { key: 'draft', label: 'Draft', statuses: ['DRAFT', 'RETURNED'] },
      { key: 'completed', label: 'Completed', statuses: ['COMPLETED', ...NO_FEE_OUTCOMES] },
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
    ],
    emailTemplates: [
      'SUPP_REPORT_REQUEST',
      'SUPP_PAPERWORK_TO_SPECIALIST',
      'SUPP_DICTATION_RECEIVED',
      'SUPP_REPORT_COMPLETED',
      'SUPP_CANCELLATION',
      'SUPP_PAYMENT_RECEIPT',
    ],
    checklist: [
      { key: 'booking', label: 'Booking received', date: null },
      { key: 'requested', label: 'Report requested', date: 'reportRequestedDate' },
      { key: 'paperwork', label: 'Paperwork received', date: 'paperworkReceivedDate' },
      { key: 'dictation', label: 'Dictation', date: 'dictationDate' },
      { key: 'report', label: 'Report completed', date: 'completedDate' },
      { key: 'sent', label: 'Report sent', date: 'reportSentDate' },
    ],
    tabs: [
      { key: 'BookingDetail', label: 'Booking Detail', step: 'booking-detail' },
      { key: 'Paperwork', label: 'Paperwork', step: 'paperwork' },
      { key: 'Dictations', label: 'Dictations', step: 'dictation-report' },
      { key: 'Cancellation', label: 'Cancellation', step: 'cancellation' },
      { key: 'Payment', label: 'Payment' },
      { key: 'CaseCorrespondence', label: 'Correspondence' },
      { key: 'ActionRequired', label: 'Action Required' },
      { key: 'Attachments', label: 'Attachments' },
    ],
    permissionGroup: o.permissionGroup,
    features: [o.feature],
    editions: [],
    addRoles: ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'],
    reportSent: { field: 'reportSentDate', template: 'SUPP_REPORT_COMPLETED' },
  });

export const SupplementaryModule = family({
  key: 'supplementaries',
  title: 'Supplementary Reports',
  route: '/view/supplementaries',
  serviceType: 'SUPPLEMENTARY',
  prefix: 'S',
  permissionGroup: 'Supplementary',
  feature: 'Supplementary',
});

export const FileReviewModule = family({
  key: 'file-reviews',
  title: 'File Reviews',
  route: '/view/file-reviews',
  serviceType: 'FILE_REVIEW',
  prefix: 'FR',
  permissionGroup: 'FileReview',
  feature: 'FileReview',
});
