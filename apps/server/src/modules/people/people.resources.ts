import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  AssessmentTypeLabels,
  BusinessTypeLabels,
  CaseManagersResource,
  ClientsResource,
  CompaniesResource,
  CompanyGroupsResource,
  ContractorDto,
  contractorKindOf,
  ContractorsResource,
  FeeArrangementLabels,
  GenderLabels,
  RecruitmentStatusLabels,
  SERVICE_PROVIDER_DUPLICATE_MESSAGE,
  ServiceProvidersResource,
  SpecialistsResource,
  TreatmentProvidersResource,
  ImsApprovalsResource,
  ImsApprovalStatusLabels,
} from '@casebook/domain';
import { defineResource } from '../../platform/resources/resource';
import { pickDtoFields } from '../../platform/resources/resource.service';
import { referencedValue } from '../../platform/resources/resource.sql';
import { lookupConfigs } from '../reference/reference.schema';
import { lookupFieldsHook } from '../reference/reference.service';
import {
  caseManagers,
  clients,
  companies,
  companyGroups,
  contractors,
  imsApprovals,
  serviceProviders,
  specialists,
  treatmentProviders,
} from './people.schema';
import { personSearchCondition } from './people.repository';
import { checkCompanyWrite, checkSpecialistWrite } from './people.service';
import './people.access';

const byState = (column: PgColumn) => (state: string) => sql`upper(${column}) = upper(${state})`;
const fullName = (t: { firstName: PgColumn; lastName: PgColumn }) =>
  sql<string>`${t.firstName} || ' ' || ${t.lastName}`;
/** A query parameter that only asks for more fields; it narrows nothing. */
const flag = () => undefined;

const companyName = (t: { tenantId: PgColumn; companyId: PgColumn }) =>
  referencedValue<string | null>(companies, (c) => c(companies.name), { tenantId: t.tenantId, fk: t.companyId });

export const companyGroupsResource = defineResource(CompanyGroupsResource, {
  table: companyGroups,
  displayName: companyGroups.name,
  searchColumns: [companyGroups.name, companyGroups.description],
  sorting: { name: companyGroups.name, creationTime: companyGroups.creationTime },
  defaultSorting: 'name asc',
  constraints: {
    company_groups_name_key: { member: 'name', message: 'A company group with this name already exists.' },
  },
});

/** Companies: law firms, insurers and others who book cases, with their high-risk flags. */
export const companiesResource = defineResource(CompaniesResource, {
  recordKind: 'company',
  table: companies,
  displayName: companies.name,
  searchColumns: [companies.name, companies.email, companies.abn, companies.suburb],
  computed: {
    companyGroupName: referencedValue<string | null>(companyGroups, (g) => g(companyGroups.name), {
      tenantId: companies.tenantId,
      fk: companies.companyGroupId,
    }),
  },
  filters: {
    businessType: (v: string) => eq(companies.businessType, v as never),
    companyGroupId: (id: string) => eq(companies.companyGroupId, id),
    highRiskApplied: (v: boolean) => eq(companies.highRiskApplied, v),
    state: byState(companies.state),
  },
  // The high-risk dates come with every item: a picker marks the companies whose flag applies today.
  selectionFields: () => ({
    businessType: companies.businessType,
    highRiskApplied: companies.highRiskApplied,
    highRiskAppliedFrom: companies.highRiskAppliedFrom,
    highRiskAppliedTo: companies.highRiskAppliedTo,
  }),
  sorting: {
    name: companies.name,
    businessType: companies.businessType,
    state: companies.state,
    creationTime: companies.creationTime,
  },
  defaultSorting: 'name asc',
  beforeWrite: checkCompanyWrite,
  references: { bookingAgentIds: 'case-managers' },
  choiceLabels: { businessType: BusinessTypeLabels },
  constraints: {
    companies_company_group_fkey: { member: 'companyGroupId', message: 'The company group does not exist.' },
  },
});

export const caseManagersResource = defineResource(CaseManagersResource, {
  recordKind: 'caseManager',
  table: caseManagers,
  displayName: fullName(caseManagers),
  searchColumns: [caseManagers.firstName, caseManagers.lastName, caseManagers.email, caseManagers.phone],
  search: (text) => personSearchCondition('case_managers', caseManagers, text),
  computed: { fullName: fullName(caseManagers), companyName: companyName(caseManagers) },
  filters: {
    companyId: (id: string) => eq(caseManagers.companyId, id),
    state: byState(caseManagers.state),
  },
  selectionFields: () => ({
    companyId: caseManagers.companyId,
    companyName: companyName(caseManagers),
    email: caseManagers.email,
  }),
  sorting: {
    fullName: fullName(caseManagers),
    firstName: caseManagers.firstName,
    lastName: caseManagers.lastName,
    email: caseManagers.email,
    companyName: companyName(caseManagers),
    creationTime: caseManagers.creationTime,
  },
  defaultSorting: 'fullName asc',
  constraints: {
    case_managers_company_fkey: { member: 'companyId', message: 'The company does not exist.' },
    case_managers_user_fkey: { member: 'userId', message: 'The user does not exist.' },
  },
});

