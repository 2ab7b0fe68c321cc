import { z } from 'zod';
import {
  ConcurrencyStamp,
  IsoDate,
  optionalEmail,
  optionalIsoDate,
  optionalPhone,
  optionalText,
  requiredText,
} from '../../fields';
import { TEXT_AREA_MAX } from '../../forms';
import { defineCaseModule, type StatusDeclaration } from './define';

/**
 * NDIS assessments (case-modules.md §2, §3, §7; decision 0047): a participant's case with the spec's NDIS
 * statuses, the participant's plan, key contacts, attendees, clinical notes and the service agreement.
 */
export const NdisStatuses = [
  'CASE_CREATED',
  'REPORT_REQUESTED',
  'CLIENT_INVOICED',
  'SPECIALIST_INVOICED',
  'PARTIALLY_PAID',
  'FULLY_PAID',
] as const;
export type NdisStatus = (typeof NdisStatuses)[number];

const statuses: Record<NdisStatus, StatusDeclaration> = {
  CASE_CREATED: { label: 'Case created', kind: 'open', next: 'REQUEST_RECEIVED', overdueDays: 2 },
  REPORT_REQUESTED: { label: 'Report requested', kind: 'open', next: 'REPORT_WRITING', overdueDays: 14 },
  CLIENT_INVOICED: { label: 'Client invoiced', kind: 'invoiced', next: null, overdueDays: null },
  SPECIALIST_INVOICED: { label: 'Specialist invoiced', kind: 'invoiced', next: null, overdueDays: null },
  PARTIALLY_PAID: { label: 'Partially paid', kind: 'paid', next: null, overdueDays: null },
  FULLY_PAID: { label: 'Fully paid', kind: 'paid', next: null, overdueDays: null },
};

/** Requested, then invoiced to the client and the specialist in either order, then paid. */
const transitions: Record<NdisStatus, readonly NdisStatus[]> = {
  CASE_CREATED: ['REPORT_REQUESTED'],
  REPORT_REQUESTED: ['CLIENT_INVOICED', 'SPECIALIST_INVOICED'],
  CLIENT_INVOICED: ['SPECIALIST_INVOICED', 'PARTIALLY_PAID', 'FULLY_PAID'],
  SPECIALIST_INVOICED: ['CLIENT_INVOICED', 'PARTIALLY_PAID', 'FULLY_PAID'],
  PARTIALLY_PAID: ['FULLY_PAID'],
  FULLY_PAID: [],
};

/** How the participant's plan is managed. */
export const NdisPlanManagement = ['SELF_MANAGED', 'PLAN_MANAGED', 'NDIA_MANAGED'] as const;

export const UpdateNdisParticipantInput = z.strictObject({
  concurrencyStamp: ConcurrencyStamp,
  ndisNumber: optionalText(16),
  planManagement: z.enum(NdisPlanManagement).nullable().default(null),
  planStartDate: optionalIsoDate,
  planEndDate: optionalIsoDate,
  /** The day the assessment report was asked for: moves a new case to Report requested. */
  reportRequestedDate: optionalIsoDate,
  /** The day the participant (or their nominee) signed the service agreement, recorded by hand. */
  agreementSignedDate: optionalIsoDate,
});

export const NdisKeyContactInput = z.strictObject({
  name: requiredText(128),
  relationship: optionalText(64),
  phone: optionalPhone,
  email: optionalEmail,
});
export const NdisAttendeeInput = z.strictObject({
  name: requiredText(128),
  role: optionalText(64),
});
export const NdisClinicalNoteInput = z.strictObject({
  noteDate: IsoDate,
  note: requiredText(TEXT_AREA_MAX),
});

/** The participant's own records on a case, by kind. */
export const NdisEntryKinds = ['KEY_CONTACT', 'ATTENDEE', 'CLINICAL_NOTE'] as const;
export type NdisEntryKind = (typeof NdisEntryKinds)[number];

export const NdisModule = defineCaseModule({
  key: 'ndis',
  title: 'NDIS',
  route: '/view/ndis',
  serviceTypes: ['NDIS'],
  numberPrefixes: { NDIS: 'NDIS' },
  statusPrefix: 'NDIS',
  templateModule: 'NDIS',
  initialStatus: 'CASE_CREATED',
  statuses,
  transitions,
  steps: {
    participant: {
      label: 'Participant',
      input: UpdateNdisParticipantInput,
      targets: ['REPORT_REQUESTED'],
      moves: (v: { reportRequestedDate: string | null }): NdisStatus | null =>
        v.reportRequestedDate ? 'REPORT_REQUESTED' : null,
      dateRules: [
        {
          field: 'planEndDate',
          rule: 'notBefore',
          other: 'planStartDate',
          outcome: 'refuse',
          message: 'The plan cannot end before it starts.',
        },
      ],
    },
  },
  stepper: [
    { key: 'created', label: 'Case created', statuses: ['CASE_CREATED'] },
    { key: 'requested', label: 'Report requested', statuses: ['REPORT_REQUESTED'] },
    { key: 'invoiced', label: 'Invoiced', statuses: ['CLIENT_INVOICED', 'SPECIALIST_INVOICED'] },
    { key: 'paid', label: 'Paid', statuses: ['PARTIALLY_PAID', 'FULLY_PAID'] },
  ],
  emailTemplates: [],
  checklist: [
    { key: 'booking', label: 'Case received', date: null },
    { key: 'requested', label: 'Report requested', date: 'reportRequestedDate' },
    { key: 'agreement', label: 'Service agreement signed', date: 'agreementSignedDate' },
  ],
  tabs: [
    { key: 'Participant', label: 'Participant', step: 'participant' },
    { key: 'CaseCorrespondence', label: 'Correspondence' },
    { key: 'Attachments', label: 'Attachments' },
  ],
  permissionGroup: 'NDIS',
  features: ['NDIS'],
  editions: [],
  addRoles: ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'],
});
