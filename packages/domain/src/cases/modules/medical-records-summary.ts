import type { StatusDeclaration } from './define';

export const MedicalRecordStatuses = [
  'CASE_CREATED',
  'REQUESTED',
  'PAPERWORK_RECEIVED',
  'FILES_SENT',
  'ON_HOLD',
  'CANCELLED',
  'CLIENT_INVOICED',
  'CLIENT_PARTIALLY_PAID',
  'CLIENT_FULLY_PAID',
] as const;
export type MedicalRecordStatus = (typeof MedicalRecordStatuses)[number];

const statuses: Record<MedicalRecordStatus, StatusDeclaration> = {
  CASE_CREATED: { label: 'Created', kind: 'open', next: 'REQUEST_RECEIVED', overdueDays: 2 },
  REQUESTED: { label: 'Requested', kind: 'open', next: 'PAPERWORK', overdueDays: null },
  PAPERWORK_RECEIVED: {
    label: 'Paperwork received',
    kind: 'open',
    next: 'REPORT_FINAL',
    overdueDays: null,
    notify: ['reportReceived'],
  },
  FILES_SENT: { label: 'Files sent', kind: 'finished', next: null, overdueDays: null, notify: ['reportCompleted'] },
  ON_HOLD: { label: 'On hold', kind: 'open', next: null, overdueDays: null },
  CANCELLED: { label: 'Cancelled', kind: 'cancelled', next: null, overdueDays: null, notify: ['caseCancelled'] },
  CLIENT_INVOICED: { label: 'Client invoiced', kind: 'invoiced', next: null, overdueDays: null },
  CLIENT_PARTIALLY_PAID: { label: 'Client partially paid', kind: 'paid', next: null, overdueDays: null },
  CLIENT_FULLY_PAID: { label: 'Client fully paid', kind: 'paid', next: null, overdueDays: null },
};

/**
 * What a screen shows of the medical records module without opening a case: its name, route, access and
 * statuses. Kept apart from the declaration's steps (`medical-records.ts`), whose input schemas would
 * otherwise reach every screen that names the module (the dashboard's panel), and zod with them.
 */
export const MedicalRecordModuleSummary = {
  key: 'clinical-records',
  title: 'Medical Records',
  route: '/view/clinical-records',
  statuses,
  permissionGroup: 'MedicalRecord',
  features: ['MedicalRecord'],
} as const;
