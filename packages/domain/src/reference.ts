import { z } from 'zod';
import { compareDates, parseIsoDate } from './calendar';
import {
  Cents,
  ConcurrencyStamp,
  DATE_RANGE_MESSAGE,
  IsoDate,
  optionalEmail,
  optionalId,
  optionalIsoDate,
  optionalPhone,
  optionalPostcode,
  optionalText,
  optionalTextArea,
  requiredText,
} from './fields';
import { AuditedDto } from './geography';
import { Uuid } from './ids';
import { RoomHoursEntry, WorkingHours } from './scheduling/resources';

const withStamp = <T extends z.ZodRawShape>(shape: T) => ({ ...shape, concurrencyStamp: ConcurrencyStamp });

// ---------------------------------------------------------------------------------------------------
// Value lists (lookup configs)

/** The spec's dropdown categories kept in the value list (matter types and languages have their own lists). */
export const LookupTypes = [
  'SPECIALTY',
  'SUB_SPECIALTY',
  'QUALIFICATION',
  'ACCREDITATION',
  'TYPE_OF_CLAIM',
  'TYPE_OF_REPORT',
  'BODY_PART',
  'SERVICE_TYPE',
  'SCHEME_TYPE',
  'SALE_TYPE',
  'ICARE_REPORT_FIELD',
] as const;
export type LookupType = (typeof LookupTypes)[number];
export const LookupTypeLabels: Record<LookupType, string> = {
  SPECIALTY: 'Specialty',
  SUB_SPECIALTY: 'Sub-specialty',
  QUALIFICATION: 'Qualification',
  ACCREDITATION: 'Accreditation',
  TYPE_OF_CLAIM: 'Type of claim',
  TYPE_OF_REPORT: 'Type of report',
  BODY_PART: 'Body part',
  SERVICE_TYPE: 'Service type',
  SCHEME_TYPE: 'Scheme type',
  SALE_TYPE: 'Sale type',
  ICARE_REPORT_FIELD: 'iCare report field',
};

/** Types whose values hang under a value of another type (a sub-specialty belongs to a specialty). */
export const LookupParentTypes: Partial<Record<LookupType, LookupType>> = { SUB_SPECIALTY: 'SPECIALTY' };

export const LookupConfigDto = AuditedDto.extend({
  type: z.enum(LookupTypes),
  label: z.string(),
  value: z.string().nullable(),
  description: z.string().nullable(),
  parentId: z.string().nullable(),
  parentLabel: z.string().nullable(),
  isDefault: z.boolean(),
  displayOrder: z.number().int(),
  isActive: z.boolean(),
});
export type LookupConfigDto = z.infer<typeof LookupConfigDto>;
const lookupFields = {
  type: z.enum(LookupTypes),
  label: requiredText(128),
  value: optionalText(64),
  description: optionalTextArea,
  parentId: optionalId,
  isDefault: z.boolean().default(false),
  displayOrder: z.number().int().min(0).max(100_000).default(0),
  isActive: z.boolean().default(true),
};
export const CreateLookupConfigInput = z.strictObject(lookupFields);
export const UpdateLookupConfigInput = z.strictObject(withStamp(lookupFields));

/** Messages of the value-list rules. */
export const LookupMessages = {
  duplicate: 'This value already exists in the list.',
  parentRequired: (parentType: LookupType) => `Choose the ${LookupTypeLabels[parentType].toLowerCase()} it belongs to`,
  parentWrongType: (parentType: LookupType) => `The parent must be a ${LookupTypeLabels[parentType].toLowerCase()}`,
  noParent: 'This type of value has no parent',
  wrongType: (expected: LookupType) => `Choose a ${LookupTypeLabels[expected].toLowerCase()} from the value list`,
  inactiveDefault: 'A disabled value cannot be the default',
} as const;

// ---------------------------------------------------------------------------------------------------
// Matter types with their types of claim and report

