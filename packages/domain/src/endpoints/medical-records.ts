import { z } from 'zod';
import { MedicalRecordModule } from '../cases/modules/medical-records';
import { Uuid } from '../ids';
import { caseModuleEndpoints, ModuleCaseDto, moduleEndpointList } from './case-modules';
import { endpoint } from './endpoint';
import { MEDICAL_RECORDS_API, MedicalRecordSummaryEndpoints } from './medical-records-summary';

const shared = { ...caseModuleEndpoints(MedicalRecordModule, MEDICAL_RECORDS_API), ...MedicalRecordSummaryEndpoints };

/** Medical records: the shared calls of the declaration, and a request duplicated for another provider. */
export const MedicalRecordEndpoints = {
  ...shared,
  duplicateRecord: endpoint({
    method: 'POST',
    path: `${MEDICAL_RECORDS_API}/:id/duplicateRecord`,
    params: z.object({ id: Uuid }),
    response: ModuleCaseDto,
    access: { permission: 'Casebook.MedicalRecord.Create', features: MedicalRecordModule.features },
    summary: 'A new request with the same claimant, case manager, record type and provider, in status Created',
    tags: [MedicalRecordModule.title],
  }),
};

export const MedicalRecordEndpointList = [...moduleEndpointList(shared), MedicalRecordEndpoints.duplicateRecord];
