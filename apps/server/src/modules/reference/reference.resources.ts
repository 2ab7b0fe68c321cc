import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  AccountCodesResource,
  AmaServiceFeesResource,
  AttachmentTypesResource,
  CentresResource,
  DocumentTypesResource,
  HolidaysResource,
  InterpretersResource,
  LanguagesResource,
  LookupConfigsResource,
  LookupMessages,
  LookupTypeLabels,
  MatterTypesResource,
  SaleTargetsResource,
  ServiceItemsResource,
  TalkingPointCategoriesResource,
  NdisTimeBudgetsResource,
  NdisServiceItemsResource,
  NdisUnitLabels,
  TalkingPointsResource,
} from '@casebook/domain';
import { defineResource } from '../../platform/resources/resource';
import { referencedValue } from '../../platform/resources/resource.sql';
import { users } from '../identity/identity.schema';
import {
  accountCodes,
  amaServiceFees,
  attachmentTypes,
  centres,
  documentTypes,
  holidays,
  interpreters,
  languages,
  lookupConfigs,
  matterTypes,
  saleTargets,
  serviceItems,
  talkingPointCategories,
  ndisTimeBudgets,
  ndisServiceItems,
  talkingPoints,
} from './reference.schema';
import {
  checkCentreRoomHours,
  checkInterpreterLanguages,
  checkLookupWrite,
  checkMatterTypeWrite,
  lookupFieldsHook,
} from './reference.service';

const byState = (column: PgColumn) => (state: string) => sql`upper(${column}) = upper(${state})`;

