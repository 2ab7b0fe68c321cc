import { completeSignIn, signOut } from '../auth/oidc';
import { Messages } from '../http';
import { navigate } from '../router';
import { Redirecting } from './redirecting';

// Module-level, so the effect that runs them sees a stable function.
const finishSignIn = () => completeSignIn().then((returnTo) => navigate(returnTo, { replace: true }));

/** /signin-oidc: exchanges the code for tokens, then opens the page the user first asked for. */
export function SigninCallbackPage() {
  // A reloaded or replayed callback has no stored state left to match: the link is spent.
  return <Redirecting label="Signing you in…" action={finishSignIn} failureMessage={Messages.linkInvalid} />;
}

/** /view/logout: forgets the tokens and ends the provider's session, which then returns to /login. */
export function LogoutPage() {
  return <Redirecting label="Signing you out…" action={signOut} failureMessage={Messages.generic} />;
}
