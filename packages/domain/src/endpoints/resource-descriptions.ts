import { z } from 'zod';
import {
  CityDto,
  CountryDto,
  CreateCityInput,
  CreateCountryInput,
  UpdateCityInput,
  UpdateCountryInput,
} from '../geography';
import {
  CreateUserGroupInput,
  CreateUserInput,
  RoleName,
  StaffDto,
  UpdateUserGroupInput,
  UpdateUserInput,
  UserDto,
  UserGroupDto,
} from '../identity';
import { Uuid } from '../ids';
import { QueryBoolean, SelectionListItem } from '../paging';
import {
  AssessmentTypes,
  BusinessTypes,
  CaseManagerDto,
  ClientDto,
  CompanyDto,
  CompanyGroupDto,
  ContractorDto,
  ContractorTypes,
  CreateCaseManagerInput,
  CreateClientInput,
  CreateCompanyGroupInput,
  CreateCompanyInput,
  CreateContractorInput,
  CreateServiceProviderInput,
  CreateSpecialistInput,
  CreateTreatmentProviderInput,
  Genders,
  RecruitmentStatuses,
  ServiceProviderDto,
  SpecialistDto,
  SpecialistServiceRate,
  TreatmentProviderDto,
  UpdateCaseManagerInput,
  UpdateClientInput,
  UpdateCompanyGroupInput,
  UpdateCompanyInput,
  UpdateContractorInput,
  UpdateServiceProviderInput,
  UpdateSpecialistInput,
  UpdateTreatmentProviderInput,
} from '../people';
import { Permissions } from '../permissions';
import {
  AccountCodeDto,
  AmaServiceFeeDto,
  AttachmentCategories,
  AttachmentTypeDto,
  CentreDto,
  CreateAccountCodeInput,
  CreateAmaServiceFeeInput,
  CreateAttachmentTypeInput,
  CreateCentreInput,
  CreateDocumentTypeInput,
  CreateHolidayInput,
  CreateLanguageInput,
  CreateInterpreterInput,
  InterpreterDto,
  UpdateInterpreterInput,
  CreateLookupConfigInput,
  CreateMatterTypeInput,
  CreateSaleTargetInput,
  CreateServiceItemInput,
  CreateTalkingPointCategoryInput,
  CreateNdisTimeBudgetInput,
  NdisTimeBudgetDto,
  UpdateNdisTimeBudgetInput,
  CreateTalkingPointInput,
  DocumentTypeDto,
  HolidayDto,
  LanguageDto,
  LookupConfigDto,
  LookupTypes,
  MatterTypeDto,
  SaleTargetDto,
  ServiceItemDto,
  TalkingPointCategoryDto,
  TalkingPointDto,
  UpdateAccountCodeInput,
  UpdateAmaServiceFeeInput,
  UpdateAttachmentTypeInput,
  UpdateCentreInput,
  UpdateDocumentTypeInput,
  UpdateHolidayInput,
  UpdateLanguageInput,
  UpdateLookupConfigInput,
  UpdateMatterTypeInput,
  UpdateSaleTargetInput,
  UpdateServiceItemInput,
  UpdateTalkingPointCategoryInput,
  UpdateTalkingPointInput,
  NdisServiceItemDto,
  CreateNdisServiceItemInput,
  UpdateNdisServiceItemInput,
  ImsApprovalDto,
  CreateImsApprovalInput,
  UpdateImsApprovalInput,
  ImsApprovalStatuses,
} from '../reference';
import { CreateDefaultPicInput, DefaultPicRecordDto, UpdateDefaultPicInput } from '../cases/dto';
import { ProcessSteps } from '../cases/workflow';
import type { Endpoint } from './endpoint';
import {
  csvParam,
  describeResource,
  resourceEndpoints,
  type AnyResourceEndpoints,
  type ResourceDescription,
} from './resources';

const State = z.string().trim().max(64);
/** A query parameter that only asks for more fields of selection-list items. */
const flag = QueryBoolean;

// Geography

export const CountriesResource = describeResource({
  name: 'countries',
  entityType: 'Country',
  title: 'Countries',
  dto: CountryDto,
  createInput: CreateCountryInput,
  updateInput: UpdateCountryInput,
  permissions: Permissions.countries,
});

export const CitiesResource = describeResource({
  name: 'cities',
  entityType: 'City',
  title: 'Cities',
  dto: CityDto,
  createInput: CreateCityInput,
  updateInput: UpdateCityInput,
  permissions: Permissions.cities,
  filters: { countryId: Uuid, state: z.string().max(64) },
});

// Identity