/** A type of claim under a matter type and the types of report it allows. */
export const MatterTypeClaim = z.strictObject({
  typeOfClaimId: Uuid,
  typeOfReportIds: z.array(Uuid).max(100).default([]),
});
export type MatterTypeClaim = z.infer<typeof MatterTypeClaim>;

export const MatterTypeDto = AuditedDto.extend({
  name: z.string(),
  description: z.string().nullable(),
  claims: z.array(MatterTypeClaim),
  isActive: z.boolean(),
});
export type MatterTypeDto = z.infer<typeof MatterTypeDto>;
const matterTypeFields = {
  name: requiredText(128),
  description: optionalTextArea,
  claims: z
    .array(MatterTypeClaim)
    .max(100)
    .default([])
    .refine((c) => new Set(c.map((x) => x.typeOfClaimId)).size === c.length, 'A type of claim is listed once'),
  isActive: z.boolean().default(true),
};
export const CreateMatterTypeInput = z.strictObject(matterTypeFields);
export const UpdateMatterTypeInput = z.strictObject(withStamp(matterTypeFields));

/** One entry of the matter-type pick lists (listMatterType, listTypeOfClaim, listTypeOfReport). */
export const NamedItem = z.object({ id: z.string(), displayName: z.string(), isActive: z.boolean() });
export const NamedItemList = z.object({ items: z.array(NamedItem) });

// ---------------------------------------------------------------------------------------------------
// Document types and attachment types

export const DocumentTypeDto = AuditedDto.extend({
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
});
const documentTypeFields = {
  name: requiredText(128),
  description: optionalTextArea,
  isActive: z.boolean().default(true),
};
export const CreateDocumentTypeInput = z.strictObject(documentTypeFields);
export const UpdateDocumentTypeInput = z.strictObject(withStamp(documentTypeFields));

/** Where an attachment type is used. */
export const AttachmentCategories = [
  'CASE',
  'REPORT',
  'BILLING',
  'NDIS',
  'INSURANCE_CLAIM',
  'TPD',
  'MVA',
  'SPECIALIST',
  'GENERAL',
] as const;
export type AttachmentCategory = (typeof AttachmentCategories)[number];

export const AttachmentTypeDto = AuditedDto.extend({
  name: z.string(),
  code: z.string().nullable(),
  category: z.enum(AttachmentCategories),
  description: z.string().nullable(),
  displayOrder: z.number().int(),
  isActive: z.boolean(),
});
const attachmentTypeFields = {
  name: requiredText(128),
  code: optionalText(64),
  category: z.enum(AttachmentCategories).default('GENERAL'),
  description: optionalTextArea,
  displayOrder: z.number().int().min(0).max(100_000).default(0),
  isActive: z.boolean().default(true),
};
export const CreateAttachmentTypeInput = z.strictObject(attachmentTypeFields);
export const UpdateAttachmentTypeInput = z.strictObject(withStamp(attachmentTypeFields));

// ---------------------------------------------------------------------------------------------------
// Service centres

export const CentreDto = AuditedDto.extend({
  name: z.string(),
  address: z.string().nullable(),
  suburb: z.string().nullable(),
  cityId: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  rooms: z.array(z.string()),
  /** The rooms' working hours; a room with none can be booked at any time. */
  roomHours: z.array(z.object({ room: z.string(), weekday: z.number(), from: z.string(), to: z.string() })),
  isVideoCentre: z.boolean(),
  directions: z.string().nullable(),
  isActive: z.boolean(),
});
export type CentreDto = z.infer<typeof CentreDto>;
const centreFields = {
  name: requiredText(128),
  address: optionalText(256),
  suburb: optionalText(64),
  cityId: optionalId,
  state: optionalText(64),
  postcode: optionalPostcode,
  phone: optionalPhone,
  email: optionalEmail,
  rooms: z
    .array(z.string().trim().min(1).max(64))
    .max(100)
    .default([])
    .refine((r) => new Set(r.map((x) => x.toLowerCase())).size === r.length, 'Room names must differ'),
  /** Each one a room of `rooms` (checked when saved). */
  roomHours: z.array(RoomHoursEntry).max(500).default([]),
  isVideoCentre: z.boolean().default(false),
  directions: optionalTextArea,
  isActive: z.boolean().default(true),
};
export const CreateCentreInput = z.strictObject(centreFields);
export const UpdateCentreInput = z.strictObject(withStamp(centreFields));

