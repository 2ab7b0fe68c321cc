import { lazy, Suspense } from 'react';
import { useAddress } from './router';

// One chunk per route: the sign-in and reset pages load neither the OpenID client nor the home page.
const LoginPage = lazy(() => import('./pages/login').then((m) => ({ default: m.LoginPage })));
const ResetPasswordPage = lazy(() => import('./pages/reset-password').then((m) => ({ default: m.ResetPasswordPage })));
const SigninCallbackPage = lazy(() => import('./pages/session').then((m) => ({ default: m.SigninCallbackPage })));
const LogoutPage = lazy(() => import('./pages/session').then((m) => ({ default: m.LogoutPage })));
const SignedInArea = lazy(() => import('./pages/signed-in').then((m) => ({ default: m.SignedInArea })));

/** Routes by path; anything that is not one of the anonymous pages needs a signed-in user. */
function route(path: string, query: URLSearchParams) {
  switch (path.toLowerCase()) {
    case '/login':
      return <LoginPage query={query} />;
    case '/signin-oidc':
      return <SigninCallbackPage />;
    case '/account/reset-password':
      return <ResetPasswordPage query={query} />;
    case '/view/logout':
      return <LogoutPage />;
    default:
      return <SignedInArea />;
  }
}

export function App() {
  const address = useAddress();
  const url = new URL(address, window.location.origin);
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return <Suspense fallback={<main className="page" aria-busy="true" />}>{route(path, url.searchParams)}</Suspense>;
}
