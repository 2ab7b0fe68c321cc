import { z } from 'zod';
import type { ServiceType } from '../access/routes';
import { CaseModules, type CaseModuleDeclaration } from '../cases/modules';
import { PagedListInput } from '../paging';

/** The fewest characters a search looks for: fewer would match most records and no index helps. */
export const SEARCH_MIN_LENGTH = 3;
/** The most records of one kind a universal search answers. */
export const SEARCH_MAX_PER_KIND = 10;

/** The list routes of the assessment list's service types (the IME module serves all four). */
const AssessmentListRoutes: Partial<Record<ServiceType, string>> = {
  IME: '/view/assessments',
  MASS_TORTS: '/view/mass-torts',
  OT: '/view/ot',
  COTELE: '/view/co-teleconference',
};

/** The case module serving a service type. */
export function caseModuleOf(serviceType: string): CaseModuleDeclaration | undefined {
  return CaseModules.find((m) => (m.serviceTypes as readonly string[]).includes(serviceType));
}

/** The detail route of a case of a service type (the tab a search result opens). */
export function caseDetailPath(serviceType: string, id: string): string {
  const base =
    AssessmentListRoutes[serviceType as ServiceType] ?? caseModuleOf(serviceType)?.route ?? '/view/assessments';
  return `${base}/detail/${id}`;
}

/** A full-text query of the words' prefixes (`smi:* & rep:*`); undefined when the text has no word. */
export function prefixQueryWords(text: string): string | undefined {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  return words.length === 0 ? undefined : words.map((w) => `${w.toLowerCase()}:*`).join(' & ');
}

/** The detail routes of the people a search finds. */
export const PersonDetailBases = {
  claimant: '/view/clients',
  caseManager: '/view/case-managers',
  specialist: '/view/specialists',
  company: '/view/companies',
} as const;

const SearchText = z
  .string({ error: 'text is required' })
  .trim()
  .min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters`)
  .max(100, 'text must be at most 100 characters');

export const UniversalSearchInput = z.object({ text: SearchText });
export type UniversalSearchInput = z.input<typeof UniversalSearchInput>;

export const SearchCaseHit = z.object({
  id: z.string(),
  caseNo: z.string(),
  serviceType: z.string(),
  moduleTitle: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  claimantName: z.string(),
  companyName: z.string(),
  appointmentDate: z.string().nullable(),
});
export type SearchCaseHit = z.infer<typeof SearchCaseHit>;

export const SearchPersonHit = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The company of a case manager; null for others. */
  companyName: z.string().nullable(),
});
export type SearchPersonHit = z.infer<typeof SearchPersonHit>;

export const SearchDocumentHit = z.object({
  id: z.string(),
  name: z.string(),
  fileName: z.string(),
  attachmentType: z.string().nullable(),
  /** The record the document belongs to: the tab the result opens. */
  recordKind: z.enum(['case', 'claimant', 'specialist', 'company']),
  recordId: z.string(),
  /** The case's service type when the record is a case. */
  serviceType: z.string().nullable(),
  recordName: z.string().nullable(),
});
export type SearchDocumentHit = z.infer<typeof SearchDocumentHit>;

/** The universal search's answer: at most SEARCH_MAX_PER_KIND records of each kind, those the caller may see. */
export const UniversalSearchResult = z.object({
  cases: z.array(SearchCaseHit),
  claimants: z.array(SearchPersonHit),
  caseManagers: z.array(SearchPersonHit),
  specialists: z.array(SearchPersonHit),
  documents: z.array(SearchDocumentHit),
});
export type UniversalSearchResult = z.infer<typeof UniversalSearchResult>;

/** The detail route of a document hit's record. */
export function documentRecordPath(hit: SearchDocumentHit): string {
  return hit.recordKind === 'case'
    ? caseDetailPath(hit.serviceType ?? 'IME', hit.recordId)
    : `${PersonDetailBases[hit.recordKind]}/detail/${hit.recordId}`;
}

/** Which open action items the action-required search lists. */
export const ActionRequiredScopes = ['all', 'overdue', 'dueToday', 'dueThisWeek', 'noDueDate'] as const;
export type ActionRequiredScope = (typeof ActionRequiredScopes)[number];
export const ActionRequiredScopeLabels: Record<ActionRequiredScope, string> = {
  all: 'All open',
  overdue: 'Overdue',
  dueToday: 'Due today',
  dueThisWeek: 'Due in the next 7 days',
  noDueDate: 'No due date',
};

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false'], { error: 'must be true or false' })])
  .transform((v) => v === true || v === 'true');

export const ActionRequiredSearchInput = PagedListInput.extend({
  filterText: z.string().trim().max(100, 'filterText must be at most 100 characters').optional(),
  scope: z
    .enum(ActionRequiredScopes, { error: `scope must be one of ${ActionRequiredScopes.join(', ')}` })
    .default('all'),
  serviceType: z.string().max(40).optional(),
  /** Only the items assigned to the caller (as assignee or person in charge). */
  mine: booleanQuery.optional(),
});
export type ActionRequiredSearchInput = z.input<typeof ActionRequiredSearchInput>;

export const ActionRequiredHit = z.object({
  id: z.string(),
  caseId: z.string(),
  caseNo: z.string(),
  serviceType: z.string(),
  moduleTitle: z.string(),
  statusLabel: z.string(),
  claimantName: z.string(),
  companyName: z.string(),
  subject: z.string(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  assignees: z.array(z.string()),
});
export type ActionRequiredHit = z.infer<typeof ActionRequiredHit>;

const Contact = {
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
};

/** A case on an account page: the profile's own cases, newest or next first. */
export const AccountCaseDto = z.object({
  id: z.string(),
  caseNo: z.string(),
  serviceType: z.string(),
  moduleTitle: z.string(),
  statusLabel: z.string(),
  claimantName: z.string(),
  appointmentDate: z.string().nullable(),
  appointmentTime: z.string().nullable(),
});
export type AccountCaseDto = z.infer<typeof AccountCaseDto>;

/**
 * The caller's own records behind their account pages: the specialist record (Doctor Profile), the case
 * manager records (CaseManager Profile) and the contractor record (Contractor Detail), each null or empty
 * when the caller has none.
 */
export const MyRecordsDto = z.object({
  specialist: z
    .object({
      id: z.string(),
      title: z.string().nullable(),
      name: z.string(),
      ...Contact,
      mobile: z.string().nullable(),
      specialty: z.string().nullable(),
      providerNumber: z.string().nullable(),
      onboardedDate: z.string().nullable(),
      caseCount: z.number().int(),
      upcoming: z.array(AccountCaseDto),
    })
    .nullable(),
  caseManagers: z.array(
    z.object({
      id: z.string(),
      title: z.string().nullable(),
      name: z.string(),
      ...Contact,
      mobile: z.string().nullable(),
      companyId: z.string(),
      companyName: z.string(),
      companyEmail: z.string().nullable(),
      companyPhone: z.string().nullable(),
      caseCount: z.number().int(),
      recent: z.array(AccountCaseDto),
    }),
  ),
  contractor: z
    .object({
      id: z.string(),
      name: z.string(),
      contactName: z.string().nullable(),
      contractorType: z.string().nullable(),
      ...Contact,
      companyName: z.string().nullable(),
      notes: z.string().nullable(),
    })
    .nullable(),
});
export type MyRecordsDto = z.infer<typeof MyRecordsDto>;

/** A product update (a published system update) as users read it. */
export const ProductUpdateDto = z.object({
  id: z.string(),
  version: z.string(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
});
export type ProductUpdateDto = z.infer<typeof ProductUpdateDto>;