export const UsersResource = describeResource({
  name: 'users',
  entityType: 'User',
  title: 'Users',
  dto: UserDto,
  createInput: CreateUserInput,
  updateInput: UpdateUserInput,
  // Creating and editing users have rules of their own (the identity module's routes).
  genericWrites: false,
  permissions: Permissions.users,
  filters: {
    roleNames: z
      .string()
      .max(200)
      .transform((s) =>
        s
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      )
      .pipe(z.array(RoleName)),
  },
});

export const UserGroupsResource = describeResource({
  name: 'user-group',
  entityType: 'UserGroup',
  title: 'User groups',
  dto: UserGroupDto,
  createInput: CreateUserGroupInput,
  updateInput: UpdateUserGroupInput,
  permissions: Permissions.userGroups,
  example: { name: 'Report reviewers', description: 'Staff who check reports before release' },
});

// People

export const CompanyGroupsResource = describeResource({
  name: 'company-groups',
  entityType: 'CompanyGroup',
  title: 'Company Groups',
  dto: CompanyGroupDto,
  createInput: CreateCompanyGroupInput,
  updateInput: UpdateCompanyGroupInput,
  permissions: Permissions.companyGroups,
  example: { name: 'National insurers panel', description: 'Insurers booking under the national panel' },
});

export const CompaniesResource = describeResource({
  name: 'companies',
  entityType: 'Company',
  title: 'Companies',
  dto: CompanyDto,
  createInput: CreateCompanyInput,
  updateInput: UpdateCompanyInput,
  permissions: Permissions.companies,
  filters: { businessType: z.enum(BusinessTypes), companyGroupId: Uuid, highRiskApplied: QueryBoolean, state: State },
  selectionItem: SelectionListItem.extend({
    businessType: z.enum(BusinessTypes),
    highRiskApplied: z.boolean(),
    highRiskAppliedFrom: z.string().nullable(),
    highRiskAppliedTo: z.string().nullable(),
  }),
  example: { name: 'Harbour Lawyers', businessType: 'LAW_FIRM', state: 'NSW', email: 'bookings@harbourlaw.example' },
});

export const CaseManagersResource = describeResource({
  name: 'case-managers',
  entityType: 'CaseManager',
  title: 'Case Managers',
  dto: CaseManagerDto,
  createInput: CreateCaseManagerInput,
  updateInput: UpdateCaseManagerInput,
  permissions: Permissions.caseManagers,
  filters: { companyId: Uuid, state: State },
  selectionItem: SelectionListItem.extend({
    companyId: z.string(),
    companyName: z.string().nullable(),
    email: z.string().nullable(),
  }),
  example: { firstName: 'Priya', lastName: 'Raman', email: 'priya.raman@harbourlaw.example', phone: '0291234567' },
  exampleRefs: { companyId: 'companies' },
});

export const ClientsResource = describeResource({
  name: 'clients',
  entityType: 'Client',
  title: 'Clients',
  dto: ClientDto,
  createInput: CreateClientInput,
  updateInput: UpdateClientInput,
  permissions: Permissions.clients,
  filters: { state: State, gender: z.enum(Genders) },
  selectionItem: SelectionListItem.extend({ dateOfBirth: z.string().nullable(), email: z.string().nullable() }),
  example: { firstName: 'Jordan', lastName: 'Ellis', dateOfBirth: '1984-06-12', gender: 'NON_BINARY' },
});

export const SpecialistsResource = describeResource({
  name: 'specialists',
  entityType: 'Specialist',
  title: 'Specialists',
  dto: SpecialistDto,
  createInput: CreateSpecialistInput,
  updateInput: UpdateSpecialistInput,
  permissions: Permissions.specialists,
  filters: {
    specialtyId: Uuid,
    // Specialists who accept every listed type of assessment.
    typeOfAssessmentsAcceptedAllow: csvOf(AssessmentTypes),
    recruitmentStatus: z.coerce.number().pipe(z.union(RecruitmentStatuses.map((s) => z.literal(s)))),
    state: State,
    includeServiceRates: flag,
    includeCV: flag,
  },
  selectionItem: SelectionListItem.extend({
    specialtyId: z.string().nullable(),
    specialtyName: z.string().nullable(),
    state: z.string().nullable(),
    onboardedDate: z.string().nullable(),
    onboardedEndDate: z.string().nullable(),
    serviceRates: z.array(SpecialistServiceRate).optional(),
    cvFileId: z.string().nullable().optional(),
  }),
  example: {
    title: 'Dr',
    firstName: 'Helen',
    lastName: 'Kovacs',
    state: 'VIC',
    recruitmentStatus: 2,
    onboardedDate: '2026-01-01',
  },
});

