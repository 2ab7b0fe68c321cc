import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { sqlRows } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { files, tenantStorage } from './files.schema';

export type FileRow = typeof files.$inferSelect;

/** SQL of files and storage accounting. */
export const filesRepository = {
  async get(tx: Tx, id: string): Promise<FileRow | undefined> {
    const [row] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.isDeleted, false)))
      .limit(1);
    return row;
  },

  async getMany(tx: Tx, ids: readonly string[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return tx
      .select()
      .from(files)
      .where(and(inArray(files.id, [...ids]), eq(files.isDeleted, false)));
  },

  async insert(tx: Tx, row: typeof files.$inferInsert): Promise<FileRow> {
    const [inserted] = await tx.insert(files).values(row).returning();
    return inserted!;
  },

  async update(tx: Tx, id: string, set: Partial<typeof files.$inferInsert>): Promise<void> {
    await tx.update(files).set(set).where(eq(files.id, id));
  },

  /** The tenant's used bytes and limit (a tenant without a row has used nothing and has no limit). */
  async storage(tx: Tx, tenantId: string): Promise<{ usedBytes: number; limitBytes: number | null }> {
    const [row] = await tx.select().from(tenantStorage).where(eq(tenantStorage.tenantId, tenantId)).limit(1);
    return row ? { usedBytes: row.usedBytes, limitBytes: row.limitBytes } : { usedBytes: 0, limitBytes: null };
  },

  /**
   * Adds bytes to the tenant's usage unless that passes the limit; false when it would. One statement,
   * so two uploads at once cannot both squeeze under the limit.
   */
  async addUsage(tx: Tx, tenantId: string, bytes: number): Promise<boolean> {
    await tx.insert(tenantStorage).values({ tenantId, usedBytes: 0 }).onConflictDoNothing();
    const rows = await sqlRows<{ used: number }>(
      tx,
      sql`update tenant_storage set used_bytes = used_bytes + ${bytes}
          where tenant_id = ${tenantId} and (limit_bytes is null or used_bytes + ${bytes} <= limit_bytes)
          returning used_bytes as used`,
    );
    return rows.length === 1;
  },

  async releaseUsage(tx: Tx, tenantId: string, bytes: number): Promise<void> {
    await tx.execute(
      sql`update tenant_storage set used_bytes = greatest(used_bytes - ${bytes}, 0) where tenant_id = ${tenantId}`,
    );
  },

  /** Every tenant with its usage and limit (system connection: host screen). */
  async allStorage(tx: Tx) {
    return tx
      .select({
        tenantId: tenants.id,
        tenantName: tenants.name,
        usedBytes: sql<number>`coalesce(${tenantStorage.usedBytes}, 0)`.mapWith(Number),
        limitBytes: tenantStorage.limitBytes,
      })
      .from(tenants)
      .leftJoin(tenantStorage, eq(tenantStorage.tenantId, tenants.id))
      .orderBy(tenants.name);
  },

  async setLimit(tx: Tx, tenantId: string, limitBytes: number | null): Promise<void> {
    await tx
      .insert(tenantStorage)
      .values({ tenantId, usedBytes: 0, limitBytes })
      .onConflictDoUpdate({ target: tenantStorage.tenantId, set: { limitBytes } });
  },

  async tenantExists(tx: Tx, tenantId: string): Promise<boolean> {
    const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    return Boolean(row);
  },
};