// ---------------------------------------------------------------------------------------------------
// Holidays

export const HolidayDto = AuditedDto.extend({
  name: z.string(),
  date: z.string(),
  /** The state it is kept in; null for a national holiday. */
  state: z.string().nullable(),
  isActive: z.boolean(),
});
export type HolidayDto = z.infer<typeof HolidayDto>;
const holidayFields = {
  name: requiredText(128),
  date: IsoDate,
  state: optionalText(64),
  isActive: z.boolean().default(true),
};
export const CreateHolidayInput = z.strictObject(holidayFields);
export const UpdateHolidayInput = z.strictObject(withStamp(holidayFields));

// ---------------------------------------------------------------------------------------------------
// Account codes

export const AccountTypes = ['REVENUE', 'EXPENSE', 'ASSET', 'LIABILITY', 'EQUITY'] as const;
export const TaxTypes = ['GST', 'GST_FREE', 'BAS_EXCLUDED', 'INPUT_TAXED'] as const;

export const AccountCodeDto = AuditedDto.extend({
  code: z.string(),
  name: z.string(),
  accountType: z.enum(AccountTypes),
  taxType: z.enum(TaxTypes),
  description: z.string().nullable(),
  isActive: z.boolean(),
});
const accountCodeFields = {
  code: requiredText(32).regex(/^[A-Za-z0-9.-]+$/, 'Use letters, digits, dots and dashes only'),
  name: requiredText(128),
  accountType: z.enum(AccountTypes).default('REVENUE'),
  taxType: z.enum(TaxTypes).default('GST'),
  description: optionalTextArea,
  isActive: z.boolean().default(true),
};
export const CreateAccountCodeInput = z.strictObject(accountCodeFields);
export const UpdateAccountCodeInput = z.strictObject(withStamp(accountCodeFields));

// ---------------------------------------------------------------------------------------------------
// Talking points and their categories

export const TalkingPointCategoryDto = AuditedDto.extend({
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
});
const talkingPointCategoryFields = {
  name: requiredText(128),
  description: optionalTextArea,
  isActive: z.boolean().default(true),
};
export const CreateTalkingPointCategoryInput = z.strictObject(talkingPointCategoryFields);
export const UpdateTalkingPointCategoryInput = z.strictObject(withStamp(talkingPointCategoryFields));

export const TalkingPointDto = AuditedDto.extend({
  title: z.string(),
  content: z.string().nullable(),
  categoryId: z.string(),
  categoryName: z.string().nullable(),
  isActive: z.boolean(),
});
const talkingPointFields = {
  title: requiredText(256),
  content: optionalTextArea,
  categoryId: Uuid,
  isActive: z.boolean().default(true),
};
export const CreateTalkingPointInput = z.strictObject(talkingPointFields);
export const UpdateTalkingPointInput = z.strictObject(withStamp(talkingPointFields));

// ---------------------------------------------------------------------------------------------------
// Sale targets

export const SaleTargetDto = AuditedDto.extend({
  userId: z.string(),
  userName: z.string().nullable(),
  year: z.number().int(),
  month: z.number().int(),
  saleTypeId: z.string().nullable(),
  amount: z.number().int(),
  notes: z.string().nullable(),
});
const saleTargetFields = {
  userId: Uuid,
  year: z.number().int().min(2000).max(2100),
  month: z.number().int().min(1).max(12),
  saleTypeId: optionalId,
  amount: Cents,
  notes: optionalTextArea,
};
export const CreateSaleTargetInput = z.strictObject(saleTargetFields);
export const UpdateSaleTargetInput = z.strictObject(withStamp(saleTargetFields));

// ---------------------------------------------------------------------------------------------------
// Service items and AMA service fees

