import { z } from 'zod';
import { endpoint } from '../endpoints/endpoint';
import { Uuid } from '../ids';
import { Permissions } from '../permissions';

/** The tenant's connection to the US health insurer: its provider tax id (TIN) there. */
export const UhgConnectionDto = z
  .object({
    available: z.boolean(),
    connected: z.boolean(),
    providerTin: z.string().nullable(),
    providerName: z.string().nullable(),
    connectedTime: z.string().nullable(),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'UhgConnectionDto' });
export type UhgConnectionDto = z.infer<typeof UhgConnectionDto>;

export const UhgConnectInput = z.object({
  providerTin: z
    .string()
    .trim()
    .regex(/^\d{9}$/, 'providerTin must be 9 digits'),
});

const ClaimantNo = z
  .string()
  .trim()
  .min(1, 'claimantNo is required')
  .max(30, 'claimantNo must be at most 30 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'claimantNo must be letters, digits and dashes');

export const ValidateUhgInput = z.object({ claimantNo: ClaimantNo });
export const UhgMemberDto = z
  .object({
    claimantNo: z.string(),
    valid: z.boolean(),
    memberName: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    /** Why the number was refused, in words. */
    message: z.string().nullable(),
  })
  .meta({ id: 'UhgMemberDto' });
export type UhgMemberDto = z.infer<typeof UhgMemberDto>;

/** A case's link to its case at the insurer. */
export const UhgCaseDto = z
  .object({
    caseId: z.string(),
    linked: z.boolean(),
    claimantNo: z.string().nullable(),
    uhgCaseId: z.string().nullable(),
    memberName: z.string().nullable(),
    uhgStatus: z.string().nullable(),
    appointmentSyncedTime: z.string().nullable(),
    syncedAppointment: z.string().nullable(),
    paperworkSentTime: z.string().nullable(),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'UhgCaseDto' });
export type UhgCaseDto = z.infer<typeof UhgCaseDto>;

export const CreateUhgCaseInput = z.object({ claimantNo: ClaimantNo });
export const ConnectCaseToUhgInput = z.object({
  claimantNo: ClaimantNo,
  uhgCaseId: z
    .string()
    .trim()
    .min(1, 'uhgCaseId is required')
    .max(50, 'uhgCaseId must be at most 50 characters')
    .regex(/^[A-Za-z0-9-]+$/, 'uhgCaseId must be letters, digits and dashes'),
});

const IdParams = z.object({ id: Uuid });
const tags = ['US health insurer'];
const features = ['Assessment', 'MassTorts', 'OT', 'COTELE'] as const;
const read = { permission: Permissions.assessments.read, features } as const;
const update = { permission: Permissions.assessments.update, features } as const;
const BASE = '/api/app/assessments';

/** app/uhg/connect and the case calls: validateUhg, uhgCase, connectCaseToUHG, syncUHGAppointment, uhgPaperwork. */
export const UhgEndpoints = {
  connection: endpoint({
    method: 'GET',
    path: '/api/app/uhg/connect',
    response: UhgConnectionDto,
    access: { permission: Permissions.uhg.connect },
    summary: "The tenant's connection to the US health insurer",
    tags,
  }),
  connect: endpoint({
    method: 'POST',
    path: '/api/app/uhg/connect',
    body: UhgConnectInput,
    response: UhgConnectionDto,
    access: { permission: Permissions.uhg.connect },
    summary: 'Connects the tenant as a provider at the insurer (its TIN, checked with the insurer)',
    tags,
  }),
  validateUhg: endpoint({
    method: 'POST',
    path: `${BASE}/:id/validateUhg`,
    params: IdParams,
    body: ValidateUhgInput,
    response: UhgMemberDto,
    access: update,
    summary: "Asks the insurer whether the claimant number is one of its members'",
    tags,
  }),
  getUhgCase: endpoint({
    method: 'GET',
    path: `${BASE}/:id/uhgCase`,
    params: IdParams,
    response: UhgCaseDto,
    access: read,
    summary: "The case's link to its case at the insurer",
    tags,
  }),
  uhgCase: endpoint({
    method: 'POST',
    path: `${BASE}/:id/uhgCase`,
    params: IdParams,
    body: CreateUhgCaseInput,
    response: UhgCaseDto,
    access: update,
    summary: 'Opens the case at the insurer for the claimant number and links it',
    tags,
  }),
  connectCaseToUHG: endpoint({
    method: 'POST',
    path: `${BASE}/:id/connectCaseToUHG`,
    params: IdParams,
    body: ConnectCaseToUhgInput,
    response: UhgCaseDto,
    access: update,
    summary: 'Links the case to a case the insurer already has (for the same member)',
    tags,
  }),
  syncUHGAppointment: endpoint({
    method: 'POST',
    path: `${BASE}/:id/syncUHGAppointment`,
    params: IdParams,
    response: UhgCaseDto,
    access: update,
    summary: "Sends the case's appointment to the insurer's case",
    tags,
  }),
  uhgPaperwork: endpoint({
    method: 'POST',
    path: `${BASE}/:id/uhgPaperwork`,
    params: IdParams,
    response: UhgCaseDto,
    access: update,
    summary: "Sends the case's paperwork (its documents' list and booking details) to the insurer's case",
    tags,
  }),
};
