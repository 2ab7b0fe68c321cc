import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { loginAttempts, rolePermissions, users, userTokens } from './identity.schema';

export type UserRow = typeof users.$inferSelect;

/** All SQL of the identity context. Tenant-scoped functions run inside withTenant. */
export const identityRepository = {
  async tenantByName(tx: Tx, name: string) {
    const [row] = await tx
      .select({ id: tenants.id, isActive: tenants.isActive, name: tenants.name })
      .from(tenants)
      .where(sql`lower(${tenants.name}) = lower(${name})`)
      .limit(1);
    return row;
  },

  async tenantExists(tx: Tx, id: string): Promise<boolean> {
    const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id)).limit(1);
    return row !== undefined;
  },

  /** The tenant a user belongs to (system-wide lookup; run inside withSystem). */
  async tenantOfUser(tx: Tx, userId: string): Promise<string | undefined> {
    const [row] = await tx.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.tenantId;
  },

  /** Which of these ids are users of the current tenant (not deleted). */
  async existingUserIds(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, [...ids]), eq(users.isDeleted, false)));
    return new Set(rows.map((r) => r.id));
  },

  async userByLogin(tx: Tx, userNameOrEmail: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.isDeleted, false),
          sql`(lower(${users.userName}) = lower(${userNameOrEmail}) or lower(${users.email}) = lower(${userNameOrEmail}))`,
        ),
      )
      .orderBy(sql`lower(${users.userName}) = lower(${userNameOrEmail}) desc`)
      .limit(1)
      .for('update');
    return row;
  },

  /** The tenant's first active tenant admin (the one its creation made, unless gone). */
  async firstTenantAdminId(tx: Tx, tenantId: string): Promise<string | undefined> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.tenantId, tenantId),
          eq(users.isDeleted, false),
          eq(users.isActive, true),
          sql`'TENANT_ADMIN' = any(${users.roles})`,
        ),
      )
      .orderBy(users.creationTime, users.id)
      .limit(1);
    return row?.id;
  },

  async userById(tx: Tx, id: string, forUpdate = false): Promise<UserRow | undefined> {
    const q = tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.isDeleted, false)));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },

  async userByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.isDeleted, false), sql`lower(${users.email}) = lower(${email})`))
      .limit(1);
    return row;
  },

  async updateUser(tx: Tx, id: string, values: Partial<UserRow>): Promise<UserRow> {
    const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
    return row!;
  },

  async insertUser(tx: Tx, values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await tx.insert(users).values(values).returning();
    return row!;
  },

  async recordAttempt(tx: Tx, values: Omit<typeof loginAttempts.$inferInsert, 'concurrencyStamp'>) {
    await tx.insert(loginAttempts).values({ ...values, concurrencyStamp: values.id });
  },

  async loginHistory(tx: Tx, userId: string, skip: number, take: number) {
    const where = eq(loginAttempts.userId, userId);
    const rows = await tx
      .select()
      .from(loginAttempts)
      .where(where)
      .orderBy(desc(loginAttempts.creationTime))
      .limit(take)
      .offset(skip);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(loginAttempts)
      .where(where)) as [{ n: number }];
    return { totalCount: n, rows };
  },

  async insertToken(tx: Tx, values: typeof userTokens.$inferInsert) {
    await tx.insert(userTokens).values(values);
  },

  async tokenByHash(tx: Tx, tokenHash: string) {
    const [row] = await tx.select().from(userTokens).where(eq(userTokens.tokenHash, tokenHash)).for('update');
    return row;
  },

  async markTokenUsed(tx: Tx, id: string) {
    await tx.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, id));
  },

  async roleOverrides(tx: Tx) {
    return tx
      .select({
        roleName: rolePermissions.roleName,
        permission: rolePermissions.permission,
        isGranted: rolePermissions.isGranted,
      })
      .from(rolePermissions)
      .where(eq(rolePermissions.isDeleted, false));
  },
};
