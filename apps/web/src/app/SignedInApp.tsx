import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { matchRoute } from '@casebook/domain';
import { ApiProvider } from '../platform/api/ApiProvider';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { ShellLayout } from './layout/ShellLayout';
import { SessionProvider } from './session/SessionProvider';
import { WorkspaceProvider } from './tabs/WorkspaceProvider';
import { ThemeProvider } from './theme/ThemeProvider';
import { TelephonyWidget } from '../features/telephony/TelephonyWidget';
import './shell.css';

// A print page is a page of its own: its frame loads with it, not with the shell.
const PrintRoute = lazy(() => import('./print/PrintRoute').then((m) => ({ default: m.PrintRoute })));

/** Spec §7: lists are cached for 60 seconds. Failures are shown once by the API client, not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Print pages have their own frame; every other signed-in route opens in the tab workspace. */
function SignedInRoutes() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  if (route?.print) {
    return (
      <Suspense>
        <PrintRoute route={route} />
      </Suspense>
    );
  }
  return (
    <WorkspaceProvider>
      <ShellLayout />
      <TelephonyWidget />
    </WorkspaceProvider>
  );
}

/** Everything behind sign-in: theme, error page, queries, the API client, the session, then the shell. */
export function SignedInApp() {
  return (
    <ThemeProvider>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ApiProvider>
            <SessionProvider>
              <SignedInRoutes />
            </SessionProvider>
          </ApiProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
