import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AttachmentCategory, LookupType, MatterTypeClaim, NdisUnit } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { users } from '../identity/identity.schema';
import { cities } from '../geography/geography.schema';

const NO_ID = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/** Value lists: typed values with an optional parent and at most one default per type. */
export const lookupConfigs = tenantTable(
  'lookup_configs',
  {
    type: text('type').$type<LookupType>().notNull(),
    label: text('label').notNull(),
    value: text('value'),
    description: text('description'),
    parentId: uuid('parent_id'),
    isDefault: boolean('is_default').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: 'lookup_configs_parent_fkey',
      columns: [t.tenantId, t.parentId],
      foreignColumns: [t.tenantId, t.id],
    }),
    uniqueIndex('lookup_configs_label_key')
      .on(t.tenantId, t.type, sql`coalesce(${t.parentId}, ${NO_ID})`, sql`lower(${t.label})`)
      .where(sql`not ${t.isDeleted}`),
    // The database keeps the rule "one default per type", whatever the code does.
    uniqueIndex('lookup_configs_default_key')
      .on(t.tenantId, t.type)
      .where(sql`${t.isDefault} and not ${t.isDeleted}`),
    index('lookup_configs_type_idx')
      .on(t.tenantId, t.type, t.label, t.id)
      .where(sql`not ${t.isDeleted}`),
    index('lookup_configs_parent_idx')
      .on(t.tenantId, t.parentId)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const matterTypes = tenantTable(
  'matter_types',
  {
    name: text('name').notNull(),
    description: text('description'),
    claims: jsonb('claims')
      .$type<MatterTypeClaim[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('matter_types_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const documentTypes = tenantTable(
  'document_types',
  {
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('document_types_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const attachmentTypes = tenantTable(
  'attachment_types',
  {
    name: text('name').notNull(),
    code: text('code'),
    category: text('category').$type<AttachmentCategory>().notNull().default('GENERAL'),
    description: text('description'),
    displayOrder: integer('display_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('attachment_types_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** Service centres: where examinations happen. */
export const centres = tenantTable(
  'centres',
  {
    name: text('name').notNull(),
    address: text('address'),
    suburb: text('suburb'),
    cityId: uuid('city_id'),
    state: text('state'),
    postcode: text('postcode'),
    phone: text('phone'),
    email: text('email'),
    rooms: text('rooms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The rooms' working hours ({ room, weekday, from, to }); a room with none can be booked at any time. */
    roomHours: jsonb('room_hours')
      .$type<{ room: string; weekday: number; from: string; to: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isVideoCentre: boolean('is_video_centre').notNull().default(false),
    directions: text('directions'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: 'centres_city_fkey',
      columns: [t.tenantId, t.cityId],
      foreignColumns: [cities.tenantId, cities.id],
    }),
    uniqueIndex('centres_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`not ${t.isDeleted}`),
    index('centres_name_idx')
      .on(t.tenantId, t.name, t.id)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const holidays = tenantTable(
  'holidays',
  {
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    state: text('state'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('holidays_date_key')
      .on(t.tenantId, t.date, sql`coalesce(upper(${t.state}), '')`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const accountCodes = tenantTable(
  'account_codes',
  {
    code: text('code').notNull(),
    name: text('name').notNull(),
    accountType: text('account_type').notNull(),
    taxType: text('tax_type').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('account_codes_code_key')
      .on(t.tenantId, sql`lower(${t.code})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const talkingPointCategories = tenantTable(
  'talking_point_categories',
  {
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('talking_point_categories_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** The minutes an NDIS assessment's activities are budgeted (decision 0115). */
export const ndisTimeBudgets = tenantTable(
  'ndis_time_budgets',
  {
    activity: text('activity').notNull(),
    minutes: integer('minutes').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('ndis_time_budgets_activity_key')
      .on(t.tenantId, sql`lower(${t.activity})`)
      .where(sql`not ${t.isDeleted}`),
    check('ndis_time_budgets_minutes_check', sql`${t.minutes} between 1 and 6000`),
  ],
);

export const talkingPoints = tenantTable(
  'talking_points',
  {
    title: text('title').notNull(),
    content: text('content'),
    categoryId: uuid('category_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: 'talking_points_category_fkey',
      columns: [t.tenantId, t.categoryId],
      foreignColumns: [talkingPointCategories.tenantId, talkingPointCategories.id],
    }),
    index('talking_points_category_idx')
      .on(t.tenantId, t.categoryId)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const saleTargets = tenantTable(
  'sale_targets',
  {
    userId: uuid('user_id').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    saleTypeId: uuid('sale_type_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    notes: text('notes'),
  },
  (t) => [
    foreignKey({
      name: 'sale_targets_user_fkey',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'sale_targets_sale_type_fkey',
      columns: [t.tenantId, t.saleTypeId],
      foreignColumns: [lookupConfigs.tenantId, lookupConfigs.id],
    }),
    uniqueIndex('sale_targets_period_key')
      .on(t.tenantId, t.userId, t.year, t.month, sql`coalesce(${t.saleTypeId}, ${NO_ID})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const serviceItems = tenantTable(
  'service_items',
  {
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    serviceTypeId: uuid('service_type_id'),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    gstApplicable: boolean('gst_applicable').notNull().default(true),
    accountCodeId: uuid('account_code_id'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: 'service_items_service_type_fkey',
      columns: [t.tenantId, t.serviceTypeId],
      foreignColumns: [lookupConfigs.tenantId, lookupConfigs.id],
    }),
    foreignKey({
      name: 'service_items_account_code_fkey',
      columns: [t.tenantId, t.accountCodeId],
      foreignColumns: [accountCodes.tenantId, accountCodes.id],
    }),
    uniqueIndex('service_items_code_key')
      .on(t.tenantId, sql`lower(${t.code})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const amaServiceFees = tenantTable(
  'ama_service_fees',
  {
    itemNumber: text('item_number').notNull(),
    description: text('description').notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    effectiveTo: date('effective_to', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('ama_service_fees_item_key')
      .on(t.tenantId, sql`upper(${t.itemNumber})`, t.effectiveFrom)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const languages = tenantTable(
  'languages',
  {
    name: text('name').notNull(),
    code: text('code'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('languages_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** Interpreters: people with languages, held by bookings for a session's time (resource_holds). */
export const interpreters = tenantTable(
  'interpreters',
  {
    name: text('name').notNull(),
    languageIds: uuid('language_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes'),
    /** Working hours ({ weekday, from, to }, in the session's time zone); none: any time. */
    workingHours: jsonb('working_hours')
      .$type<{ weekday: number; from: string; to: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('interpreters_name_idx')
      .on(t.tenantId, t.name, t.id)
      .where(sql`not ${t.isDeleted}`),
    // "Who speaks Vietnamese": the language filter is an array containment, answered by GIN.
    index('interpreters_languages_idx').using('gin', t.languageIds),
  ],
);

/** The NDIS price guide's support items (decision 0131): number, unit and price limit in cents. */
export const ndisServiceItems = tenantTable(
  'ndis_service_items',
  {
    itemNumber: text('item_number').notNull(),
    name: text('name').notNull(),
    unit: text('unit').$type<NdisUnit>().notNull(),
    priceLimit: bigint('price_limit', { mode: 'number' }).notNull(),
    registrationGroup: text('registration_group'),
    supportCategory: text('support_category'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('ndis_service_items_number_key')
      .on(t.tenantId, t.itemNumber)
      .where(sql`not ${t.isDeleted}`),
    check('ndis_service_items_price_check', sql`${t.priceLimit} >= 0`),
  ],
);
