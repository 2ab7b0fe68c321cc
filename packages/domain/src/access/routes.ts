import { Permissions } from '../permissions';
import { ADMIN_OR_STAFF, type Role } from '../roles';
import type { FeatureName } from '../tenancy';

/** What a route shows: a resource's list, add or detail screen, or a page of its own. */
export type RouteKind = 'list' | 'add' | 'detail' | 'page';

/** Service types of the two shared case list screens. */
export type ServiceType =
  | 'IME'
  | 'MASS_TORTS'
  | 'OT'
  | 'COTELE'
  | 'SUPPLEMENTARY'
  | 'FILE_REVIEW'
  | 'MVA'
  | 'NDIS'
  | 'MEDICAL_RECORD'
  | 'MED_NEG'
  | 'TPD';

/** The shared list screens and the service types each one shows. */
export const SharedCaseLists = {
  assessment: ['IME', 'MASS_TORTS', 'OT', 'COTELE'],
  supplementary: ['SUPPLEMENTARY', 'FILE_REVIEW'],
} as const satisfies Record<string, readonly ServiceType[]>;

/** Sidebar groups, in the order the sidebar shows them. */
export const MenuGroups = [
  'Dashboard',
  'Cases',
  'Scheduling',
  'Documents',
  'Billing',
  'Funding',
  'Master data',
  'Marketing',
  'Reports',
  'Administration',
  'Account',
] as const;
/** One sidebar group. */
export type MenuGroup = (typeof MenuGroups)[number];

/** Where a route sits in the sidebar; the label defaults to the route's title. */
export type RouteMenu = { group: MenuGroup; order: number; label?: string };

/** The permission groups the spec names for pages ("Permissions seen"). */
export const RoutePermissions = [
  'FundingTransaction',
  'DisbursementFunding',
  'TransactionInvoice',
  'Disbursement',
  'PowerBIReport',
  'Subscription',
  'LMQ',
] as const;
/** A permission group a page may need. */
export type RoutePermission = (typeof RoutePermissions)[number];

/** The permission name a route's permission group stands for, in the `Casebook.{Group}` naming. */
export function routePermissionName(permission: RoutePermission): string {
  return `Casebook.${permission}`;
}

/**
 * Lists of tenant names that deployments configure (the spec offers some pages, the booking chat and
 * the accounting menu by tenant name; the names themselves are configuration, not code).
 */
export const NamedTenantLists = ['exclusiveReports', 'accountingMenuHiddenForStaff'] as const;
/** The name of a configured tenant-name list. */
export type NamedTenantList = (typeof NamedTenantLists)[number];

/** One client-side route of the product, with everything the access rule and the sidebar need. */
export type RouteEntry = {
  /** React Router style path; `:id` is the tab's object id. */
  path: string;
  title: string;
  /** The resource or page the route belongs to: the path without `/view/`, `/add` and `/detail/:id`. */
  resource: string;
  kind: RouteKind;
  /** The user needs one of these roles; absent means any signed-in user. */
  roles?: readonly Role[];
  /** At least one of these features must be on for the tenant. */
  features?: readonly FeatureName[];
  serviceType?: ServiceType;
  /** Open without signing in. */
  anonymous?: true;
  /** A print or view page opened from a screen, outside the tab workspace. */
  print?: true;
  /** Only host-tenant users may open it. */
  hostOnly?: true;
  /** The permission group the page needs on top of its roles. */
  permission?: RoutePermission;
  /** The `Permissions` name the screen's own calls need: menus leave the page out for a user without it. */
  reads?: string;
  /** Only tenants whose name is in this configured list may open it. */
  tenantNames?: NamedTenantList;
  /** Served by the server rather than the single-page app: navigate with a full page load. */
  external?: true;
  /** The router sends this path on to another one. */
  redirectTo?: string;
  menu?: RouteMenu;
  /** One line saying what the page is for, shown where pages are offered as a map (System Tools). */
  description?: string;
};

type RouteOptions = Omit<RouteEntry, 'path' | 'resource' | 'kind' | 'title'>;
type RouteOverride = Partial<Omit<RouteEntry, 'path' | 'resource' | 'kind'>>;
type ResourceOptions = RouteOptions & { list?: RouteOverride; add?: RouteOverride; detail?: RouteOverride };

