import { DefaultGrants, roleGrant, type RoleGrant } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { identityRepository } from './identity.repository';

type Overrides = { at: number; byRole: Map<string, Map<string, boolean>>; sets: Map<string, Set<string>> };
const TTL_MS = 10_000;

/**
 * Effective permissions: the product's default grants per role, changed by the tenant's own grants
 * (role_permissions). A user holds a permission when any of their roles does.
 */
export class PermissionDirectory {
  private cache = new Map<string, Overrides>();

  constructor(private readonly database: Database) {}

  private async overrides(tenantId: string): Promise<Overrides> {
    const hit = this.cache.get(tenantId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit;
    const rows = await this.database.withTenant(tenantId, (tx) => identityRepository.roleOverrides(tx));
    const byRole = new Map<string, Map<string, boolean>>();
    for (const r of rows) {
      if (!byRole.has(r.roleName)) byRole.set(r.roleName, new Map());
      byRole.get(r.roleName)!.set(r.permission, r.isGranted);
    }
    const value = { at: Date.now(), byRole, sets: new Map<string, Set<string>>() };
    this.cache.set(tenantId, value);
    return value;
  }

  async forRoles(tenantId: string, roles: readonly string[]): Promise<Set<string>> {
    const { byRole, sets } = await this.overrides(tenantId);
    const key = [...roles].sort().join(',');
    const known = sets.get(key);
    if (known) return known;
    const out = new Set<string>();
    for (const role of roles) {
      const changes = byRole.get(role);
      for (const grant of DefaultGrants) {
        if (roleGrant(role, grant.permission, changes?.get(grant.permission)).granted) out.add(grant.permission);
      }
    }
    sets.set(key, out);
    return out;
  }

  /** How each role stands on one permission in the tenant: the facts `forRoles` decides by. */
  async grantsOf(
    tenantId: string,
    roles: readonly string[],
    permission: string,
  ): Promise<(RoleGrant & { role: string })[]> {
    const { byRole } = await this.overrides(tenantId);
    return roles.map((role) => ({ role, ...roleGrant(role, permission, byRole.get(role)?.get(permission)) }));
  }

  invalidate(tenantId: string): void {
    this.cache.delete(tenantId);
  }
}
