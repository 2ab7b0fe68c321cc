import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
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
  CreateLookupConfigInput,
  CreateMatterTypeInput,
  CreateSaleTargetInput,
  CreateServiceItemInput,
  CreateTalkingPointCategoryInput,
  CreateTalkingPointInput,
  DocumentTypeDto,
  HolidayDto,
  LanguageDto,
  LookupConfigDto,
  LookupMessages,
  LookupTypeLabels,
  LookupTypes,
  MatterTypeDto,
  Permissions,
  SaleTargetDto,
  SelectionListItem,
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
  Uuid,
} from '@casebook/domain';
import { defineResource } from '../../platform/resources/resource';
import { csvParam } from '../../platform/resources/resource.filters';
import { referencedValue } from '../../platform/resources/resource.sql';
import { users } from '../identity/identity.schema';
import {
  accountCodes,
  amaServiceFees,
  attachmentTypes,
  centres,
  documentTypes,
  holidays,
  languages,
  lookupConfigs,
  matterTypes,
  saleTargets,
  serviceItems,
  talkingPointCategories,
  talkingPoints,
} from './reference.schema';
import { checkLookupWrite, checkMatterTypeWrite, lookupFieldsHook } from './reference.service';

const State = z.string().trim().max(64);
const byState = (column: PgColumn) => (state: string) => sql`upper(${column}) = upper(${state})`;

/** The value list (/view/lookup-config): typed values, optional parents, one default per type. */
export const lookupConfigsResource = defineResource({
  name: 'lookup-configs',
  entityType: 'LookupConfig',
  title: 'Value List',
  table: lookupConfigs,
  dto: LookupConfigDto,
  createInput: CreateLookupConfigInput,
  updateInput: UpdateLookupConfigInput,
  permissions: Permissions.lookupConfigs,
  displayName: lookupConfigs.label,
  searchColumns: [lookupConfigs.label, lookupConfigs.value],
  computed: {
    parentLabel: referencedValue<string | null>(lookupConfigs, (p) => p(lookupConfigs.label), {
      tenantId: lookupConfigs.tenantId,
      fk: lookupConfigs.parentId,
    }),
  },
  filters: {
    type: {
      schema: csvParam(z.enum(LookupTypes), LookupTypes.length),
      where: (types: string[]) => inArray(lookupConfigs.type, types as never[]),
    },
    parentIds: { schema: csvParam(Uuid), where: (ids: string[]) => inArray(lookupConfigs.parentId, ids) },
    ids: { schema: csvParam(Uuid), where: (ids: string[]) => inArray(lookupConfigs.id, ids) },
  },
  selectionFields: () => ({
    type: lookupConfigs.type,
    value: lookupConfigs.value,
    parentId: lookupConfigs.parentId,
    isDefault: lookupConfigs.isDefault,
  }),
  selectionItem: SelectionListItem.extend({
    type: z.enum(LookupTypes),
    value: z.string().nullable(),
    parentId: z.string().nullable(),
    isDefault: z.boolean(),
  }),
  references: { parentId: 'lookup-configs', parentIds: 'lookup-configs' },
  choiceLabels: { type: LookupTypeLabels },
  sorting: {
    label: lookupConfigs.label,
    type: lookupConfigs.type,
    displayOrder: lookupConfigs.displayOrder,
    isDefault: lookupConfigs.isDefault,
    creationTime: lookupConfigs.creationTime,
  },
  defaultSorting: 'type asc, displayOrder asc, label asc',
  beforeWrite: checkLookupWrite,
  example: { type: 'BODY_PART', label: 'Left shoulder' },
  constraints: {
    lookup_configs_label_key: { member: 'label', message: LookupMessages.duplicate },
    lookup_configs_default_key: {
      member: 'isDefault',
      message: 'Another value became the default at the same time; please try again.',
    },
    lookup_configs_parent_fkey: { member: 'parentId', message: 'The parent value does not exist.' },
  },
});

export const matterTypesResource = defineResource({
  name: 'matter-types',
  entityType: 'MatterType',
  title: 'Matter Types',
  table: matterTypes,
  dto: MatterTypeDto,
  createInput: CreateMatterTypeInput,
  updateInput: UpdateMatterTypeInput,
  permissions: Permissions.matterTypes,
  displayName: matterTypes.name,
  searchColumns: [matterTypes.name, matterTypes.description],
  sorting: { name: matterTypes.name, creationTime: matterTypes.creationTime },
  defaultSorting: 'name asc',
  beforeWrite: checkMatterTypeWrite,
  example: { name: 'Workers compensation', description: 'Statutory workers compensation claims' },
  constraints: { matter_types_name_key: { member: 'name', message: 'A matter type with this name already exists.' } },
});

