import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ReportKeys } from '@casebook/domain';
import type * as FundingScreens from '../../features/funding/fundingScreens';

// The case screens share one chunk: list, add and detail of each service type of the assessment list.
const caseScreen = (path: string) =>
  lazy(() => import('../../features/cases/caseScreens').then((m) => ({ default: m.CaseScreens[path]! })));
const CASE_PATHS = ['/view/assessments', '/view/mass-torts', '/view/ot', '/view/co-teleconference'].flatMap((base) => [
  base,
  `${base}/add`,
  `${base}/detail/:id`,
]);

// The funding screens share one chunk.
const funding = (name: keyof typeof FundingScreens) =>
  lazy(() => import('../../features/funding/fundingScreens').then((m) => ({ default: m[name] })));
// Supplementary reports and file reviews share one chunk, rendered from their declarations.
const supplementaryScreen = (path: string) =>
  lazy(() =>
    import('../../features/supplementary/supplementaryScreens').then((m) => ({
      default: m.SupplementaryScreens[path]!,
    })),
  );
const SUPPLEMENTARY_PATHS = ['/view/supplementaries', '/view/file-reviews'].flatMap((base) => [
  base,
  `${base}/add`,
  `${base}/detail/:id`,
]);
// Video meetings: the participant's page and the staff's meeting list and detail.
const videoScreen = (name: 'VideoMeetingPage' | 'VideoMeetingListPage' | 'VideoMeetingDetailPage') =>
  lazy(() =>
    name === 'VideoMeetingPage'
      ? import('../../features/video/VideoMeetingPage').then((m) => ({ default: m.VideoMeetingPage }))
      : import('../../features/video/VideoMeetingViews').then((m) => ({ default: m[name] })),
  );
/** A declared module's list, add and detail routes. */
const moduleRoutes = (base: string) => [base, `${base}/add`, `${base}/detail/:id`];

// Medical records: one chunk, rendered from the declaration.
const medicalRecordScreen = (path: string) =>
  lazy(() =>
    import('../../features/clinical-records/medicalRecordScreens').then((m) => ({
      default: m.MedicalRecordScreens[path]!,
    })),
  );

const tpdScreen = (path: string) =>
  lazy(() => import('../../features/tpd/tpdScreens').then((m) => ({ default: m.TpdScreens[path]! })));

const medNegScreen = (path: string) =>
  lazy(() => import('../../features/mednegs/medNegScreens').then((m) => ({ default: m.MedNegScreens[path]! })));

// MVA claims: one chunk, rendered from the declaration and the claim's own parts.
const mvaScreen = (path: string) =>
  lazy(() => import('../../features/mva/mvaScreens').then((m) => ({ default: m.MvaScreens[path]! })));

// NDIS cases: one chunk, rendered from the declaration and the participant's own records.
const ndisScreen = (path: string) =>
  lazy(() => import('../../features/ndis/ndisScreens').then((m) => ({ default: m.NdisScreens[path]! })));

// Every built business report: one screen rendered from its declaration (the chart library loads with it).
const reportScreen = (key: (typeof ReportKeys)[number]) =>
  lazy(() =>
    import('../../features/reports/ReportPage').then((m) => ({
      default: () => createElement(m.ReportPage, { reportKey: key }),
    })),
  );

// The typist's job lists share one chunk.
const typing = (name: 'IncompleteTypistJobsPage' | 'CompletedTypistJobsPage') =>
  lazy(() => import('../../features/typing/TypistJobsPage').then((m) => ({ default: m[name] })));

// The account pages built on the caller's own records share one chunk.
const account = (
  name:
    'DoctorProfilePage' | 'CaseManagerProfilePage' | 'ContractorDetailPage' | 'SubscriptionPage' | 'ProductUpdatesPage',
) => lazy(() => import('../../features/account/AccountRecordPages').then((m) => ({ default: m[name] })));

