import { menuFor, type AccessTenant, type AccessUser } from '@casebook/domain';
import type { CurrentTenant, MyProfile, Session } from './sessionTypes';

/** The session as the access rule and the menus read it. */
export function sessionOf(profile: MyProfile, tenant: CurrentTenant): Session {
  const impersonated = profile.impersonatorUserId !== null;
  const user: AccessUser = {
    isAuthenticated: true,
    roles: profile.roles.map((r) => r.name),
    isHost: tenant.isHost,
    impersonated,
  };
  const accessTenant: AccessTenant = {
    id: tenant.id,
    name: tenant.name,
    editionName: tenant.editionName,
    // The tenant's own flags: the access rule adds edition defaults and the per-user derived features.
    features: tenant.featureOverrides,
    namedLists: tenant.namedLists,
  };
  const permissions: ReadonlySet<string> = new Set(profile.permissions);
  return {
    profile,
    tenant,
    user,
    accessTenant,
    menu: menuFor(user, accessTenant, { permissions }),
    impersonated,
    permissions,
  };
}
