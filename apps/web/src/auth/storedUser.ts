/**
 * Whether this browser tab holds a signed-in user (oidc-client-ts keeps it in session storage under
 * `oidc.user:{authority}:{client}`). Cheap and synchronous, so a signed-out visit can go to sign-in
 * without loading the OpenID client or the shell first.
 */
export function hasStoredUser(): boolean {
  try {
    return Object.keys(sessionStorage).some((key) => key.startsWith('oidc.user:'));
  } catch {
    return false;
  }
}
