import { hasAnyRole } from '../roles';
import { editionOf } from '../tenancy';
import { canAccess, type AccessOptions } from './can-access';
import { MenuGroups, RouteTable, type MenuGroup, type RouteEntry } from './routes';
import { isAdminOrStaff, isInsurerContractor, type AccessTenant, type AccessUser } from './users';

/** The sidebar menus of the spec. */
export type MenuKind =
  | 'signedOut'
  | 'marketing'
  | 'hostAdmin'
  | 'hostAdminStaff'
  | 'hostStaff'
  | 'lmqProvider'
  | 'fundingProviderStaff'
  | 'fundingProviderCaseManager'
  | 'specialist'
  | 'adminOrStaff'
  | 'broker'
  | 'insurer'
  | 'typist'
  | 'caseManager'
  | 'client';

/** One sidebar link. */
export type MenuItem = { path: string; label: string; group: MenuGroup; order: number; external?: true };
/** One sidebar group with its links in order. */
export type MenuSection = { group: MenuGroup; items: MenuItem[] };
/** The sidebar of one user: which menu it is and its groups in order. */
export type Menu = { kind: MenuKind; sections: MenuSection[] };

/** The REVOKE link of an impersonated session, which ends the impersonation. */
export const REVOKE_MENU_ITEM: MenuItem = {
  path: '/account/RevertImpersonation',
  label: 'REVOKE',
  group: 'Account',
  order: 1000,
  external: true,
};

/**
 * Which menu a user gets, in the spec's order: MARKETING edition; host admin; host admin staff; host staff;
 * then the LMQ PROVIDER menu, the FUNDING PROVIDER admin/staff or case-manager menu; specialist; tenant
 * admin or staff; broker, insurer and typist contractors; case manager; otherwise the client-style menu.
 */
export function menuKindFor(user: AccessUser, tenant: AccessTenant | undefined): MenuKind {
  if (!user.isAuthenticated) return 'signedOut';
  const edition = editionOf(tenant?.editionName);
  if (edition === 'MARKETING') return 'marketing';
  if (user.isHost && user.roles.includes('TENANT_ADMIN')) return 'hostAdmin';
  if (user.isHost && user.roles.includes('ADMIN_STAFF')) return 'hostAdminStaff';
  if (user.isHost && user.roles.includes('STAFF')) return 'hostStaff';
  if (edition === 'LMQ PROVIDER') return 'lmqProvider';
  if (edition === 'FUNDING PROVIDER')
    return isAdminOrStaff(user) ? 'fundingProviderStaff' : 'fundingProviderCaseManager';
  if (user.roles.includes('SPECIALIST')) return 'specialist';
  if (isAdminOrStaff(user)) return 'adminOrStaff';
  if (user.contractorKind === 'broker') return 'broker';
  if (isInsurerContractor(user)) return 'insurer';
  if (user.roles.includes('CONTRACTOR')) return 'typist';
  if (user.roles.includes('CASE_MANAGER')) return 'caseManager';
  return 'client';
}

// Typing work is the typist's; brokers book and follow claims instead.
const TYPIST_PAGES = [
  '/view/dashboard-typist',
  '/view/case-typist-incomplete-jobs',
  '/view/case-typist-completed-jobs',
];
const EXCLUDED: Partial<Record<MenuKind, readonly string[]>> = {
  broker: TYPIST_PAGES,
  typist: ['/view/clients', '/view/mva-claim'],
};
// A marketing tenant's menu keeps to marketing work and the tenant's own administration.
const MARKETING_GROUPS: readonly MenuGroup[] = ['Dashboard', 'Marketing', 'Administration', 'Account'];

function listed(
  route: RouteEntry,
  kind: MenuKind,
  user: AccessUser,
  tenant: AccessTenant | undefined,
  options: AccessOptions,
) {
  if (!route.menu) return false;
  // A page whose own calls the user may not make is not offered, host users included.
  if (route.reads && options.permissions && !options.permissions.has(route.reads)) return false;
  if (EXCLUDED[kind]?.includes(route.path)) return false;
  if (kind === 'marketing' && !MARKETING_GROUPS.includes(route.menu.group)) return false;
  // Host users may open every route, but their menu lists the pages of their own role, host pages included.
  if (user.isHost) return !route.roles || route.roles.length === 0 || hasAnyRole(user.roles, route.roles);
  return canAccess(user, tenant, route, options);
}

function accountingMenuHidden(user: AccessUser, tenant: AccessTenant | undefined, options: AccessOptions): boolean {
  const names = options.namedTenants?.accountingMenuHiddenForStaff ?? [];
  const name = tenant?.name.trim().toLowerCase();
  const isStaffOnly = user.roles.includes('STAFF') && !hasAnyRole(user.roles, ['TENANT_ADMIN', 'ADMIN_STAFF']);
  return isStaffOnly && name !== undefined && names.some((n) => n.trim().toLowerCase() === name);
}

/**
 * The user's sidebar: the route table's menu entries the chosen menu lists and the access rule allows,
 * grouped in sidebar order and ordered within each group. Impersonated sessions end with REVOKE.
 */
export function menuFor(user: AccessUser, tenant: AccessTenant | undefined, options: AccessOptions = {}): Menu {
  const kind = menuKindFor(user, tenant);
  if (kind === 'signedOut') return { kind, sections: [] };
  const hideBilling = accountingMenuHidden(user, tenant, options);

  const items: MenuItem[] = [];
  for (const route of RouteTable) {
    if (!route.menu || !listed(route, kind, user, tenant, options)) continue;
    if (hideBilling && route.menu.group === 'Billing') continue;
    items.push({
      path: route.path,
      label: route.menu.label ?? route.title,
      group: route.menu.group,
      order: route.menu.order,
      ...(route.external ? { external: true as const } : {}),
    });
  }
  if (user.impersonated) items.push(REVOKE_MENU_ITEM);

  const sections: MenuSection[] = [];
  for (const group of MenuGroups) {
    const inGroup = items.filter((item) => item.group === group);
    if (inGroup.length === 0) continue;
    inGroup.sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
    sections.push({ group, items: inGroup });
  }
  return { kind, sections };
}