/** Clients of cases: the claimants (or companies, by the tenant's language). */
export const clientsResource = defineResource(ClientsResource, {
  recordKind: 'claimant',
  table: clients,
  displayName: fullName(clients),
  searchColumns: [clients.firstName, clients.lastName, clients.email, clients.phone],
  search: (text) => personSearchCondition('clients', clients, text),
  computed: { fullName: fullName(clients) },
  filters: {
    state: byState(clients.state),
    gender: (g: string) => eq(clients.gender, g as never),
  },
  selectionFields: () => ({ dateOfBirth: clients.dateOfBirth, email: clients.email }),
  sorting: {
    firstName: clients.firstName,
    lastName: clients.lastName,
    fullName: fullName(clients),
    dateOfBirth: clients.dateOfBirth,
    creationTime: clients.creationTime,
  },
  defaultSorting: 'firstName asc, lastName asc',
  choiceLabels: { gender: GenderLabels },
  constraints: { clients_language_fkey: { member: 'languageId', message: 'The language does not exist.' } },
});

const specialtyName = referencedValue<string | null>(lookupConfigs, (l) => l(lookupConfigs.label), {
  tenantId: specialists.tenantId,
  fk: specialists.specialtyId,
});

/** Specialists (doctors) with their contract dates, provider numbers, accepted assessments and rates. */
export const specialistsResource = defineResource(SpecialistsResource, {
  recordKind: 'specialist',
  table: specialists,
  displayName: sql<string>`coalesce(${specialists.title} || ' ', '') || ${specialists.firstName} || ' ' || ${specialists.lastName}`,
  searchColumns: [specialists.firstName, specialists.lastName, specialists.email, specialists.phone],
  search: (text) => personSearchCondition('specialists', specialists, text),
  computed: { fullName: fullName(specialists), specialtyName },
  filters: {
    specialtyId: (id: string) => eq(specialists.specialtyId, id),
    // Specialists who accept every listed type of assessment.
    typeOfAssessmentsAcceptedAllow: (types: string[]) =>
      sql`${specialists.typeOfAssessmentsAccepted} @> ${sql.param(types)}::text[]`,
    recruitmentStatus: (s: number) => eq(specialists.recruitmentStatus, s),
    state: byState(specialists.state),
    includeServiceRates: flag,
    includeCV: flag,
  },
  // The contract dates come with every item: choosing a specialist runs the contract check.
  selectionFields: (query) => ({
    specialtyId: specialists.specialtyId,
    specialtyName,
    state: specialists.state,
    onboardedDate: specialists.onboardedDate,
    onboardedEndDate: specialists.onboardedEndDate,
    ...(query.includeServiceRates ? { serviceRates: specialists.serviceRates } : {}),
    ...(query.includeCV ? { cvFileId: specialists.cvFileId } : {}),
  }),
  sorting: {
    fullName: fullName(specialists),
    firstName: specialists.firstName,
    lastName: specialists.lastName,
    specialtyName,
    state: specialists.state,
    recruitmentStatus: specialists.recruitmentStatus,
    onboardedDate: specialists.onboardedDate,
    creationTime: specialists.creationTime,
  },
  defaultSorting: 'fullName asc',
  beforeWrite: checkSpecialistWrite,
  references: {
    specialtyId: 'lookup-configs?type=SPECIALTY',
    subSpecialtyId: 'lookup-configs?type=SUB_SPECIALTY',
    qualificationId: 'lookup-configs?type=QUALIFICATION',
    accreditationId: 'lookup-configs?type=ACCREDITATION',
  },
  choiceLabels: {
    recruitmentStatus: RecruitmentStatusLabels,
    feeArrangement: FeeArrangementLabels,
    typeOfAssessmentsAccepted: AssessmentTypeLabels,
  },
  constraints: {
    specialists_default_centre_fkey: { member: 'defaultCentreId', message: 'The centre does not exist.' },
    specialists_user_fkey: { member: 'userId', message: 'The user does not exist.' },
  },
});