/** Screens of the shell's own pages by route path; each is its own chunk. */
export const PageScreens: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  ...Object.fromEntries(CASE_PATHS.map((path) => [path, caseScreen(path)])),
  '/view/funding-providers': funding('FundingProvidersPage'),
  '/view/funding-providers/add': funding('FundingProvidersPage'),
  '/view/funding-providers/detail/:id': funding('FundingProviderDetailPage'),
  '/view/facility-agreements': funding('FundingAgreementsPage'),
  '/view/facility-agreements/add': funding('FundingAgreementAddPage'),
  '/view/facility-agreements/detail/:id': funding('FundingAgreementDetailPage'),
  '/view/disbursement-funding': funding('LoansPage'),
  '/view/disbursement-funding/add': funding('LoanAddPage'),
  '/view/disbursement-funding/detail/:id': funding('LoanDetailPage'),
  '/view/facility-transactions': funding('FundingTransactionsPage'),
  '/view/disbursement-funding-report': funding('DisbursementFundingReportPage'),
  '/view/dashboard-disbursement': funding('DisbursementDashboardPage'),
  '/view/facility-requests': funding('FacilityRequestsPage'),
  '/view/facility-requests/add': funding('FacilityRequestsPage'),
  '/view/facility-requests/detail/:id': funding('FacilityRequestDetailPage'),
  '/view/transaction-invoice': funding('FundingInvoicesPage'),
  '/view/transaction-invoice/add': funding('FundingInvoiceAddPage'),
  '/view/transaction-invoice/detail/:id': funding('FundingInvoiceDetailPage'),
  ...Object.fromEntries(SUPPLEMENTARY_PATHS.map((path) => [path, supplementaryScreen(path)])),
  ...Object.fromEntries(
    ['', '/add', '/detail/:id'].map((s) => [`/view/mva-claim${s}`, mvaScreen(`/view/mva-claim${s}`)]),
  ),
  ...Object.fromEntries(['', '/add', '/detail/:id'].map((s) => [`/view/ndis${s}`, ndisScreen(`/view/ndis${s}`)])),
  ...Object.fromEntries(moduleRoutes('/view/clinical-records').map((path) => [path, medicalRecordScreen(path)])),
  ...Object.fromEntries(moduleRoutes('/view/tpd').map((path) => [path, tpdScreen(path)])),
  ...Object.fromEntries(moduleRoutes('/view/mednegs').map((path) => [path, medNegScreen(path)])),
  ...Object.fromEntries(ReportKeys.map((key) => [`/view/reports/${key}`, reportScreen(key)])),
  '/view/report-correction': lazy(() =>
    import('../../features/reports/ReportQaSheetPage').then((m) => ({ default: m.ReportQaSheetPage })),
  ),
  ...Object.fromEntries(
    ['/view/time-tracking', '/view/time-tracking/add', '/view/time-tracking/detail/:id'].map((path) => [
      path,
      lazy(() =>
        import('../../features/time-tracking/TimeTrackingPage').then((m) => ({ default: m.TimeTrackingPage })),
      ),
    ]),
  ),
  ...Object.fromEntries(
    ['/view/check-lists', '/view/check-lists/add', '/view/check-lists/detail/:id'].map((path) => [
      path,
      lazy(() => import('../../features/lmq/ChecklistsPage').then((m) => ({ default: m.ChecklistsPage }))),
    ]),
  ),
  '/view/inquiry-centre': lazy(() =>
    import('../../features/inquiries/InquiryCentrePage').then((m) => ({ default: m.InquiryCentrePage })),
  ),
  '/view/case-typist-incomplete-jobs': typing('IncompleteTypistJobsPage'),
  '/view/case-typist-completed-jobs': typing('CompletedTypistJobsPage'),
  '/view/dashboard-typist': lazy(() =>
    import('../../features/typing/TypistDashboardPage').then((m) => ({ default: m.TypistDashboardPage })),
  ),
  '/view/dashboard': lazy(() =>
    import('../../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
  ),
  '/view/login-account': lazy(() =>
    import('../../features/account/MyDetailsPage').then((m) => ({ default: m.MyDetailsPage })),
  ),
  '/view/theme-settings': lazy(() =>
    import('../../features/account/ThemeSettingsPage').then((m) => ({ default: m.ThemeSettingsPage })),
  ),
  '/view/send-feedback': lazy(() =>
    import('../../features/account/SendFeedbackPage').then((m) => ({ default: m.SendFeedbackPage })),
  ),
  '/view/universal-search': lazy(() =>
    import('../../features/search/UniversalSearchPage').then((m) => ({ default: m.UniversalSearchPage })),
  ),
  '/view/action-required-search': lazy(() =>
    import('../../features/search/ActionRequiredSearchPage').then((m) => ({ default: m.ActionRequiredSearchPage })),
  ),
  '/view/dr-account': account('DoctorProfilePage'),
  '/view/cm-profile': account('CaseManagerProfilePage'),
  '/view/contractor-detail': account('ContractorDetailPage'),
  '/subscription': account('SubscriptionPage'),
  '/view/product-update': account('ProductUpdatesPage'),
  '/view/docs-search': lazy(() =>
    import('../../features/files/DocumentSearchPage').then((m) => ({ default: m.DocumentSearchPage })),
  ),
  '/view/documents-search': lazy(() =>
    import('../../features/files/DocumentSearchPage').then((m) => ({ default: m.DocumentSearchPage })),
  ),
  '/view/client-active-count': lazy(() =>
    import('../../features/statistics/MonthlyActivePage').then((m) => ({ default: m.MonthlyActiveClientsPage })),
  ),
  ...Object.fromEntries(
    [
      '/view/monthly-active-accounts',
      '/view/monthly-active-accounts/add',
      '/view/monthly-active-accounts/detail/:id',
    ].map((path) => [
      path,
      lazy(() =>
        import('../../features/statistics/MonthlyActivePage').then((m) => ({ default: m.MonthlyActiveAccountsPage })),
      ),
    ]),
  ),
  '/view/db-migration': lazy(() =>
    import('../../features/admin/DbMigrationPage').then((m) => ({ default: m.DbMigrationPage })),
  ),
  '/view/file-management': lazy(() =>
    import('../../features/files/FileManagementPage').then((m) => ({ default: m.FileManagementPage })),
  ),
  '/view/smart-search': lazy(() =>
    import('../../features/scheduling/SmartSearchPage').then((m) => ({ default: m.SmartSearchPage })),
  ),
  '/view/test-chatbot': lazy(() =>
    import('../../features/scheduling/BookingAssistantPanel').then((m) => ({ default: m.BookingAssistantPanel })),
  ),
  '/view/video-old': videoScreen('VideoMeetingPage'),
  '/view/video-session': videoScreen('VideoMeetingPage'),
  '/view/video-meeting': videoScreen('VideoMeetingListPage'),
  '/view/video-meeting/add': videoScreen('VideoMeetingListPage'),
  '/view/video-meeting/detail/:id': videoScreen('VideoMeetingDetailPage'),
  '/view/meeting-list-for-case': videoScreen('VideoMeetingListPage'),
  '/view/video-session-detail': videoScreen('VideoMeetingDetailPage'),
  '/view/ndis-calendar': lazy(() =>
    import('../../features/scheduling/CalendarPage').then((m) => ({ default: m.NdisCalendarPage })),
  ),
  '/view/calendar': lazy(() =>
    import('../../features/scheduling/CalendarPage').then((m) => ({ default: m.CalendarPage })),
  ),
  ...Object.fromEntries(
    ['/view/tenants', '/view/tenants/add', '/view/tenants/detail/:id'].map((path) => [
      path,
      lazy(() => import('../../features/admin/TenantsPage').then((m) => ({ default: m.TenantsPage }))),
    ]),
  ),
  ...Object.fromEntries(
    ['/view/roles', '/view/roles/add', '/view/roles/detail/:id'].map((path) => [
      path,
      lazy(() => import('../../features/admin/RolesPage').then((m) => ({ default: m.RolesPage }))),
    ]),
  ),
  ...Object.fromEntries(
    ['/view/editions', '/view/editions/add', '/view/editions/detail/:id'].map((path) => [
      path,
      lazy(() => import('../../features/admin/TenantsPage').then((m) => ({ default: m.EditionsPage }))),
    ]),
  ),
  '/view/background-jobs': lazy(() =>
    import('../../features/admin/BackgroundJobsPage').then((m) => ({ default: m.BackgroundJobsPage })),
  ),
  '/view/emails-tracking': lazy(() =>
    import('../../features/admin/EmailTrackingPage').then((m) => ({ default: m.EmailTrackingPage })),
  ),
  '/view/emails-sending-report': lazy(() =>
    import('../../features/admin/SendingReportPage').then((m) => ({ default: m.SendingReportPage })),
  ),
  '/view/system-error': lazy(() =>
    import('../../features/admin/SystemErrorsPage').then((m) => ({ default: m.SystemErrorsPage })),
  ),
  '/view/system-update': lazy(() =>
    import('../../features/admin/SystemUpdatesPage').then((m) => ({ default: m.SystemUpdatesPage })),
  ),
  '/view/system-update/add': lazy(() =>
    import('../../features/admin/SystemUpdatesPage').then((m) => ({ default: m.SystemUpdateAddPage })),
  ),
  '/view/system-update/detail/:id': lazy(() =>
    import('../../features/admin/SystemUpdatesPage').then((m) => ({ default: m.SystemUpdateDetailPage })),
  ),
  '/view/billing-setting': lazy(() =>
    import('../../features/admin/SubscriptionBillingPages').then((m) => ({ default: m.BillingSettingsPage })),
  ),
  '/view/billing-setting/detail/:id': lazy(() =>
    import('../../features/admin/SubscriptionBillingPages').then((m) => ({ default: m.BillingSettingDetailPage })),
  ),
  '/view/billing-setting/add': lazy(() =>
    import('../../features/admin/SubscriptionBillingPages').then((m) => ({ default: m.BillingSettingAddPage })),
  ),
  '/view/tenant-invoice/add': lazy(() =>
    import('../../features/admin/SubscriptionBillingPages').then((m) => ({ default: m.TenantInvoiceAddPage })),
  ),
  '/view/tenant-invoice': lazy(() =>
    import('../../features/admin/SubscriptionBillingPages').then((m) => ({ default: m.TenantInvoicesPage })),
  ),
  '/view/tenant-invoice/detail/:id': lazy(() =>
    import('../../features/admin/SubscriptionBillingPages').then((m) => ({ default: m.TenantInvoiceDetailPage })),
  ),
  '/view/system-tools': lazy(() =>
    import('../../features/admin/SystemToolsPage').then((m) => ({ default: m.SystemToolsPage })),
  ),
  '/view/health-status': lazy(() =>
    import('../../features/admin/HealthStatusPage').then((m) => ({ default: m.HealthStatusPage })),
  ),
  '/view/ad-hoc': lazy(() =>
    import('../../features/admin/AdHocTemplatesPage').then((m) => ({ default: m.AdHocTemplatesPage })),
  ),
  '/view/mail-templates': lazy(() =>
    import('../../features/admin/MailTemplatesPage').then((m) => ({ default: m.MailTemplatesPage })),
  ),
  '/view/invoices': lazy(() =>
    import('../../features/invoices/InvoiceListPage').then((m) => ({ default: m.InvoiceListPage })),
  ),
  '/view/invoices/add': lazy(() =>
    import('../../features/invoices/InvoiceAddPage').then((m) => ({ default: m.InvoiceAddPage })),
  ),
  '/view/invoices/detail/:id': lazy(() =>
    import('../../features/invoices/InvoiceDetailPage').then((m) => ({ default: m.InvoiceDetailPage })),
  ),
  '/view/generate-doctor-payment': lazy(() =>
    import('../../features/invoices/RemittanceRunPage').then((m) => ({ default: m.RemittanceRunPage })),
  ),
  '/view/remittance-statements': lazy(() =>
    import('../../features/invoices/RemittanceStatementsPage').then((m) => ({ default: m.RemittanceStatementsPage })),
  ),
  '/view/outstanding-balance-report': lazy(() =>
    import('../../features/invoices/OutstandingBalancePage').then((m) => ({ default: m.OutstandingBalancePage })),
  ),
  '/view/marketing-campaigns': lazy(() =>
    import('../../features/marketing/MarketingCampaignsPage').then((m) => ({ default: m.MarketingCampaignsPage })),
  ),
  '/view/marketing-campaigns/add': lazy(() =>
    import('../../features/marketing/MarketingCampaignDetailPage').then((m) => ({
      default: m.MarketingCampaignDetailPage,
    })),
  ),
  '/view/marketing-campaigns/detail/:id': lazy(() =>
    import('../../features/marketing/MarketingCampaignDetailPage').then((m) => ({
      default: m.MarketingCampaignDetailPage,
    })),
  ),
  '/view/law-practice-softwares': lazy(() =>
    import('../../features/pms/PracticeSoftwarePage').then((m) => ({ default: m.LawPracticeSoftwaresPage })),
  ),
  '/view/clio-app': lazy(() =>
    import('../../features/pms/PracticeSoftwarePage').then((m) => ({ default: m.ClioAppPage })),
  ),
  '/view/leap-app': lazy(() =>
    import('../../features/pms/PracticeSoftwarePage').then((m) => ({ default: m.LeapAppPage })),
  ),
  '/view/pe-app': lazy(() =>
    import('../../features/pms/PracticeSoftwarePage').then((m) => ({ default: m.PracticeEvolveAppPage })),
  ),
  '/view/actionstep-app': lazy(() =>
    import('../../features/pms/PracticeSoftwarePage').then((m) => ({ default: m.ActionstepAppPage })),
  ),
  '/view/smokeball-app': lazy(() =>
    import('../../features/pms/PracticeSoftwarePage').then((m) => ({ default: m.SmokeballAppPage })),
  ),
  '/view/pms-integration': lazy(() =>
    import('../../features/pms/PmsIntegrationPage').then((m) => ({ default: m.PmsIntegrationPage })),
  ),
  '/view/pms-matter': lazy(() =>
    import('../../features/pms/PmsMatterPage').then((m) => ({ default: m.PmsMatterPage })),
  ),
  '/view/eml-synced-appointments': lazy(() =>
    import('../../features/eml/EmlSyncedAppointmentsPage').then((m) => ({ default: m.EmlSyncedAppointmentsPage })),
  ),
  '/view/accounting-connections': lazy(() =>
    import('../../features/accounting/AccountingConnectionsPage').then((m) => ({
      default: m.AccountingConnectionsPage,
    })),
  ),
  '/view/my-remittances': lazy(() =>
    import('../../features/invoices/MyRemittancesPage').then((m) => ({ default: m.MyRemittancesPage })),
  ),
  '/view/system-config': lazy(() =>
    import('../../features/admin/SystemConfigPage').then((m) => ({ default: m.SystemConfigPage })),
  ),
  '/view/impairmentChecker': lazy(() =>
    import('../../features/admin/ImpairmentCheckerPage').then((m) => ({ default: m.ImpairmentCheckerPage })),
  ),
  '/view/relationship-activities': lazy(() =>
    import('../../features/marketing/RelationshipActivitiesPage').then((m) => ({
      default: m.RelationshipActivitiesPage,
    })),
  ),
  '/view/notifications': lazy(() =>
    import('../../features/notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
  ),
};
