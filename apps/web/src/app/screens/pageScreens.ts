import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// The case screens share one chunk: list, add and detail of each service type of the assessment list.
const caseScreen = (path: string) =>
  lazy(() => import('../../features/cases/caseScreens').then((m) => ({ default: m.CaseScreens[path]! })));
const CASE_PATHS = ['/view/assessments', '/view/mass-torts', '/view/ot', '/view/co-teleconference'].flatMap((base) => [
  base,
  `${base}/add`,
  `${base}/detail/:id`,
]);

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

/** Screens of the shell's own pages by route path; each is its own chunk. */
export const PageScreens: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  ...Object.fromEntries(CASE_PATHS.map((path) => [path, caseScreen(path)])),
  ...Object.fromEntries(SUPPLEMENTARY_PATHS.map((path) => [path, supplementaryScreen(path)])),
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
  '/view/docs-search': lazy(() =>
    import('../../features/files/DocumentSearchPage').then((m) => ({ default: m.DocumentSearchPage })),
  ),
  '/view/documents-search': lazy(() =>
    import('../../features/files/DocumentSearchPage').then((m) => ({ default: m.DocumentSearchPage })),
  ),
  '/view/file-management': lazy(() =>
    import('../../features/files/FileManagementPage').then((m) => ({ default: m.FileManagementPage })),
  ),
  '/view/smart-search': lazy(() =>
    import('../../features/scheduling/SmartSearchPage').then((m) => ({ default: m.SmartSearchPage })),
  ),
  '/view/calendar': lazy(() =>
    import('../../features/scheduling/CalendarPage').then((m) => ({ default: m.CalendarPage })),
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
  '/view/health-status': lazy(() =>
    import('../../features/admin/HealthStatusPage').then((m) => ({ default: m.HealthStatusPage })),
  ),
  '/view/ad-hoc': lazy(() =>
    import('../../features/admin/AdHocTemplatesPage').then((m) => ({ default: m.AdHocTemplatesPage })),
  ),
  '/view/mail-templates': lazy(() =>
    import('../../features/admin/MailTemplatesPage').then((m) => ({ default: m.MailTemplatesPage })),
  ),
  '/view/notifications': lazy(() =>
    import('../../features/notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
  ),
};
