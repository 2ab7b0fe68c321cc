import { describe, expect, test } from 'vitest';
import { defaultPermissionsFor, Permissions } from '../permissions';
import { isRole, type Role } from '../roles';
import { FeatureFlags, isFeatureName } from '../tenancy';
import { menuFor } from './menus';
import {
  MenuGroups,
  NamedTenantLists,
  RoutePermissions,
  RouteTable,
  SharedCaseLists,
  matchRoute,
  resourceOfPath,
  routeByPath,
  type RouteEntry,
} from './routes';

// shell.md §2 "Resources with list/add/detail", copied word for word.
const SPEC_RESOURCES =
  `case-managers, companies, company-groups, clients, centres, specialists, contractors, assessments,
mass-torts, ot, treatment-providers, supplementaries, file-reviews, transaction-invoice, tpd, clinical-records, mednegs,
co-teleconference, invoices, funding-providers, facility-requests, facility-agreements, facility-transactions,
disbursement-funding, marketing-campaigns, check-lists, ndis, mail-templates, users, user-group, staffs, system-update,
tenant-invoice, tenants, roles, editions, mva-claim, talking-point, talking-point-category, default-pic, document-types,
matter-types, service-provider, time-tracking, video-meeting, sale-targets, service-items, ndis-service-items,
ims-approvals, ama-service-fee, countries, cities, attachment-types, languages, billing-setting, monthly-active-accounts,
eml-synced-appointments`
    .split(',')
    .map((s) => s.trim());

// Every single route path the three spec documents name outside the resource list.
const SPEC_PATHS = [
  '/',
  '/login',
  '/subscription',
  '/signin-oidc',
  '/not-found',
  '/video-meeting',
  '/account/RevertImpersonation',
  '/files/MAGDirectory',
  '/hangfire',
  '/view/background-jobs',
  '/view/dashboard',
  '/view/dashboard-disbursement',
  '/view/dashboard-typist',
  '/view/system-tools',
  '/view/universal-search',
  '/view/docs-search',
  '/view/action-required-search',
  '/view/documents-search',
  '/view/smart-search',
  '/view/login-account',
  '/view/dr-account',
  '/view/cm-profile',
  '/view/logout',
  '/view/theme-settings',
  '/view/notifications',
  '/view/product-update',
  '/view/send-feedback',
  '/view/contractor-detail',
  '/view/lookup-config',
  '/view/ad-hoc',
  '/view/holidays',
  '/view/account-code',
  '/view/time-budget-breakdown',
  '/view/system-config',
  '/view/impairmentChecker',
  '/view/case-typist-incomplete-jobs',
  '/view/case-typist-completed-jobs',
  '/view/generate-doctor-payment',
  '/view/remittance-statements',
  '/view/outstanding-balance-report',
  '/view/disbursement-funding-report',
  '/view/relationship-activities',
  '/view/pms-matter',
  '/view/video-session',
  '/view/meeting-list-for-case',
  '/view/video-session-detail',
  '/view/inquiry-centre',
  '/view/calendar',
  '/view/ndis-calendar',
  '/view/video-old',
  '/view/law-practice-softwares',
  '/view/clio-app',
  '/view/leap-app',
  '/view/pe-app',
  '/view/actionstep-app',
  '/view/smokeball-app',
  '/view/pms-integration',
  '/view/report-correction',
  '/view/db-migration',
  '/view/file-management',
  '/view/emails-tracking',
  '/view/system-error',
  '/view/emails-sending-report',
  '/view/client-active-count',
  '/view/test-chatbot',
  '/view/dyte-meeting-demo',
  '/view/onetimeaccess',
  '/view/document',
];

const SPEC_BI_REPORTS = [
  'service-analysis',
  'correspondence-analysis',
  'client-cm-recruitment',
  'billing-kpi',
  'iro-kpi',
  'bookings',
  'service-revenue-analysis',
  'service-revenue-master',
  'user-account-analysis',
  'funding-analysis',
  'disbursement-funding',
  'specialist-recruitment',
  'booking-by-account',
  'staff-kpi',
  'service-revenue-forecast',
];

