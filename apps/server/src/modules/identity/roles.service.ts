import { and, eq, inArray } from 'drizzle-orm';
import {
  AllPermissionNames,
  DefaultGrants,
  explainPermission,
  explainScreen,
  HOST_TENANT_ID,
  routeByPath,
  screenPermission,
  uuidv7,
  type AccessExplanationDto,
  type GrantChange,
  type Role,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { entityChanges } from '../../platform/db/platform.schema';
import { AppError, invalidField, notFound } from '../../platform/http/errors';
import { identityRepository as repo } from './identity.repository';
import { rolePermissions } from './identity.schema';
import type { PermissionDirectory } from './permission-directory';

export type RolesDeps = { database: Database; permissions: PermissionDirectory };

/** The history's name for a tenant's change to a role's grant. */
const ENTITY_TYPE = 'RolePermission';

type OverrideRow = typeof rolePermissions.$inferSelect;
const auditFields = (row: OverrideRow) => ({
  roleName: row.roleName,
  permission: row.permission,
  isGranted: row.isGranted,
});

/** Removes a tenant's changes to role grants, each with its history row. */
async function removeOverrides(tx: Tx, ctx: RequestContext, rows: readonly OverrideRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.delete(rolePermissions).where(
    inArray(
      rolePermissions.id,
      rows.map((r) => r.id),
    ),
  );
  for (const row of rows) {
    await recordEntityChange(tx, ctx.actor, {
      entityType: ENTITY_TYPE,
      entityId: row.id,
      changeType: 'Deleted',
      before: auditFields(row),
      after: null,
    });
  }
}

/**
 * Sets a role's permissions in the caller's tenant. Only the grants that change are written: a revoke or
 * grant the tenant already made keeps its row, so its history still says who made it and when.
 */
export async function setRolePermissions(
  deps: RolesDeps,
  ctx: RequestContext,
  roleName: Role,
  permissions: readonly string[],
): Promise<void> {
  const known = new Set(AllPermissionNames);
  const unknown = permissions.filter((p) => !known.has(p));
  if (unknown.length > 0) {
    throw new AppError('Casebook:Validation', 'Your provided data is invalid', [
      { message: `Unknown permission(s): ${unknown.join(', ')}`, members: ['permissions'] },
    ]);
  }
  const wanted = new Set(permissions);
  // A row per permission where the tenant differs from the product's default for this role.
  const differing = new Map(
    DefaultGrants.filter((g) => g.roles.includes(roleName) !== wanted.has(g.permission)).map((g) => [
      g.permission,
      wanted.has(g.permission),
    ]),
  );
  await deps.database.withTenant(ctx.tenant.id, async (tx) => {
    const existing = await tx
      .select()
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleName, roleName), eq(rolePermissions.isDeleted, false)));
    const keep = existing.filter((row) => differing.get(row.permission) === row.isGranted);
    await removeOverrides(
      tx,
      ctx,
      existing.filter((row) => !keep.includes(row)),
    );
    const kept = new Set(keep.map((row) => row.permission));
    for (const [permission, isGranted] of differing) {
      if (kept.has(permission)) continue;
      const [row] = await tx
        .insert(rolePermissions)
        .values({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          roleName,
          permission,
          isGranted,
          concurrencyStamp: uuidv7(),
          creatorId: ctx.principal.userId,
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY_TYPE,
        entityId: row!.id,
        changeType: 'Created',
        before: null,
        after: auditFields(row!),
      });
    }
  });
  deps.permissions.invalidate(ctx.tenant.id);
}

/** Puts one role, or every role, back on the product's default permissions in the caller's tenant. */
export async function resetRolePermissions(deps: RolesDeps, ctx: RequestContext, roleName?: Role): Promise<void> {
  await deps.database.withTenant(ctx.tenant.id, async (tx) => {
    const rows = await tx
      .select()
      .from(rolePermissions)
      .where(and(eq(rolePermissions.isDeleted, false), roleName ? eq(rolePermissions.roleName, roleName) : undefined));
    await removeOverrides(tx, ctx, rows);
  });
  deps.permissions.invalidate(ctx.tenant.id);
}

/** Who made the tenant's current change to each role's grant of `permission`, from the history, by role. */
async function grantChanges(tx: Tx, roles: readonly string[], permission: string): Promise<Map<string, GrantChange>> {
  const out = new Map<string, GrantChange>();
  if (roles.length === 0) return out;
  const rows = await tx
    .select({
      roleName: rolePermissions.roleName,
      creationTime: rolePermissions.creationTime,
      userName: entityChanges.userName,
      changeTime: entityChanges.changeTime,
    })
    .from(rolePermissions)
    .leftJoin(
      entityChanges,
      and(
        eq(entityChanges.tenantId, rolePermissions.tenantId),
        eq(entityChanges.entityId, rolePermissions.id),
        eq(entityChanges.entityType, ENTITY_TYPE),
        eq(entityChanges.changeType, 'Created'),
        eq(entityChanges.propertyName, 'isGranted'),
      ),
    )
    .where(
      and(
        eq(rolePermissions.permission, permission),
        inArray(rolePermissions.roleName, [...roles]),
        eq(rolePermissions.isDeleted, false),
      ),
    );
  for (const row of rows) {
    // A change from before the history was written still has its row's own creation time.
    out.set(row.roleName, { by: row.userName ?? null, at: row.changeTime ?? row.creationTime });
  }
  return out;
}

/**
 * Why a user of the caller's tenant can or cannot use a permission or open a screen: the same directory
 * of grants the route guard decides by, the tenant's features and edition, and the access rule.
 */
export async function explainAccess(
  deps: RolesDeps,
  ctx: RequestContext,
  query: { userId: string; permission?: string; path?: string },
): Promise<AccessExplanationDto> {
  const { permission, path } = query;
  if ((permission === undefined) === (path === undefined)) {
    throw invalidField('permission', 'Give either a permission or a screen path.');
  }
  if (permission !== undefined && !AllPermissionNames.includes(permission)) {
    throw invalidField('permission', `Unknown permission: ${permission}`);
  }
  const route = path !== undefined ? routeByPath(path) : undefined;
  if (path !== undefined && !route) throw invalidField('path', `No screen has the path ${path}`);
  const tenantId = ctx.tenant.id;
  const user = await deps.database.withTenant(tenantId, (tx) => repo.userById(tx, query.userId));
  if (!user) throw notFound('The user');

  // The permissions a screen or a permission depends on: the permission asked about, or the screen's own.
  const asked = permission ?? (route ? screenPermission(route) : undefined);
  const facts = asked ? await deps.permissions.grantsOf(tenantId, user.roles, asked) : [];
  const changed = facts.filter((f) => f.changedByTenant).map((f) => f.role);
  const changes =
    asked && changed.length > 0
      ? await deps.database.withTenant(tenantId, (tx) => grantChanges(tx, changed, asked))
      : new Map<string, GrantChange>();
  const input = {
    user: {
      id: user.id,
      fullName: `${user.name} ${user.surname}`,
      roles: user.roles,
      isActive: user.isActive,
      isHost: tenantId === HOST_TENANT_ID,
    },
    tenant: ctx.tenant,
    grantsOf: (p: string) =>
      p === asked ? facts.map((f) => ({ ...f, ...(changes.has(f.role) ? { change: changes.get(f.role) } : {}) })) : [],
  };
  return route ? explainScreen(input, route) : explainPermission(input, permission!);
}
