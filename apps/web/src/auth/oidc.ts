import { AccountEndpoints, endpointPath } from '@casebook/domain';
import { User, UserManager, WebStorageStateStore, type UserProfile } from 'oidc-client-ts';
import { forgetAccountTokens, preselectTenant, type SavedAccount } from './savedAccounts';

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

/**
 * Sends the browser to the provider; after sign-in it comes back to `returnTo`. `prompt: 'login'` asks
 * for credentials even while the provider has a session (adding or switching to another account).
 */
export function signIn(returnTo = '/', options: { prompt?: 'login' } = {}): Promise<void> {
  const state: SignInState = { returnTo: safeReturnPath(returnTo) };
  return userManager.signinRedirect({ state, ...options });
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

// The original session's tokens while a tenant admin works as another user (decision 0007).
const IMPERSONATOR = 'casebook.impersonator';

export function isImpersonating(): boolean {
  return sessionStorage.getItem(IMPERSONATOR) !== null;
}

/** The signed-in user with a usable access token, renewing an expired one; null when signed out. */
export async function currentUser(): Promise<User | null> {
  const user = await userManager.getUser();
  if (!user) return null;
  if (!user.expired) return user;
  // An impersonation token cannot be renewed: when it ends, the original session resumes.
  if (isImpersonating() && (await revertImpersonation())) return currentUser();
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

/** The provider's issuer, which is the app's production origin (PUBLIC_URL). */
export function issuerOrigin(): Promise<string> {
  return userManager.metadataService.getIssuer();
}

/** Session settings (tabs, impersonation) live in session storage under this prefix. */
const SESSION_PREFIX = 'casebook.';

/** Forgets this tab's session settings; the stored user is handled by the OpenID client. */
export function clearSessionSettings(): void {
  for (const key of Object.keys(sessionStorage)) {
    if (key.startsWith(SESSION_PREFIX)) sessionStorage.removeItem(key);
  }
}

/**
 * Ends every session of the user (the API's sign-out), forgets the tokens and session settings and
 * ends the provider's session; the provider then returns to /login. A saved account keeps its name in
 * the switcher but loses its tokens.
 */
export async function signOut(): Promise<void> {
  // End the real session, not the impersonation: the provider knows only the original sign-in.
  if (isImpersonating()) await revertImpersonation();
  const user = await userManager.getUser();
  // Signing out ends every session of the user, on every device; the provider's is ended below anyway.
  if (user && !user.expired) {
    await fetch(endpointPath(AccountEndpoints.logout), {
      method: AccountEndpoints.logout.method,
      headers: { authorization: `Bearer ${user.access_token}` },
    }).catch(() => undefined);
  }
  if (user) forgetAccountTokens(user.profile.sub);
  clearSessionSettings();
  return userManager.signoutRedirect();
}

/**
 * Opens the sign-in form for another account. The provider's session belongs to the account signed in
 * last, so it is ended first (the provider then returns to /login, which starts a fresh sign-in); the
 * saved accounts keep their tokens, usable while their access tokens last.
 */
async function signInAnotherAccount(tenantName?: string): Promise<void> {
  clearSessionSettings();
  if (tenantName !== undefined) preselectTenant(tenantName);
  if (await userManager.getUser()) return userManager.signoutRedirect();
  return signIn('/');
}

/**
 * Makes a saved account this tab's session. Its stored tokens are used while they last (or can be
 * renewed); otherwise the sign-in form opens with the account's tenant filled in.
 */
export async function switchToAccount(account: SavedAccount): Promise<void> {
  const current = await userManager.getUser();
  if (account.oidcUser) {
    clearSessionSettings();
    await userManager.storeUser(User.fromStorageString(account.oidcUser));
    if (await currentUser()) return window.location.assign('/');
    // Not usable: back to the current account, whose session the sign-out below ends.
    await userManager.storeUser(current);
  }
  return signInAnotherAccount(account.tenantName);
}

/** Signs in one more account in this tab; the current one stays in the switcher. */
export function addAccount(): Promise<void> {
  return signInAnotherAccount();
}

function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

/**
 * Continues as another user with the access token of `AccountEndpoints.impersonate`. The original
 * tokens are kept for /account/RevertImpersonation; tabs of the original session are closed.
 */
export async function beginImpersonation(accessToken: string, expiresIn: number): Promise<void> {
  const original = await userManager.getUser();
  if (!original) throw new Error('Impersonation needs a signed-in user');
  if (isImpersonating()) throw new Error('Revert the current impersonation first');
  clearSessionSettings();
  sessionStorage.setItem(IMPERSONATOR, original.toStorageString());
  const claims = jwtClaims(accessToken);
  const profile = { ...claims, sub: String(claims.sub) } as UserProfile;
  await userManager.storeUser(
    new User({
      access_token: accessToken,
      token_type: 'Bearer',
      profile,
      expires_at: Math.floor(Date.now() / 1000) + expiresIn,
      ...(original.scope ? { scope: original.scope } : {}),
    }),
  );
}

/**
 * Signs this tab in with the access token a one-time access link yields. It cannot be renewed: when it
 * expires the holder signs in as usual. Any session this tab had is replaced.
 */
export async function beginLinkSession(accessToken: string, expiresIn: number): Promise<void> {
  clearSessionSettings();
  const claims = jwtClaims(accessToken);
  const profile = { ...claims, sub: String(claims.sub) } as UserProfile;
  await userManager.storeUser(
    new User({
      access_token: accessToken,
      token_type: 'Bearer',
      profile,
      expires_at: Math.floor(Date.now() / 1000) + expiresIn,
      scope: 'openid profile roles email phone casebook',
    }),
  );
}

/** Returns to the original session of an impersonation; false when there was none. */
export async function revertImpersonation(): Promise<boolean> {
  const stored = sessionStorage.getItem(IMPERSONATOR);
  if (stored === null) return false;
  clearSessionSettings();
  await userManager.storeUser(User.fromStorageString(stored));
  return true;
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