// shell.md "Print and view pages": route → roles ('none' = no restriction). Accounting is added to the
// money prints by decision 0006.
const SPEC_PRINT_PAGES: Record<string, readonly Role[] | 'none'> = {
  '/view/clinical-notes/print-letter-of-confirmation': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'],
  '/view/clinical-notes/print-loa-template': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'],
  '/view/clinical-notes/print-medical-request': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'],
  '/view/invoices/print-invoice': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'ACCOUNTING'],
  '/view/invoices/outstanding-statement-print': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'ACCOUNTING'],
  '/view/daysheet-print': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'SPECIALIST'],
  '/view/disbursement-print': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'ACCOUNTING'],
  '/view/repaymentinvoice-print': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'ACCOUNTING'],
  '/view/repaymentinvoice-summary-print': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'ACCOUNTING'],
  '/view/outstanding-statement-print': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'ACCOUNTING'],
  '/view/repaymentinvoice/outstanding-statement-print': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'ACCOUNTING'],
  '/view/disbursement-funding/accrued-interest-statement-print': ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'ACCOUNTING'],
  '/view/ime-assessment/template': 'none',
  '/view/supplementary/print': ['ADMIN_STAFF', 'STAFF', 'SPECIALIST'],
  '/view/agreement-advance/print': 'none',
  '/view/specialist-remittance/print': ['ADMIN_STAFF', 'STAFF'],
  '/view/mva/template': 'none',
  '/view/ndis/template': 'none',
  '/view/specialist/template': 'none',
};

const SPEC_ANONYMOUS = [
  '/view/dyte-meeting-demo',
  '/signin-oidc',
  '/not-found',
  '/login',
  '/view/onetimeaccess',
  '/view/document',
  '/video-meeting',
  '/account/RevertImpersonation',
  '/files/MAGDirectory',
];

const crud = (r: string) => [`/view/${r}`, `/view/${r}/add`, `/view/${r}/detail/:id`];

