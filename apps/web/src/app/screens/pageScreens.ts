import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of the shell's own pages by route path; each is its own chunk. */
export const PageScreens: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
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
};