export const documentTypesResource = defineResource({
  name: 'document-types',
  entityType: 'DocumentType',
  title: 'Document Types',
  table: documentTypes,
  dto: DocumentTypeDto,
  createInput: CreateDocumentTypeInput,
  updateInput: UpdateDocumentTypeInput,
  permissions: Permissions.documentTypes,
  displayName: documentTypes.name,
  searchColumns: [documentTypes.name, documentTypes.description],
  sorting: { name: documentTypes.name, creationTime: documentTypes.creationTime },
  defaultSorting: 'name asc',
  constraints: {
    document_types_name_key: { member: 'name', message: 'A document type with this name already exists.' },
  },
});

export const attachmentTypesResource = defineResource({
  name: 'attachment-types',
  entityType: 'AttachmentType',
  title: 'Attachment Types',
  table: attachmentTypes,
  dto: AttachmentTypeDto,
  createInput: CreateAttachmentTypeInput,
  updateInput: UpdateAttachmentTypeInput,
  permissions: Permissions.attachmentTypes,
  displayName: attachmentTypes.name,
  searchColumns: [attachmentTypes.name, attachmentTypes.code],
  filters: {
    category: {
      schema: z.enum(AttachmentCategories),
      where: (category: string) => eq(attachmentTypes.category, category as never),
    },
  },
  sorting: {
    name: attachmentTypes.name,
    category: attachmentTypes.category,
    displayOrder: attachmentTypes.displayOrder,
    creationTime: attachmentTypes.creationTime,
  },
  defaultSorting: 'displayOrder asc, name asc',
  constraints: {
    attachment_types_name_key: { member: 'name', message: 'An attachment type with this name already exists.' },
  },
});

