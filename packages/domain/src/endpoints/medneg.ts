import { z } from 'zod';
import { CheckExistCaseNoDto, CheckExistCaseNoInput } from '../cases/dto';
import {
  CreateMedNegPoRequestInput,
  MedNegModule,
  MedNegPoAnswers,
  MedNegPoRequestTypes,
  UpdateMedNegPoRequestInput,
} from '../cases/modules/medneg';
import { Uuid } from '../ids';
import { caseModuleEndpoints, ModuleCaseDto, moduleEndpointList } from './case-modules';
import { endpoint } from './endpoint';

const BASE = '/api/app/medneg';
const shared = caseModuleEndpoints(MedNegModule, BASE);
const features = MedNegModule.features;
const tags = [MedNegModule.title];
const IdParams = z.object({ id: Uuid });
const PoParams = z.object({ id: Uuid, poId: Uuid });

export const MedNegPoRequestDto = z.object({
  id: z.string(),
  specialistId: z.string(),
  specialistName: z.string(),
  requestType: z.enum(MedNegPoRequestTypes),
  requestedDate: z.string(),
  answer: z.enum(MedNegPoAnswers).nullable(),
  answerDate: z.string().nullable(),
  notes: z.string().nullable(),
});
export type MedNegPoRequestDto = z.infer<typeof MedNegPoRequestDto>;

/** Medical negligence: the shared calls, PO requests to specialists with their answers, the linked full report. */
export const MedNegEndpoints = {
  ...shared,
  poRequests: endpoint({
    method: 'GET',
    path: `${BASE}/:id/poMedNeg`,
    params: IdParams,
    response: z.object({ items: z.array(MedNegPoRequestDto) }),
    access: { permission: 'Casebook.MedNeg', features },
    tags,
  }),
  createPoRequest: endpoint({
    method: 'POST',
    path: `${BASE}/:id/poMedNeg`,
    params: IdParams,
    body: CreateMedNegPoRequestInput,
    response: MedNegPoRequestDto,
    access: { permission: 'Casebook.MedNeg.Update', features },
    summary: 'Asks a specialist; moves the case to the request type’s status when its transitions allow',
    tags,
  }),
  updatePoRequest: endpoint({
    method: 'PUT',
    path: `${BASE}/:id/poMedNeg/:poId`,
    params: PoParams,
    body: UpdateMedNegPoRequestInput,
    response: MedNegPoRequestDto,
    access: { permission: 'Casebook.MedNeg.Update', features },
    summary: 'The specialist’s answer',
    tags,
  }),
  deletePoRequest: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id/poMedNeg/:poId`,
    params: PoParams,
    response: z.null(),
    access: { permission: 'Casebook.MedNeg.Update', features },
    tags,
  }),
  fullReport: endpoint({
    method: 'POST',
    path: `${BASE}/:id/fullReport`,
    params: IdParams,
    body: z.strictObject({ specialistId: Uuid }),
    response: ModuleCaseDto,
    access: { permission: 'Casebook.MedNeg.Update', features },
    summary: 'Books the full report as an IME case with the same parties and links it (Linked Report Created)',
    tags,
  }),
  checkExistCaseNo: endpoint({
    method: 'GET',
    path: `${BASE}/checkExistCaseNo`,
    query: CheckExistCaseNoInput.pick({ caseNo: true }),
    response: CheckExistCaseNoDto,
    access: { permission: 'Casebook.MedNeg', features },
    summary: 'Whether the case number exists, always looked up in the assessment module',
    tags,
  }),
};

export const MedNegEndpointList = [
  ...moduleEndpointList(shared),
  MedNegEndpoints.poRequests,
  MedNegEndpoints.createPoRequest,
  MedNegEndpoints.updatePoRequest,
  MedNegEndpoints.deletePoRequest,
  MedNegEndpoints.fullReport,
  MedNegEndpoints.checkExistCaseNo,
];
