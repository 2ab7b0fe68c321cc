import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { instant } from './instant';

/**
 * The tenant registry. Not tenant-owned, but row-level security still lets a tenant's transaction see
 * only its own row (policy in the security migration). Host-wide screens use the system connection.
 */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().unique('tenants_name_key'),
  editionName: text('edition_name').notNull(),
  isHost: boolean('is_host').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  features: jsonb('features')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  extraProperties: jsonb('extra_properties')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  settings: jsonb('settings')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  timezone: text('timezone').notNull().default('Australia/Sydney'),
  defaultCountryId: uuid('default_country_id'),
  creationTime: instant('creation_time').notNull().defaultNow(),
  lastModificationTime: instant('last_modification_time'),
  concurrencyStamp: text('concurrency_stamp').notNull(),
});

/** One row per changed property of an audited entity, written in the same transaction as the change. */
export const entityChanges = pgTable(
  'entity_changes',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    changeType: text('change_type').$type<'Created' | 'Updated' | 'Deleted'>().notNull(),
    propertyName: text('property_name'),
    originalValue: text('original_value'),
    newValue: text('new_value'),
    userId: uuid('user_id'),
    userName: text('user_name'),
    impersonatorUserId: uuid('impersonator_user_id'),
    changeTime: timestamp('change_time', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'entity_changes_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'entity_changes_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    index('entity_changes_entity_idx').on(t.tenantId, t.entityId, t.changeTime),
  ],
);

/** Keys that sign access tokens; generated once. System-only: the application role cannot read it. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  creationTime: instant('creation_time').notNull().defaultNow(),
  isActive: boolean('is_active').notNull().default(true),
});
