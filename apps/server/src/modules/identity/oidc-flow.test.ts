import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { AuthMessages } from '@casebook/domain';
import {
  createTestApp,
  createTestUser,
  newTenant,
  openTestDatabase,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/harness';
import type { Database } from '../../platform/db/database';
import { WEB_CLIENT_ID } from './oidc/provider';

const REDIRECT_URI = 'http://casebook.test/signin-oidc';

/** A minimal browser for app.inject: keeps cookies, follows the flow's redirects by hand. */
class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly t: TestApp) {}

  private remember(res: LightMyRequestResponse) {
    const raw = res.headers['set-cookie'];
    for (const line of [raw ?? []].flat()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
  }

  async request(method: 'GET' | 'POST', url: string, body?: unknown, form?: Record<string, string>) {
    const u = new URL(url, 'http://casebook.test');
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    let payload: string | undefined;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(form).toString();
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await this.t.app.inject({
      method,
      url: u.pathname + u.search,
      headers,
      ...(payload ? { payload } : {}),
    });
    this.remember(res);
    return res;
  }
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

async function tokenRequest(t: TestApp, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** Runs authorize → sign-in page → login → code, returning the code (or the sign-in response on failure). */
async function signIn(t: TestApp, tenant: string, userNameOrEmail: string, password: string) {
  const browser = new Browser(t);
  const { verifier, challenge } = pkce();
  const authorize = await browser.request(
    'GET',
    `/connect/authorize?${new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid offline_access profile roles email phone casebook',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'state-1',
    })}`,
  );
  expect(authorize.statusCode, authorize.body).toBe(303);
  const interaction = await browser.request('GET', authorize.headers.location as string);
  expect(interaction.statusCode).toBe(302);
  const loginPage = new URL(interaction.headers.location as string, 'http://casebook.test');
  expect(loginPage.pathname).toBe('/login');
  const uid = loginPage.searchParams.get('uid')!;
  const login = await browser.request('POST', `/connect/interaction/${uid}/login`, {
    tenant,
    userNameOrEmail,
    password,
  });
  if (login.statusCode !== 200) return { login, browser };
  // Resuming may pass through the consent step, which our own client gets without a screen.
  let resume = await browser.request('GET', login.json().redirectTo);
  for (let hops = 0; hops < 4 && !String(resume.headers.location).startsWith(REDIRECT_URI); hops++) {
    expect([302, 303]).toContain(resume.statusCode);
    resume = await browser.request('GET', resume.headers.location as string);
  }
  const callback = new URL(resume.headers.location as string);
  expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
  expect(callback.searchParams.get('state')).toBe('state-1');
  return { login, browser, code: callback.searchParams.get('code')!, verifier };
}

let db: Database;
let t: TestApp;
let tenantName: string;
let tenantId: string;
let userId: string;

beforeAll(async () => {
  db = await openTestDatabase();
  t = await createTestApp(db);
  tenantName = `flow-${Date.now()}`;
  tenantId = await newTenant(db, { name: tenantName });
  userId = (await createTestUser(db, tenantId, ['STAFF'], { userName: 'sam.staff', email: 'sam@example.test' })).userId;
});
afterAll(async () => {
  await t?.app.close();
  await db?.close();
});

describe('OpenID Connect code flow with PKCE', () => {
  test('authorize → login → code → token → API → refresh → userinfo → logout', async () => {
    const { code, verifier, browser } = await signIn(t, tenantName, 'sam.staff', TEST_PASSWORD);
    expect(code).toBeTruthy();

    const tokenRes = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: code!,
      code_verifier: verifier!,
      client_id: WEB_CLIENT_ID,
      redirect_uri: REDIRECT_URI,
    });
    expect(tokenRes.statusCode, tokenRes.body).toBe(200);
    const tokens = tokenRes.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer' });
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      sub: userId,
      tenantid: tenantId,
      role: ['STAFF'],
      aud: 'casebook',
      iss: 'http://casebook.test',
    });

    // The API accepts the provider's access token.
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/app/countries',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(api.statusCode).toBe(200);

    // The spec's refresh call: form-encoded grant_type, refresh_token and client_id.
    const refreshed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: WEB_CLIENT_ID,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = refreshed.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    // Rotation: the old refresh token is spent.
    const replay = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: WEB_CLIENT_ID,
    });
    expect(replay.statusCode).toBe(400);

    const userinfo = await t.app.inject({
      method: 'GET',
      url: '/connect/userinfo',
      headers: { authorization: `Bearer ${next.access_token}` },
    });
    expect(userinfo.statusCode).toBe(200);
    expect(userinfo.json()).toMatchObject({
      sub: userId,
      tenantid: tenantId,
      preferred_username: 'sam.staff',
      email: 'sam@example.test',
      role: ['STAFF'],
    });

    const logout = await browser.request(
      'GET',
      `/connect/logout?${new URLSearchParams({ id_token_hint: next.id_token, post_logout_redirect_uri: 'http://casebook.test/login', client_id: WEB_CLIENT_ID })}`,
    );
    expect(logout.statusCode).toBe(200);
    const form = Object.fromEntries(
      [...logout.body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const action = /action="([^"]+)"/.exec(logout.body)![1]!;
    const confirm = await browser.request('POST', new URL(action).pathname, undefined, { ...form, logout: 'yes' });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('http://casebook.test/login');
  });

  test('a refresh token still works after the server restarts', async () => {
    const { code, verifier } = await signIn(t, tenantName, 'sam@example.test', TEST_PASSWORD);
    const tokens = (
      await tokenRequest(t, {
        grant_type: 'authorization_code',
        code: code!,
        code_verifier: verifier!,
        client_id: WEB_CLIENT_ID,
        redirect_uri: REDIRECT_URI,
      })
    ).json();
    await t.app.close();
    // A new server on the same database: keys, grants and refresh tokens were kept there.
    t = await createTestApp(db);
    const refreshed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: WEB_CLIENT_ID,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/app/countries',
      headers: { authorization: `Bearer ${refreshed.json().access_token}` },
    });
    expect(api.statusCode).toBe(200);
  });

  test('a wrong password gets the spec message and no code', async () => {
    const { login } = await signIn(t, tenantName, 'sam.staff', 'Wrong!pass1');
    expect(login.statusCode).toBe(400);
    expect(login.json().error.message).toBe(AuthMessages.invalidCredentials);
  });

  test('PKCE is required', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/connect/authorize?${new URLSearchParams({ client_id: WEB_CLIENT_ID, response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'openid' })}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('error=invalid_request');
  });
});
