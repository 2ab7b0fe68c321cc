import { z } from 'zod';
import { compareDates, parseIsoDate } from './calendar';
import {
  Cents,
  ConcurrencyStamp,
  DATE_RANGE_MESSAGE,
  optionalEmail,
  optionalId,
  optionalIsoDate,
  optionalPhone,
  optionalPostcode,
  optionalText,
  optionalTextArea,
  requiredText,
} from './fields';
import { FormMessages } from './forms';
import { AuditedDto } from './geography';
import { Uuid } from './ids';

// ---------------------------------------------------------------------------------------------------
// Value sets

/** What kind of business a company is; insurer and broker decide contractor kinds and insurer case managers. */
export const BusinessTypes = [
  'LAW_FIRM',
  'INSURER',
  'BROKER',
  'SELF_INSURER',
  'EMPLOYER',
  'GOVERNMENT',
  'MEDICAL_PRACTICE',
  'FUNDING_PROVIDER',
  'OTHER',
] as const;
export type BusinessType = (typeof BusinessTypes)[number];
export const BusinessTypeLabels: Record<BusinessType, string> = {
  LAW_FIRM: 'Law firm',
  INSURER: 'Insurer',
  BROKER: 'Broker',
  SELF_INSURER: 'Self-insurer',
  EMPLOYER: 'Employer',
  GOVERNMENT: 'Government agency',
  MEDICAL_PRACTICE: 'Medical practice',
  FUNDING_PROVIDER: 'Funding provider',
  OTHER: 'Other',
};

/** The spec's gender values. */
export const Genders = ['MALE', 'FEMALE', 'NON_BINARY', 'PREFER_NOT_TO_SAY'] as const;
export type Gender = (typeof Genders)[number];
export const GenderLabels: Record<Gender, string> = {
  MALE: 'Male',
  FEMALE: 'Female',
  NON_BINARY: 'Non-binary',
  PREFER_NOT_TO_SAY: 'Prefer not to say',
};

/** Specialist recruitment statuses with the spec's codes. */
export const RecruitmentStatuses = [0, 1, 2, 3, 4] as const;
export type RecruitmentStatus = (typeof RecruitmentStatuses)[number];
export const RecruitmentStatusLabels: Record<RecruitmentStatus, string> = {
  0: 'Recruiting',
  1: 'Onboarding',
  2: 'Onboarded',
  3: 'Excluding',
  4: 'Non-Booking Contact',
};

/** Specialist fee arrangements 1 to 4, in the spec's words. */
export const FeeArrangements = [1, 2, 3, 4] as const;
export type FeeArrangement = (typeof FeeArrangements)[number];
export const FeeArrangementLabels: Record<FeeArrangement, string> = {
  1: 'Split fee',
  2: 'Split fee for gazette with COT for others',
  3: 'Split fee for gazette and non-gazette with COT for med neg',
  4: 'COT for all',
};

/** The kinds of assessment a specialist may accept (filter typeOfAssessmentsAcceptedAllow). */
export const AssessmentTypes = [
  'INPERSON',
  'VIDEO',
  'PHONE',
  'FILE_REVIEW',
  'SUPPLEMENTARY',
  'MED_NEG',
  'CO_TELECONFERENCE',
  'NDIS',
  'OT',
] as const;
export type AssessmentType = (typeof AssessmentTypes)[number];
export const AssessmentTypeLabels: Record<AssessmentType, string> = {
  INPERSON: 'In person',
  VIDEO: 'Video',
  PHONE: 'Phone',
  FILE_REVIEW: 'File review',
  SUPPLEMENTARY: 'Supplementary report',
  MED_NEG: 'Medical negligence',
  CO_TELECONFERENCE: 'Conclave / court teleconference',
  NDIS: 'NDIS',
  OT: 'Occupational therapy',
};

/** Contractor types as stored; the kind also looks at the company (contractorKindOf). */
export const ContractorTypes = ['BROKER', 'INSURER', 'TYPIST'] as const;

/** The states and territories of Australia, the product's home market. */
export const AustralianStates = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;

const state = optionalText(64);
const personTitle = optionalText(16);
const name64 = requiredText(64);

/** Address fields many people and places share. */
const address = {
  address: optionalText(256),
  suburb: optionalText(64),
  state,
  postcode: optionalPostcode,
};
const addressDto = {
  address: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
};

const withStamp = <T extends z.ZodRawShape>(shape: T) => ({ ...shape, concurrencyStamp: ConcurrencyStamp });

