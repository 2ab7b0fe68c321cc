import { boolean, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { PgColumnBuilderBase, PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import type { BuildExtraConfigColumns } from 'drizzle-orm/column-builder';

import { instant } from './instant';
import { tenants } from './platform.schema';

/** Columns every tenant-owned aggregate has: tenant, id, audit trail, soft delete, concurrency stamp. */
export function aggregateColumns() {
  return {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    creationTime: instant('creation_time').notNull().defaultNow(),
    creatorId: uuid('creator_id'),
    lastModificationTime: instant('last_modification_time'),
    lastModifierId: uuid('last_modifier_id'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deleterId: uuid('deleter_id'),
    deletionTime: instant('deletion_time'),
    concurrencyStamp: text('concurrency_stamp').notNull(),
  };
}

type AggregateColumns = ReturnType<typeof aggregateColumns>;

/**
 * A tenant-owned table: the standard columns plus the table's own, primary key (tenant_id, id) so
 * tenant_id leads every key. Row-level security is applied to it by the migrator, not by hand.
 */
export function tenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra?: (t: BuildExtraConfigColumns<TName, AggregateColumns & TColumns, 'pg'>) => PgTableExtraConfigValue[],
) {
  return pgTable(name, { ...aggregateColumns(), ...columns }, (t) => [
    primaryKey({ name: `${name}_pkey`, columns: [t.tenantId, t.id] }),
    foreignKey({ name: `${name}_tenant_fkey`, columns: [t.tenantId], foreignColumns: [tenants.id] }),
    index(`${name}_tenant_creation_idx`).on(t.tenantId, t.creationTime),
    ...(extra ? extra(t as never) : []),
  ]);
}