export const ContractorsResource = describeResource({
  name: 'contractors',
  entityType: 'Contractor',
  title: 'Contractors',
  dto: ContractorDto,
  createInput: CreateContractorInput,
  updateInput: UpdateContractorInput,
  permissions: Permissions.contractors,
  filters: { contractorType: z.enum(ContractorTypes), companyId: Uuid },
  example: { name: 'Precise Typing Services', contractorType: 'TYPIST', email: 'jobs@precisetyping.example' },
});

export const ServiceProvidersResource = describeResource({
  name: 'service-provider',
  entityType: 'ServiceProvider',
  title: 'Service Providers',
  dto: ServiceProviderDto,
  createInput: CreateServiceProviderInput,
  updateInput: UpdateServiceProviderInput,
  permissions: Permissions.serviceProviders,
  filters: { serviceTypeId: Uuid },
  example: { name: 'Records Retrieval Australia', contactName: 'Mia Tran', phone: '0390001234' },
});

export const TreatmentProvidersResource = describeResource({
  name: 'treatment-providers',
  entityType: 'TreatmentProvider',
  title: 'Treatment Providers',
  dto: TreatmentProviderDto,
  createInput: CreateTreatmentProviderInput,
  updateInput: UpdateTreatmentProviderInput,
  permissions: Permissions.treatmentProviders,
  features: ['TreatmentProvider'],
  filters: { state: State },
  example: { name: 'Northside Physiotherapy', providerType: 'Physiotherapy', state: 'QLD' },
});

// Reference data

export const LookupConfigsResource = describeResource({
  name: 'lookup-configs',
  entityType: 'LookupConfig',
  title: 'Value List',
  dto: LookupConfigDto,
  createInput: CreateLookupConfigInput,
  updateInput: UpdateLookupConfigInput,
  permissions: Permissions.lookupConfigs,
  filters: { type: csvOf(LookupTypes), parentIds: csvParamOfUuid(), ids: csvParamOfUuid() },
  selectionItem: SelectionListItem.extend({
    type: z.enum(LookupTypes),
    value: z.string().nullable(),
    parentId: z.string().nullable(),
    isDefault: z.boolean(),
  }),
  example: { type: 'BODY_PART', label: 'Left shoulder' },
});

export const MatterTypesResource = describeResource({
  name: 'matter-types',
  entityType: 'MatterType',
  title: 'Matter Types',
  dto: MatterTypeDto,
  createInput: CreateMatterTypeInput,
  updateInput: UpdateMatterTypeInput,
  permissions: Permissions.matterTypes,
  example: { name: 'Workers compensation', description: 'Statutory workers compensation claims' },
});

export const DocumentTypesResource = describeResource({
  name: 'document-types',
  entityType: 'DocumentType',
  title: 'Document Types',
  dto: DocumentTypeDto,
  createInput: CreateDocumentTypeInput,
  updateInput: UpdateDocumentTypeInput,
  permissions: Permissions.documentTypes,
});

export const AttachmentTypesResource = describeResource({
  name: 'attachment-types',
  entityType: 'AttachmentType',
  title: 'Attachment Types',
  dto: AttachmentTypeDto,
  createInput: CreateAttachmentTypeInput,
  updateInput: UpdateAttachmentTypeInput,
  permissions: Permissions.attachmentTypes,
  filters: { category: z.enum(AttachmentCategories) },
});

