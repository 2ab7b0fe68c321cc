import { z } from 'zod';
import { AllowedExtensions } from '../files/upload-rules';
import { IsoDate } from '../fields';
import { Uuid } from '../ids';
import { PagedListInput, pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from '../endpoints/endpoint';

/** Typed-report status of a typist job: 0 incomplete (the dictation is with the typist), 1 completed. */
export const TypedReportStatuses = [0, 1] as const;
export type TypedReportStatus = (typeof TypedReportStatuses)[number];
export const TypedReportStatusLabels: Readonly<Record<TypedReportStatus, string>> = { 0: 'Incomplete', 1: 'Completed' };

/** The audio extensions a dictation may have (both audio lists of case-modules.md §5). */
export const DictationExtensions: readonly string[] = [
  ...new Set<string>([...AllowedExtensions.audio, ...AllowedExtensions.otherAudio]),
];

/** True when a file of this name is a dictation (an audio file). */
export function isDictationFile(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot >= 0 && DictationExtensions.includes(fileName.slice(dot + 1).toLowerCase());
}

/** A dictation of a case given to a typist, and the typed report they send back. */
export const TypistJobDto = z.object({
  id: z.string(),
  caseId: z.string(),
  caseNo: z.string(),
  serviceType: z.string(),
  clientName: z.string(),
  dictationAttachmentId: z.string(),
  dictationName: z.string(),
  dictationFileId: z.string(),
  contractorId: z.string(),
  contractorName: z.string(),
  typedReportStatus: z.union([z.literal(0), z.literal(1)]),
  typedReportAttachmentId: z.string().nullable(),
  typedReportName: z.string().nullable(),
  typedReportFileId: z.string().nullable(),
  dueDate: z.string().nullable(),
  notes: z.string().nullable(),
  assignedTime: z.string(),
  completedTime: z.string().nullable(),
  concurrencyStamp: z.string(),
});
export type TypistJobDto = z.infer<typeof TypistJobDto>;

const status = z.coerce
  .number({ error: 'typedReportStatus must be 0 or 1' })
  .refine((n) => n === 0 || n === 1, 'typedReportStatus must be 0 or 1')
  .transform((n) => n as TypedReportStatus);

/** The job lists: typed-report status, case, typist and due-date range, besides the usual paging and search. */
export const TypistJobListQuery = PagedListInput.extend({
  typedReportStatus: status.optional(),
  caseId: Uuid.optional(),
  contractorId: Uuid.optional(),
  dueDateFrom: IsoDate.optional(),
  dueDateTo: IsoDate.optional(),
});

export const AssignTypistJobInput = z.strictObject({
  dictationAttachmentId: Uuid,
  contractorId: Uuid,
  dueDate: IsoDate.nullable().default(null),
  notes: z.string().max(4000, 'notes must be at most 4000 characters').nullable().default(null),
});
export type AssignTypistJobInput = z.input<typeof AssignTypistJobInput>;

export const SubmitTypedReportInput = z.strictObject({
  fileId: Uuid,
  concurrencyStamp: z.string().min(1),
});

export const TypistJobSummary = z.object({
  incomplete: z.number().int(),
  completed: z.number().int(),
  overdue: z.number().int(),
});
export type TypistJobSummary = z.infer<typeof TypistJobSummary>;

export const TypistDto = z.object({ id: z.string(), displayName: z.string(), isActive: z.boolean() });

/** The typed-report status a list route shows (/view/case-typist-incomplete-jobs: 0, completed: 1). */
export const TypistJobRouteStatus: Readonly<Record<string, TypedReportStatus>> = {
  '/view/case-typist-incomplete-jobs': 0,
  '/view/case-typist-completed-jobs': 1,
};

const IdParams = z.object({ id: Uuid });
const tags = ['Typist jobs'];
const read = { permission: Permissions.typistJobs.read } as const;

/** Dictations given to typists (shell.md typist routes, case-modules.md §2). */
export const TypistJobEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/app/typist-jobs',
    query: TypistJobListQuery,
    response: pagedResult(TypistJobDto),
    access: read,
    summary: 'Typist jobs: a typist sees only their own',
    tags,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/app/typist-jobs/summary',
    response: TypistJobSummary,
    access: read,
    summary: 'Counts of the caller’s incomplete, completed and overdue jobs (everyone’s for the office)',
    tags,
  }),
  typists: endpoint({
    method: 'GET',
    path: '/api/app/typist-jobs/typists',
    response: z.object({ items: z.array(TypistDto), totalCount: z.number().int() }),
    access: { permission: Permissions.typistJobs.assign },
    summary: 'The contractors a dictation may be given to',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/app/typist-jobs/:id',
    params: IdParams,
    response: TypistJobDto,
    access: read,
    summary: 'One typist job',
    tags,
  }),
  assign: endpoint({
    method: 'POST',
    path: '/api/app/typist-jobs',
    body: AssignTypistJobInput,
    response: TypistJobDto,
    access: { permission: Permissions.typistJobs.assign },
    summary: 'Give a case’s dictation to a typist',
    tags,
  }),
  submitTypedReport: endpoint({
    method: 'PUT',
    path: '/api/app/typist-jobs/:id/typed-report',
    params: IdParams,
    body: SubmitTypedReportInput,
    response: TypistJobDto,
    access: { permission: Permissions.typistJobs.complete },
    summary: 'Attach the typed report to the case and complete the job',
    tags,
  }),
};