export const ServiceItemDto = AuditedDto.extend({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  serviceTypeId: z.string().nullable(),
  price: z.number().int(),
  gstApplicable: z.boolean(),
  accountCodeId: z.string().nullable(),
  isActive: z.boolean(),
});
const serviceItemFields = {
  code: requiredText(32),
  name: requiredText(128),
  description: optionalTextArea,
  serviceTypeId: optionalId,
  price: Cents.default(0),
  gstApplicable: z.boolean().default(true),
  accountCodeId: optionalId,
  isActive: z.boolean().default(true),
};
export const CreateServiceItemInput = z.strictObject(serviceItemFields);
export const UpdateServiceItemInput = z.strictObject(withStamp(serviceItemFields));

export const AmaServiceFeeDto = AuditedDto.extend({
  itemNumber: z.string(),
  description: z.string(),
  fee: z.number().int(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  isActive: z.boolean(),
});
const amaFeeFields = {
  itemNumber: requiredText(16).regex(/^[A-Za-z0-9]+$/, 'Use letters and digits only'),
  description: requiredText(512),
  fee: Cents,
  effectiveFrom: IsoDate,
  effectiveTo: optionalIsoDate,
  isActive: z.boolean().default(true),
};
const checkFeeDates = (v: { effectiveFrom: string; effectiveTo: string | null }, ctx: z.RefinementCtx) => {
  const a = parseIsoDate(v.effectiveFrom);
  const b = v.effectiveTo ? parseIsoDate(v.effectiveTo) : undefined;
  if (a && b && compareDates(b, a) < 0) {
    ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE, path: ['effectiveTo'] });
  }
};
export const CreateAmaServiceFeeInput = z.strictObject(amaFeeFields).superRefine(checkFeeDates);
export const UpdateAmaServiceFeeInput = z.strictObject(withStamp(amaFeeFields)).superRefine(checkFeeDates);

// ---------------------------------------------------------------------------------------------------
// Languages

export const LanguageDto = AuditedDto.extend({
  name: z.string(),
  code: z.string().nullable(),
  isActive: z.boolean(),
});
const languageFields = {
  name: requiredText(64),
  code: z
    .string()
    .trim()
    .refine((s) => s === '' || /^[A-Za-z]{2,3}$/.test(s), 'code must be a two- or three-letter language code')
    .transform((s) => (s === '' ? null : s.toLowerCase()))
    .nullable()
    .default(null),
  isActive: z.boolean().default(true),
};
export const CreateLanguageInput = z.strictObject(languageFields);
export const UpdateLanguageInput = z.strictObject(withStamp(languageFields));

// ---------------------------------------------------------------------------------------------------
// Interpreters: people with languages, booked with a session as its specialist is.

export const InterpreterDto = AuditedDto.extend({
  name: z.string(),
  /** The languages they interpret (value ids of Languages). */
  languageIds: z.array(z.string()),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  /** When they can be booked (in the session's time zone); none: any time. */
  workingHours: z.array(z.object({ weekday: z.number(), from: z.string(), to: z.string() })),
  isActive: z.boolean(),
});
export type InterpreterDto = z.infer<typeof InterpreterDto>;
const interpreterFields = {
  name: requiredText(128),
  languageIds: z
    .array(Uuid)
    .min(1, 'An interpreter needs at least one language')
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, 'A language is listed twice'),
  email: optionalEmail,
  phone: optionalPhone,
  notes: optionalTextArea,
  workingHours: WorkingHours,
  isActive: z.boolean().default(true),
};
export const CreateInterpreterInput = z.strictObject(interpreterFields);
export const UpdateInterpreterInput = z.strictObject(withStamp(interpreterFields));

// NDIS time budget (decision 0115): the minutes an NDIS assessment's activities are budgeted.

