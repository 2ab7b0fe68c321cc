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
  if (tenant.namedLists?.includes(list)) return true;
  return namedListsOf(tenant.name, options.namedTenants ?? {}).includes(list);
}

/** The named-tenant lists a tenant's name is on (names compared without case or surrounding spaces). */
export function namedListsOf(
  tenantName: string,
  namedTenants: Partial<Record<NamedTenantList, readonly string[]>>,
): NamedTenantList[] {
  const name = tenantName.trim().toLowerCase();
  return (Object.keys(namedTenants) as NamedTenantList[]).filter((list) =>
    (namedTenants[list] ?? []).some((n) => n.trim().toLowerCase() === name),
  );
}

/** Which of the spec's short lists left a route out: the insurer contractor's, the insurer case manager's, or an edition's. */
export type Narrowing = 'insurerContractor' | 'insurerCaseManager' | 'edition';

/** The insurer, case-manager and edition narrowing of spec §5 "Route access", after roles and features. */
function narrowingOf(user: AccessUser, tenant: AccessTenant, route: RouteEntry): Narrowing | undefined {
  // Signing out must work whatever a short list says.
  if (route.resource === 'logout') return undefined;
  if (isInsurerContractor(user) && !(route.print || isIn(route, INSURER_CONTRACTOR_PAGES))) return 'insurerContractor';
  if (isPlainInsurerCaseManager(user) && isIn(route, INSURER_CASE_MANAGER_HIDDEN)) return 'insurerCaseManager';

  let passes: boolean;
  switch (editionOf(tenant.editionName)) {
    case 'MLP':
    case 'LAW CONNECT':
      passes = !isIn(route, isPlainCaseManager(user) ? BORROWER_CASE_MANAGER_HIDDEN : BORROWER_HIDDEN);
      break;
    case 'FUNDING PROVIDER':
      passes = isPlainCaseManager(user)
        ? !isIn(route, FUNDING_PROVIDER_CASE_MANAGER_HIDDEN)
        : route.print === true || isIn(route, FUNDING_PROVIDER_PAGES);
      break;
    case 'LMQ PROVIDER':
      passes = route.print === true || route.features?.includes('LMQ') === true || isIn(route, LMQ_PROVIDER_PAGES);
      break;
    case 'MARKETING':
    case undefined:
      passes = true;
  }
  return passes ? undefined : 'edition';
}

/**
 * One step of the access rule and its outcome, for saying why a route opens or not. `needs` lists what
 * the step asks for (features, roles, a permission), `matched` which of them the user or tenant has.
 */
export type AccessCheck =
  | { rule: 'signedOut' | 'host' | 'anonymous' | 'tenantLoaded' | 'hostOnly'; passed: boolean }
  | { rule: 'features' | 'roles' | 'permission'; passed: boolean; needs: readonly string[]; matched: readonly string[] }
  | { rule: 'tenantNames'; passed: boolean; list: NamedTenantList }
  | { rule: 'narrowing'; passed: boolean; narrowing?: Narrowing };

/**
 * The access rule step by step: every check `canAccess` makes for this route, each with its outcome. A
 * signed-out, host or anonymous pass is one decisive check; otherwise every applicable check is listed,
 * so an explanation can name each reason a route is refused.
 */
export function accessChecks(
  user: AccessUser,
  tenant: AccessTenant | undefined,
  route: RouteEntry,
  options: AccessOptions = {},
): AccessCheck[] {
  if (!user.isAuthenticated) return [{ rule: 'signedOut', passed: true }];
  if (user.isHost) return [{ rule: 'host', passed: true }];
  if (route.anonymous) return [{ rule: 'anonymous', passed: true }];
  // A signed-in user whose tenant has not loaded sees nothing yet rather than everything.
  if (!tenant) return [{ rule: 'tenantLoaded', passed: false }];
  const checks: AccessCheck[] = [];
  if (route.hostOnly) checks.push({ rule: 'hostOnly', passed: false });
  if (route.features && route.features.length > 0) {
    const on = effectiveFeatures(user, tenant);
    const matched = route.features.filter((feature) => on.has(feature));
    checks.push({ rule: 'features', passed: matched.length > 0, needs: route.features, matched });
  }
  if (route.roles && route.roles.length > 0) {
    const roles = effectiveRoles(user);
    const matched = route.roles.filter((role) => roles.includes(role));
    checks.push({ rule: 'roles', passed: matched.length > 0, needs: route.roles, matched });
  }
  if (route.tenantNames) {
    checks.push({
      rule: 'tenantNames',
      passed: namedTenantMay(tenant, route.tenantNames, options),
      list: route.tenantNames,
    });
  }
  if (route.permission && user.permissions) {
    const name = routePermissionName(route.permission);
    const held = user.permissions.includes(name);
    checks.push({ rule: 'permission', passed: held, needs: [name], matched: held ? [name] : [] });
  }
  const narrowing = narrowingOf(user, tenant, route);
  checks.push({ rule: 'narrowing', passed: narrowing === undefined, ...(narrowing ? { narrowing } : {}) });
  return checks;
}

/**
 * THE access rule (spec shell §5 "Route access" and the money document's edition rules): may this user
 * open this route in this tenant? Used by the server's guards and by the web's router and menus.
 *
 * Signed-out users and host-tenant users pass every route; for a signed-out user the client then starts
 * sign-in unless the route is anonymous, so passing here never shows a page without a session.
 * Otherwise the route's features need at least one on for the tenant (edition defaults, tenant flags and
 * derived features), the user needs one of its roles, named-tenant and permission conditions must hold,
 * and the insurer, case-manager and edition short lists narrow what is left. `accessChecks` gives the
 * same decision step by step.
 */
export function canAccess(
  user: AccessUser,
  tenant: AccessTenant | undefined,
  route: RouteEntry,
  options: AccessOptions = {},
): boolean {
  return accessChecks(user, tenant, route, options).every((check) => check.passed);
}