// Role statements the spec makes about single routes (plus accounting on money screens, decision 0006).
const SPEC_ROLES: [path: string, roles: readonly Role[]][] = [
  ['/view/docs-search', ['ADMIN_STAFF', 'STAFF']],
  ['/view/action-required-search', ['ADMIN_STAFF', 'STAFF']],
  ['/view/documents-search', ['TENANT_ADMIN', 'ADMIN_STAFF']],
  ['/view/smart-search', ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER']],
  ['/subscription', ['ADMIN_STAFF']],
  ['/view/dr-account', ['SPECIALIST']],
  ['/view/cm-profile', ['CASE_MANAGER']],
  ['/view/billing-setting/detail/:id', ['TENANT_ADMIN', 'ADMIN_STAFF']],
  ['/view/system-config', ['ADMIN_STAFF', 'TENANT_ADMIN']],
  ['/view/impairmentChecker', ['TENANT_ADMIN', 'ADMIN_STAFF']],
  ...crud('mail-templates').map((p): [string, Role[]] => [p, ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF']]),
  ...crud('staffs').map((p): [string, Role[]] => [p, ['TENANT_ADMIN', 'ADMIN_STAFF']]),
  ['/view/centres', ['ADMIN_STAFF', 'STAFF']],
  ['/view/centres/add', ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER']],
  ['/view/centres/detail/:id', ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER']],
  ...crud('clients').map((p): [string, Role[]] => [p, ['ADMIN_STAFF', 'STAFF', 'CONTRACTOR', 'CASE_MANAGER']]),
  ['/view/lookup-config', ['ADMIN_STAFF', 'STAFF']],
  ['/view/holidays', ['ADMIN_STAFF', 'STAFF']],
  ['/view/assessments/add', ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER']],
  ['/view/supplementaries/add', ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER']],
  ['/view/file-reviews/add', ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER']],
  ['/view/ot/add', ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'SPECIALIST']],
  ['/view/mass-torts/add', ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'SPECIALIST']],
  ['/view/invoices', ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'ACCOUNTING']],
  ['/view/invoices/add', ['ADMIN_STAFF', 'STAFF', 'ACCOUNTING']],
  ['/view/invoices/detail/:id', ['ADMIN_STAFF', 'STAFF', 'ACCOUNTING']],
  ['/view/generate-doctor-payment', ['ADMIN_STAFF', 'STAFF', 'ACCOUNTING']],
  ['/view/remittance-statements', ['ADMIN_STAFF', 'STAFF', 'ACCOUNTING']],
  ['/view/outstanding-balance-report', ['ADMIN_STAFF', 'ACCOUNTING']],
  ['/view/account-code', ['ADMIN_STAFF', 'STAFF', 'ACCOUNTING']],
  ['/view/video-session-detail', ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF']],
  ['/view/calendar', ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'SPECIALIST']],
  // A lender's tenant admin runs its lending (decision 0051): the spec's admin staff and staff, and them.
  ...crud('funding-providers').map((p): [string, Role[]] => [p, ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF']]),
  ['/view/tenants', ['TENANT_ADMIN']],
  ['/view/tenants/detail/:id', ['TENANT_ADMIN']],
  ['/view/roles', ['TENANT_ADMIN']],
  ['/hangfire', ['TENANT_ADMIN']],
  ['/view/background-jobs', ['TENANT_ADMIN']],
  ['/view/system-update/add', ['TENANT_ADMIN']],
  ...crud('tenant-invoice').map((p): [string, Role[]] => [p, ['TENANT_ADMIN', 'ADMIN_STAFF']]),
  ...[
    '/view/law-practice-softwares',
    '/view/clio-app',
    '/view/leap-app',
    '/view/pe-app',
    '/view/actionstep-app',
    '/view/smokeball-app',
    '/view/pms-integration',
  ].map((p): [string, Role[]] => [p, ['ADMIN_STAFF', 'STAFF']]),
];

const SPEC_FEATURES: [path: string, features: readonly string[]][] = [
  ['/view/dashboard-disbursement', ['Disbursement']],
  ['/view/disbursement-funding', ['DisbursementFunding']],
  ['/view/disbursement-funding-report', ['DisbursementFunding']],
  ['/view/marketing-campaigns', ['MarketingCampaign']],
  ['/view/eml-synced-appointments', ['EMLIntegration']],
  ['/view/law-practice-softwares', ['LegalPracticeAPI']],
  ['/view/clio-app', ['LegalPracticeAPI']],
  ['/view/pms-integration', ['LegalPracticeAPI']],
  ['/view/assessments', ['Assessment']],
  ['/view/mass-torts', ['MassTorts']],
  ['/view/ot', ['OT']],
  ['/view/co-teleconference', ['COTELE']],
  ['/view/supplementaries', ['Supplementary']],
  ['/view/file-reviews', ['FileReview']],
  ['/view/clinical-records', ['MedicalRecord']],
  ['/view/mednegs', ['MedNeg']],
  ['/view/ndis', ['NDIS']],
  ['/view/tpd', ['TPD']],
  ['/view/mva-claim', ['MVA']],
  ['/view/check-lists', ['LMQ']],
];

const route = (path: string): RouteEntry => {
  const found = routeByPath(path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

describe('route table', () => {
  test('every route path is unique', () => {
    const paths = RouteTable.map((r) => r.path);
    const duplicates = paths.filter((p, i) => paths.indexOf(p) !== i);
    expect(duplicates).toEqual([]);
  });

  test('every resource with list/add/detail in the spec has its three routes', () => {
    expect(SPEC_RESOURCES).toHaveLength(57);
    for (const name of SPEC_RESOURCES) {
      const [list, add, detail] = crud(name).map((p) => routeByPath(p));
      expect(list?.kind, name).toBe('list');
      expect(add?.kind, name).toBe('add');
      expect(detail?.kind, name).toBe('detail');
      expect(new Set([list?.resource, add?.resource, detail?.resource])).toEqual(new Set([name]));
    }
  });

  test('every other route the spec names is in the table, with background jobs replacing hangfire', () => {
    const missing = SPEC_PATHS.filter((p) => !routeByPath(p));
    expect(missing).toEqual([]);
    expect(route('/hangfire').redirectTo).toBe('/view/background-jobs');
    expect(route('/').redirectTo).toBe('/view/dashboard');
  });

  test('every embedded report has a page that needs the PowerBIReport permission and admin staff or staff', () => {
    for (const name of SPEC_BI_REPORTS) {
      const report = route(`/view/reports/${name}`);
      expect(report.permission, name).toBe('PowerBIReport');
      expect(new Set(report.roles)).toEqual(new Set(['ADMIN_STAFF', 'STAFF']));
    }
    expect(RouteTable.filter((r) => r.permission === 'PowerBIReport')).toHaveLength(SPEC_BI_REPORTS.length);
    expect(RouteTable.some((r) => r.tenantNames === 'exclusiveReports')).toBe(true);
  });

  test('every role, feature, permission, tenant list and menu group the table names is a known one', () => {
    for (const r of RouteTable) {
      for (const role of r.roles ?? []) expect(isRole(role), `${r.path} role ${role}`).toBe(true);
      for (const feature of r.features ?? []) expect(isFeatureName(feature), `${r.path} feature ${feature}`).toBe(true);
      if (r.permission) expect(RoutePermissions).toContain(r.permission);
      if (r.tenantNames) expect(NamedTenantLists).toContain(r.tenantNames);
      if (r.menu) expect(MenuGroups).toContain(r.menu.group);
      if (r.redirectTo) expect(routeByPath(r.redirectTo), `${r.path} redirect`).toBeDefined();
      expect(r.title.trim(), r.path).not.toBe('');
      expect(r.resource).toBe(resourceOfPath(r.path));
    }
  });

  test('anonymous routes are exactly those the spec lists', () => {
    const anonymous = RouteTable.filter((r) => r.anonymous).map((r) => r.path);
    expect(new Set(anonymous)).toEqual(new Set(SPEC_ANONYMOUS));
  });

  test('print pages are exactly the spec table, with its roles', () => {
    const prints = RouteTable.filter((r) => r.print);
    expect(new Set(prints.map((r) => r.path))).toEqual(new Set(Object.keys(SPEC_PRINT_PAGES)));
    for (const p of prints) {
      const expected = SPEC_PRINT_PAGES[p.path];
      if (expected === 'none') expect(p.roles, p.path).toBeUndefined();
      else expect(new Set(p.roles), p.path).toEqual(new Set(expected));
    }
  });

  test.each(SPEC_ROLES)('%s is for the roles the spec states', (path, roles) => {
    expect(new Set(route(path).roles)).toEqual(new Set(roles));
  });

  test.each(SPEC_FEATURES)('%s needs the feature the spec states', (path, features) => {
    expect(route(path).features).toEqual(features);
  });

  test('conclave add excludes specialists and MVA claims are open to contractors', () => {
    expect(route('/view/co-teleconference/add').roles).not.toContain('SPECIALIST');
    for (const p of crud('mva-claim')) expect(route(p).roles).toContain('CONTRACTOR');
  });

  test('the declared case modules read with their own permission: the menu lists them for those who hold it', () => {
    const tenant = {
      id: '0190aa00-0000-7000-8000-000000000002',
      name: 'Acme',
      editionName: 'MLP',
      features: Object.fromEntries(FeatureFlags.map((f) => [f, 'True'])),
    };
    const menuPaths = (roles: string[], permissions = defaultPermissionsFor(roles)) =>
      menuFor({ isAuthenticated: true, isHost: false, roles }, tenant, { permissions }).sections.flatMap((s) =>
        s.items.map((i) => i.path),
      );
    expect(route('/view/mva-claim').reads).toBe(Permissions.mva.read);
    expect(route('/view/ndis').reads).toBe(Permissions.ndis.read);
    expect(menuPaths(['STAFF'])).toContain('/view/ndis');
    expect(menuPaths(['STAFF'])).toContain('/view/mva-claim');
    expect(menuPaths(['CASE_MANAGER'])).toContain('/view/mva-claim');
    const withoutMva = new Set([...defaultPermissionsFor(['STAFF'])].filter((p) => p !== Permissions.mva.read));
    expect(menuPaths(['STAFF'], withoutMva)).not.toContain('/view/mva-claim');
    expect(menuPaths(['STAFF'], new Set([...withoutMva].filter((p) => p !== Permissions.ndis.read)))).not.toContain(
      '/view/ndis',
    );
  });

  test('host-only pages are the tenants, editions, storage, migration, system-error and system-update pages', () => {
    const hostOnly = RouteTable.filter((r) => r.hostOnly).map((r) => r.path);
    expect(new Set(hostOnly)).toEqual(
      new Set([
        ...crud('tenants'),
        ...crud('editions'),
        '/view/file-management',
        '/view/db-migration',
        '/view/system-error',
        // The host writes the system updates; every tenant reads them as Product Updates (decision 0116).
        ...crud('system-update'),
      ]),
    );
  });

  test('the subscription pages need the Subscription permission and funding invoices TransactionInvoice', () => {
    expect(route('/subscription').permission).toBe('Subscription');
    for (const p of [...crud('billing-setting'), ...crud('tenant-invoice')]) {
      expect(route(p).permission, p).toBe('Subscription');
    }
    expect(route('/view/billing-setting/detail/:id').title).toBe('Subscription');
    for (const p of crud('transaction-invoice')) expect(route(p).permission).toBe('TransactionInvoice');
  });

  test('the shared case lists are told apart by service type', () => {
    const typeOf = (r: string) => route(`/view/${r}`).serviceType;
    expect(['assessments', 'mass-torts', 'ot', 'co-teleconference'].map(typeOf)).toEqual([
      ...SharedCaseLists.assessment,
    ]);
    expect(['supplementaries', 'file-reviews'].map(typeOf)).toEqual([...SharedCaseLists.supplementary]);
    expect(route('/view/assessments/detail/:id').serviceType).toBe('IME');
  });

  test('the spec titles are used where it gives them', () => {
    const titles: Record<string, string> = {
      '/view/universal-search': 'Combined Task Search',
      '/view/docs-search': 'Document Search',
      '/view/smart-search': 'Session & Specialist Search',
      '/view/login-account': 'My Details',
      '/view/dr-account': 'Doctor Profile',
      '/view/cm-profile': 'CaseManager Profile',
      '/view/lookup-config': 'Value List',
      '/view/ad-hoc': 'Ad-Hoc Mail Templates',
      '/view/time-budget-breakdown': 'NDIS Time Budget',
      '/view/calendar': 'Clinic Calendar',
      '/view/generate-doctor-payment': 'Doctor Remittances',
      '/view/remittance-statements': 'Provider Remittance',
      '/view/report-correction': 'Reports QA Sheet',
    };
    for (const [path, title] of Object.entries(titles)) expect(route(path).title, path).toBe(title);
  });

  test('every Administration menu entry says in one line what it is for (System Tools lists them)', () => {
    const admin = RouteTable.filter((r) => r.menu?.group === 'Administration');
    expect(admin.length).toBeGreaterThan(10);
    for (const r of admin) {
      expect(r.description, r.path).toMatch(/^[^\n]{10,110}\.$/);
    }
    // Only a list carries its resource's description, not its add and detail screens.
    expect(route('/view/users').description).toBeDefined();
    expect(route('/view/users/add').description).toBeUndefined();
    expect(route('/view/users/detail/:id').description).toBeUndefined();
  });

  test('matchRoute finds the entry of a concrete path, with ids, queries and trailing slashes', () => {
    expect(matchRoute('/view/companies/detail/0190aa00-0000-7000-8000-000000000000')?.path).toBe(
      '/view/companies/detail/:id',
    );
    expect(matchRoute('/view/invoices/print-invoice?id=1&invoiceNo=INV-1')?.path).toBe('/view/invoices/print-invoice');
    expect(matchRoute('/view/companies/')?.path).toBe('/view/companies');
    expect(matchRoute('/')?.path).toBe('/');
    expect(matchRoute('/view/nowhere')).toBeUndefined();
  });
});
