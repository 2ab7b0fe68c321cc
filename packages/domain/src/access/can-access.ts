import { editionOf } from '../tenancy';
import { effectiveFeatures } from './editions';
import { routePermissionName, type NamedTenantList, type RouteEntry, type RouteKind } from './routes';
import {
  effectiveRoles,
  isInsurerContractor,
  isPlainCaseManager,
  isPlainInsurerCaseManager,
  type AccessTenant,
  type AccessUser,
} from './users';

/** Deployment configuration the access rule reads: the tenant-name lists of the spec's named-tenant rules. */
export type AccessOptions = {
  namedTenants?: Partial<Record<NamedTenantList, readonly string[]>>;
  /** The user's effective permissions (my profile's); menus then leave out pages whose calls need another. */
  permissions?: ReadonlySet<string>;
};

/** A set of pages: a resource, optionally only some of its screens. */
type Pages = { resource: string; kinds?: readonly RouteKind[] };

const all = (...resources: string[]): Pages[] => resources.map((resource) => ({ resource }));
const only = (resource: string, ...kinds: RouteKind[]): Pages => ({ resource, kinds });

// "Root" is `/`, which redirects to the dashboard, so the dashboard belongs with it.
const ROOT = all('root', 'dashboard');
const MY_DETAILS = all('login-account');

/** Insurer contractors: root, my details, loan fundings and funding transactions lists and details. */
const INSURER_CONTRACTOR_PAGES: readonly Pages[] = [
  ...ROOT,
  ...MY_DETAILS,
  only('disbursement-funding', 'list', 'detail'),
  only('facility-transactions', 'list', 'detail'),
];

/** Insurer case managers do not see facility agreements, funding invoices or matter sync. */
const INSURER_CASE_MANAGER_HIDDEN: readonly Pages[] = all('facility-agreements', 'transaction-invoice', 'pms-matter');

/** MLP and LAW CONNECT (borrowers) hide facility request, facility agreement and funding invoice add pages. */
const BORROWER_HIDDEN: readonly Pages[] = [
  only('facility-requests', 'add'),
  only('facility-agreements', 'add'),
  only('transaction-invoice', 'add'),
];
/** … and their case managers lose the facility request pages altogether. */
const BORROWER_CASE_MANAGER_HIDDEN: readonly Pages[] = [...BORROWER_HIDDEN, ...all('facility-requests')];

/** FUNDING PROVIDER case managers lose facility requests, and the facility agreement and funding invoice adds. */
const FUNDING_PROVIDER_CASE_MANAGER_HIDDEN: readonly Pages[] = [
  ...all('facility-requests'),
  only('facility-agreements', 'add'),
  only('transaction-invoice', 'add'),
];

/** The pages other FUNDING PROVIDER users may open (decision 0006): the lender's own work and settings. */
const FUNDING_PROVIDER_PAGES: readonly Pages[] = [
  ...ROOT,
  ...MY_DETAILS,
  ...all('notifications', 'theme-settings', 'product-update', 'send-feedback'),
  ...all('dashboard-disbursement', 'disbursement-funding-report'),
  ...all('facility-requests', 'facility-agreements', 'facility-transactions', 'disbursement-funding'),
  ...all('transaction-invoice', 'funding-providers', 'companies', 'relationship-activities'),
  ...all('reports/funding-analysis', 'reports/disbursement-funding'),
  ...all('users', 'staffs', 'user-group', 'roles', 'system-config', 'mail-templates', 'ad-hoc', 'lookup-config'),
  ...all('emails-tracking', 'emails-sending-report', 'account-code', 'background-jobs', 'hangfire'),
  ...all('subscription', 'billing-setting', 'tenant-invoice'),
];

/**
 * LMQ PROVIDER: root, my details, companies, staff, users, mass torts, agreements, fundings, lookup, matter
 * types, mail templates, LMQ, system config, e-mail tracking (and print, checked separately).
 */
const LMQ_PROVIDER_PAGES: readonly Pages[] = [
  ...ROOT,
  ...MY_DETAILS,
  ...all('companies', 'staffs', 'users', 'mass-torts'),
  ...all('facility-agreements'),
  ...all('disbursement-funding', 'facility-transactions'),
  ...all('lookup-config', 'matter-types', 'mail-templates', 'check-lists', 'system-config', 'emails-tracking'),
];

function isIn(route: RouteEntry, pages: readonly Pages[]): boolean {
  return pages.some((p) => p.resource === route.resource && (!p.kinds || p.kinds.includes(route.kind)));
}

function namedTenantMay(tenant: AccessTenant, list: NamedTenantList, options: AccessOptions): boolean {
  const names = options.namedTenants?.[list] ?? [];
  const name = tenant.name.trim().toLowerCase();
  return names.some((n) => n.trim().toLowerCase() === name);
}

/** The insurer, case-manager and edition narrowing of spec §5 "Route access", after roles and features. */
function passesNarrowing(user: AccessUser, tenant: AccessTenant, route: RouteEntry): boolean {
  // Signing out must work whatever a short list says.
  if (route.resource === 'logout') return true;
  if (isInsurerContractor(user) && !(route.print || isIn(route, INSURER_CONTRACTOR_PAGES))) return false;
  if (isPlainInsurerCaseManager(user) && isIn(route, INSURER_CASE_MANAGER_HIDDEN)) return false;

  switch (editionOf(tenant.editionName)) {
    case 'MLP':
    case 'LAW CONNECT':
      return !isIn(route, isPlainCaseManager(user) ? BORROWER_CASE_MANAGER_HIDDEN : BORROWER_HIDDEN);
    case 'FUNDING PROVIDER':
      if (isPlainCaseManager(user)) return !isIn(route, FUNDING_PROVIDER_CASE_MANAGER_HIDDEN);
      return route.print === true || isIn(route, FUNDING_PROVIDER_PAGES);
    case 'LMQ PROVIDER':
      return route.print === true || route.features?.includes('LMQ') === true || isIn(route, LMQ_PROVIDER_PAGES);
    case 'MARKETING':
    case undefined:
      return true;
  }
}

/**
 * THE access rule (spec shell §5 "Route access" and the money document's edition rules): may this user
 * open this route in this tenant? Used by the server's guards and by the web's router and menus.
 *
 * Signed-out users and host-tenant users pass every route; for a signed-out user the client then starts
 * sign-in unless the route is anonymous, so passing here never shows a page without a session.
 * Otherwise the route's features need at least one on for the tenant (edition defaults, tenant flags and
 * derived features), the user needs one of its roles, named-tenant and permission conditions must hold,
 * and the insurer, case-manager and edition short lists narrow what is left.
 */
export function canAccess(
  user: AccessUser,
  tenant: AccessTenant | undefined,
  route: RouteEntry,
  options: AccessOptions = {},
): boolean {
  if (!user.isAuthenticated || user.isHost) return true;
  if (route.anonymous) return true;
  // A signed-in user whose tenant has not loaded sees nothing yet rather than everything.
  if (!tenant) return false;
  if (route.hostOnly) return false;
  if (route.features && route.features.length > 0) {
    const on = effectiveFeatures(user, tenant);
    if (!route.features.some((feature) => on.has(feature))) return false;
  }
  if (route.roles && route.roles.length > 0) {
    const roles = effectiveRoles(user);
    if (!route.roles.some((role) => roles.includes(role))) return false;
  }
  if (route.tenantNames && !namedTenantMay(tenant, route.tenantNames, options)) return false;
  if (route.permission && user.permissions && !user.permissions.includes(routePermissionName(route.permission))) {
    return false;
  }
  return passesNarrowing(user, tenant, route);
}
