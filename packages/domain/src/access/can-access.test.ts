import { describe, expect, test } from 'vitest';
import {
  ADMIN_OR_ACCOUNTING,
  ADMIN_OR_STAFF,
  ADMIN_STAFF_OR_CASE_MANAGER,
  ADMIN_STAFF_OR_SPECIALIST,
  Roles,
} from '../roles';
import { FeatureFlags, HOST_TENANT_ID } from '../tenancy';
import { canAccess } from './can-access';
import { RouteTable, routeByPath, type RouteEntry } from './routes';
import { SIGNED_OUT_USER, type AccessTenant, type AccessUser } from './users';

// ---------------------------------------------------------------------------------------------------
// The spec's rules, restated here on their own (shell.md §5 "Route access", money document §2 and the
// decisions in docs/decisions/0006). The table-driven test compares canAccess with this statement.
// ---------------------------------------------------------------------------------------------------

const crud = (r: string) => [`/view/${r}`, `/view/${r}/add`, `/view/${r}/detail/:id`];
const listAndDetail = (r: string) => [`/view/${r}`, `/view/${r}/detail/:id`];

/** Root (with the dashboard it redirects to) and my details: in every short list. */
const ROOT_AND_MY_DETAILS = ['/', '/view/dashboard', '/view/login-account'];

const RULES = {
  /** Insurer contractors: root, my details, loan fundings and funding transactions lists and details, print. */
  insurerContractorSees: new Set([
    ...ROOT_AND_MY_DETAILS,
    ...listAndDetail('disbursement-funding'),
    ...listAndDetail('facility-transactions'),
  ]),
  /** Insurer case managers: no facility agreements, funding invoices or matter sync. */
  insurerCaseManagerLoses: new Set([
    ...crud('facility-agreements'),
    ...crud('transaction-invoice'),
    '/view/pms-matter',
  ]),
  /** MLP and LAW CONNECT: no facility request, facility agreement or funding invoice add pages… */
  borrowerLoses: new Set([
    '/view/facility-requests/add',
    '/view/facility-agreements/add',
    '/view/transaction-invoice/add',
  ]),
  /** …and their case managers lose every facility request page. */
  borrowerCaseManagerLoses: new Set([
    ...crud('facility-requests'),
    '/view/facility-agreements/add',
    '/view/transaction-invoice/add',
  ]),
  /** FUNDING PROVIDER case managers: no facility requests, facility agreement add or funding invoice add. */
  fundingProviderCaseManagerLoses: new Set([
    ...crud('facility-requests'),
    '/view/facility-agreements/add',
    '/view/transaction-invoice/add',
  ]),
  /** Other FUNDING PROVIDER users: only these pages (and print). */
  fundingProviderOthersSee: new Set([
    ...ROOT_AND_MY_DETAILS,
    '/view/notifications',
    '/view/theme-settings',
    '/view/product-update',
    '/view/send-feedback',
    '/view/dashboard-disbursement',
    '/view/disbursement-funding-report',
    ...crud('facility-requests'),
    ...crud('facility-agreements'),
    ...crud('facility-transactions'),
    ...crud('disbursement-funding'),
    ...crud('transaction-invoice'),
    ...crud('funding-providers'),
    ...crud('companies'),
    '/view/relationship-activities',
    '/view/reports/funding-analysis',
    '/view/reports/disbursement-funding',
    ...crud('users'),
    ...crud('staffs'),
    ...crud('user-group'),
    ...crud('roles'),
    '/view/system-config',
    ...crud('mail-templates'),
    '/view/ad-hoc',
    '/view/lookup-config',
    '/view/emails-tracking',
    '/view/emails-sending-report',
    '/view/account-code',
    '/view/background-jobs',
    '/hangfire',
    '/subscription',
    ...crud('billing-setting'),
    ...crud('tenant-invoice'),
  ]),
  /**
   * LMQ PROVIDER: root, my details, companies, staff, users, mass torts, agreements, fundings, lookup, matter
   * types, mail templates, LMQ, system config, e-mail tracking, print.
   */
  lmqProviderSees: new Set([
    ...ROOT_AND_MY_DETAILS,
    ...crud('companies'),
    ...crud('staffs'),
    ...crud('users'),
    ...crud('mass-torts'),
    ...crud('facility-agreements'),
    ...crud('disbursement-funding'),
    ...crud('facility-transactions'),
    '/view/lookup-config',
    ...crud('matter-types'),
    ...crud('mail-templates'),
    ...crud('check-lists'),
    '/view/system-config',
    '/view/emails-tracking',
  ]),
  /** Admin or staff (admin, admin staff, staff, accounting): the users CompanyPMSConfig is on for. */
  adminOrStaff: ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF', 'ACCOUNTING'],
};

