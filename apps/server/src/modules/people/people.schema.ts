import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AssessmentType, BusinessType, Gender, ImsApprovalStatus, SpecialistServiceRate } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { tenants } from '../../platform/db/platform.schema';
import { users } from '../identity/identity.schema';
import { centres, languages, lookupConfigs } from '../reference/reference.schema';

const address = () => ({
  address: text('address'),
  suburb: text('suburb'),
  state: text('state'),
  postcode: text('postcode'),
});

const person = () => ({
  title: text('title'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email'),
  phone: text('phone'),
  mobile: text('mobile'),
});

export const companyGroups = tenantTable(
  'company_groups',
  {
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('company_groups_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const companies = tenantTable(
  'companies',
  {
    name: text('name').notNull(),
    businessType: text('business_type').$type<BusinessType>().notNull(),
    companyGroupId: uuid('company_group_id'),
    abn: text('abn'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    ...address(),
    /** The practice-management connection bookings of this company sync with (integrations). */
    defaultPmsCompanyId: uuid('default_pms_company_id'),
    /** Case managers who may book on the company's behalf (feature BookingAgent). */
    bookingAgentIds: uuid('booking_agent_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    overdueInvoiceReminder: boolean('overdue_invoice_reminder').notNull().default(false),
    highRiskApplied: boolean('high_risk_applied').notNull().default(false),
    highRiskAppliedFrom: date('high_risk_applied_from', { mode: 'string' }),
    highRiskAppliedTo: date('high_risk_applied_to', { mode: 'string' }),
    highRiskReasonToBookingCm: text('high_risk_reason_to_booking_cm'),
    highRiskReasonToStaff: text('high_risk_reason_to_staff'),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: 'companies_company_group_fkey',
      columns: [t.tenantId, t.companyGroupId],
      foreignColumns: [companyGroups.tenantId, companyGroups.id],
    }),
    index('companies_name_idx')
      .on(t.tenantId, t.name, t.id)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const caseManagers = tenantTable(
  'case_managers',
  {
    ...person(),
    position: text('position'),
    companyId: uuid('company_id').notNull(),
    state: text('state'),
    userId: uuid('user_id'),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: 'case_managers_company_fkey',
      columns: [t.tenantId, t.companyId],
      foreignColumns: [companies.tenantId, companies.id],
    }),
    foreignKey({
      name: 'case_managers_user_fkey',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('case_managers_full_name_idx')
      .on(t.tenantId, sql`(${t.firstName} || ' ' || ${t.lastName})`, t.id)
      .where(sql`not ${t.isDeleted}`),
    index('case_managers_company_idx')
      .on(t.tenantId, t.companyId)
      .where(sql`not ${t.isDeleted}`),
    index('case_managers_user_idx')
      .on(t.tenantId, t.userId)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const clients = tenantTable(
  'clients',
  {
    ...person(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender').$type<Gender>(),
    ...address(),
    occupation: text('occupation'),
    employer: text('employer'),
    languageId: uuid('language_id'),
    interpreterRequired: boolean('interpreter_required').notNull().default(false),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: 'clients_language_fkey',
      columns: [t.tenantId, t.languageId],
      foreignColumns: [languages.tenantId, languages.id],
    }),
    // The selection list's order ('firstName, lastName').
    index('clients_name_idx')
      .on(t.tenantId, t.firstName, t.lastName, t.id)
      .where(sql`not ${t.isDeleted}`),
    // The similar-item check: same name and date of birth.
    index('clients_similar_idx')
      .on(t.tenantId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.dateOfBirth)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const specialists = tenantTable(
  'specialists',
  {
    ...person(),
    ...address(),
    specialtyId: uuid('specialty_id'),
    subSpecialtyId: uuid('sub_specialty_id'),
    qualificationId: uuid('qualification_id'),
    accreditationId: uuid('accreditation_id'),
    recruitmentStatus: smallint('recruitment_status').notNull().default(0),
    onboardedDate: date('onboarded_date', { mode: 'string' }),
    onboardedEndDate: date('onboarded_end_date', { mode: 'string' }),
    feeArrangement: smallint('fee_arrangement'),
    providerNumber: text('provider_number'),
    providerNumberNote: text('provider_number_note'),
    providerNumber2: text('provider_number2'),
    providerNumber2Note: text('provider_number2_note'),
    providerNumber3: text('provider_number3'),
    providerNumber3Note: text('provider_number3_note'),
    providerNumber4: text('provider_number4'),
    providerNumber4Note: text('provider_number4_note'),
    defaultCentreId: uuid('default_centre_id'),
    typeOfAssessmentsAccepted: text('type_of_assessments_accepted')
      .array()
      .$type<AssessmentType[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    serviceRates: jsonb('service_rates')
      .$type<SpecialistServiceRate[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The CV's file in the file store. */
    cvFileId: uuid('cv_file_id'),
    userId: uuid('user_id'),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    ...(
      [
        ['specialty', t.specialtyId],
        ['sub_specialty', t.subSpecialtyId],
        ['qualification', t.qualificationId],
        ['accreditation', t.accreditationId],
      ] as const
    ).map(([name, column]) =>
      foreignKey({
        name: `specialists_${name}_fkey`,
        columns: [t.tenantId, column],
        foreignColumns: [lookupConfigs.tenantId, lookupConfigs.id],
      }),
    ),
    foreignKey({
      name: 'specialists_user_fkey',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'specialists_default_centre_fkey',
      columns: [t.tenantId, t.defaultCentreId],
      foreignColumns: [centres.tenantId, centres.id],
    }),
    index('specialists_full_name_idx')
      .on(t.tenantId, sql`(${t.firstName} || ' ' || ${t.lastName})`, t.id)
      .where(sql`not ${t.isDeleted}`),
    index('specialists_specialty_idx')
      .on(t.tenantId, t.specialtyId)
      .where(sql`not ${t.isDeleted}`),
    index('specialists_user_idx')
      .on(t.tenantId, t.userId)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const contractors = tenantTable(
  'contractors',
  {
    name: text('name').notNull(),
    contactName: text('contact_name'),
    contractorType: text('contractor_type').$type<'BROKER' | 'INSURER' | 'TYPIST'>(),
    companyId: uuid('company_id'),
    email: text('email'),
    phone: text('phone'),
    ...address(),
    userId: uuid('user_id'),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: 'contractors_company_fkey',
      columns: [t.tenantId, t.companyId],
      foreignColumns: [companies.tenantId, companies.id],
    }),
    foreignKey({
      name: 'contractors_user_fkey',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('contractors_user_idx')
      .on(t.tenantId, t.userId)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const serviceProviders = tenantTable(
  'service_providers',
  {
    name: text('name').notNull(),
    serviceTypeId: uuid('service_type_id'),
    contactName: text('contact_name'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    abn: text('abn'),
    ...address(),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: 'service_providers_service_type_fkey',
      columns: [t.tenantId, t.serviceTypeId],
      foreignColumns: [lookupConfigs.tenantId, lookupConfigs.id],
    }),
    uniqueIndex('service_providers_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const treatmentProviders = tenantTable(
  'treatment_providers',
  {
    name: text('name').notNull(),
    providerType: text('provider_type'),
    contactName: text('contact_name'),
    email: text('email'),
    phone: text('phone'),
    fax: text('fax'),
    providerNumber: text('provider_number'),
    ...address(),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('treatment_providers_name_idx')
      .on(t.tenantId, t.name, t.id)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/**
 * The search text of case managers, clients and specialists (name, e-mail, phones), kept by triggers.
 * A system table: row-level security forbids index use for LIKE (it is not leakproof), so the trigram
 * index lives here and is read only through casebook_person_search(), which applies the tenant itself.
 */
export const personSearch = pgTable(
  'person_search',
  {
    ownerTenantId: uuid('owner_tenant_id').notNull(),
    kind: text('kind').$type<'case_managers' | 'clients' | 'specialists'>().notNull(),
    entityId: uuid('entity_id').notNull(),
    searchText: text('search_text').notNull(),
  },
  (t) => [
    primaryKey({ name: 'person_search_pkey', columns: [t.ownerTenantId, t.kind, t.entityId] }),
    foreignKey({ name: 'person_search_tenant_fkey', columns: [t.ownerTenantId], foreignColumns: [tenants.id] }),
    // Tenant and kind in the same GIN index (btree_gin): a search never reads another tenant's entries.
    index('person_search_text_idx').using('gin', t.ownerTenantId, t.kind, t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * A specialist's approval by an insurer to examine under its independent medical service scheme
 * (decision 0131): the approval number and the period it runs.
 */
export const imsApprovals = tenantTable(
  'ims_approvals',
  {
    specialistId: uuid('specialist_id').notNull(),
    companyId: uuid('company_id').notNull(),
    approvalNumber: text('approval_number').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    status: text('status').$type<ImsApprovalStatus>().notNull().default('APPROVED'),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: 'ims_approvals_specialist_fkey',
      columns: [t.tenantId, t.specialistId],
      foreignColumns: [specialists.tenantId, specialists.id],
    }),
    foreignKey({
      name: 'ims_approvals_company_fkey',
      columns: [t.tenantId, t.companyId],
      foreignColumns: [companies.tenantId, companies.id],
    }),
    uniqueIndex('ims_approvals_number_key')
      .on(t.tenantId, t.companyId, sql`lower(${t.approvalNumber})`)
      .where(sql`not ${t.isDeleted}`),
    index('ims_approvals_specialist_idx').on(t.tenantId, t.specialistId),
    check('ims_approvals_dates_check', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);