/** The value list (/view/lookup-config): typed values, optional parents, one default per type. */
export const lookupConfigsResource = defineResource(LookupConfigsResource, {
  table: lookupConfigs,
  displayName: lookupConfigs.label,
  searchColumns: [lookupConfigs.label, lookupConfigs.value],
  computed: {
    parentLabel: referencedValue<string | null>(lookupConfigs, (p) => p(lookupConfigs.label), {
      tenantId: lookupConfigs.tenantId,
      fk: lookupConfigs.parentId,
    }),
  },
  filters: {
    type: (types: string[]) => inArray(lookupConfigs.type, types as never[]),
    parentIds: (ids: string[]) => inArray(lookupConfigs.parentId, ids),
    ids: (ids: string[]) => inArray(lookupConfigs.id, ids),
  },
  selectionFields: () => ({
    type: lookupConfigs.type,
    value: lookupConfigs.value,
    parentId: lookupConfigs.parentId,
    isDefault: lookupConfigs.isDefault,
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
  constraints: {
    lookup_configs_label_key: { member: 'label', message: LookupMessages.duplicate },
    lookup_configs_default_key: {
      member: 'isDefault',
      message: 'Another value became the default at the same time; please try again.',
    },
    lookup_configs_parent_fkey: { member: 'parentId', message: 'The parent value does not exist.' },
  },
});

export const matterTypesResource = defineResource(MatterTypesResource, {
  table: matterTypes,
  displayName: matterTypes.name,
  searchColumns: [matterTypes.name, matterTypes.description],
  sorting: { name: matterTypes.name, creationTime: matterTypes.creationTime },
  defaultSorting: 'name asc',
  beforeWrite: checkMatterTypeWrite,
  constraints: { matter_types_name_key: { member: 'name', message: 'A matter type with this name already exists.' } },
});

export const documentTypesResource = defineResource(DocumentTypesResource, {
  table: documentTypes,
  displayName: documentTypes.name,
  searchColumns: [documentTypes.name, documentTypes.description],
  sorting: { name: documentTypes.name, creationTime: documentTypes.creationTime },
  defaultSorting: 'name asc',
  constraints: {
    document_types_name_key: { member: 'name', message: 'A document type with this name already exists.' },
  },
});

export const attachmentTypesResource = defineResource(AttachmentTypesResource, {
  table: attachmentTypes,
  displayName: attachmentTypes.name,
  searchColumns: [attachmentTypes.name, attachmentTypes.code],
  filters: {
    category: (category: string) => eq(attachmentTypes.category, category as never),
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
export const centresResource = defineResource(CentresResource, {
  table: centres,
  displayName: centres.name,
  searchColumns: [centres.name, centres.suburb, centres.postcode, centres.address],
  filters: {
    state: byState(centres.state),
    cityId: (id: string) => eq(centres.cityId, id),
  },
  selectionFields: () => ({ state: centres.state, suburb: centres.suburb }),
  sorting: { name: centres.name, state: centres.state, suburb: centres.suburb, creationTime: centres.creationTime },
  defaultSorting: 'name asc',
  constraints: {
    centres_name_key: { member: 'name', message: 'A centre with this name already exists.' },
    centres_city_fkey: { member: 'cityId', message: 'The city does not exist.' },
  },
  beforeWrite: checkCentreRoomHours,
});

export const holidaysResource = defineResource(HolidaysResource, {
  table: holidays,
  displayName: holidays.name,
  searchColumns: [holidays.name, holidays.state],
  filters: {
    year: (year: number) => sql`extract(year from ${holidays.date}) = ${year}`,
    // A state's holidays include the national ones (no state).
    state: (state: string) => sql`(${holidays.state} is null or upper(${holidays.state}) = upper(${state}))`,
  },
  sorting: { date: holidays.date, name: holidays.name, state: holidays.state, creationTime: holidays.creationTime },
  defaultSorting: 'date asc',
  constraints: {
    holidays_date_key: { member: 'date', message: 'There is already a holiday on this date for this state.' },
  },
});

export const accountCodesResource = defineResource(AccountCodesResource, {
  table: accountCodes,
  displayName: sql`${accountCodes.code} || ' - ' || ${accountCodes.name}`,
  searchColumns: [accountCodes.code, accountCodes.name],
  sorting: { code: accountCodes.code, name: accountCodes.name, creationTime: accountCodes.creationTime },
  defaultSorting: 'code asc',
  constraints: { account_codes_code_key: { member: 'code', message: 'An account with this code already exists.' } },
});

export const talkingPointCategoriesResource = defineResource(TalkingPointCategoriesResource, {
  table: talkingPointCategories,
  displayName: talkingPointCategories.name,
  searchColumns: [talkingPointCategories.name],
  sorting: { name: talkingPointCategories.name, creationTime: talkingPointCategories.creationTime },
  defaultSorting: 'name asc',
  constraints: {
    talking_point_categories_name_key: { member: 'name', message: 'A category with this name already exists.' },
  },
});

export const talkingPointsResource = defineResource(TalkingPointsResource, {
  table: talkingPoints,
  displayName: talkingPoints.title,
  searchColumns: [talkingPoints.title, talkingPoints.content],
  computed: {
    categoryName: referencedValue<string | null>(talkingPointCategories, (c) => c(talkingPointCategories.name), {
      tenantId: talkingPoints.tenantId,
      fk: talkingPoints.categoryId,
    }),
  },
  filters: { categoryId: (id: string) => eq(talkingPoints.categoryId, id) },
  sorting: { title: talkingPoints.title, creationTime: talkingPoints.creationTime },
  defaultSorting: 'title asc',
  constraints: { talking_points_category_fkey: { member: 'categoryId', message: 'The category does not exist.' } },
});

export const saleTargetsResource = defineResource(SaleTargetsResource, {
  table: saleTargets,
  displayName: sql`${saleTargets.year} || '-' || lpad(${saleTargets.month}::text, 2, '0')`,
  searchColumns: [saleTargets.notes],
  computed: {
    userName: referencedValue<string | null>(users, (u) => sql`${u(users.name)} || ' ' || ${u(users.surname)}`, {
      tenantId: saleTargets.tenantId,
      fk: saleTargets.userId,
    }),
  },
  filters: {
    userId: (id: string) => eq(saleTargets.userId, id),
    year: (y: number) => eq(saleTargets.year, y),
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
  constraints: {
    sale_targets_period_key: { member: 'month', message: 'This person already has a target for that month.' },
    sale_targets_user_fkey: { member: 'userId', message: 'The user does not exist.' },
  },
});

export const serviceItemsResource = defineResource(ServiceItemsResource, {
  table: serviceItems,
  displayName: sql`${serviceItems.code} || ' - ' || ${serviceItems.name}`,
  searchColumns: [serviceItems.code, serviceItems.name],
  filters: { serviceTypeId: (id: string) => eq(serviceItems.serviceTypeId, id) },
  selectionFields: () => ({ price: serviceItems.price, gstApplicable: serviceItems.gstApplicable }),
  references: { serviceTypeId: 'lookup-configs?type=SERVICE_TYPE' },
  sorting: {
    code: serviceItems.code,
    name: serviceItems.name,
    price: serviceItems.price,
    creationTime: serviceItems.creationTime,
  },
  defaultSorting: 'code asc',
  beforeWrite: lookupFieldsHook({ serviceTypeId: 'SERVICE_TYPE' }),
  constraints: {
    service_items_code_key: { member: 'code', message: 'A service item with this code already exists.' },
    service_items_account_code_fkey: { member: 'accountCodeId', message: 'The account code does not exist.' },
  },
});

export const amaServiceFeesResource = defineResource(AmaServiceFeesResource, {
  table: amaServiceFees,
  displayName: sql`${amaServiceFees.itemNumber} || ' - ' || ${amaServiceFees.description}`,
  searchColumns: [amaServiceFees.itemNumber, amaServiceFees.description],
  filters: {
    // The fee in force on a date.
    effectiveOn: (d: string) =>
      sql`${amaServiceFees.effectiveFrom} <= ${d}::date and (${amaServiceFees.effectiveTo} is null or ${amaServiceFees.effectiveTo} >= ${d}::date)`,
  },
  sorting: {
    itemNumber: amaServiceFees.itemNumber,
    fee: amaServiceFees.fee,
    effectiveFrom: amaServiceFees.effectiveFrom,
    creationTime: amaServiceFees.creationTime,
  },
  defaultSorting: 'itemNumber asc, effectiveFrom desc',
  constraints: {
    ama_service_fees_item_key: {
      member: 'effectiveFrom',
      message: 'This item already has a fee from that date.',
    },
  },
});

export const languagesResource = defineResource(LanguagesResource, {
  table: languages,
  displayName: languages.name,
  searchColumns: [languages.name, languages.code],
  sorting: { name: languages.name, code: languages.code, creationTime: languages.creationTime },
  defaultSorting: 'name asc',
  constraints: { languages_name_key: { member: 'name', message: 'A language with this name already exists.' } },
});

/** Interpreters: a language filter finds those who speak it. */
export const interpretersResource = defineResource(InterpretersResource, {
  table: interpreters,
  displayName: interpreters.name,
  searchColumns: [interpreters.name, interpreters.email, interpreters.phone],
  filters: {
    languageId: (id: string) => sql`${interpreters.languageIds} @> array[${id}::uuid]`,
  },
  sorting: { name: interpreters.name, creationTime: interpreters.creationTime },
  defaultSorting: 'name asc',
  beforeWrite: checkInterpreterLanguages,
});

export const ndisTimeBudgetsResource = defineResource(NdisTimeBudgetsResource, {
  table: ndisTimeBudgets,
  displayName: ndisTimeBudgets.activity,
  searchColumns: [ndisTimeBudgets.activity, ndisTimeBudgets.description],
  sorting: {
    sortOrder: ndisTimeBudgets.sortOrder,
    activity: ndisTimeBudgets.activity,
    minutes: ndisTimeBudgets.minutes,
    creationTime: ndisTimeBudgets.creationTime,
  },
  defaultSorting: 'sortOrder asc',
  constraints: {
    ndis_time_budgets_activity_key: { member: 'activity', message: 'An activity with this name already exists.' },
  },
});

/** The reference module's resources, in menu order. */
/** NDIS service items (decision 0131): the price guide's support items, enabled or disabled. */
export const ndisServiceItemsResource = defineResource(NdisServiceItemsResource, {
  table: ndisServiceItems,
  displayName: sql`${ndisServiceItems.itemNumber} || ' - ' || ${ndisServiceItems.name}`,
  searchColumns: [ndisServiceItems.itemNumber, ndisServiceItems.name, ndisServiceItems.registrationGroup],
  selectionFields: () => ({ priceLimit: ndisServiceItems.priceLimit, unit: ndisServiceItems.unit }),
  choiceLabels: { unit: NdisUnitLabels },
  sorting: {
    itemNumber: ndisServiceItems.itemNumber,
    name: ndisServiceItems.name,
    priceLimit: ndisServiceItems.priceLimit,
    registrationGroup: ndisServiceItems.registrationGroup,
    creationTime: ndisServiceItems.creationTime,
  },
  defaultSorting: 'itemNumber asc',
  constraints: {
    ndis_service_items_number_key: {
      member: 'itemNumber',
      message: 'An NDIS service item with this number already exists.',
    },
  },
});

export const referenceResources = [
  lookupConfigsResource,
  matterTypesResource,
  documentTypesResource,
  attachmentTypesResource,
  centresResource,
  holidaysResource,
  languagesResource,
  interpretersResource,
  accountCodesResource,
  serviceItemsResource,
  amaServiceFeesResource,
  talkingPointCategoriesResource,
  talkingPointsResource,
  saleTargetsResource,
  ndisTimeBudgetsResource,
  ndisServiceItemsResource,
];
