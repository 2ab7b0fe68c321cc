import { z } from 'zod';
import { addBusinessDays, formatIsoDate, parseIsoDate } from '../../calendar';
import { ConcurrencyStamp, IsoDate, optionalId, optionalIsoDate, optionalText, optionalTextArea } from '../../fields';
import { Uuid } from '../../ids';
import { defineCaseModule } from './define';
import { MedicalRecordModuleSummary, type MedicalRecordStatus } from './medical-records-summary';

/**
 * Medical records retrieval (case-modules.md §2, §3, §4, §7, §9): records of a claimant asked of a hospital,
 * GP, radiology practice or specialist, received and sent on to the client. Each request is due a number of
 * business days after it was made, by the record type (decision 0040). Its name, route, access and statuses
 * are in `medical-records-summary.ts`.
 */
export { MedicalRecordStatuses, type MedicalRecordStatus } from './medical-records-summary';

/** Forward along request, receipt and sending; on hold and back from any working status; invoiced once sent. */
const transitions: Record<MedicalRecordStatus, readonly MedicalRecordStatus[]> = {
  CASE_CREATED: ['REQUESTED', 'ON_HOLD', 'CANCELLED'],
  REQUESTED: ['PAPERWORK_RECEIVED', 'FILES_SENT', 'ON_HOLD', 'CANCELLED'],
  PAPERWORK_RECEIVED: ['FILES_SENT', 'ON_HOLD', 'CANCELLED'],
  ON_HOLD: ['CASE_CREATED', 'REQUESTED', 'PAPERWORK_RECEIVED', 'FILES_SENT', 'CANCELLED'],
  FILES_SENT: ['CLIENT_INVOICED'],
  CANCELLED: [],
  CLIENT_INVOICED: ['CLIENT_PARTIALLY_PAID', 'CLIENT_FULLY_PAID'],
  CLIENT_PARTIALLY_PAID: ['CLIENT_FULLY_PAID'],
  CLIENT_FULLY_PAID: [],
};

/** The record types of §9 and each one's turnaround in business days (decision 0040). */
export const MedicalRecordTurnaroundDays = {
  ALL_REPORTING: 60,
  HOSPITAL_FILE_FOI: 30,
  RADIOLOGY_IMAGING: 30,
  RADIOLOGY_REPORT: 30,
  HOSPITAL_FILE_NON_FOI: 30,
  CLINICAL_NOTES: 20,
  GP_MEDICAL_FILE: 25,
  SPECIALIST_MEDICAL_FILE: 25,
} as const;
export type MedicalRecordType = keyof typeof MedicalRecordTurnaroundDays;
/** The record types in the spec's words. */
export const MedicalRecordTypeLabels: Record<MedicalRecordType, string> = {
  ALL_REPORTING: 'All reporting including long-tail',
  HOSPITAL_FILE_FOI: 'Hospital files (FOI)',
  RADIOLOGY_IMAGING: 'Radiology imaging',
  RADIOLOGY_REPORT: 'Radiology report',
  HOSPITAL_FILE_NON_FOI: 'Hospital file (non-FOI)',
  CLINICAL_NOTES: 'Clinical notes',
  GP_MEDICAL_FILE: 'GP medical file and reports',
  SPECIALIST_MEDICAL_FILE: 'Specialist medical file and report',
};
export const MedicalRecordTypes = Object.keys(MedicalRecordTurnaroundDays) as [
  MedicalRecordType,
  ...MedicalRecordType[],
];

/**
 * The date a request is due: its record type's turnaround counted in business days (Monday to Friday) after
 * the day it was made; null until both are known.
 */
export function medicalRecordDueDate(recordType: string | null, requestedDate: string | null): string | null {
  const days = recordType ? MedicalRecordTurnaroundDays[recordType as MedicalRecordType] : undefined;
  const from = requestedDate ? parseIsoDate(requestedDate.slice(0, 10)) : undefined;
  return days && from ? formatIsoDate(addBusinessDays(from, days)) : null;
}

const Stamped = { concurrencyStamp: ConcurrencyStamp };

export const UpdateMedicalRecordBookingInput = z.strictObject({
  ...Stamped,
  clientId: Uuid,
  caseManagerId: Uuid,
  specialistId: optionalId,
  bookingNotes: optionalTextArea,
  recordType: z.enum(MedicalRecordTypes).nullable().default(null),
  /** Who holds the records: the hospital, practice or doctor asked. */
  provider: optionalText(200),
  /** The day the records were asked for: moves a new case to Requested and starts the turnaround. */
  requestedDate: optionalIsoDate,
});

export const UpdateMedicalRecordPaperworkInput = z.strictObject({
  ...Stamped,
  paperworkReceivedDate: optionalIsoDate,
  filesSentDate: optionalIsoDate,
  paperworkNotes: optionalTextArea,
});

export const MedicalRecordHoldActions = ['HOLD', 'RESUME'] as const;

export const UpdateMedicalRecordOnHoldInput = z.strictObject({
  ...Stamped,
  onHoldAction: z.enum(MedicalRecordHoldActions),
  onHoldDate: IsoDate,
  onHoldReason: optionalTextArea,
});

export const UpdateMedicalRecordCancellationInput = z.strictObject({
  ...Stamped,
  cancellationDate: IsoDate,
  cancellationReason: optionalTextArea,
});