/** The resource key of a path: `/view/companies/detail/:id` → `companies`, `/` → `root`. */
export function resourceOfPath(path: string): string {
  if (path === '/') return 'root';
  return path
    .replace(/^\/view\//, '/')
    .replace(/^\//, '')
    .replace(/\/(add|detail\/:id)$/, '');
}

function page(path: string, title: string, options: RouteOptions = {}): RouteEntry {
  return { path, title, resource: resourceOfPath(path), kind: 'page', ...options };
}

function printPage(path: string, title: string, roles?: readonly Role[]): RouteEntry {
  return page(path, title, roles ? { roles, print: true } : { print: true });
}

/** The list, add and detail routes of a resource; the menu entry and description, when given, are the list's. */
function resource(name: string, plural: string, singular: string, options: ResourceOptions = {}): RouteEntry[] {
  const { list, add, detail, menu, description, ...shared } = options;
  const base = (path: string, kind: RouteKind, title: string): RouteEntry => ({
    path,
    title,
    resource: name,
    kind,
    ...shared,
  });
  return [
    {
      ...base(`/view/${name}`, 'list', plural),
      ...(menu ? { menu } : {}),
      ...(description ? { description } : {}),
      ...list,
    },
    { ...base(`/view/${name}/add`, 'add', `Add ${singular}`), ...add },
    { ...base(`/view/${name}/detail/:id`, 'detail', `${singular} Detail`), ...detail },
  ];
}

const menu = (group: MenuGroup, order: number, label?: string): RouteMenu =>
  label ? { group, order, label } : { group, order };

// "Admin staff, staff": the spec's default for master data and most office screens.
const OFFICE: readonly Role[] = ['ADMIN_STAFF', 'STAFF'];
const ADMINS: readonly Role[] = ['TENANT_ADMIN', 'ADMIN_STAFF'];
const ADMINS_AND_STAFF: readonly Role[] = ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF'];
// Accounting joins every money screen the spec gives to admin staff and staff (decision 0006).
const BILLING: readonly Role[] = ['ADMIN_STAFF', 'STAFF', 'ACCOUNTING'];
const CASE_READERS: readonly Role[] = [...ADMIN_OR_STAFF, 'CASE_MANAGER', 'SPECIALIST'];
const CASE_BOOKERS: readonly Role[] = ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'];
const PRINT_ROLES: readonly Role[] = ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'];
const BILLING_PRINT_ROLES: readonly Role[] = [...PRINT_ROLES, 'ACCOUNTING'];
const FUNDING: readonly FeatureName[] = ['DisbursementFunding', 'FundingTransaction'];
const VIDEO_CASE_FEATURES: readonly FeatureName[] = ['Assessment', 'MassTorts', 'OT', 'COTELE'];
// A lender's tenant admin runs its lending: the Funding pages are theirs too (decision 0051).
const FUNDING_OFFICE: readonly Role[] = ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF'];
const FUNDING_BILLING: readonly Role[] = ['TENANT_ADMIN', ...BILLING];

/**
 * The embedded business-intelligence reports, served at /view/reports/{name}. `built` marks those with a
 * declaration in `reports/reports.ts` (decision 0065): only they have a Reports menu entry; the others keep
 * their route and its placeholder until they are built.
 */
export const BiReports = [
  { name: 'service-analysis', built: true, title: 'Service Analysis' },
  { name: 'correspondence-analysis', built: true, title: 'Correspondence Analysis' },
  { name: 'client-cm-recruitment', built: true, title: 'Client & CM Recruitment' },
  { name: 'billing-kpi', built: true, title: 'Billing KPI' },
  { name: 'iro-kpi', built: true, title: 'IRO KPI', tenantNames: 'exclusiveReports' },
  { name: 'bookings', built: true, title: 'Bookings' },
  { name: 'service-revenue-analysis', built: true, title: 'Service Revenue Analysis' },
  { name: 'service-revenue-master', built: true, title: 'Service Revenue Master', tenantNames: 'exclusiveReports' },
  { name: 'user-account-analysis', built: true, title: 'User Account Analysis' },
  { name: 'funding-analysis', built: true, title: 'Funding Analysis', features: FUNDING },
  { name: 'disbursement-funding', built: true, title: 'Disbursement Funding Analysis', features: FUNDING },
  { name: 'specialist-recruitment', built: true, title: 'Specialist Recruitment' },
  { name: 'booking-by-account', built: true, title: 'Booking by Account' },
  { name: 'staff-kpi', built: true, title: 'Staff KPI' },
  { name: 'service-revenue-forecast', built: true, title: 'Service Revenue Forecast', tenantNames: 'exclusiveReports' },
] as const satisfies readonly {
  name: string;
  title: string;
  built?: true;
  tenantNames?: NamedTenantList;
  features?: readonly FeatureName[];
}[];

const biReportRoutes: RouteEntry[] = BiReports.map((report, index) =>
  page(`/view/reports/${report.name}`, report.title, {
    roles: OFFICE,
    permission: 'PowerBIReport',
    ...('features' in report ? { features: report.features } : {}),
    ...('tenantNames' in report ? { tenantNames: report.tenantNames } : {}),
    ...('built' in report ? { menu: menu('Reports', 10 + index * 10) } : {}),
  }),
);

const practiceSoftware = (path: string, title: string, order?: number): RouteEntry =>
  page(path, title, {
    roles: OFFICE,
    features: ['LegalPracticeAPI'],
    ...(order === undefined ? {} : { menu: menu('Administration', order) }),
  });

/**
 * The route table: every route of the spec, written once. The server guards with it, the web builds its
 * router and sidebar from it, and `canAccess` decides each user's access to each entry.
 */
export const RouteTable: readonly RouteEntry[] = [
  // App routes outside /view.
  page('/', 'Home', { redirectTo: '/view/dashboard' }),
  page('/login', 'Login', { anonymous: true }),
  page('/signin-oidc', 'Signing In', { anonymous: true }),
  page('/not-found', 'Not Found', { anonymous: true }),
  page('/video-meeting', 'Video Meeting', { anonymous: true }),
  page('/account/RevertImpersonation', 'Revoke Impersonation', { anonymous: true, external: true }),
  page('/files/MAGDirectory', 'Directory', { anonymous: true, external: true }),
  page('/subscription', 'Subscription', {
    roles: ['ADMIN_STAFF'],
    permission: 'Subscription',
    menu: menu('Account', 50),
  }),
  // The external job dashboard of the original is replaced by a screen of our own.
  page('/hangfire', 'Background Jobs', { roles: ['TENANT_ADMIN'], redirectTo: '/view/background-jobs' }),
  page('/view/background-jobs', 'Background Jobs', {
    roles: ['TENANT_ADMIN'],
    menu: menu('Administration', 200),
    description: 'Mail, exports, reminders and syncs run in the background: their state and errors, retry or cancel.',
  }),
  // app/health-status (money-integrations-admin.md) as a screen: the provider checks and a test e-mail.
  page('/view/health-status', 'Health Status', {
    roles: ['TENANT_ADMIN'],
    menu: menu('Administration', 210),
    description: 'Checks of the database, background jobs and mail, and a test e-mail through the outbox.',
  }),

  // Anonymous pages under /view.
  page('/view/dyte-meeting-demo', 'Video Meeting Demo', { anonymous: true }),
  page('/view/onetimeaccess', 'One-Time Access', { anonymous: true }),
  page('/view/document', 'Document', { anonymous: true }),

  // Dashboards and search.
  page('/view/dashboard', 'Dashboard', { menu: menu('Dashboard', 10) }),
  page('/view/dashboard-disbursement', 'Disbursement Dashboard', {
    roles: [...ADMIN_OR_STAFF, 'CASE_MANAGER'],
    features: ['Disbursement'],
    permission: 'Disbursement',
    // Its figures are the loans' (Casebook.DisbursementFunding, which needs the DisbursementFunding feature).
    reads: Permissions.disbursementFunding.read,
    menu: menu('Dashboard', 20),
  }),
  page('/view/dashboard-typist', 'Typist Dashboard', {
    roles: ['CONTRACTOR', 'ADMIN_STAFF', 'STAFF'],
    menu: menu('Dashboard', 30),
  }),
  page('/view/system-tools', 'System Tools', {
    roles: ADMINS,
    menu: menu('Administration', 210),
    description: "The system's state at a glance and every administration page you may open.",
  }),
  page('/view/universal-search', 'Combined Task Search', { roles: ADMINS_AND_STAFF, menu: menu('Cases', 140) }),
  page('/view/docs-search', 'Document Search', { roles: OFFICE, menu: menu('Documents', 10) }),
  page('/view/action-required-search', 'Action Required Search', {
    roles: OFFICE,
    reads: Permissions.actionItems.read,
    menu: menu('Cases', 150),
  }),
  page('/view/documents-search', 'Documents Search', { roles: ADMINS, menu: menu('Documents', 20) }),
  page('/view/smart-search', 'Session & Specialist Search', {
    roles: ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'],
    menu: menu('Scheduling', 30),
  }),

  // Account.
  page('/view/login-account', 'My Details', { menu: menu('Account', 10) }),
  page('/view/dr-account', 'Doctor Profile', { roles: ['SPECIALIST'], menu: menu('Account', 20) }),
  page('/view/cm-profile', 'CaseManager Profile', { roles: ['CASE_MANAGER'], menu: menu('Account', 30) }),
  page('/view/contractor-detail', 'Contractor Detail', { roles: ['CONTRACTOR'], menu: menu('Account', 40) }),
  page('/view/notifications', 'Notifications', { menu: menu('Account', 60) }),
  page('/view/theme-settings', 'Theme Settings', { menu: menu('Account', 70) }),
  page('/view/product-update', 'Product Updates', { menu: menu('Account', 80) }),
  page('/view/send-feedback', 'Send Feedback', { menu: menu('Account', 90) }),
  page('/view/logout', 'Logout', { menu: menu('Account', 100) }),

  // Case modules. The assessment list screen serves IME, mass torts, OT and conclave by service type;
  // the supplementary list screen serves supplementary and file review.
  ...resource('assessments', 'IME Assessments', 'IME Assessment', {
    roles: CASE_READERS,
    reads: Permissions.assessments.read,
    features: ['Assessment'],
    serviceType: 'IME',
    add: { roles: CASE_BOOKERS },
    menu: menu('Cases', 10),
  }),
  ...resource('supplementaries', 'Supplementary Reports', 'Supplementary Report', {
    roles: CASE_READERS,
    reads: Permissions.supplementaries.read,
    features: ['Supplementary'],
    serviceType: 'SUPPLEMENTARY',
    add: { roles: CASE_BOOKERS },
    menu: menu('Cases', 20),
  }),
  ...resource('file-reviews', 'File Reviews', 'File Review', {
    roles: CASE_READERS,
    reads: Permissions.fileReviews.read,
    features: ['FileReview'],
    serviceType: 'FILE_REVIEW',
    add: { roles: CASE_BOOKERS },
    menu: menu('Cases', 30),
  }),
  ...resource('clinical-records', 'Medical Records', 'Medical Record', {
    roles: CASE_READERS,
    reads: Permissions.medicalRecords.read,
    features: ['MedicalRecord'],
    add: { roles: CASE_BOOKERS },
    menu: menu('Cases', 40),
  }),
  ...resource('mednegs', 'Medical Negligence', 'Medical Negligence Case', {
    roles: CASE_READERS,
    reads: Permissions.medNeg.read,
    features: ['MedNeg'],
    add: { roles: CASE_BOOKERS },
    menu: menu('Cases', 50),
  }),
  ...resource('ot', 'Occupational Therapy', 'OT Case', {
    roles: CASE_READERS,
    reads: Permissions.assessments.read,
    features: ['OT'],
    serviceType: 'OT',
    add: { roles: [...CASE_BOOKERS, 'SPECIALIST'] },
    menu: menu('Cases', 60),
  }),
  ...resource('mass-torts', 'Mass Torts', 'Mass Tort', {
    roles: CASE_READERS,
    reads: Permissions.assessments.read,
    features: ['MassTorts'],
    serviceType: 'MASS_TORTS',
    add: { roles: [...CASE_BOOKERS, 'SPECIALIST'] },
    menu: menu('Cases', 70),
  }),
  ...resource('co-teleconference', 'Conclave/Court Reviews', 'Conclave/Court Review', {
    roles: CASE_READERS,
    reads: Permissions.assessments.read,
    features: ['COTELE'],
    serviceType: 'COTELE',
    add: { roles: CASE_BOOKERS },
    menu: menu('Cases', 80),
  }),
  ...resource('ndis', 'NDIS', 'NDIS Case', {
    roles: CASE_READERS,
    features: ['NDIS'],
    reads: Permissions.ndis.read,
    serviceType: 'NDIS',
    add: { roles: CASE_BOOKERS },
    menu: menu('Cases', 90),
  }),
  ...resource('tpd', 'TPD Claims', 'TPD Claim', {
    roles: CASE_READERS,
    reads: Permissions.tpd.read,
    features: ['TPD'],
    add: { roles: CASE_BOOKERS },
    menu: menu('Cases', 100),
  }),
  ...resource('mva-claim', 'MVA Claims', 'MVA Claim', {
    roles: [...CASE_READERS, 'CONTRACTOR'],
    features: ['MVA'],
    reads: Permissions.mva.read,
    serviceType: 'MVA',
    add: { roles: [...CASE_BOOKERS, 'CONTRACTOR'] },
    menu: menu('Cases', 110),
  }),
  page('/view/case-typist-incomplete-jobs', 'Incomplete Jobs', {
    roles: ['CONTRACTOR', 'ADMIN_STAFF', 'STAFF'],
    menu: menu('Cases', 120),
  }),
  page('/view/case-typist-completed-jobs', 'Completed Jobs', {
    roles: ['CONTRACTOR', 'ADMIN_STAFF', 'STAFF'],
    menu: menu('Cases', 130),
  }),
  ...resource('check-lists', 'LMQ Checklists', 'LMQ Checklist', {
    roles: OFFICE,
    features: ['LMQ'],
    permission: 'LMQ',
    menu: menu('Cases', 160),
  }),
  ...resource('time-tracking', 'Time Tracking', 'Time Entry', {
    roles: OFFICE,
    features: ['TimeTracking'],
    menu: menu('Cases', 170),
  }),
  // Matter sync follows the per-user CompanyPMSConfig feature (admin or staff, or a case manager whose
  // company has a default practice-management company).
  page('/view/pms-matter', 'Matter Sync', {
    roles: ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'],
    features: ['CompanyPMSConfig'],
    menu: menu('Cases', 180),
  }),

  // Scheduling and telehealth.
  page('/view/calendar', 'Clinic Calendar', {
    roles: ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'SPECIALIST'],
    menu: menu('Scheduling', 10),
  }),
  page('/view/ndis-calendar', 'NDIS Calendar', {
    roles: ['ADMIN_STAFF', 'STAFF', 'SPECIALIST'],
    features: ['NDIS'],
    menu: menu('Scheduling', 20),
  }),
  // Meetings are held for the cases of the IME screen's services, whose features their calls need.
  ...resource('video-meeting', 'Video Meetings', 'Video Meeting', {
    roles: ADMINS_AND_STAFF,
    reads: Permissions.assessments.update,
    features: VIDEO_CASE_FEATURES,
    menu: menu('Scheduling', 40),
  }),
  page('/view/video-session', 'Video Session'),
  page('/view/video-session-detail', 'Video Session Detail', {
    roles: ADMINS_AND_STAFF,
    features: VIDEO_CASE_FEATURES,
  }),
  page('/view/meeting-list-for-case', 'Case Meetings', { roles: ADMINS_AND_STAFF, features: VIDEO_CASE_FEATURES }),
  page('/view/video-old', 'Video'),
  page('/view/inquiry-centre', 'Inquiry Centre', {
    roles: OFFICE,
    features: ['InquiryCentre'],
    menu: menu('Scheduling', 50),
  }),
  ...resource('eml-synced-appointments', 'Synced Appointments', 'Synced Appointment', {
    roles: OFFICE,
    features: ['EMLIntegration'],
    menu: menu('Scheduling', 60),
  }),

  // Documents and correspondence.
  ...resource('mail-templates', 'Mail Templates', 'Mail Template', {
    roles: ADMINS_AND_STAFF,
    menu: menu('Documents', 30),
  }),
  page('/view/ad-hoc', 'Ad-Hoc Mail Templates', {
    roles: OFFICE,
    features: ['AdHocTemplate'],
    menu: menu('Documents', 40),
  }),

  // Billing: invoicing, provider payment and remittance.
  ...resource('invoices', 'Invoices', 'Invoice', {
    roles: BILLING,
    list: { roles: [...BILLING, 'CASE_MANAGER'] },
    menu: menu('Billing', 10),
  }),
  page('/view/generate-doctor-payment', 'Doctor Remittances', { roles: BILLING, menu: menu('Billing', 20) }),
  page('/view/remittance-statements', 'Provider Remittance', { roles: BILLING, menu: menu('Billing', 30) }),
  page('/view/outstanding-balance-report', 'Outstanding Balance', {
    roles: ['ADMIN_STAFF', 'ACCOUNTING'],
    menu: menu('Billing', 40),
  }),
  // A specialist's own remittance statements (their side of the Provider Remittance screen).
  page('/view/my-remittances', 'My Remittances', { roles: ['SPECIALIST'], menu: menu('Billing', 35) }),
  page('/view/account-code', 'Account Codes', { roles: BILLING, menu: menu('Billing', 50) }),
  // Xero and QuickBooks: connect, status, manual sync (the spec's app/xero and app/quickbook calls).
  page('/view/accounting-connections', 'Accounting Connections', { roles: BILLING, menu: menu('Billing', 55) }),
  ...resource('service-items', 'Service Items', 'Service Item', { roles: OFFICE, menu: menu('Billing', 60) }),
  ...resource('ndis-service-items', 'NDIS Service Items', 'NDIS Service Item', {
    roles: OFFICE,
    features: ['NDIS'],
    menu: menu('Billing', 70),
  }),
  ...resource('ama-service-fee', 'AMA Service Fees', 'AMA Service Fee', { roles: OFFICE, menu: menu('Billing', 80) }),

  // Funding and disbursement.
  ...resource('facility-requests', 'Facility Requests', 'Facility Request', {
    roles: [...FUNDING_OFFICE, 'CASE_MANAGER'],
    features: FUNDING,
    reads: Permissions.fundingRequests.read,
    menu: menu('Funding', 10),
  }),
  ...resource('facility-agreements', 'Facility Agreements', 'Facility Agreement', {
    roles: [...FUNDING_OFFICE, 'CASE_MANAGER'],
    features: FUNDING,
    reads: Permissions.fundingAgreements.read,
    menu: menu('Funding', 20),
  }),
  // Loan fundings; insurer contractors reach the list and details through the INSURER role.
  ...resource('disbursement-funding', 'Disbursement Funding', 'Loan Funding', {
    roles: [...FUNDING_BILLING, 'CASE_MANAGER', 'INSURER'],
    features: ['DisbursementFunding'],
    permission: 'DisbursementFunding',
    reads: Permissions.disbursementFunding.read,
    add: { roles: FUNDING_BILLING },
    menu: menu('Funding', 30, 'Loan Fundings'),
  }),
  ...resource('facility-transactions', 'Funding Transactions', 'Funding Transaction', {
    roles: [...FUNDING_BILLING, 'CASE_MANAGER', 'INSURER'],
    features: ['FundingTransaction'],
    permission: 'FundingTransaction',
    reads: Permissions.fundingTransactions.read,
    add: { roles: FUNDING_BILLING },
    menu: menu('Funding', 40),
  }),
  ...resource('transaction-invoice', 'Funding Invoices', 'Funding Invoice', {
    roles: [...FUNDING_BILLING, 'CASE_MANAGER'],
    features: ['FundingTransaction'],
    permission: 'TransactionInvoice',
    // The funder's repayment invoices (decision 0062), read with the loans they bill.
    reads: Permissions.disbursementFunding.read,
    menu: menu('Funding', 50),
  }),
  ...resource('funding-providers', 'Funding Providers', 'Funding Provider', {
    roles: FUNDING_OFFICE,
    features: FUNDING,
    reads: Permissions.fundingProviders.read,
    menu: menu('Funding', 60),
  }),
  page('/view/disbursement-funding-report', 'Disbursement Funding Report', {
    roles: FUNDING_BILLING,
    features: ['DisbursementFunding'],
    reads: Permissions.disbursementFunding.read,
    menu: menu('Funding', 70),
  }),

  // Master data.
  ...resource('companies', 'Companies', 'Company', { roles: OFFICE, menu: menu('Master data', 10) }),
  ...resource('company-groups', 'Company Groups', 'Company Group', { roles: OFFICE, menu: menu('Master data', 20) }),
  ...resource('case-managers', 'Case Managers', 'Case Manager', { roles: OFFICE, menu: menu('Master data', 30) }),
  ...resource('clients', 'Clients', 'Client', {
    roles: ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'CONTRACTOR'],
    menu: menu('Master data', 40),
  }),
  ...resource('centres', 'Service Centres', 'Service Centre', {
    roles: OFFICE,
    add: { roles: [...OFFICE, 'CASE_MANAGER'] },
    detail: { roles: [...OFFICE, 'CASE_MANAGER'] },
    menu: menu('Master data', 50),
  }),
  ...resource('specialists', 'Specialists', 'Specialist', { roles: OFFICE, menu: menu('Master data', 60) }),
  ...resource('contractors', 'Contractors', 'Contractor', { roles: OFFICE, menu: menu('Master data', 70) }),
  ...resource('treatment-providers', 'Treatment Providers', 'Treatment Provider', {
    roles: OFFICE,
    features: ['TreatmentProvider'],
    menu: menu('Master data', 80),
  }),
  ...resource('service-provider', 'Service Providers', 'Service Provider', {
    roles: OFFICE,
    menu: menu('Master data', 90),
  }),
  page('/view/lookup-config', 'Value List', { roles: OFFICE, menu: menu('Master data', 100) }),
  ...resource('matter-types', 'Matter Types', 'Matter Type', { roles: OFFICE, menu: menu('Master data', 110) }),
  ...resource('document-types', 'Document Types', 'Document Type', { roles: OFFICE, menu: menu('Master data', 120) }),
  ...resource('attachment-types', 'Attachment Types', 'Attachment Type', {
    roles: OFFICE,
    menu: menu('Master data', 130),
  }),
  ...resource('default-pic', 'Default PICs', 'Default PIC', { roles: OFFICE, menu: menu('Master data', 140) }),
  page('/view/holidays', 'Holidays', { roles: OFFICE, menu: menu('Master data', 150) }),
  page('/view/time-budget-breakdown', 'NDIS Time Budget', {
    roles: OFFICE,
    features: ['NDIS'],
    menu: menu('Master data', 160),
  }),
  ...resource('ims-approvals', 'IMS Approvals', 'IMS Approval', { roles: OFFICE, menu: menu('Master data', 170) }),
  ...resource('languages', 'Languages', 'Language', { roles: OFFICE, menu: menu('Master data', 180) }),
  ...resource('interpreters', 'Interpreters', 'Interpreter', { roles: OFFICE, menu: menu('Master data', 185) }),
  ...resource('countries', 'Countries', 'Country', { roles: OFFICE, menu: menu('Master data', 190) }),
  ...resource('cities', 'Cities', 'City', { roles: OFFICE, menu: menu('Master data', 200) }),

  // Marketing and relationship management.
  ...resource('marketing-campaigns', 'Marketing Campaigns', 'Marketing Campaign', {
    roles: OFFICE,
    features: ['MarketingCampaign'],
    menu: menu('Marketing', 10),
  }),
  // Relationship activities are correspondence notes of the parties (decision 0114).
  page('/view/relationship-activities', 'Relationship Activities', {
    roles: OFFICE,
    reads: Permissions.correspondence.read,
    menu: menu('Marketing', 20),
  }),
  ...resource('sale-targets', 'Sale Targets', 'Sale Target', { roles: OFFICE, menu: menu('Marketing', 30) }),
  ...resource('talking-point', 'Talking Points', 'Talking Point', { roles: OFFICE, menu: menu('Marketing', 40) }),
  ...resource('talking-point-category', 'Talking Point Categories', 'Talking Point Category', {
    roles: OFFICE,
    menu: menu('Marketing', 50),
  }),

  // Reports.
  ...biReportRoutes,
  page('/view/report-correction', 'Reports QA Sheet', {
    roles: OFFICE,
    features: ['QaStatus'],
    reads: Permissions.reportCorrections.read,
    menu: menu('Reports', 200),
  }),
  page('/view/client-active-count', 'Monthly Active Clients', {
    roles: ADMINS,
    reads: Permissions.statistics.administration,
    menu: menu('Reports', 210),
  }),
  ...resource('monthly-active-accounts', 'Monthly Active Accounts', 'Monthly Active Account', {
    roles: ADMINS,
    reads: Permissions.statistics.administration,
    menu: menu('Reports', 220),
  }),

  // Administration.
  ...resource('users', 'Users', 'User', {
    roles: ADMINS,
    menu: menu('Administration', 10, 'Login Users'),
    description: 'Sign-in accounts: roles, activation, passwords and lockouts.',
  }),
  ...resource('staffs', 'Staff', 'Staff Member', {
    roles: ADMINS,
    menu: menu('Administration', 20),
    description: 'The office staff who book and run cases, with their contact details.',
  }),
  ...resource('user-group', 'User Groups', 'User Group', {
    roles: ADMINS,
    menu: menu('Administration', 30),
    description: 'Named groups of staff users and their members.',
  }),
  ...resource('roles', 'Roles', 'Role', {
    roles: ['TENANT_ADMIN'],
    menu: menu('Administration', 40),
    description: 'Each role and the permissions it grants.',
  }),
  page('/view/system-config', 'System Configuration', {
    roles: ADMINS,
    menu: menu('Administration', 50),
    description: "The organisation's settings: booking rules, notifications, funding and every stored setting.",
  }),
  page('/view/impairmentChecker', 'Impairment Checker', {
    roles: ADMINS,
    features: ['ImpairmentChecker'],
    menu: menu('Administration', 60),
    description: "Combine whole-person impairments by the AMA Guides' chart to check a report's total.",
  }),
  {
    ...practiceSoftware('/view/law-practice-softwares', 'Practice Software', 70),
    description: "Each law firm's practice software: its connection, webhooks and linked matters.",
  },
  {
    ...practiceSoftware('/view/pms-integration', 'PMS Integration', 80),
    description: "Link a case to a matter in its law firm's practice software and sync its documents.",
  },
  practiceSoftware('/view/clio-app', 'Clio'),
  practiceSoftware('/view/leap-app', 'Leap'),
  practiceSoftware('/view/pe-app', 'Practice Evolve'),
  practiceSoftware('/view/actionstep-app', 'Action Step'),
  practiceSoftware('/view/smokeball-app', 'Smokeball'),
  page('/view/emails-tracking', 'E-mail Tracking', {
    roles: ADMINS_AND_STAFF,
    menu: menu('Administration', 90),
    description: 'Every e-mail sent: its recipient, record and delivery state, with resend.',
  }),
  page('/view/emails-sending-report', 'E-mail Sending Report', {
    roles: ADMINS,
    menu: menu('Administration', 100),
    description: 'E-mails of a period per template: sent, pending and failed.',
  }),
  ...resource('tenants', 'Tenants', 'Tenant', {
    roles: ['TENANT_ADMIN'],
    hostOnly: true,
    menu: menu('Administration', 110),
    description: 'The organisations on the platform: their edition, features and admin, and logging in as them.',
  }),
  ...resource('editions', 'Editions', 'Edition', {
    roles: ['TENANT_ADMIN'],
    hostOnly: true,
    menu: menu('Administration', 120),
    description: 'The editions tenants subscribe to and the features each one turns on.',
  }),
  page('/view/file-management', 'Storage', {
    roles: ['TENANT_ADMIN'],
    hostOnly: true,
    menu: menu('Administration', 130),
    description: "Each tenant's used file storage against its limit.",
  }),
  page('/view/db-migration', 'Database Migration', {
    roles: ['TENANT_ADMIN'],
    hostOnly: true,
    menu: menu('Administration', 140),
    description: "The database's migrations, and applying the pending ones.",
  }),
  page('/view/system-error', 'System Errors', {
    roles: ADMINS,
    hostOnly: true,
    menu: menu('Administration', 150),
    description: 'Server failures by kind, how often they happened, marked resolved or not.',
  }),
  ...resource('system-update', 'System Updates', 'System Update', {
    roles: ADMINS,
    hostOnly: true,
    reads: Permissions.systemUpdates.read,
    add: { roles: ['TENANT_ADMIN'] },
    menu: menu('Administration', 160),
    description: 'Release notes shown to every user under Product Updates, drafted and published here.',
  }),
  ...resource('tenant-invoice', 'Tenant Invoices', 'Tenant Invoice', {
    roles: ADMINS,
    permission: 'Subscription',
    menu: menu('Administration', 170),
    description: "The subscription's invoices to each tenant.",
  }),
  ...resource('billing-setting', 'Tenant Billing Rates', 'Billing Setting', {
    roles: ADMINS,
    permission: 'Subscription',
    detail: { title: 'Subscription' },
    menu: menu('Administration', 180),
    description: "The subscription's billing rates of each tenant.",
  }),
  page('/view/test-chatbot', 'Test Chatbot', {
    roles: ADMINS,
    features: ['BookingAgent'],
    menu: menu('Administration', 220),
    description: 'Try the booking assistant: ask for sessions or cases and see what it proposes.',
  }),

  // Print and view pages: opened from screens, need a signed-in user.
  printPage('/view/clinical-notes/print-letter-of-confirmation', 'Letter of Confirmation', PRINT_ROLES),
  printPage('/view/clinical-notes/print-loa-template', 'Letter of Authorisation', PRINT_ROLES),
  printPage('/view/clinical-notes/print-medical-request', 'Medical Request', PRINT_ROLES),
  printPage('/view/invoices/print-invoice', 'Invoice', BILLING_PRINT_ROLES),
  printPage('/view/invoices/outstanding-statement-print', 'Outstanding Statement', BILLING_PRINT_ROLES),
  printPage('/view/daysheet-print', 'Daysheet', [...PRINT_ROLES, 'SPECIALIST']),
  printPage('/view/disbursement-print', 'Disbursement Invoice', BILLING_PRINT_ROLES),
  printPage('/view/repaymentinvoice-print', 'Repayment Invoice', BILLING_PRINT_ROLES),
  printPage('/view/repaymentinvoice-summary-print', 'Repayment Invoice Summary', BILLING_PRINT_ROLES),
  printPage('/view/outstanding-statement-print', 'Disbursement Outstanding Statement', BILLING_PRINT_ROLES),
  printPage(
    '/view/repaymentinvoice/outstanding-statement-print',
    'Repayment Outstanding Statement',
    BILLING_PRINT_ROLES,
  ),
  printPage(
    '/view/disbursement-funding/accrued-interest-statement-print',
    'Accrued Interest Statement',
    BILLING_PRINT_ROLES,
  ),
  printPage('/view/ime-assessment/template', 'Assessment Document'),
  printPage('/view/supplementary/print', 'Service Request', ['ADMIN_STAFF', 'STAFF', 'SPECIALIST']),
  printPage('/view/agreement-advance/print', 'Advance Request'),
  printPage('/view/specialist-remittance/print', 'Remittance Payment', ['ADMIN_STAFF', 'STAFF']),
  printPage('/view/mva/template', 'MVA Letter'),
  printPage('/view/ndis/template', 'NDIS Document'),
  printPage('/view/specialist/template', 'Specialist Agreement'),
];

const byPath = new Map(RouteTable.map((route) => [route.path, route]));

/** The route table entry of a path pattern (as written in the table, e.g. `/view/companies/detail/:id`). */
export function routeByPath(path: string): RouteEntry | undefined {
  return byPath.get(path);
}

/** The route whose pattern matches a concrete path such as `/view/companies/detail/0190…`. */
export function matchRoute(pathname: string): RouteEntry | undefined {
  const clean = pathname.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
  return byPath.get(clean) ?? byPath.get(clean.replace(/\/detail\/[^/]+$/, '/detail/:id'));
}
