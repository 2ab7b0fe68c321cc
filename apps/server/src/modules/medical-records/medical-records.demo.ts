import { MedicalRecordModule } from '@casebook/domain';
import type { DemoPlan } from '../tenancy/demo-modules';
import { medicalRecordCaseDetails } from './medical-records.schema';

/** Demo medical records at each stage: new, requested (one overdue), received, sent, on hold, cancelled. */
export const MedicalRecordDemo: DemoPlan = {
  module: MedicalRecordModule,
  details: medicalRecordCaseDetails,
  cases: (on) => {
    const asked = (recordType: string, provider: string, days: number) =>
      ['booking-detail', { recordType, provider, requestedDate: on(days) }] as const;
    return [
      [],
      [asked('CLINICAL_NOTES', 'Harbour Medical Centre', -3)],
      [asked('GP_MEDICAL_FILE', 'Northside Family Practice', -45)],
      [asked('RADIOLOGY_REPORT', 'City Imaging', -20), ['paperwork', { paperworkReceivedDate: on(-2) }]],
      [
        asked('HOSPITAL_FILE_FOI', 'St Vincent Hospital', -40),
        ['paperwork', { paperworkReceivedDate: on(-10), filesSentDate: on(-8) }],
      ],
      [
        asked('SPECIALIST_MEDICAL_FILE', 'Dr Lee Orthopaedics', -15),
        ['OnHoldRequest', { onHoldAction: 'HOLD', onHoldDate: on(-5), onHoldReason: 'Awaiting signed authority' }],
      ],
      [
        asked('RADIOLOGY_IMAGING', 'City Imaging', -12),
        ['cancellation', { cancellationDate: on(-6), cancellationReason: 'Matter settled' }],
      ],
    ];
  },
};
