import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { WEB_CLIENT_ID } from '../src/modules/identity/oidc/provider';
import type { TestApp } from './harness';

export const REDIRECT_URI = 'http://casebook.test/signin-oidc';

/** A minimal browser for app.inject: keeps cookies, follows the flow's redirects by hand. */
export class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly t: TestApp) {}

  private remember(res: LightMyRequestResponse) {
    for (const line of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
  }

  /** The Cookie header this browser sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    form?: Record<string, string>,
    extraHeaders: Record<string, string> = {},
  ) {
    const u = new URL(url, 'http://casebook.test');
    const headers: Record<string, string> = { ...extraHeaders, cookie: this.cookieHeader() };
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
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function tokenRequest(t: TestApp, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** authorize → sign-in page → login → code; on a refused sign-in returns the login response only. */
export async function signIn(t: TestApp, tenant: string, userNameOrEmail: string, password: string) {
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

/** Signs in and exchanges the code: access, refresh and ID tokens. */
export async function signInForTokens(t: TestApp, tenant: string, user: string, password: string) {
  const { code, verifier } = await signIn(t, tenant, user, password);
  expect(code).toBeTruthy();
  const res = await tokenRequest(t, {
    grant_type: 'authorization_code',
    code: code!,
    code_verifier: verifier!,
    client_id: WEB_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access_token: string; refresh_token: string; id_token: string };
}
