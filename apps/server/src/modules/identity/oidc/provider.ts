import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { JWK } from 'jose';
import type { Database } from '../../../platform/db/database';
import { API_AUDIENCE } from '../../../platform/auth/tokens';
import { escapeHtml } from '../../../platform/html';
import { systemSecrets, users } from '../identity.schema';
import { createAdapterClass, grantSecurityStamp } from './adapter';

/** The single-page app's client: public, authorization code with PKCE S256. */
export const WEB_CLIENT_ID = 'casebook-web';
/** The API as a resource indicator (must be an absolute URI); its tokens' audience is API_AUDIENCE. */
export const API_RESOURCE = 'urn:casebook:api';
export const OIDC_SCOPES = ['openid', 'offline_access', 'profile', 'roles', 'email', 'phone', API_AUDIENCE];

async function cookieKeys(database: Database): Promise<string[]> {
  return database.withSystem(async (tx) => {
    const [existing] = await tx.select().from(systemSecrets).where(eq(systemSecrets.name, 'oidc-cookie-keys'));
    if (existing) return JSON.parse(existing.value) as string[];
    const keys = [randomBytes(32).toString('base64url')];
    await tx
      .insert(systemSecrets)
      .values({ name: 'oidc-cookie-keys', value: JSON.stringify(keys) })
      .onConflictDoNothing();
    const [row] = await tx.select().from(systemSecrets).where(eq(systemSecrets.name, 'oidc-cookie-keys'));
    return JSON.parse(row!.value) as string[];
  });
}

/** Claims of a user, for ID tokens, userinfo and access tokens. */
export type AccountClaims = {
  sub: string;
  tenantid: string;
  name: string;
  given_name: string;
  family_name: string;
  preferred_username: string;
  email: string;
  email_verified: boolean;
  phone_number?: string;
  role: string[];
};

export async function accountClaims(database: Database, userId: string): Promise<AccountClaims | undefined> {
  const [u] = await database.withSystem((tx) => tx.select().from(users).where(eq(users.id, userId)).limit(1));
  if (!u || u.isDeleted || !u.isActive) return undefined;
  return {
    sub: u.id,
    tenantid: u.tenantId,
    name: `${u.name} ${u.surname}`,
    given_name: u.name,
    family_name: u.surname,
    preferred_username: u.userName,
    email: u.email,
    email_verified: false,
    ...(u.phoneNumber ? { phone_number: u.phoneNumber } : {}),
    role: u.roles,
  };
}

/** The script that submits the sign-out form of a page the web app itself opened (no inline script). */
export const LOGOUT_SCRIPT_PATH = '/connect/logout.js';
export const LOGOUT_SCRIPT = "document.getElementById('sign-out').click();\n";

/**
 * The provider's sign-out form (its action and one-time xsrf value) with a Sign out button that ends
 * the whole session (logout=yes), not only the web app's grant. Only a page of the app itself
 * (Sec-Fetch-Site: same-origin, as when the app's Sign out opens it) gets the script that presses the
 * button; a link from any other site shows the question, so it cannot sign anyone out.
 */
function logoutPage(ctx: KoaContextWithOIDC, form: string): string {
  const fromApp = ctx.get('sec-fetch-site') === 'same-origin';
  const button = '<button id="sign-out" type="submit" name="logout" value="yes" autofocus>Sign out</button>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out - Casebook</title>${fromApp ? `<script src="${LOGOUT_SCRIPT_PATH}" defer></script>` : ''}</head>
<body><main><h1>Sign out of Casebook?</h1>${form.replace('</form>', `${button}</form>`)}
<p><a href="/">Stay signed in</a></p></main></body></html>`;
}

/** The page a browser sees when sign-in cannot go on: the reason and a link to start again at the app's address. */
function errorPage(origin: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in could not continue - Casebook</title></head>
<body><main><h1>Sign-in could not continue</h1><p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(origin)}/">Open Casebook at ${escapeHtml(origin)}</a> and sign in again.</p></main></body></html>`;
}

/** The OpenID Connect provider at /connect/*, sharing the API's signing key and issuer. */
export async function createOidcProvider(options: {
  database: Database;
  issuer: string;
  signingKey: JWK;
  webRedirectOrigin: string;
}): Promise<Provider> {
  const { database, issuer } = options;
  const origin = options.webRedirectOrigin.replace(/\/$/, '');
  const configuration: Configuration = {
    adapter: createAdapterClass(database),
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_name: 'Casebook',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${origin}/signin-oidc`],
        post_logout_redirect_uris: [`${origin}/`, `${origin}/login`],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [options.signingKey as never] },
    cookies: { keys: await cookieKeys(database) },
    pkce: { required: () => true, methods: ['S256'] },
    // Browsers send Origin on the token request even from the same origin; only ours is allowed.
    clientBasedCORS: (_ctx, requestOrigin) => requestOrigin === origin,
    scopes: OIDC_SCOPES,
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
      phone: ['phone_number'],
      roles: ['role'],
      [API_AUDIENCE]: ['tenantid'],
    },
    conformIdTokenClaims: false,
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    routes: {
      authorization: '/connect/authorize',
      token: '/connect/token',
      userinfo: '/connect/oidc-userinfo',
      end_session: '/connect/logout',
      jwks: '/connect/jwks',
      revocation: '/connect/revocation',
      introspection: '/connect/introspect',
      pushed_authorization_request: '/connect/par',
      code_verification: '/connect/device',
      device_authorization: '/connect/device/auth',
      registration: '/connect/reg',
      backchannel_authentication: '/connect/backchannel',
    },
    interactions: { url: (_ctx, interaction) => `/connect/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = logoutPage(ctx, form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.redirect('/login');
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: API_AUDIENCE,
          audience: API_AUDIENCE,
          accessTokenTTL: 60 * 60,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
    // The web app is our own client: its grant is created without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const session = ctx.oidc.session!;
      const client = ctx.oidc.client!;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId! });
      grant.addOIDCScope(OIDC_SCOPES.filter((s) => s !== API_AUDIENCE).join(' '));
      grant.addOIDCClaims(['tenantid', 'role']);
      grant.addResourceScope(API_RESOURCE, API_AUDIENCE);
      await grant.save();
      return grant;
    },
    // The web app is a public client: it gets refresh tokens bound to its session (offline_access is
    // dropped without prompt=consent), so signing out also ends them.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    async findAccount(_ctx, sub) {
      const claims = await accountClaims(database, sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => claims };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const claims = await accountClaims(database, token.accountId);
      if (!claims) return undefined;
      // The stamp of the sign-in this token descends from, not the user's current one: a refresh that
      // raced a password change still yields a token the API refuses.
      const stamp = token.grantId ? await grantSecurityStamp(database, token.grantId) : undefined;
      return {
        tenantid: claims.tenantid,
        role: claims.role,
        name: claims.name,
        ...(stamp ? { security_stamp: stamp } : {}),
      };
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 30 * 24 * 60 * 60,
      RefreshToken: 30 * 24 * 60 * 60,
    },
    // A browser that reaches an error here (a sign-in started from an address other than PUBLIC_URL, an
    // expired sign-in form) gets a page that says what happened and where to start again; API clients
    // get the error envelope.
    renderError: async (ctx, out) => {
      const message = out.error_description ?? out.error;
      if (ctx.accepts('json', 'html') === 'html') {
        ctx.type = 'html';
        ctx.body = errorPage(origin, message);
        return;
      }
      ctx.type = 'json';
      ctx.body = { error: { code: `oidc:${out.error}`, message } };
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = true;

  return provider;
}