export const NdisTimeBudgetDto = AuditedDto.extend({
  activity: z.string(),
  minutes: z.number().int(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
});
const ndisTimeBudgetFields = {
  activity: requiredText(128),
  minutes: z.coerce
    .number({ error: 'minutes must be a whole number' })
    .int('minutes must be a whole number')
    .min(1, 'minutes must be between 1 and 6000')
    .max(6000, 'minutes must be between 1 and 6000'),
  description: optionalTextArea,
  sortOrder: z.coerce.number().int().min(0).max(1000).default(0),
  isActive: z.boolean().default(true),
};
export const CreateNdisTimeBudgetInput = z.strictObject(ndisTimeBudgetFields);
export const UpdateNdisTimeBudgetInput = z.strictObject(withStamp(ndisTimeBudgetFields));

// ---------------------------------------------------------------------------------------------------
// NDIS service items (decision 0131): the NDIS price guide's support items and their price limits.

export const NdisUnits = ['H', 'E', 'D', 'WK', 'MON', 'YR'] as const;
export const NdisUnitLabels: Record<(typeof NdisUnits)[number], string> = {
  H: 'Hour',
  E: 'Each',
  D: 'Day',
  WK: 'Week',
  MON: 'Month',
  YR: 'Year',
};
export type NdisUnit = (typeof NdisUnits)[number];
export const NdisServiceItemDto = AuditedDto.extend({
  itemNumber: z.string(),
  name: z.string(),
  unit: z.enum(NdisUnits),
  priceLimit: z.number().int(),
  registrationGroup: z.string().nullable(),
  supportCategory: z.string().nullable(),
  isActive: z.boolean(),
});
const ndisServiceItemFields = {
  itemNumber: requiredText(32).regex(
    /^\d{2}_\d{3}_\d{4}_\d_\d(_[A-Z])?$/,
    'itemNumber must be a support item number such as 15_056_0128_1_3',
  ),
  name: requiredText(256),
  unit: z.enum(NdisUnits, { error: 'unit must be one of H, E, D, WK, MON, YR' }),
  priceLimit: Cents,
  registrationGroup: optionalText(128),
  supportCategory: optionalText(128),
  isActive: z.boolean().default(true),
};
export const CreateNdisServiceItemInput = z.strictObject(ndisServiceItemFields);
export const UpdateNdisServiceItemInput = z.strictObject(withStamp(ndisServiceItemFields));

// ---------------------------------------------------------------------------------------------------
// IMS approvals (decision 0131): a specialist's approval by an insurer to examine under its
// independent medical service scheme, with its number and period.

export const ImsApprovalStatuses = ['PENDING', 'APPROVED', 'SUSPENDED', 'EXPIRED'] as const;
export const ImsApprovalStatusLabels: Record<(typeof ImsApprovalStatuses)[number], string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  SUSPENDED: 'Suspended',
  EXPIRED: 'Expired',
};
export type ImsApprovalStatus = (typeof ImsApprovalStatuses)[number];
export const ImsApprovalDto = AuditedDto.extend({
  specialistId: z.string(),
  specialistName: z.string().nullable(),
  companyId: z.string(),
  companyName: z.string().nullable(),
  approvalNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  status: z.enum(ImsApprovalStatuses),
  notes: z.string().nullable(),
  isActive: z.boolean(),
});
const imsApprovalFields = {
  specialistId: Uuid,
  companyId: Uuid,
  approvalNumber: requiredText(64),
  validFrom: IsoDate,
  validTo: optionalIsoDate,
  status: z.enum(ImsApprovalStatuses).default('APPROVED'),
  notes: optionalTextArea,
  isActive: z.boolean().default(true),
};
const checkApprovalDates = (v: { validFrom: string; validTo: string | null }, ctx: z.RefinementCtx) => {
  const a = parseIsoDate(v.validFrom);
  const b = v.validTo ? parseIsoDate(v.validTo) : undefined;
  if (a && b && compareDates(b, a) < 0) {
    ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE, path: ['validTo'] });
  }
};
export const CreateImsApprovalInput = z.strictObject(imsApprovalFields).superRefine(checkApprovalDates);
export const UpdateImsApprovalInput = z.strictObject(withStamp(imsApprovalFields)).superRefine(checkApprovalDates);
