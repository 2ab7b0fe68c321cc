import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * A column as "table"."column". Drizzle writes the columns of a single-table select unqualified, which
 * a correlated subquery would read as its own.
 */
export function qualified(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * A value of the row a foreign key points at, in the same tenant: e.g. the name of a case manager's
 * company. `value` builds the expression from the referenced row's columns.
 */
export function referencedValue<T>(
  table: PgTable,
  value: (ref: (column: PgColumn) => SQL) => SQL,
  from: { tenantId: PgColumn; fk: PgColumn },
): SQL<T> {
  const ref = (column: PgColumn) => sql`"ref".${sql.identifier(column.name)}`;
  return sql<T>`(select ${value(ref)} from ${sql.identifier(getTableName(table))} "ref" where "ref"."tenant_id" = ${qualified(from.tenantId)} and "ref"."id" = ${qualified(from.fk)})`;
}