type Persona = {
  name: string;
  user: AccessUser;
  /** An insurer contractor (contractor of kind insurer, or the INSURER role) gains the INSURER role. */
  insurerContractor?: boolean;
};

const signedIn = (roles: string[], extra: Partial<AccessUser> = {}): AccessUser => ({
  isAuthenticated: true,
  isHost: false,
  roles,
  ...extra,
});

const PERSONAS: Persona[] = [
  ...Roles.filter((r) => r !== 'CONTRACTOR' && r !== 'INSURER').map((r) => ({ name: r, user: signedIn([r]) })),
  { name: 'typist contractor', user: signedIn(['CONTRACTOR'], { contractorKind: 'typist' }) },
  { name: 'broker contractor', user: signedIn(['CONTRACTOR'], { contractorKind: 'broker' }) },
  {
    name: 'insurer contractor',
    user: signedIn(['CONTRACTOR'], { contractorKind: 'insurer' }),
    insurerContractor: true,
  },
  { name: 'INSURER role', user: signedIn(['INSURER']), insurerContractor: true },
  { name: 'insurer case manager', user: signedIn(['CASE_MANAGER'], { isInsurerCaseManager: true }) },
  { name: 'case manager with a default PMS company', user: signedIn(['CASE_MANAGER'], { companyHasDefaultPms: true }) },
  { name: 'staff who also manages cases', user: signedIn(['STAFF', 'CASE_MANAGER']) },
  { name: 'user without a role', user: signedIn([]) },
];

const EDITIONS = ['MLP', 'LAW CONNECT', 'FUNDING PROVIDER', 'LMQ PROVIDER', 'MARKETING', ''] as const;
type FlagMode = 'every flag on' | 'every flag off';

const tenantOf = (editionName: string, mode: FlagMode): AccessTenant => ({
  id: '0190aa00-0000-7000-8000-000000000002',
  name: 'Acme Medico-Legal',
  editionName,
  features: Object.fromEntries(FeatureFlags.map((f) => [f, mode === 'every flag on' ? 'True' : 'False'])),
});

function expected(route: RouteEntry, persona: Persona, edition: string, mode: FlagMode): boolean {
  const { user } = persona;
  const roles = persona.insurerContractor ? [...user.roles, 'INSURER'] : user.roles;
  const isAdminOrStaff = roles.some((r) => RULES.adminOrStaff.includes(r));
  const isCaseManager = roles.includes('CASE_MANAGER') && !isAdminOrStaff;

  if (route.anonymous) return true;
  if (route.hostOnly) return false;
  if (route.features?.length) {
    if (mode === 'every flag off') return false;
    // With every flag on, only the per-user CompanyPMSConfig can still be off.
    const pmsOn = isAdminOrStaff || (roles.includes('CASE_MANAGER') && user.companyHasDefaultPms === true);
    if (!route.features.some((f) => f !== 'CompanyPMSConfig' || pmsOn)) return false;
  }
  if (route.roles?.length && !route.roles.some((r) => roles.includes(r))) return false;
  // No tenant names are configured here, so named-tenant pages are closed.
  if (route.tenantNames) return false;

  const path = route.path;
  if (path === '/view/logout') return true;
  if (persona.insurerContractor && !route.print && !RULES.insurerContractorSees.has(path)) return false;
  if (user.isInsurerCaseManager && isCaseManager && RULES.insurerCaseManagerLoses.has(path)) return false;
  switch (edition) {
    case 'MLP':
    case 'LAW CONNECT':
      return !(isCaseManager ? RULES.borrowerCaseManagerLoses : RULES.borrowerLoses).has(path);
    case 'FUNDING PROVIDER':
      if (isCaseManager) return !RULES.fundingProviderCaseManagerLoses.has(path);
      return route.print === true || RULES.fundingProviderOthersSee.has(path);
    case 'LMQ PROVIDER':
      return route.print === true || RULES.lmqProviderSees.has(path);
    default:
      return true;
  }
}

