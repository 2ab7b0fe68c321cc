const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The origin (scheme, host, port) of a domain or URL; a bare domain is taken as https. */
export function originOf(value: string | null | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  try {
    const origin = new URL(SCHEME.test(text) ? text : `https://${text}`).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The domain check run when the app loads: the page must be served from the tenant's client domain
 * (https assumed when the setting has no scheme), from the production app origin, or from localhost
 * (any port, for development). Otherwise the user is logged out.
 */
export function checkDomain(
  tenantClientDomain: string | null | undefined,
  pageOrigin: string,
  productionOrigin: string,
): boolean {
  const page = originOf(pageOrigin);
  if (page === undefined) return false;
  if (new URL(page).hostname === 'localhost') return true;
  return page === originOf(tenantClientDomain) || page === originOf(productionOrigin);
}