type Facts = Partial<Record<string, string | null>>;
const WORKING: readonly MedicalRecordStatus[] = ['CASE_CREATED', 'REQUESTED', 'PAPERWORK_RECEIVED', 'ON_HOLD'];

/** Where a case stands by its dates: files sent, paperwork received, requested, or just created. */
export function medicalRecordStatusByDates(f: Facts): MedicalRecordStatus {
  if (f.filesSentDate) return 'FILES_SENT';
  if (f.paperworkReceivedDate) return 'PAPERWORK_RECEIVED';
  if (f.requestedDate) return 'REQUESTED';
  return 'CASE_CREATED';
}

/** A hold stops a working case; resuming returns it to where its dates put it. */
export function medicalRecordStatusAfterHold(f: Facts, current: string): MedicalRecordStatus | null {
  if (f.onHoldAction === 'HOLD') return 'ON_HOLD';
  return current === 'ON_HOLD' ? medicalRecordStatusByDates(f) : null;
}

export const MedicalRecordModule = defineCaseModule({
  ...MedicalRecordModuleSummary,
  serviceTypes: ['MEDICAL_RECORD'],
  numberPrefixes: { MEDICAL_RECORD: 'MR' },
  statusPrefix: 'CR',
  templateModule: 'MR',
  initialStatus: 'CASE_CREATED',
  transitions,
  due: { field: 'dueDate', statuses: ['REQUESTED', 'PAPERWORK_RECEIVED'] },
  choiceLabels: { ...MedicalRecordTypeLabels, HOLD: 'Put on hold', RESUME: 'Resume' },
  steps: {
    'booking-detail': {
      label: 'Booking detail',
      input: UpdateMedicalRecordBookingInput,
      targets: ['REQUESTED'],
      moves: (f: Facts, current: string) => (f.requestedDate && current === 'CASE_CREATED' ? 'REQUESTED' : null),
      derive: (f) => ({ dueDate: medicalRecordDueDate(f.recordType ?? null, f.requestedDate ?? null) }),
      template: 'MR_RECORDS_REQUEST',
    },
    paperwork: {
      label: 'Paperwork',
      input: UpdateMedicalRecordPaperworkInput,
      targets: ['PAPERWORK_RECEIVED', 'FILES_SENT'],
      moves: (f: Facts, current: string) =>
        (WORKING as readonly string[]).includes(current) && (f.paperworkReceivedDate || f.filesSentDate)
          ? medicalRecordStatusByDates(f)
          : null,
      template: 'MR_FILES_SENT',
      dateRules: [
        {
          field: 'paperworkReceivedDate',
          rule: 'notBefore',
          other: 'requestedDate',
          outcome: 'confirm',
          message: 'The paperwork date is before the records were requested. Do you want to continue?',
        },
        {
          field: 'filesSentDate',
          rule: 'notBefore',
          other: 'paperworkReceivedDate',
          outcome: 'refuse',
          message: 'The files cannot be sent before the paperwork was received.',
        },
      ],
    },
    OnHoldRequest: {
      label: 'On hold',
      input: UpdateMedicalRecordOnHoldInput,
      targets: ['ON_HOLD', 'CASE_CREATED', 'REQUESTED', 'PAPERWORK_RECEIVED', 'FILES_SENT'],
      moves: medicalRecordStatusAfterHold,
      note: 'onHoldReason',
      template: 'MR_ON_HOLD',
    },
    cancellation: {
      label: 'Cancellation',
      input: UpdateMedicalRecordCancellationInput,
      targets: ['CANCELLED'],
      moves: () => 'CANCELLED',
      template: 'MR_CANCELLATION',
    },
  },
  stepper: [
    { key: 'created', label: 'Created', statuses: ['CASE_CREATED'] },
    { key: 'requested', label: 'Requested', statuses: ['REQUESTED'] },
    { key: 'paperwork', label: 'Paperwork received', statuses: ['PAPERWORK_RECEIVED'] },
    { key: 'sent', label: 'Files sent', statuses: ['FILES_SENT'] },
    {
      key: 'billed',
      label: 'Invoiced and paid',
      statuses: ['CLIENT_INVOICED', 'CLIENT_PARTIALLY_PAID', 'CLIENT_FULLY_PAID'],
    },
  ],
  emailTemplates: ['MR_RECORDS_REQUEST', 'MR_FILES_SENT', 'MR_ON_HOLD', 'MR_CANCELLATION', 'MR_PAYMENT_RECEIPT'],
  checklist: [
    { key: 'booking', label: 'Booking received', date: null },
    { key: 'requested', label: 'Records requested', date: 'requestedDate' },
    { key: 'paperwork', label: 'Paperwork received', date: 'paperworkReceivedDate' },
    { key: 'sent', label: 'Files sent', date: 'filesSentDate' },
  ],
  tabs: [
    { key: 'BookingDetail', label: 'Booking Detail', step: 'booking-detail' },
    { key: 'Paperwork', label: 'Paperwork', step: 'paperwork' },
    { key: 'OnHold', label: 'On Hold', step: 'OnHoldRequest' },
    { key: 'Cancellation', label: 'Cancellation', step: 'cancellation' },
    { key: 'CaseCorrespondence', label: 'Correspondence' },
    { key: 'ActionRequired', label: 'Action Required' },
    { key: 'Attachments', label: 'Attachments' },
  ],
  editions: [],
  addRoles: ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'],
  // The records are the module's report: sending them is told with the files-sent e-mail.
  reportSent: { field: 'reportSentDate', template: 'MR_FILES_SENT' },
});