/** Contractors: brokers, insurers and typists. */
export const contractorsResource = defineResource(ContractorsResource, {
  table: contractors,
  displayName: contractors.name,
  searchColumns: [contractors.name, contractors.contactName, contractors.email],
  computed: {
    companyName: companyName(contractors),
    companyBusinessType: referencedValue<string | null>(companies, (c) => c(companies.businessType), {
      tenantId: contractors.tenantId,
      fk: contractors.companyId,
    }),
  },
  toDto: (row) => ({
    ...pickDtoFields(ContractorDto, row),
    kind: contractorKindOf(row.contractorType as string | null, row.companyBusinessType as string | null),
  }),
  filters: {
    contractorType: (v: string) => eq(contractors.contractorType, v as never),
    companyId: (id: string) => eq(contractors.companyId, id),
  },
  sorting: {
    name: contractors.name,
    contractorType: contractors.contractorType,
    creationTime: contractors.creationTime,
  },
  defaultSorting: 'name asc',
  constraints: {
    contractors_company_fkey: { member: 'companyId', message: 'The company does not exist.' },
    contractors_user_fkey: { member: 'userId', message: 'The user does not exist.' },
  },
});

export const serviceProvidersResource = defineResource(ServiceProvidersResource, {
  table: serviceProviders,
  displayName: serviceProviders.name,
  searchColumns: [serviceProviders.name, serviceProviders.contactName, serviceProviders.email],
  filters: { serviceTypeId: (id: string) => eq(serviceProviders.serviceTypeId, id) },
  sorting: { name: serviceProviders.name, creationTime: serviceProviders.creationTime },
  defaultSorting: 'name asc',
  beforeWrite: lookupFieldsHook({ serviceTypeId: 'SERVICE_TYPE' }),
  constraints: { service_providers_name_key: { member: 'name', message: SERVICE_PROVIDER_DUPLICATE_MESSAGE } },
});

export const treatmentProvidersResource = defineResource(TreatmentProvidersResource, {
  table: treatmentProviders,
  displayName: treatmentProviders.name,
  searchColumns: [treatmentProviders.name, treatmentProviders.contactName, treatmentProviders.suburb],
  filters: { state: byState(treatmentProviders.state) },
  sorting: {
    name: treatmentProviders.name,
    state: treatmentProviders.state,
    creationTime: treatmentProviders.creationTime,
  },
  defaultSorting: 'name asc',
});

/** The people module's resources, in menu order. */
/** IMS approvals (decision 0131): a specialist's approval under an insurer's scheme, with its period. */
export const imsApprovalsResource = defineResource(ImsApprovalsResource, {
  table: imsApprovals,
  displayName: imsApprovals.approvalNumber,
  searchColumns: [imsApprovals.approvalNumber, imsApprovals.notes],
  computed: {
    specialistName: referencedValue<string | null>(
      specialists,
      (s) => sql`${s(specialists.firstName)} || ' ' || ${s(specialists.lastName)}`,
      { tenantId: imsApprovals.tenantId, fk: imsApprovals.specialistId },
    ),
    companyName: referencedValue<string | null>(companies, (c) => c(companies.name), {
      tenantId: imsApprovals.tenantId,
      fk: imsApprovals.companyId,
    }),
  },
  filters: {
    specialistId: (id) => eq(imsApprovals.specialistId, id),
    companyId: (id) => eq(imsApprovals.companyId, id),
    status: (status) => eq(imsApprovals.status, status),
  },
  choiceLabels: { status: ImsApprovalStatusLabels },
  sorting: {
    approvalNumber: imsApprovals.approvalNumber,
    validFrom: imsApprovals.validFrom,
    validTo: imsApprovals.validTo,
    status: imsApprovals.status,
    creationTime: imsApprovals.creationTime,
  },
  defaultSorting: 'validFrom desc',
  constraints: {
    ims_approvals_number_key: {
      member: 'approvalNumber',
      message: 'This insurer already has an approval with this number.',
    },
    ims_approvals_specialist_fkey: { member: 'specialistId', message: 'The specialist does not exist.' },
    ims_approvals_company_fkey: { member: 'companyId', message: 'The company does not exist.' },
    ims_approvals_dates_check: { member: 'validTo', message: 'The end date must not be before the start date.' },
  },
});

export const peopleResources = [
  companiesResource,
  companyGroupsResource,
  caseManagersResource,
  clientsResource,
  specialistsResource,
  contractorsResource,
  treatmentProvidersResource,
  serviceProvidersResource,
  imsApprovalsResource,
];
