import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';

// Pages import this module dynamically, so the OpenID client only loads where a page needs it.

const origin = window.location.origin;

/** The server is its own OpenID provider; the web app is its public client `casebook-web` (PKCE). */
const userManager = new UserManager({
  authority: origin,
  client_id: 'casebook-web',
  redirect_uri: `${origin}/signin-oidc`,
  post_logout_redirect_uri: `${origin}/login`,
  response_type: 'code',
  scope: 'openid offline_access profile roles email phone casebook',
  // Per tab: closing the tab forgets the tokens (the provider's session cookie still remains).
  userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  // Renews shortly before the access token expires; with a refresh token this is a plain token call.
  automaticSilentRenew: true,
});

type SignInState = { returnTo: string };

/** Only paths inside this app, and not the sign-in pages themselves (which would loop). */
function safeReturnPath(value: unknown): string {
  const path = typeof value === 'string' ? value : '';
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (/^\/(login|signin-oidc|view\/logout)(\/|\?|$)/i.test(path)) return '/';
  return path;
}

/** Sends the browser to the provider; after sign-in it comes back to `returnTo`. */
export function signIn(returnTo = '/'): Promise<void> {
  const state: SignInState = { returnTo: safeReturnPath(returnTo) };
  return userManager.signinRedirect({ state });
}

let callback: Promise<string> | undefined;

/**
 * Completes the code flow at /signin-oidc and answers the path the user first wanted. Memoised: the
 * code and its stored state can be used only once, and a remounted page must not try again.
 */
export function completeSignIn(): Promise<string> {
  callback ??= userManager
    .signinRedirectCallback()
    .then((user) => safeReturnPath((user.state as Partial<SignInState> | undefined)?.returnTo));
  return callback;
}

let renewal: Promise<User | null> | undefined;

/** One renewal at a time: refresh tokens rotate, and presenting a spent one ends the session. */
function renew(): Promise<User | null> {
  renewal ??= userManager.signinSilent().finally(() => {
    renewal = undefined;
  });
  return renewal;
}

/** The signed-in user with a usable access token, renewing an expired one; null when signed out. */
export async function currentUser(): Promise<User | null> {
  const user = await userManager.getUser();
  if (!user) return null;
  if (!user.expired) return user;
  if (user.refresh_token) {
    try {
      return await renew();
    } catch {
      // The refresh token was revoked or has expired: the session is over.
    }
  }
  await userManager.removeUser();
  return null;
}

/** Forgets the tokens and ends the provider's session; the provider then returns to /login. */
export function signOut(): Promise<void> {
  return userManager.signoutRedirect();
}

/**
 * fetch() with the access token. A 401 renews the token once and retries; if renewal fails, the
 * 401 is returned to the caller.
 */
export async function authorizedFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const send = (user: User | null) => {
    const headers = new Headers(init.headers);
    if (user) headers.set('authorization', `Bearer ${user.access_token}`);
    return fetch(input, { ...init, headers });
  };
  const user = await currentUser();
  const response = await send(user);
  if (response.status !== 401 || !user?.refresh_token) return response;
  // Another call may have renewed the token meanwhile; then its result is used, not a second renewal.
  const latest = await userManager.getUser();
  const renewed = latest && latest.access_token !== user.access_token ? latest : await renew().catch(() => null);
  return renewed ? send(renewed) : response;
}