/** Flags the end of a date range that comes before its start. */
function checkRange(from: string | null, to: string | null, member: string, ctx: z.RefinementCtx) {
  const a = from ? parseIsoDate(from) : undefined;
  const b = to ? parseIsoDate(to) : undefined;
  if (a && b && compareDates(b, a) < 0) ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE, path: [member] });
}

// ---------------------------------------------------------------------------------------------------
// Company groups

export const CompanyGroupDto = AuditedDto.extend({
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
});
export type CompanyGroupDto = z.infer<typeof CompanyGroupDto>;
const companyGroupFields = {
  name: requiredText(128),
  description: optionalTextArea,
  isActive: z.boolean().default(true),
};
export const CreateCompanyGroupInput = z.strictObject(companyGroupFields);
export const UpdateCompanyGroupInput = z.strictObject(withStamp(companyGroupFields));

// ---------------------------------------------------------------------------------------------------
// Companies

export const CompanyDto = AuditedDto.extend({
  name: z.string(),
  businessType: z.enum(BusinessTypes),
  companyGroupId: z.string().nullable(),
  companyGroupName: z.string().nullable(),
  abn: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  ...addressDto,
  defaultPmsCompanyId: z.string().nullable(),
  bookingAgentIds: z.array(z.string()),
  overdueInvoiceReminder: z.boolean(),
  highRiskApplied: z.boolean(),
  highRiskAppliedFrom: z.string().nullable(),
  highRiskAppliedTo: z.string().nullable(),
  highRiskReasonToBookingCm: z.string().nullable(),
  highRiskReasonToStaff: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
});
export type CompanyDto = z.infer<typeof CompanyDto>;

const companyFields = {
  name: requiredText(128),
  businessType: z.enum(BusinessTypes),
  companyGroupId: optionalId,
  abn: z
    .string()
    .trim()
    .refine((s) => s === '' || /^\d{11}$/.test(s.replace(/\s/g, '')), 'ABN must be 11 digits')
    .transform((s) => (s === '' ? null : s.replace(/\s/g, '')))
    .nullable()
    .default(null),
  email: optionalEmail,
  phone: optionalPhone,
  website: optionalText(256),
  ...address,
  defaultPmsCompanyId: optionalId,
  bookingAgentIds: z.array(Uuid).max(100).default([]),
  overdueInvoiceReminder: z.boolean().default(false),
  highRiskApplied: z.boolean().default(false),
  highRiskAppliedFrom: optionalIsoDate,
  highRiskAppliedTo: optionalIsoDate,
  highRiskReasonToBookingCm: optionalTextArea,
  highRiskReasonToStaff: optionalTextArea,
  notes: optionalTextArea,
  isActive: z.boolean().default(true),
};

/** A high-risk flag needs the date it applies from; its end may not come before it. */
function checkHighRisk(
  v: { highRiskApplied: boolean; highRiskAppliedFrom: string | null; highRiskAppliedTo: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.highRiskApplied && !v.highRiskAppliedFrom) {
    ctx.addIssue({ code: 'custom', message: FormMessages.required, path: ['highRiskAppliedFrom'] });
  }
  checkRange(v.highRiskAppliedFrom, v.highRiskAppliedTo, 'highRiskAppliedTo', ctx);
}

export const CreateCompanyInput = z.strictObject(companyFields).superRefine(checkHighRisk);
export type CreateCompanyInput = z.infer<typeof CreateCompanyInput>;
export const UpdateCompanyInput = z.strictObject(withStamp(companyFields)).superRefine(checkHighRisk);
export type UpdateCompanyInput = z.infer<typeof UpdateCompanyInput>;

// ---------------------------------------------------------------------------------------------------
// Case managers

export const CaseManagerDto = AuditedDto.extend({
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  position: z.string().nullable(),
  companyId: z.string(),
  companyName: z.string().nullable(),
  state: z.string().nullable(),
  userId: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
});
export type CaseManagerDto = z.infer<typeof CaseManagerDto>;
const caseManagerFields = {
  title: personTitle,
  firstName: name64,
  lastName: name64,
  email: optionalEmail,
  phone: optionalPhone,
  mobile: optionalPhone,
  position: optionalText(128),
  companyId: Uuid,
  state,
  userId: optionalId,
  notes: optionalTextArea,
  isActive: z.boolean().default(true),
};
export const CreateCaseManagerInput = z.strictObject(caseManagerFields);
export const UpdateCaseManagerInput = z.strictObject(withStamp(caseManagerFields));

// ---------------------------------------------------------------------------------------------------
// Clients (claimants)

