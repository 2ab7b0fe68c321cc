import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/columns';

export const countries = tenantTable(
  'countries',
  {
    name: text('name').notNull(),
    code: text('code').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('countries_code_key')
      .on(t.tenantId, t.code)
      .where(sql`not ${t.isDeleted}`),
    index('countries_name_idx')
      .on(t.tenantId, t.name, t.id)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const cities = tenantTable(
  'cities',
  {
    name: text('name').notNull(),
    state: text('state'),
    postcode: text('postcode'),
    countryId: uuid('country_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    // Composite key: a city can only point at a country of its own tenant (FK checks bypass RLS).
    foreignKey({
      name: 'cities_country_fkey',
      columns: [t.tenantId, t.countryId],
      foreignColumns: [countries.tenantId, countries.id],
    }),
    uniqueIndex('cities_name_key')
      .on(t.tenantId, t.countryId, sql`lower(${t.name})`, sql`coalesce(${t.state}, '')`)
      .where(sql`not ${t.isDeleted}`),
    index('cities_name_idx')
      .on(t.tenantId, t.name, t.id)
      .where(sql`not ${t.isDeleted}`),
    index('cities_country_idx')
      .on(t.tenantId, t.countryId, t.name, t.id)
      .where(sql`not ${t.isDeleted}`),
  ],
);