const route = (path: string): RouteEntry => {
  const found = routeByPath(path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

const pathsFor = (user: AccessUser, tenant: AccessTenant | undefined) =>
  RouteTable.filter((r) => canAccess(user, tenant, r)).map((r) => r.path);

// ---------------------------------------------------------------------------------------------------

describe.each(EDITIONS)('every route for every user in edition %j', (edition) => {
  describe.each<FlagMode>(['every flag on', 'every flag off'])('with %s', (mode) => {
    test.each(PERSONAS.map((p) => [p.name, p] as const))('matches the spec for a %s', (_name, persona) => {
      const tenant = tenantOf(edition, mode);
      const wrong = RouteTable.filter(
        (r) => canAccess(persona.user, tenant, r) !== expected(r, persona, edition, mode),
      ).map((r) => `${r.path}: expected ${expected(r, persona, edition, mode)}`);
      expect(wrong).toEqual([]);
    });
  });
});

describe('who passes every route', () => {
  test('a host-tenant user passes every route in every edition, whatever the roles and flags', () => {
    for (const roles of [[], ['STAFF'], ['CONTRACTOR']]) {
      const host: AccessUser = { isAuthenticated: true, isHost: true, roles, contractorKind: 'insurer' };
      for (const edition of EDITIONS) {
        expect(pathsFor(host, tenantOf(edition, 'every flag off'))).toHaveLength(RouteTable.length);
      }
      expect(pathsFor(host, undefined)).toHaveLength(RouteTable.length);
    }
  });

  test('a signed-out user passes every route, so the router can start sign-in instead of refusing', () => {
    expect(pathsFor(SIGNED_OUT_USER, undefined)).toHaveLength(RouteTable.length);
    expect(pathsFor(SIGNED_OUT_USER, tenantOf('MLP', 'every flag off'))).toHaveLength(RouteTable.length);
  });

  test('a signed-in user whose tenant has not loaded reaches only anonymous routes', () => {
    const reachable = RouteTable.filter((r) => canAccess(signedIn(['STAFF']), undefined, r));
    expect(reachable.every((r) => r.anonymous)).toBe(true);
    expect(reachable.length).toBeGreaterThan(0);
  });

  test('tenant users never reach host-only pages, even tenant admins', () => {
    const admin = signedIn(['TENANT_ADMIN']);
    for (const path of ['/view/tenants', '/view/editions', '/view/file-management', '/view/db-migration']) {
      expect(canAccess(admin, tenantOf('', 'every flag on'), route(path)), path).toBe(false);
    }
    expect(
      canAccess(
        { ...admin, isHost: true },
        { ...tenantOf('', 'every flag off'), id: HOST_TENANT_ID },
        route('/view/tenants'),
      ),
    ).toBe(true);
  });
});

describe('insurer contractors', () => {
  const tenant = tenantOf('', 'every flag on');

  test('see only root, my details, loan fundings and funding transactions lists and details, and print pages', () => {
    const insurer = signedIn(['CONTRACTOR'], { contractorKind: 'insurer' });
    const seen = pathsFor(insurer, tenant).filter((p) => !route(p).anonymous && !route(p).print);
    expect(new Set(seen)).toEqual(
      new Set([
        '/',
        '/view/dashboard',
        '/view/login-account',
        '/view/logout',
        '/view/disbursement-funding',
        '/view/disbursement-funding/detail/:id',
        '/view/facility-transactions',
        '/view/facility-transactions/detail/:id',
      ]),
    );
    expect(canAccess(insurer, tenant, route('/view/agreement-advance/print'))).toBe(true);
    expect(canAccess(insurer, tenant, route('/view/disbursement-funding/add'))).toBe(false);
  });

  test('a user with the INSURER role gets the same short list', () => {
    const a = pathsFor(signedIn(['INSURER']), tenant);
    const b = pathsFor(signedIn(['CONTRACTOR'], { contractorKind: 'insurer' }), tenant);
    expect(a).toEqual(b);
  });

  test('broker and typist contractors do not reach funding pages', () => {
    for (const kind of ['broker', 'typist'] as const) {
      const contractor = signedIn(['CONTRACTOR'], { contractorKind: kind });
      expect(canAccess(contractor, tenant, route('/view/disbursement-funding'))).toBe(false);
      expect(canAccess(contractor, tenant, route('/view/clients'))).toBe(true);
    }
  });

  test('insurer case managers do not see facility agreements, funding invoices or matter sync', () => {
    const insurerCm = signedIn(['CASE_MANAGER'], { isInsurerCaseManager: true, companyHasDefaultPms: true });
    const cm = signedIn(['CASE_MANAGER'], { companyHasDefaultPms: true });
    for (const path of ['/view/facility-agreements', '/view/transaction-invoice', '/view/pms-matter']) {
      expect(canAccess(insurerCm, tenant, route(path)), path).toBe(false);
      expect(canAccess(cm, tenant, route(path)), path).toBe(true);
    }
    expect(canAccess(insurerCm, tenant, route('/view/facility-requests'))).toBe(true);
  });
});

describe('edition rules', () => {
  test.each(['MLP', 'LAW CONNECT'])(
    '%s hides the facility request, agreement and funding invoice add pages',
    (edition) => {
      const tenant = tenantOf(edition, 'every flag on');
      const staff = signedIn(['STAFF']);
      for (const path of [
        '/view/facility-requests/add',
        '/view/facility-agreements/add',
        '/view/transaction-invoice/add',
      ]) {
        expect(canAccess(staff, tenant, route(path)), path).toBe(false);
      }
      expect(canAccess(staff, tenant, route('/view/facility-requests'))).toBe(true);
      expect(canAccess(staff, tenant, route('/view/facility-agreements/detail/:id'))).toBe(true);
    },
  );

  test.each(['MLP', 'LAW CONNECT'])('%s case managers also lose the facility request pages', (edition) => {
    const tenant = tenantOf(edition, 'every flag on');
    const cm = signedIn(['CASE_MANAGER']);
    for (const path of crud('facility-requests')) expect(canAccess(cm, tenant, route(path)), path).toBe(false);
    expect(canAccess(cm, tenant, route('/view/facility-agreements'))).toBe(true);
    expect(canAccess(signedIn(['STAFF', 'CASE_MANAGER']), tenant, route('/view/facility-requests'))).toBe(true);
  });

  test('the edition name is read without regard to case or spacing', () => {
    const tenant = tenantOf(' law  connect ', 'every flag on');
    expect(canAccess(signedIn(['STAFF']), tenant, route('/view/facility-requests/add'))).toBe(false);
  });

  test('FUNDING PROVIDER case managers lose facility requests and the agreement and funding invoice adds', () => {
    const tenant = tenantOf('FUNDING PROVIDER', 'every flag on');
    const cm = signedIn(['CASE_MANAGER']);
    for (const path of [
      ...crud('facility-requests'),
      '/view/facility-agreements/add',
      '/view/transaction-invoice/add',
    ]) {
      expect(canAccess(cm, tenant, route(path)), path).toBe(false);
    }
    for (const path of ['/view/facility-agreements', '/view/transaction-invoice', '/view/assessments']) {
      expect(canAccess(cm, tenant, route(path)), path).toBe(true);
    }
  });

  test('other FUNDING PROVIDER users see only the allowed list', () => {
    const tenant = tenantOf('FUNDING PROVIDER', 'every flag on');
    const staff = signedIn(['ADMIN_STAFF', 'STAFF', 'TENANT_ADMIN', 'ACCOUNTING']);
    const seen = pathsFor(staff, tenant).filter((p) => !route(p).anonymous && !route(p).print && p !== '/view/logout');
    expect(new Set(seen)).toEqual(RULES.fundingProviderOthersSee);
    expect(canAccess(staff, tenant, route('/view/assessments'))).toBe(false);
    expect(canAccess(signedIn(['SPECIALIST']), tenant, route('/view/assessments'))).toBe(false);
  });

  test('LMQ PROVIDER sees only its list: companies, staff, users, mass torts, agreements, fundings and the rest', () => {
    const tenant = tenantOf('LMQ PROVIDER', 'every flag on');
    const everyone = signedIn([...Roles]);
    const seen = pathsFor(everyone, tenant).filter(
      (p) => !route(p).anonymous && !route(p).print && p !== '/view/logout',
    );
    expect(new Set(seen)).toEqual(RULES.lmqProviderSees);
    expect(canAccess(everyone, tenant, route('/view/invoices/print-invoice'))).toBe(true);
  });

  test('MARKETING and edition-less tenants are narrowed by roles and features only', () => {
    const staff = signedIn(['STAFF']);
    for (const edition of ['MARKETING', '']) {
      const tenant = tenantOf(edition, 'every flag on');
      expect(canAccess(staff, tenant, route('/view/facility-requests/add')), edition).toBe(true);
    }
  });

  test('signing out is never taken away by a short list', () => {
    const insurer = signedIn(['CONTRACTOR'], { contractorKind: 'insurer' });
    for (const edition of EDITIONS) {
      expect(canAccess(insurer, tenantOf(edition, 'every flag off'), route('/view/logout'))).toBe(true);
    }
  });
});

describe('features', () => {
  const only = (editionName: string, features: Record<string, string>): AccessTenant => ({
    id: 't',
    name: 'T',
    editionName,
    features,
  });
  const caseManagementRoute: RouteEntry = {
    path: '/view/example',
    title: 'Example',
    resource: 'example',
    kind: 'page',
    features: ['CaseManagement'],
  };

  test.each(['MassTorts', 'NDIS', 'MVA'])('CaseManagement is on when %s is on', (flag) => {
    expect(canAccess(signedIn(['STAFF']), only('', { [flag]: 'True' }), caseManagementRoute)).toBe(true);
  });

  test('CaseManagement is off when MassTorts, NDIS and MVA are all off', () => {
    const tenant = only('', { Assessment: 'True', MassTorts: 'False', NDIS: 'false' });
    expect(canAccess(signedIn(['STAFF']), tenant, caseManagementRoute)).toBe(false);
  });

  test('a route needs only one of its features on', () => {
    const tenant = only('', { FundingTransaction: 'True' });
    expect(canAccess(signedIn(['STAFF']), tenant, route('/view/facility-requests'))).toBe(true);
    expect(canAccess(signedIn(['STAFF']), only('', {}), route('/view/facility-requests'))).toBe(false);
  });

  test('feature values are the text True, in any case; anything else is off', () => {
    const staff = signedIn(['STAFF']);
    expect(canAccess(staff, only('', { Assessment: 'TRUE' }), route('/view/assessments'))).toBe(true);
    expect(canAccess(staff, only('', { Assessment: 'yes' }), route('/view/assessments'))).toBe(false);
  });

  test('edition defaults apply until the tenant sets its own flag, which wins either way', () => {
    const staff = signedIn(['STAFF']);
    expect(canAccess(staff, only('MLP', {}), route('/view/assessments'))).toBe(true);
    expect(canAccess(staff, only('MLP', { Assessment: 'False' }), route('/view/assessments'))).toBe(false);
    expect(canAccess(staff, only('MLP', {}), route('/view/mva-claim'))).toBe(false);
    expect(canAccess(staff, only('MLP', { MVA: 'True' }), route('/view/mva-claim'))).toBe(true);
    expect(canAccess(staff, only('MARKETING', {}), route('/view/marketing-campaigns'))).toBe(true);
  });

  describe('CompanyPMSConfig (matter sync)', () => {
    const withPms = only('', { LegalPracticeAPI: 'True' });
    const matterSync = route('/view/pms-matter');

    test('is on for admin staff and staff when the tenant has practice software', () => {
      expect(canAccess(signedIn(['ADMIN_STAFF']), withPms, matterSync)).toBe(true);
      expect(canAccess(signedIn(['STAFF']), withPms, matterSync)).toBe(true);
      expect(canAccess(signedIn(['STAFF']), only('', { CompanyPMSConfig: 'True' }), matterSync)).toBe(true);
    });

    test('is on for a case manager only when their company has a default practice-management company', () => {
      expect(canAccess(signedIn(['CASE_MANAGER'], { companyHasDefaultPms: true }), withPms, matterSync)).toBe(true);
      expect(canAccess(signedIn(['CASE_MANAGER']), withPms, matterSync)).toBe(false);
      expect(canAccess(signedIn(['CASE_MANAGER'], { companyHasDefaultPms: false }), withPms, matterSync)).toBe(false);
    });

    test('is off for everyone when the tenant has neither practice software nor the flag', () => {
      const none = only('', { LegalPracticeAPI: 'False', CompanyPMSConfig: 'False' });
      expect(canAccess(signedIn(['STAFF']), none, matterSync)).toBe(false);
      expect(canAccess(signedIn(['CASE_MANAGER'], { companyHasDefaultPms: true }), none, matterSync)).toBe(false);
    });
  });
});

describe('named tenants and permissions', () => {
  const tenant = tenantOf('', 'every flag on');
  const staff = signedIn(['STAFF']);
  const exclusive = RouteTable.find((r) => r.tenantNames === 'exclusiveReports')!;

  test('a report offered to named tenants opens only for a configured name, compared without case', () => {
    expect(canAccess(staff, tenant, exclusive)).toBe(false);
    expect(canAccess(staff, tenant, exclusive, { namedTenants: { exclusiveReports: ['Someone Else'] } })).toBe(false);
    expect(canAccess(staff, tenant, exclusive, { namedTenants: { exclusiveReports: ['acme medico-legal'] } })).toBe(
      true,
    );
  });

  test('when the caller passes granted permissions, a route needs its permission among them', () => {
    const adminStaff = signedIn(['ADMIN_STAFF']);
    const subscription = route('/subscription');
    expect(canAccess(adminStaff, tenant, subscription)).toBe(true);
    expect(canAccess({ ...adminStaff, permissions: [] }, tenant, subscription)).toBe(false);
    expect(canAccess({ ...adminStaff, permissions: ['Casebook.Subscription'] }, tenant, subscription)).toBe(true);
    expect(canAccess(signedIn(['STAFF'], { permissions: ['Casebook.Subscription'] }), tenant, subscription)).toBe(
      false,
    );
  });
});

describe('role groupings', () => {
  test('follow the spec: admin-or-staff includes accounting; the others add specialist or case manager', () => {
    expect(new Set(ADMIN_OR_STAFF)).toEqual(new Set(['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF', 'ACCOUNTING']));
    expect(new Set(ADMIN_OR_ACCOUNTING)).toEqual(new Set(['TENANT_ADMIN', 'ADMIN_STAFF', 'ACCOUNTING']));
    expect(new Set(ADMIN_STAFF_OR_SPECIALIST)).toEqual(new Set(['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF', 'SPECIALIST']));
    expect(new Set(ADMIN_STAFF_OR_CASE_MANAGER)).toEqual(
      new Set(['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF', 'CASE_MANAGER']),
    );
  });

  test('unknown role names grant nothing', () => {
    const tenant = tenantOf('', 'every flag on');
    const stranger = signedIn(['SUPERUSER']);
    expect(pathsFor(stranger, tenant)).toEqual(pathsFor(signedIn([]), tenant));
  });
});