export const ClientDto = AuditedDto.extend({
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(Genders).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  ...addressDto,
  occupation: z.string().nullable(),
  employer: z.string().nullable(),
  languageId: z.string().nullable(),
  interpreterRequired: z.boolean(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
});
export type ClientDto = z.infer<typeof ClientDto>;
const clientFields = {
  title: personTitle,
  firstName: name64,
  lastName: name64,
  dateOfBirth: optionalIsoDate,
  gender: z.enum(Genders).nullable().default(null),
  email: optionalEmail,
  phone: optionalPhone,
  mobile: optionalPhone,
  ...address,
  occupation: optionalText(128),
  employer: optionalText(128),
  languageId: optionalId,
  interpreterRequired: z.boolean().default(false),
  notes: optionalTextArea,
  isActive: z.boolean().default(true),
};
export const CreateClientInput = z.strictObject(clientFields);
export const UpdateClientInput = z.strictObject(withStamp(clientFields));

// ---------------------------------------------------------------------------------------------------
// Specialists

/** A specialist's rate for a service item, in cents. */
export const SpecialistServiceRate = z.strictObject({ serviceItemId: Uuid, amount: Cents });
export type SpecialistServiceRate = z.infer<typeof SpecialistServiceRate>;

export const SpecialistDto = AuditedDto.extend({
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  ...addressDto,
  specialtyId: z.string().nullable(),
  specialtyName: z.string().nullable(),
  subSpecialtyId: z.string().nullable(),
  qualificationId: z.string().nullable(),
  accreditationId: z.string().nullable(),
  recruitmentStatus: z.union(RecruitmentStatuses.map((s) => z.literal(s))),
  onboardedDate: z.string().nullable(),
  onboardedEndDate: z.string().nullable(),
  feeArrangement: z.union(FeeArrangements.map((s) => z.literal(s))).nullable(),
  providerNumber: z.string().nullable(),
  providerNumberNote: z.string().nullable(),
  providerNumber2: z.string().nullable(),
  providerNumber2Note: z.string().nullable(),
  providerNumber3: z.string().nullable(),
  providerNumber3Note: z.string().nullable(),
  providerNumber4: z.string().nullable(),
  providerNumber4Note: z.string().nullable(),
  defaultCentreId: z.string().nullable(),
  typeOfAssessmentsAccepted: z.array(z.enum(AssessmentTypes)),
  serviceRates: z.array(SpecialistServiceRate),
  cvFileId: z.string().nullable(),
  /** The specialist's own sign-in (Doctor Profile), if any. */
  userId: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
});
export type SpecialistDto = z.infer<typeof SpecialistDto>;

const providerNumber = optionalText(32);
const specialistFields = {
  title: personTitle,
  firstName: name64,
  lastName: name64,
  email: optionalEmail,
  phone: optionalPhone,
  mobile: optionalPhone,
  ...address,
  specialtyId: optionalId,
  subSpecialtyId: optionalId,
  qualificationId: optionalId,
  accreditationId: optionalId,
  recruitmentStatus: z.union(RecruitmentStatuses.map((s) => z.literal(s))).default(0),
  onboardedDate: optionalIsoDate,
  onboardedEndDate: optionalIsoDate,
  feeArrangement: z
    .union(FeeArrangements.map((s) => z.literal(s)))
    .nullable()
    .default(null),
  providerNumber,
  providerNumberNote: optionalText(256),
  providerNumber2: providerNumber,
  providerNumber2Note: optionalText(256),
  providerNumber3: providerNumber,
  providerNumber3Note: optionalText(256),
  providerNumber4: providerNumber,
  providerNumber4Note: optionalText(256),
  defaultCentreId: optionalId,
  typeOfAssessmentsAccepted: z
    .array(z.enum(AssessmentTypes))
    .max(AssessmentTypes.length)
    .default([])
    .transform((a) => [...new Set(a)]),
  serviceRates: z
    .array(SpecialistServiceRate)
    .max(200)
    .default([])
    .refine(
      (rates) => new Set(rates.map((r) => r.serviceItemId)).size === rates.length,
      'A service item may have one rate only',
    ),
  cvFileId: optionalId,
  userId: optionalId,
  notes: optionalTextArea,
  isActive: z.boolean().default(true),
};
const checkContractDates = (
  v: { onboardedDate: string | null; onboardedEndDate: string | null },
  ctx: z.RefinementCtx,
) => checkRange(v.onboardedDate, v.onboardedEndDate, 'onboardedEndDate', ctx);
export const CreateSpecialistInput = z.strictObject(specialistFields).superRefine(checkContractDates);
export const UpdateSpecialistInput = z.strictObject(withStamp(specialistFields)).superRefine(checkContractDates);

// ---------------------------------------------------------------------------------------------------
// Contractors

export const ContractorDto = AuditedDto.extend({
  name: z.string(),
  contactName: z.string().nullable(),
  contractorType: z.enum(ContractorTypes).nullable(),
  /** broker, insurer or typist: the type when it says broker or insurer, else the company's business type. */
  kind: z.enum(['broker', 'insurer', 'typist']),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  ...addressDto,
  userId: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
});
export type ContractorDto = z.infer<typeof ContractorDto>;
const contractorFields = {
  name: requiredText(128),
  contactName: optionalText(128),
  contractorType: z.enum(ContractorTypes).nullable().default(null),
  companyId: optionalId,
  email: optionalEmail,
  phone: optionalPhone,
  ...address,
  userId: optionalId,
  notes: optionalTextArea,
  isActive: z.boolean().default(true),
};
export const CreateContractorInput = z.strictObject(contractorFields);
export const UpdateContractorInput = z.strictObject(withStamp(contractorFields));

// ---------------------------------------------------------------------------------------------------
// Service providers and treatment providers

/** The spec's duplicate check for service provider names. */
export const SERVICE_PROVIDER_DUPLICATE_MESSAGE = 'A service provider with this name already exists.';

export const ServiceProviderDto = AuditedDto.extend({
  name: z.string(),
  serviceTypeId: z.string().nullable(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  abn: z.string().nullable(),
  ...addressDto,
  notes: z.string().nullable(),
  isActive: z.boolean(),
});
const serviceProviderFields = {
  name: requiredText(128),
  serviceTypeId: optionalId,
  contactName: optionalText(128),
  email: optionalEmail,
  phone: optionalPhone,
  website: optionalText(256),
  abn: optionalText(14),
  ...address,
  notes: optionalTextArea,
  isActive: z.boolean().default(true),
};
export const CreateServiceProviderInput = z.strictObject(serviceProviderFields);
export const UpdateServiceProviderInput = z.strictObject(withStamp(serviceProviderFields));

export const TreatmentProviderDto = AuditedDto.extend({
  name: z.string(),
  providerType: z.string().nullable(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  providerNumber: z.string().nullable(),
  ...addressDto,
  notes: z.string().nullable(),
  isActive: z.boolean(),
});
const treatmentProviderFields = {
  name: requiredText(128),
  providerType: optionalText(64),
  contactName: optionalText(128),
  email: optionalEmail,
  phone: optionalPhone,
  fax: optionalPhone,
  providerNumber: optionalText(32),
  ...address,
  notes: optionalTextArea,
  isActive: z.boolean().default(true),
};
export const CreateTreatmentProviderInput = z.strictObject(treatmentProviderFields);
export const UpdateTreatmentProviderInput = z.strictObject(withStamp(treatmentProviderFields));

// ---------------------------------------------------------------------------------------------------
// Similar items and duplicate checks

/** One record that looks like the one being entered, and why. */
export const SimilarItem = z.object({
  id: z.string(),
  displayName: z.string(),
  isActive: z.boolean(),
  reasons: z.array(z.enum(['name', 'nameAndDateOfBirth', 'email', 'phone'])),
  companyName: z.string().nullable().optional(),
  dateOfBirth: z.string().nullable().optional(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type SimilarItem = z.infer<typeof SimilarItem>;

/** Most similar items a check returns. */
export const SIMILAR_ITEMS_MAX = 10;

const queryText = z.string().trim().max(128).optional();
/** A similar-item check: the fields typed so far, and the record being edited (left out of the answer). */
export const SimilarItemsQuery = z.object({
  firstName: queryText,
  lastName: queryText,
  email: z.string().trim().max(256).optional(),
  phone: z.string().trim().max(32).optional(),
  dateOfBirth: z
    .string()
    .refine((s) => parseIsoDate(s) !== undefined, 'must be a date as YYYY-MM-DD')
    .optional(),
  excludeId: Uuid.optional(),
});
export type SimilarItemsQuery = z.infer<typeof SimilarItemsQuery>;

export const DuplicateNameQuery = z.object({ name: requiredText(128), excludeId: Uuid.optional() });
export const DuplicateNameResult = z.object({ isDuplicate: z.boolean(), message: z.string().nullable() });

/** What the high-risk check of a company answers for the caller. */
export const CompanyHighRiskDto = z.object({
  companyId: z.string(),
  isHighRisk: z.boolean(),
  reason: z.string().nullable(),
  audience: z.enum(['caseManager', 'staff']).nullable(),
  today: z.string(),
});
