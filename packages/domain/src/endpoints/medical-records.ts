import { z } from 'zod';
import { MedicalRecordModule } from '../cases/modules/medical-records';
import { Uuid } from '../ids';
import { caseModuleEndpoints, ModuleCaseDto, moduleEndpointList } from './case-modules';
import { endpoint } from './endpoint';

const shared = caseModuleEndpoints(MedicalRecordModule, '/api/app/clinical-records');

/** Medical records: the shared calls of the declaration, and a request duplicated for another provider. */
export const MedicalRecordEndpoints = {
  ...shared,
  duplicateRecord: endpoint({
    method: 'POST',
    path: '/api/app/clinical-records/:id/duplicateRecord',
    params: z.object({ id: Uuid }),
    response: ModuleCaseDto,
    access: { permission: 'Casebook.MedicalRecord.Create', features: MedicalRecordModule.features },
    summary: 'A new request with the same claimant, case manager, record type and provider, in status Created',
    tags: [MedicalRecordModule.title],
  }),
};

export const MedicalRecordEndpointList = [...moduleEndpointList(shared), MedicalRecordEndpoints.duplicateRecord];
