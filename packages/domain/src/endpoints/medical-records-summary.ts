import { MedicalRecordModuleSummary } from '../cases/modules/medical-records-summary';
import { caseModuleCountsEndpoint } from './case-module-counts';

export const MEDICAL_RECORDS_API = '/api/app/clinical-records';

/**
 * The medical records calls a screen may make without the module's steps (the dashboard's panel): the same
 * declarations as in `MedicalRecordEndpoints`, made from the module's summary.
 */
export const MedicalRecordSummaryEndpoints = {
  counts: caseModuleCountsEndpoint(MedicalRecordModuleSummary, MEDICAL_RECORDS_API),
};
