import { z } from 'zod';
import { CaseServiceTypes, CreateCaseInput } from '../cases/dto';
import { IsoDate } from '../fields';
import { Uuid } from '../ids';
import { PagedListInput, pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from '../endpoints/endpoint';

/** Where an inquiry stands: logged, with someone to follow it up, turned into a case, or closed without one. */
export const InquiryStatuses = ['New', 'Assigned', 'Converted', 'Closed'] as const;
export type InquiryStatus = (typeof InquiryStatuses)[number];

export const InquiryDto = z.object({
  id: z.string(),
  enquirerName: z.string(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  serviceType: z.enum(CaseServiceTypes),
  details: z.string().nullable(),
  status: z.enum(InquiryStatuses),
  assignedUserId: z.string().nullable(),
  assignedUserName: z.string().nullable(),
  caseId: z.string().nullable(),
  caseNo: z.string().nullable(),
  creationTime: z.string(),
  concurrencyStamp: z.string(),
});
export type InquiryDto = z.infer<typeof InquiryDto>;

const text = (name: string, max: number) =>
  z.string().trim().max(max, `${name} must be at most ${max} characters`).nullable().default(null);

export const CreateInquiryInput = z.strictObject({
  enquirerName: z
    .string()
    .trim()
    .min(1, 'enquirerName is required')
    .max(200, 'enquirerName must be at most 200 characters'),
  companyName: text('companyName', 200),
  email: z.email({ error: 'email must be an email address' }).nullable().default(null),
  phone: text('phone', 50),
  serviceType: z.enum(CaseServiceTypes).default('IME'),
  details: text('details', 4000),
});
export const UpdateInquiryInput = CreateInquiryInput.extend({ concurrencyStamp: z.string().min(1) });
export const AssignInquiryInput = z.strictObject({ userId: Uuid, concurrencyStamp: z.string().min(1) });
export const CloseInquiryInput = z.strictObject({ concurrencyStamp: z.string().min(1) });
/** Turning an inquiry into a case takes what booking a case takes, checked by the same rules. */
export const ConvertInquiryInput = CreateCaseInput.extend({ concurrencyStamp: z.string().min(1) });

export const InquiryListQuery = PagedListInput.extend({
  status: z.enum(InquiryStatuses, { error: 'status must be New, Assigned, Converted or Closed' }).optional(),
  assignedUserId: Uuid.optional(),
  serviceType: z.enum(CaseServiceTypes).optional(),
  dateFrom: IsoDate.optional(),
  dateTo: IsoDate.optional(),
});

const IdParams = z.object({ id: Uuid });
const tags = ['Inquiry centre'];
const features = ['InquiryCentre'] as const;
const P = Permissions.inquiries;
const BASE = '/api/app/inquiries';

/** The inquiry centre (feature InquiryCentre). */
export const InquiryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: InquiryListQuery,
    response: pagedResult(InquiryDto),
    access: { permission: P.read, features },
    summary: 'Inquiries',
    tags,
  }),
  assignees: endpoint({
    method: 'GET',
    path: `${BASE}/assignees`,
    response: z.object({
      items: z.array(z.object({ id: z.string(), displayName: z.string(), isActive: z.boolean() })),
      totalCount: z.number().int(),
    }),
    access: { permission: P.update, features },
    summary: 'Who an inquiry may be given to (the office)',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    params: IdParams,
    response: InquiryDto,
    access: { permission: P.read, features },
    summary: 'One inquiry',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    body: CreateInquiryInput,
    response: InquiryDto,
    access: { permission: P.create, features },
    summary: 'Log an inquiry',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    params: IdParams,
    body: UpdateInquiryInput,
    response: InquiryDto,
    access: { permission: P.update, features },
    summary: 'Change an open inquiry',
    tags,
  }),
  assign: endpoint({
    method: 'POST',
    path: `${BASE}/:id/assign`,
    params: IdParams,
    body: AssignInquiryInput,
    response: InquiryDto,
    access: { permission: P.update, features },
    summary: 'Give an inquiry to someone of the office',
    tags,
  }),
  close: endpoint({
    method: 'POST',
    path: `${BASE}/:id/close`,
    params: IdParams,
    body: CloseInquiryInput,
    response: InquiryDto,
    access: { permission: P.update, features },
    summary: 'Close an inquiry without a case',
    tags,
  }),
  convert: endpoint({
    method: 'POST',
    path: `${BASE}/:id/convert`,
    params: IdParams,
    body: ConvertInquiryInput,
    response: InquiryDto,
    access: { permission: P.update, features },
    summary: 'Book a case from the inquiry (the case booking rules apply)',
    tags,
  }),
};
