import { z } from 'zod';
import { endpoint } from '../endpoints/endpoint';
import { IsoDate } from '../fields';
import { Uuid } from '../ids';
import { PagedListInput, pagedResult } from '../paging';
import { AssessmentFeatures, Permissions } from '../permissions';

/** Review status of an IME report (case-modules.md §3). */
export const ReviewStatuses = ['PENDING', 'SENT', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'CERTIFIED'] as const;
export type ReviewStatus = (typeof ReviewStatuses)[number];
export const ReviewStatusLabels: Record<ReviewStatus, string> = {
  PENDING: 'Pending',
  SENT: 'Sent',
  UNDER_REVIEW: 'Under Review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CERTIFIED: 'Certified',
};

/** Validation status of an IME report (case-modules.md §3). */
export const ValidationStatuses = ['PENDING', 'UNDER_REVIEW', 'PASSED', 'FAILED', 'NOT_APPLICABLE'] as const;
export type ValidationStatus = (typeof ValidationStatuses)[number];
export const ValidationStatusLabels: Record<ValidationStatus, string> = {
  PENDING: 'Pending',
  UNDER_REVIEW: 'Under review',
  PASSED: 'Passed',
  FAILED: 'Failed',
  NOT_APPLICABLE: 'N/A',
};

/** Status of one report correction (the spec names none; decision 0096). */
export const CorrectionStatuses = ['OPEN', 'IN_PROGRESS', 'CORRECTED', 'NOT_REQUIRED'] as const;
export type CorrectionStatus = (typeof CorrectionStatuses)[number];
export const CorrectionStatusLabels: Record<CorrectionStatus, string> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  CORRECTED: 'Corrected',
  NOT_REQUIRED: 'Not required',
};

/** The longest correction note, as every text area (case-modules.md §9). */
export const CORRECTION_NOTE_MAX = 4000;
/** The message when QA is asked of a case that is not an IME assessment. */
export const REPORT_QA_IME_ONLY = 'Report QA is recorded on IME cases only.';

/** The service types whose reports go through QA (review, validation and corrections): IME's. */
export const REPORT_QA_SERVICE_TYPES: readonly string[] = ['IME'];
/** Whether a case of this service type has report QA. */
export const hasReportQa = (serviceType: string): boolean => REPORT_QA_SERVICE_TYPES.includes(serviceType);

const note = z
  .string({ error: 'note is required' })
  .trim()
  .min(1, 'This field is required')
  .max(CORRECTION_NOTE_MAX, `note must be at most ${CORRECTION_NOTE_MAX} characters`);

/** One correction of a case's report, with the case's columns the QA sheet shows. */
export const ReportCorrectionDto = z.object({
  id: z.string(),
  caseId: z.string(),
  caseNo: z.string(),
  clientName: z.string(),
  specialistId: z.string().nullable(),
  specialistName: z.string().nullable(),
  appointmentDate: z.string().nullable(),
  reviewStatus: z.enum(ReviewStatuses),
  validationStatus: z.enum(ValidationStatuses),
  status: z.enum(CorrectionStatuses),
  note: z.string(),
  concurrencyStamp: z.string(),
  creationTime: z.string(),
  creatorName: z.string().nullable(),
  lastModificationTime: z.string().nullable(),
});
export type ReportCorrectionDto = z.infer<typeof ReportCorrectionDto>;

/** A case's report QA: its review and validation status and its corrections, newest first. */
export const ReportQaDto = z.object({
  caseId: z.string(),
  caseNo: z.string(),
  reviewStatus: z.enum(ReviewStatuses),
  validationStatus: z.enum(ValidationStatuses),
  lastModificationTime: z.string().nullable(),
  corrections: z.array(ReportCorrectionDto),
});
export type ReportQaDto = z.infer<typeof ReportQaDto>;

export const UpdateReportQaInput = z.strictObject({
  reviewStatus: z.enum(ReviewStatuses, { error: 'reviewStatus is not a review status' }),
  validationStatus: z.enum(ValidationStatuses, { error: 'validationStatus is not a validation status' }),
});
export type UpdateReportQaInput = z.input<typeof UpdateReportQaInput>;

export const CreateReportCorrectionInput = z.strictObject({
  caseId: Uuid,
  status: z.enum(CorrectionStatuses, { error: 'status is not a correction status' }).default('OPEN'),
  note,
});
export type CreateReportCorrectionInput = z.input<typeof CreateReportCorrectionInput>;