export const CentresResource = describeResource({
  name: 'centres',
  entityType: 'Centre',
  title: 'Service Centres',
  dto: CentreDto,
  createInput: CreateCentreInput,
  updateInput: UpdateCentreInput,
  permissions: Permissions.centres,
  filters: { state: State, cityId: Uuid },
  selectionItem: SelectionListItem.extend({ state: z.string().nullable(), suburb: z.string().nullable() }),
  example: { name: 'Sydney CBD Rooms', address: '1 Martin Place', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
});

export const HolidaysResource = describeResource({
  name: 'holidays',
  entityType: 'Holiday',
  title: 'Holidays',
  dto: HolidayDto,
  createInput: CreateHolidayInput,
  updateInput: UpdateHolidayInput,
  permissions: Permissions.holidays,
  // A state's holidays include the national ones (no state).
  filters: { year: z.coerce.number().int().min(1900).max(2200), state: State },
  example: { name: 'Royal Hobart Regatta', date: '2027-02-08', state: 'TAS' },
});

export const AccountCodesResource = describeResource({
  name: 'account-codes',
  entityType: 'AccountCode',
  title: 'Account Codes',
  dto: AccountCodeDto,
  createInput: CreateAccountCodeInput,
  updateInput: UpdateAccountCodeInput,
  permissions: Permissions.accountCodes,
  example: { code: '200', name: 'Sales' },
});

export const TalkingPointCategoriesResource = describeResource({
  name: 'talking-point-category',
  entityType: 'TalkingPointCategory',
  title: 'Talking Point Categories',
  dto: TalkingPointCategoryDto,
  createInput: CreateTalkingPointCategoryInput,
  updateInput: UpdateTalkingPointCategoryInput,
  permissions: Permissions.talkingPointCategories,
  example: { name: 'Turnaround times' },
});

export const TalkingPointsResource = describeResource({
  name: 'talking-point',
  entityType: 'TalkingPoint',
  title: 'Talking Points',
  dto: TalkingPointDto,
  createInput: CreateTalkingPointInput,
  updateInput: UpdateTalkingPointInput,
  permissions: Permissions.talkingPoints,
  filters: { categoryId: Uuid },
  example: { title: 'Reports within 10 business days', content: 'Most reports reach the client within 10 days.' },
  exampleRefs: { categoryId: 'talking-point-category' },
});

export const SaleTargetsResource = describeResource({
  name: 'sale-targets',
  entityType: 'SaleTarget',
  title: 'Sale Targets',
  dto: SaleTargetDto,
  createInput: CreateSaleTargetInput,
  updateInput: UpdateSaleTargetInput,
  permissions: Permissions.saleTargets,
  filters: { userId: Uuid, year: z.coerce.number().int().min(2000).max(2100) },
  example: { year: 2027, month: 1, amount: 5_000_000 },
  exampleRefs: { userId: 'users' },
});

export const ServiceItemsResource = describeResource({
  name: 'service-items',
  entityType: 'ServiceItem',
  title: 'Service Items',
  dto: ServiceItemDto,
  createInput: CreateServiceItemInput,
  updateInput: UpdateServiceItemInput,
  permissions: Permissions.serviceItems,
  filters: { serviceTypeId: Uuid },
  selectionItem: SelectionListItem.extend({ price: z.number(), gstApplicable: z.boolean() }),
  example: { code: 'IME-STD', name: 'Independent medical examination', price: 165_000 },
});

export const AmaServiceFeesResource = describeResource({
  name: 'ama-service-fee',
  entityType: 'AmaServiceFee',
  title: 'AMA Service Fees',
  dto: AmaServiceFeeDto,
  createInput: CreateAmaServiceFeeInput,
  updateInput: UpdateAmaServiceFeeInput,
  permissions: Permissions.amaServiceFees,
  // The fee in force on a date.
  filters: { effectiveOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD') },
  example: {
    itemNumber: 'AA020',
    description: 'Independent medical examination and report, standard',
    fee: 95_000,
    effectiveFrom: '2026-07-01',
  },
});

export const LanguagesResource = describeResource({
  name: 'languages',
  entityType: 'Language',
  title: 'Languages',
  dto: LanguageDto,
  createInput: CreateLanguageInput,
  updateInput: UpdateLanguageInput,
  permissions: Permissions.languages,
});

export const InterpretersResource = describeResource({
  name: 'interpreters',
  entityType: 'Interpreter',
  title: 'Interpreters',
  dto: InterpreterDto,
  createInput: CreateInterpreterInput,
  updateInput: UpdateInterpreterInput,
  permissions: Permissions.interpreters,
  filters: { languageId: Uuid },
  example: { name: 'Linh Tran', languageIds: ['0195a5d2-7a1e-7c3b-9f00-0000000000aa'] },
  exampleRefs: { languageIds: 'languages' },
});

function csvOf<const T extends readonly [string, ...string[]]>(values: T) {
  return csvParam(z.enum(values), values.length);
}
function csvParamOfUuid() {
  return csvParam(Uuid);
}

/** Every resource's description; the server serves exactly these, each from its own definition. */
export const NdisTimeBudgetsResource = describeResource({
  name: 'ndis-time-budgets',
  entityType: 'NdisTimeBudget',
  title: 'NDIS Time Budget',
  dto: NdisTimeBudgetDto,
  createInput: CreateNdisTimeBudgetInput,
  updateInput: UpdateNdisTimeBudgetInput,
  permissions: Permissions.ndisTimeBudgets,
  example: { activity: 'Report writing', minutes: 240 },
});

/** The office staff: a read-only view of the users with office roles (decision 0130). */
export const StaffsResource = describeResource({
  name: 'staffs',
  entityType: 'User',
  title: 'Staff',
  dto: StaffDto,
  // Adding and editing staff are the users' routes, with their role rules (decision 0130).
  createInput: CreateUserInput,
  updateInput: UpdateUserInput,
  genericWrites: false,
  permissions: Permissions.staffs,
});

/** The NDIS price guide's support items (decision 0131). */
export const NdisServiceItemsResource = describeResource({
  name: 'ndis-service-items',
  entityType: 'NdisServiceItem',
  title: 'NDIS Service Items',
  dto: NdisServiceItemDto,
  createInput: CreateNdisServiceItemInput,
  updateInput: UpdateNdisServiceItemInput,
  permissions: Permissions.ndisServiceItems,
  features: ['NDIS'],
  selectionItem: SelectionListItem.extend({ priceLimit: z.number(), unit: z.string() }),
  example: {
    itemNumber: '15_056_0128_1_3',
    name: 'Assessment Recommendation Therapy Or Training - Other Therapy',
    unit: 'H',
    priceLimit: 19_399,
    registrationGroup: 'Therapeutic Supports',
  },
});

/** Default persons in charge per process step (decision 0131): the rows new action items take. */
export const DefaultPicsResource = describeResource({
  name: 'default-pic',
  entityType: 'DefaultPic',
  title: 'Default PICs',
  dto: DefaultPicRecordDto,
  createInput: CreateDefaultPicInput,
  updateInput: UpdateDefaultPicInput,
  permissions: Permissions.defaultPics,
  filters: { step: z.enum(ProcessSteps), userId: Uuid },
  example: { step: 'APPOINTMENT', userId: '0195a5d2-7a1e-7c3b-9f00-0000000000aa' },
  exampleRefs: { userId: 'users' },
});

/** Specialists' approvals under insurers' independent medical service schemes (decision 0131). */
export const ImsApprovalsResource = describeResource({
  name: 'ims-approvals',
  entityType: 'ImsApproval',
  title: 'IMS Approvals',
  dto: ImsApprovalDto,
  createInput: CreateImsApprovalInput,
  updateInput: UpdateImsApprovalInput,
  permissions: Permissions.imsApprovals,
  filters: { specialistId: Uuid, companyId: Uuid, status: z.enum(ImsApprovalStatuses) },
  example: {
    specialistId: '0195a5d2-7a1e-7c3b-9f00-0000000000aa',
    companyId: '0195a5d2-7a1e-7c3b-9f00-0000000000bb',
    approvalNumber: 'IMS-2027-0001',
    validFrom: '2027-01-01',
    validTo: '2027-12-31',
  },
  exampleRefs: { specialistId: 'specialists', companyId: 'companies' },
});

export const resourceDescriptions = [
  CountriesResource,
  CitiesResource,
  UsersResource,
  UserGroupsResource,
  CompaniesResource,
  CompanyGroupsResource,
  CaseManagersResource,
  ClientsResource,
  SpecialistsResource,
  ContractorsResource,
  TreatmentProvidersResource,
  ServiceProvidersResource,
  LookupConfigsResource,
  MatterTypesResource,
  DocumentTypesResource,
  AttachmentTypesResource,
  CentresResource,
  HolidaysResource,
  LanguagesResource,
  InterpretersResource,
  AccountCodesResource,
  ServiceItemsResource,
  AmaServiceFeesResource,
  TalkingPointCategoriesResource,
  TalkingPointsResource,
  SaleTargetsResource,
  NdisTimeBudgetsResource,
  StaffsResource,
  NdisServiceItemsResource,
  DefaultPicsResource,
  ImsApprovalsResource,
] as const;

type Described = (typeof resourceDescriptions)[number];

/** Each resource's endpoints, by resource name (`ResourceEndpoints.companies.list`), typed from its schemas. */
export const ResourceEndpoints = Object.fromEntries(
  resourceDescriptions.map((d) => [d.name, resourceEndpoints(d as ResourceDescription)]),
) as unknown as { [D in Described as D['name']]: ReturnType<typeof resourceEndpoints<D>> };

/** The name of a declared resource. */
export type ResourceName = Described['name'];

/**
 * The endpoints of a resource named at run time (a generic screen's route, a picker's resource);
 * undefined when no resource has that name.
 */
export function resourceEndpointsNamed(name: string): AnyResourceEndpoints | undefined {
  return Object.hasOwn(ResourceEndpoints, name)
    ? (ResourceEndpoints[name as ResourceName] as unknown as AnyResourceEndpoints)
    : undefined;
}

/** Every resource endpoint, for the catalogue. */
export const resourceEndpointCatalogue: readonly Endpoint[] = Object.values(ResourceEndpoints).flatMap(
  (set) => Object.values(set) as Endpoint[],
);
