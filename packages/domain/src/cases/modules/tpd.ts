import { z } from 'zod';
import { ConcurrencyStamp, IsoDate, optionalId, optionalIsoDate, optionalText, optionalTextArea } from '../../fields';
import { Uuid } from '../../ids';
import { defineCaseModule, type StatusDeclaration } from './define';

/**
 * Total and permanent disablement claims (case-modules.md §2, §3, §4, §7): a claim on a superannuation or
 * insurance policy prepared for a claimant, from the request through eligibility, the cost agreement, the
 * claim forms and the statements to the legal submission. Each stage is marked by its date; a case moves
 * forward to the furthest stage its dates reach (decision 0041).
 */
export const TpdStatuses = [
  'CASE_CREATED',
  'REQUEST_RECEIVED',
  'PRELIM_ELIGIBILITY',
  'AGREEMENT_SIGNED',
  'CLIENT_CLAIM',
  'MEDICAL_ATTENDANT_STATEMENT',
  'REQUEST_CLINICAL_RECORD',
  'LEGAL_SUBMISSION',
  'EMPLOYER_STATEMENT',
  'CANCELLED',
] as const;
export type TpdStatus = (typeof TpdStatuses)[number];

/** The working stages in order, each with the date that marks it. */
export const TpdStages = [
  ['REQUEST_RECEIVED', 'requestReceivedDate'],
  ['PRELIM_ELIGIBILITY', 'prelimEligibilityDate'],
  ['AGREEMENT_SIGNED', 'costAgreementSignedDate'],
  ['CLIENT_CLAIM', 'claimFormReceivedDate'],
  ['MEDICAL_ATTENDANT_STATEMENT', 'medicalAttendantStatementDate'],
  ['REQUEST_CLINICAL_RECORD', 'clinicalRecordRequestedDate'],
  ['LEGAL_SUBMISSION', 'legalSubmissionDate'],
  ['EMPLOYER_STATEMENT', 'employerStatementDate'],
] as const satisfies readonly (readonly [TpdStatus, string])[];
type Stage = (typeof TpdStages)[number][0];
const STAGES: readonly Stage[] = TpdStages.map(([s]) => s);

const open = (label: string): StatusDeclaration => ({ label, kind: 'open', next: null, overdueDays: null });
const statuses: Record<TpdStatus, StatusDeclaration> = {
  CASE_CREATED: open('Case created'),
  REQUEST_RECEIVED: open('Request received'),
  PRELIM_ELIGIBILITY: open('Prelim eligibility'),
  AGREEMENT_SIGNED: open('Agreement signed'),
  CLIENT_CLAIM: open('Client claim'),
  MEDICAL_ATTENDANT_STATEMENT: { ...open('Medical attendant statement'), notify: ['reportReceived'] },
  REQUEST_CLINICAL_RECORD: open('Request clinical record'),
  LEGAL_SUBMISSION: open('Legal submission'),
  EMPLOYER_STATEMENT: { label: 'Employer statement', kind: 'finished', next: null, overdueDays: null },
  CANCELLED: { label: 'Cancelled', kind: 'cancelled', next: null, overdueDays: null, notify: ['caseCancelled'] },
};

/** Forward to any later stage (a stage may be skipped), cancelled from any working stage. */
const transitions = Object.fromEntries([
  ...[['CASE_CREATED', -1] as const, ...STAGES.map((s, i) => [s, i] as const)].map(([s, i]) => [
    s,
    s === 'EMPLOYER_STATEMENT' ? [] : [...STAGES.slice(i + 1), 'CANCELLED'],
  ]),
  ['CANCELLED', []],
]) as Record<TpdStatus, readonly TpdStatus[]>;

type Facts = Partial<Record<string, string | null>>;

/** The furthest stage the case's dates reach, when it is beyond the current status; null otherwise. */
export function tpdStatusByDates(f: Facts, current: string): TpdStatus | null {
  if (current === 'CANCELLED') return null;
  let furthest = -1;
  TpdStages.forEach(([, field], i) => {
    if (f[field]) furthest = i;
  });
  const at = STAGES.indexOf(current as Stage);
  return furthest > at ? STAGES[furthest]! : null;
}

const Stamped = { concurrencyStamp: ConcurrencyStamp };

export const UpdateTpdBookingInput = z.strictObject({
  ...Stamped,
  clientId: Uuid,
  caseManagerId: Uuid,
  specialistId: optionalId,
  bookingNotes: optionalTextArea,
  /** The fund or insurer the claim is made on, and the policy or member number. */
  fundName: optionalText(200),
  policyNumber: optionalText(100),
  requestReceivedDate: optionalIsoDate,
  prelimEligibilityDate: optionalIsoDate,
});

export const UpdateTpdPrecedentAuthorityInput = z.strictObject({
  ...Stamped,
  precedentAuthoritySentDate: optionalIsoDate,
  precedentAuthorityReceivedDate: optionalIsoDate,
});

export const UpdateTpdCostAgreementInput = z.strictObject({
  ...Stamped,
  costAgreementSentDate: optionalIsoDate,
  costAgreementSignedDate: optionalIsoDate,
});