/** Service centres: case managers may view and add them. */
export const centresResource = defineResource({
  name: 'centres',
  entityType: 'Centre',
  title: 'Service Centres',
  table: centres,
  dto: CentreDto,
  createInput: CreateCentreInput,
  updateInput: UpdateCentreInput,
  permissions: Permissions.centres,
  displayName: centres.name,
  searchColumns: [centres.name, centres.suburb, centres.postcode, centres.address],
  filters: {
    state: { schema: State, where: byState(centres.state) },
    cityId: { schema: Uuid, where: (id: string) => eq(centres.cityId, id) },
  },
  selectionFields: () => ({ state: centres.state, suburb: centres.suburb }),
  selectionItem: SelectionListItem.extend({ state: z.string().nullable(), suburb: z.string().nullable() }),
  sorting: { name: centres.name, state: centres.state, suburb: centres.suburb, creationTime: centres.creationTime },
  defaultSorting: 'name asc',
  example: { name: 'Sydney CBD Rooms', address: '1 Martin Place', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
  constraints: {
    centres_name_key: { member: 'name', message: 'A centre with this name already exists.' },
    centres_city_fkey: { member: 'cityId', message: 'The city does not exist.' },
  },
});

export const holidaysResource = defineResource({
  name: 'holidays',
  entityType: 'Holiday',
  title: 'Holidays',
  table: holidays,
  dto: HolidayDto,
  createInput: CreateHolidayInput,
  updateInput: UpdateHolidayInput,
  permissions: Permissions.holidays,
  displayName: holidays.name,
  searchColumns: [holidays.name, holidays.state],
  filters: {
    year: {
      schema: z.coerce.number().int().min(1900).max(2200),
      where: (year: number) => sql`extract(year from ${holidays.date}) = ${year}`,
    },
    // A state's holidays include the national ones (no state).
    state: {
      schema: State,
      where: (state: string) => sql`(${holidays.state} is null or upper(${holidays.state}) = upper(${state}))`,
    },
  },
  sorting: { date: holidays.date, name: holidays.name, state: holidays.state, creationTime: holidays.creationTime },
  defaultSorting: 'date asc',
  example: { name: 'Royal Hobart Regatta', date: '2027-02-08', state: 'TAS' },
  constraints: {
    holidays_date_key: { member: 'date', message: 'There is already a holiday on this date for this state.' },
  },
});

export const accountCodesResource = defineResource({
  name: 'account-codes',
  entityType: 'AccountCode',
  title: 'Account Codes',
  table: accountCodes,
  dto: AccountCodeDto,
  createInput: CreateAccountCodeInput,
  updateInput: UpdateAccountCodeInput,
  permissions: Permissions.accountCodes,
  displayName: sql`${accountCodes.code} || ' - ' || ${accountCodes.name}`,
  searchColumns: [accountCodes.code, accountCodes.name],
  sorting: { code: accountCodes.code, name: accountCodes.name, creationTime: accountCodes.creationTime },
  defaultSorting: 'code asc',
  example: { code: '200', name: 'Sales' },
  constraints: { account_codes_code_key: { member: 'code', message: 'An account with this code already exists.' } },
});

export const talkingPointCategoriesResource = defineResource({
  name: 'talking-point-category',
  entityType: 'TalkingPointCategory',
  title: 'Talking Point Categories',
  table: talkingPointCategories,
  dto: TalkingPointCategoryDto,
  createInput: CreateTalkingPointCategoryInput,
  updateInput: UpdateTalkingPointCategoryInput,
  permissions: Permissions.talkingPointCategories,
  displayName: talkingPointCategories.name,
  searchColumns: [talkingPointCategories.name],
  sorting: { name: talkingPointCategories.name, creationTime: talkingPointCategories.creationTime },
  defaultSorting: 'name asc',
  example: { name: 'Turnaround times' },
  constraints: {
    talking_point_categories_name_key: { member: 'name', message: 'A category with this name already exists.' },
  },
});

export const talkingPointsResource = defineResource({
  name: 'talking-point',
  entityType: 'TalkingPoint',
  title: 'Talking Points',
  table: talkingPoints,
  dto: TalkingPointDto,
  createInput: CreateTalkingPointInput,
  updateInput: UpdateTalkingPointInput,
  permissions: Permissions.talkingPoints,
  displayName: talkingPoints.title,
  searchColumns: [talkingPoints.title, talkingPoints.content],
  computed: {
    categoryName: referencedValue<string | null>(talkingPointCategories, (c) => c(talkingPointCategories.name), {
      tenantId: talkingPoints.tenantId,
      fk: talkingPoints.categoryId,
    }),
  },
  filters: { categoryId: { schema: Uuid, where: (id: string) => eq(talkingPoints.categoryId, id) } },
  sorting: { title: talkingPoints.title, creationTime: talkingPoints.creationTime },
  defaultSorting: 'title asc',
  example: { title: 'Reports within 10 business days', content: 'Most reports reach the client within 10 days.' },
  exampleRefs: { categoryId: 'talking-point-category' },
  constraints: { talking_points_category_fkey: { member: 'categoryId', message: 'The category does not exist.' } },
});

export const saleTargetsResource = defineResource({
  name: 'sale-targets',
  entityType: 'SaleTarget',
  title: 'Sale Targets',
  table: saleTargets,
  dto: SaleTargetDto,
  createInput: CreateSaleTargetInput,
  updateInput: UpdateSaleTargetInput,
  permissions: Permissions.saleTargets,
  displayName: sql`${saleTargets.year} || '-' || lpad(${saleTargets.month}::text, 2, '0')`,
  searchColumns: [saleTargets.notes],
  computed: {
    userName: referencedValue<string | null>(users, (u) => sql`${u(users.name)} || ' ' || ${u(users.surname)}`, {
      tenantId: saleTargets.tenantId,
      fk: saleTargets.userId,
    }),
  },
  filters: {
    userId: { schema: Uuid, where: (id: string) => eq(saleTargets.userId, id) },
    year: { schema: z.coerce.number().int().min(2000).max(2100), where: (y: number) => eq(saleTargets.year, y) },
  },
  references: { saleTypeId: 'lookup-configs?type=SALE_TYPE' },
  sorting: {
    period: sql`(${saleTargets.year} * 100 + ${saleTargets.month})`,
    year: saleTargets.year,
    month: saleTargets.month,
    amount: saleTargets.amount,
    creationTime: saleTargets.creationTime,
  },
  defaultSorting: 'period desc',
  beforeWrite: lookupFieldsHook({ saleTypeId: 'SALE_TYPE' }),
  example: { year: 2027, month: 1, amount: 5_000_000 },
  exampleRefs: { userId: 'users' },
  constraints: {
    sale_targets_period_key: { member: 'month', message: 'This person already has a target for that month.' },
    sale_targets_user_fkey: { member: 'userId', message: 'The user does not exist.' },
  },
});

export const serviceItemsResource = defineResource({
  name: 'service-items',
  entityType: 'ServiceItem',
  title: 'Service Items',
  table: serviceItems,
  dto: ServiceItemDto,
  createInput: CreateServiceItemInput,
  updateInput: UpdateServiceItemInput,
  permissions: Permissions.serviceItems,
  displayName: sql`${serviceItems.code} || ' - ' || ${serviceItems.name}`,
  searchColumns: [serviceItems.code, serviceItems.name],
  filters: { serviceTypeId: { schema: Uuid, where: (id: string) => eq(serviceItems.serviceTypeId, id) } },
  selectionFields: () => ({ price: serviceItems.price, gstApplicable: serviceItems.gstApplicable }),
  selectionItem: SelectionListItem.extend({ price: z.number(), gstApplicable: z.boolean() }),
  references: { serviceTypeId: 'lookup-configs?type=SERVICE_TYPE' },
  sorting: {
    code: serviceItems.code,
    name: serviceItems.name,
    price: serviceItems.price,
    creationTime: serviceItems.creationTime,
  },
  defaultSorting: 'code asc',
  beforeWrite: lookupFieldsHook({ serviceTypeId: 'SERVICE_TYPE' }),
  example: { code: 'IME-STD', name: 'Independent medical examination', price: 165_000 },
  constraints: {
    service_items_code_key: { member: 'code', message: 'A service item with this code already exists.' },
    service_items_account_code_fkey: { member: 'accountCodeId', message: 'The account code does not exist.' },
  },
});

export const amaServiceFeesResource = defineResource({
  name: 'ama-service-fee',
  entityType: 'AmaServiceFee',
  title: 'AMA Service Fees',
  table: amaServiceFees,
  dto: AmaServiceFeeDto,
  createInput: CreateAmaServiceFeeInput,
  updateInput: UpdateAmaServiceFeeInput,
  permissions: Permissions.amaServiceFees,
  displayName: sql`${amaServiceFees.itemNumber} || ' - ' || ${amaServiceFees.description}`,
  searchColumns: [amaServiceFees.itemNumber, amaServiceFees.description],
  filters: {
    // The fee in force on a date.
    effectiveOn: {
      schema: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'),
      where: (d: string) =>
        sql`${amaServiceFees.effectiveFrom} <= ${d}::date and (${amaServiceFees.effectiveTo} is null or ${amaServiceFees.effectiveTo} >= ${d}::date)`,
    },
  },
  sorting: {
    itemNumber: amaServiceFees.itemNumber,
    fee: amaServiceFees.fee,
    effectiveFrom: amaServiceFees.effectiveFrom,
    creationTime: amaServiceFees.creationTime,
  },
  defaultSorting: 'itemNumber asc, effectiveFrom desc',
  example: {
    itemNumber: 'AA020',
    description: 'Independent medical examination and report, standard',
    fee: 95_000,
    effectiveFrom: '2026-07-01',
  },
  constraints: {
    ama_service_fees_item_key: {
      member: 'effectiveFrom',
      message: 'This item already has a fee from that date.',
    },
  },
});

export const languagesResource = defineResource({
  name: 'languages',
  entityType: 'Language',
  title: 'Languages',
  table: languages,
  dto: LanguageDto,
  createInput: CreateLanguageInput,
  updateInput: UpdateLanguageInput,
  permissions: Permissions.languages,
  displayName: languages.name,
  searchColumns: [languages.name, languages.code],
  sorting: { name: languages.name, code: languages.code, creationTime: languages.creationTime },
  defaultSorting: 'name asc',
  constraints: { languages_name_key: { member: 'name', message: 'A language with this name already exists.' } },
});

/** The reference module's resources, in menu order. */
export const referenceResources = [
  lookupConfigsResource,
  matterTypesResource,
  documentTypesResource,
  attachmentTypesResource,
  centresResource,
  holidaysResource,
  languagesResource,
  accountCodesResource,
  serviceItemsResource,
  amaServiceFeesResource,
  talkingPointCategoriesResource,
  talkingPointsResource,
  saleTargetsResource,
];
