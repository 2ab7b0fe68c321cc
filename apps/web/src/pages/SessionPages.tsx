import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { completeSignIn, revertImpersonation, signOut } from '../auth/oidc';
import { Messages } from '../http';
import { Redirecting } from './Redirecting';

/** /signin-oidc: exchanges the code for tokens, then opens the page the user first asked for. */
export function SigninCallbackPage() {
  const navigate = useNavigate();
  const finish = useCallback(
    () => completeSignIn().then((returnTo) => navigate(returnTo, { replace: true })),
    [navigate],
  );
  // A reloaded or replayed callback has no stored state left to match: the link is spent.
  return <Redirecting label="Signing you in…" action={finish} failureMessage={Messages.linkInvalid} />;
}

/** /view/logout: forgets the tokens and ends the provider's session, which then returns to /login. */
export function LogoutPage() {
  return <Redirecting label="Signing you out…" action={signOut} failureMessage={Messages.generic} />;
}

// A full page load afterwards: every cache of the impersonated session goes with it.
const revert = () => revertImpersonation().then(() => window.location.replace('/'));

/** /account/RevertImpersonation (the REVOKE menu entry): back to the original session. */
export function RevertImpersonationPage() {
  return <Redirecting label="Returning to your account…" action={revert} failureMessage={Messages.generic} />;
}