/** The correction's stamp as last read: when given and stale, the change is refused (409). */
const concurrencyStamp = z.string().min(1, 'concurrencyStamp is required').optional();
export const UpdateCorrectionNoteInput = z.strictObject({ note, concurrencyStamp });
export const UpdateCorrectionStatusInput = z.strictObject({
  status: z.enum(CorrectionStatuses, { error: 'status is not a correction status' }),
  concurrencyStamp,
});

/** The QA sheet's filters, for its list and its export. */
export const ReportCorrectionFilters = z.object({
  /** Part of a case number. */
  filterText: z.string().max(200, 'filterText must be at most 200 characters').optional(),
  status: z.enum(CorrectionStatuses, { error: 'status is not a correction status' }).optional(),
  reviewStatus: z.enum(ReviewStatuses, { error: 'reviewStatus is not a review status' }).optional(),
  validationStatus: z.enum(ValidationStatuses, { error: 'validationStatus is not a validation status' }).optional(),
  specialistId: Uuid.optional(),
  caseId: Uuid.optional(),
  /** Corrections recorded on or after this day, in the tenant's zone. */
  dateFrom: IsoDate.optional(),
  /** Corrections recorded on or before this day, in the tenant's zone. */
  dateTo: IsoDate.optional(),
});
export type ReportCorrectionFilters = z.input<typeof ReportCorrectionFilters>;
export const ReportCorrectionListQuery = PagedListInput.extend(ReportCorrectionFilters.shape);

const IdParams = z.object({ id: Uuid });
const tags = ['Report corrections'];
const features = ['QaStatus'] as const;
const BASE = '/api/app/report-corrections';
const read = { permission: Permissions.reportCorrections.read, features } as const;
const update = { permission: Permissions.reportCorrections.update, features } as const;

/** Report QA of IME cases (feature QaStatus): the case's statuses, its corrections, and the QA sheet. */
export const ReportQaEndpoints = {
  caseQa: endpoint({
    method: 'GET',
    path: '/api/app/assessments/:id/report-qa',
    params: IdParams,
    response: ReportQaDto,
    access: read,
    summary: "The case's review status, validation status and report corrections",
    tags,
  }),
  updateCaseQa: endpoint({
    method: 'PUT',
    path: '/api/app/assessments/:id/report-qa',
    params: IdParams,
    body: UpdateReportQaInput,
    response: ReportQaDto,
    access: update,
    summary: "Set the case's review and validation status",
    tags,
  }),
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: ReportCorrectionListQuery,
    response: pagedResult(ReportCorrectionDto),
    access: read,
    summary: 'The Reports QA Sheet: corrections with their cases, filtered',
    tags,
  }),
  export: endpoint({
    method: 'POST',
    path: `${BASE}/export`,
    body: z.strictObject(ReportCorrectionFilters.shape),
    access: read,
    summary: 'The QA sheet as filtered, as xlsx (a zip of 500-row files when longer)',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    params: IdParams,
    response: ReportCorrectionDto,
    access: read,
    summary: 'One report correction with its case',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    body: CreateReportCorrectionInput,
    response: ReportCorrectionDto,
    access: update,
    summary: "Record a correction of a case's report",
    tags,
  }),
  updateNote: endpoint({
    method: 'PUT',
    path: `${BASE}/:id/note`,
    params: IdParams,
    body: UpdateCorrectionNoteInput,
    response: ReportCorrectionDto,
    access: update,
    summary: "Change a correction's note",
    tags,
  }),
  updateStatus: endpoint({
    method: 'PUT',
    path: `${BASE}/:id/status`,
    params: IdParams,
    body: UpdateCorrectionStatusInput,
    response: ReportCorrectionDto,
    access: update,
    summary: "Change a correction's status",
    tags,
  }),
};

/** The report template of a case: which case. */
export const GenerateReportTemplateInput = z.strictObject({ caseId: Uuid });

/** Dictation reports of IME cases (case-modules.md §7 "CaseDictationReports"). */
export const DictationReportEndpoints = {
  generateReportTemplate: endpoint({
    method: 'POST',
    path: '/api/app/CaseDictationReports/generateReportTemplate',
    body: GenerateReportTemplateInput,
    access: { permission: Permissions.assessments.read, features: AssessmentFeatures },
    summary: "The case's report template as a Word document, filled with the case's parties and dates",
    tags: ['Case dictation reports'],
  }),
};
