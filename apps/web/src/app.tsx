import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { hasStoredUser } from './auth/storedUser';
import { Messages } from './http';
import { Redirecting } from './pages/Redirecting';

// One chunk per route: the sign-in and reset pages load neither the OpenID client nor the shell, and
// the shell (antd, TanStack Query, the route table) loads only for signed-in pages.
const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const ResetPasswordPage = lazy(() =>
  import('./pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const SigninCallbackPage = lazy(() => import('./pages/SessionPages').then((m) => ({ default: m.SigninCallbackPage })));
const LogoutPage = lazy(() => import('./pages/SessionPages').then((m) => ({ default: m.LogoutPage })));
const RevertImpersonationPage = lazy(() =>
  import('./pages/SessionPages').then((m) => ({ default: m.RevertImpersonationPage })),
);
const VideoMeetingPage = lazy(() =>
  import('./features/video/VideoMeetingPage').then((m) => ({ default: m.VideoMeetingPage })),
);
const OneTimeAccessPage = lazy(() =>
  import('./pages/OneTimeAccessPage').then((m) => ({ default: m.OneTimeAccessPage })),
);
const DocumentPage = lazy(() => import('./pages/DocumentPage').then((m) => ({ default: m.DocumentPage })));
const SignedInApp = lazy(() => import('./app/SignedInApp').then((m) => ({ default: m.SignedInApp })));

// Module-level, so the page's effect sees a stable function; the path is read when it runs.
const startSignIn = () =>
  import('./auth/oidc').then((auth) => auth.signIn(window.location.pathname + window.location.search));

/** Signed out: straight to sign-in, without loading the shell it would only leave again. */
function SignedInGate() {
  if (!hasStoredUser()) {
    return <Redirecting label="Redirecting to sign in…" action={startSignIn} failureMessage={Messages.generic} />;
  }
  return <SignedInApp />;
}

/** The anonymous pages by path; every other path needs a signed-in user and opens in the shell. */
export function App() {
  return (
    // Plain (not transition) location updates: the tab workspace follows the location in an effect, and a
    // redirect made right as the shell mounted was at times left uncommitted as a transition.
    <BrowserRouter useTransitions={false}>
      <Suspense fallback={<main className="page" aria-busy="true" />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signin-oidc" element={<SigninCallbackPage />} />
          <Route path="/account/reset-password" element={<ResetPasswordPage />} />
          <Route path="/account/RevertImpersonation" element={<RevertImpersonationPage />} />
          <Route path="/view/logout" element={<LogoutPage />} />
          <Route path="/video-meeting" element={<VideoMeetingPage />} />
          <Route path="/view/dyte-meeting-demo" element={<VideoMeetingPage />} />
          <Route path="/view/onetimeaccess" element={<OneTimeAccessPage />} />
          <Route path="/view/document" element={<DocumentPage />} />
          <Route path="*" element={<SignedInGate />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