export const UpdateTpdClaimFormsInput = z.strictObject({
  ...Stamped,
  claimFormSentDate: optionalIsoDate,
  claimFormReceivedDate: optionalIsoDate,
});

export const UpdateTpdProgressInput = z.strictObject({
  ...Stamped,
  medicalAttendantStatementDate: optionalIsoDate,
  clinicalRecordRequestedDate: optionalIsoDate,
  legalSubmissionDate: optionalIsoDate,
  employerStatementDate: optionalIsoDate,
  progressNotes: optionalTextArea,
});

export const UpdateTpdCancellationInput = z.strictObject({
  ...Stamped,
  cancellationDate: IsoDate,
  cancellationReason: optionalTextArea,
});

const forward = { targets: STAGES, moves: tpdStatusByDates } as const;
const signedAfterSent = (what: string, sent: string, done: string) => ({
  field: done,
  rule: 'notBefore' as const,
  other: sent,
  outcome: 'refuse' as const,
  message: `The ${what} cannot come back before it was sent.`,
});

export const TpdModule = defineCaseModule({
  key: 'tpd',
  title: 'TPD Claims',
  route: '/view/tpd',
  serviceTypes: ['TPD'],
  numberPrefixes: { TPD: 'TPD' },
  statusPrefix: 'TPD',
  templateModule: 'TPD',
  initialStatus: 'CASE_CREATED',
  statuses,
  transitions,
  steps: {
    'booking-detail': {
      label: 'Booking detail',
      input: UpdateTpdBookingInput,
      ...forward,
      template: 'TPD_REQUEST_RECEIVED',
    },
    precedentAuthority: {
      label: 'Precedent authority',
      input: UpdateTpdPrecedentAuthorityInput,
      targets: [],
      moves: () => null,
      template: 'TPD_PRECEDENT_AUTHORITY',
      dateRules: [signedAfterSent('authority', 'precedentAuthoritySentDate', 'precedentAuthorityReceivedDate')],
    },
    costAgreement: {
      label: 'Cost agreement',
      input: UpdateTpdCostAgreementInput,
      ...forward,
      template: 'TPD_COST_AGREEMENT',
      dateRules: [signedAfterSent('cost agreement', 'costAgreementSentDate', 'costAgreementSignedDate')],
    },
    ClaimForms: {
      label: 'Claim forms',
      input: UpdateTpdClaimFormsInput,
      ...forward,
      template: 'TPD_CLAIM_FORMS',
      dateRules: [signedAfterSent('claim form', 'claimFormSentDate', 'claimFormReceivedDate')],
    },
    progress: {
      label: 'Statements and submission',
      input: UpdateTpdProgressInput,
      ...forward,
      template: 'TPD_LEGAL_SUBMISSION',
    },
    cancellation: {
      label: 'Cancellation',
      input: UpdateTpdCancellationInput,
      targets: ['CANCELLED'],
      moves: () => 'CANCELLED',
      template: 'TPD_CANCELLATION',
    },
  },
  stepper: [
    { key: 'created', label: 'Case created', statuses: ['CASE_CREATED'] },
    ...TpdStages.map(([s]) => ({ key: s.toLowerCase(), label: statuses[s].label, statuses: [s] })),
  ],
  emailTemplates: [
    'TPD_REQUEST_RECEIVED',
    'TPD_PRECEDENT_AUTHORITY',
    'TPD_COST_AGREEMENT',
    'TPD_CLAIM_FORMS',
    'TPD_LEGAL_SUBMISSION',
    'TPD_CANCELLATION',
    'TPD_NON_ATTENDANCE',
    'TPD_REPORT_SENT',
  ],
  checklist: [
    { key: 'booking', label: 'Request received', date: 'requestReceivedDate' },
    { key: 'authority', label: 'Precedent authority', date: 'precedentAuthorityReceivedDate' },
    { key: 'agreement', label: 'Cost agreement signed', date: 'costAgreementSignedDate' },
    { key: 'claim', label: 'Claim form received', date: 'claimFormReceivedDate' },
    { key: 'submission', label: 'Legal submission', date: 'legalSubmissionDate' },
  ],
  tabs: [
    { key: 'BookingDetail', label: 'Booking Detail', step: 'booking-detail' },
    { key: 'PrecedentAuthority', label: 'Precedent Authority', step: 'precedentAuthority' },
    { key: 'CostAgreement', label: 'Cost Agreement', step: 'costAgreement' },
    { key: 'ClaimForms', label: 'Claim Forms', step: 'ClaimForms' },
    { key: 'Progress', label: 'Statements and Submission', step: 'progress' },
    { key: 'Cancellation', label: 'Cancellation', step: 'cancellation' },
    { key: 'CaseCorrespondence', label: 'Correspondence' },
    { key: 'Attachments', label: 'Attachments' },
  ],
  permissionGroup: 'TPD',
  features: ['TPD'],
  editions: [],
  addRoles: ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'],
  nonAttendanceTemplate: 'TPD_NON_ATTENDANCE',
  reportSent: { field: 'reportSentDate', template: 'TPD_REPORT_SENT' },
});
