import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  callerFor,
  createTestApp,
  createTestUser,
  newTenant,
  openTestDatabase,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/harness';
import { REDIRECT_URI, signIn } from '../../../test/oidc-client';
import type { Database } from '../db/database';
import { loadConfig } from '../../config';
import { IMMUTABLE_CACHE, localAliases, REVALIDATE_CACHE } from './delivery';
import { loginAttempts } from '../../modules/identity/identity.schema';
import { LOGOUT_SCRIPT_PATH, WEB_CLIENT_ID } from '../../modules/identity/oidc/provider';

let db: Database;
let t: TestApp;
let https: TestApp;
let proxied: TestApp;
let onDesk: TestApp;
let webDist: string;
const HASHED_CHUNK = 'page-Bq3xZ9_k.js';
const CHUNK_TEXT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];\n`;
let tenantName: string;
let tenantId: string;

beforeAll(async () => {
  db = await openTestDatabase();
  // A built web app in miniature: the SPA's page and one asset.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Casebook</title><script type="module" src="/assets/app.js"></script>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'export {};\n');
  // A hashed chunk as the build leaves it: with its brotli and gzip copies.
  fs.writeFileSync(path.join(webDist, 'assets', HASHED_CHUNK), CHUNK_TEXT);
  fs.writeFileSync(
    path.join(webDist, 'assets', `${HASHED_CHUNK}.br`),
    zlib.brotliCompressSync(CHUNK_TEXT, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(path.join(webDist, 'assets', `${HASHED_CHUNK}.gz`), zlib.gzipSync(CHUNK_TEXT));
  t = await createTestApp(db, { config: { webDist } });
  onDesk = await createTestApp(db, { config: { webDist, publicUrl: 'http://localhost:4321' } });
  https = await createTestApp(db, { config: { publicUrl: 'https://casebook.test' } });
  proxied = await createTestApp(db, { config: { trustProxy: ['10.0.0.0/8'] } });
  tenantName = `edges-${Date.now()}`;
  tenantId = await newTenant(db, { name: tenantName });
  await createTestUser(db, tenantId, ['STAFF'], { userName: 'erin.edge' });
});
afterAll(async () => {
  await proxied?.app.close();
  await onDesk?.app.close();
  await https?.app.close();
  await t?.app.close();
  await db?.close();
});

function cspOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = cspOf(res);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(String(res.headers['permissions-policy'])).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
}

describe('security headers', () => {
  test('a video meeting page may use the camera and microphone of our own origin; no other page may', async () => {
    for (const url of ['/video-meeting?token=abc', '/view/video-old?token=abc', '/view/video-session']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['permissions-policy'])).toMatch(
        /camera=\(self\).*geolocation=\(\).*microphone=\(self\)/,
      );
    }
    for (const url of ['/video-meetings', '/view/video-meeting', '/view/dashboard?next=/video-meeting']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['permissions-policy'])).toMatch(/camera=\(\).*microphone=\(\)/);
    }
  });

  test('the app page, the sign-in page, an API call, an asset, the provider and a 404 carry them', async () => {
    const staff = await callerFor(t, tenantId, ['STAFF']);
    const answers = {
      '/': await t.app.inject({ method: 'GET', url: '/' }),
      '/login': await t.app.inject({ method: 'GET', url: '/login?uid=abc' }),
      api: await staff.get('/api/app/account/my-profile'),
      asset: await t.app.inject({ method: 'GET', url: '/assets/app.js' }),
      discovery: await t.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' }),
      notFound: await t.app.inject({ method: 'GET', url: '/api/nope' }),
    };
    expect(answers['/'].statusCode).toBe(200);
    expect(answers['/'].body).toContain('/assets/app.js');
    expect(answers['/login'].statusCode).toBe(200);
    expect(answers.api.statusCode).toBe(200);
    expect(answers.asset.statusCode).toBe(200);
    expect(answers.discovery.statusCode).toBe(200);
    expect(answers.notFound.statusCode).toBe(404);
    for (const res of Object.values(answers)) {
      expectSecurityHeaders(res);
      // Plain http: no HSTS (it would lock browsers out of a plain-http install).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    // API answers are never stored by the browser or a shared cache; the app's assets may be.
    expect(answers.api.headers['cache-control']).toBe('no-store');
    expect(answers.notFound.headers['cache-control']).toBe('no-store');
    expect(answers.asset.headers['cache-control']).not.toContain('no-store');
  });

  test('HSTS and upgrade-insecure-requests when the public URL is https', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/api/health' });
    expectSecurityHeaders(res);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(cspOf(res).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('delivery', () => {
  test('a hashed asset goes precompressed as the browser accepts, cached for a year; the app page is revalidated', async () => {
    const url = `/assets/${HASHED_CHUNK}`;
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // The build's own copy, as it is (not compressed again per request).
    expect(br.rawPayload.equals(fs.readFileSync(path.join(webDist, 'assets', `${HASHED_CHUNK}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK_TEXT);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(fs.readFileSync(path.join(webDist, 'assets', `${HASHED_CHUNK}.gz`)))).toBe(true);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(CHUNK_TEXT);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK_TEXT);

    for (const page of ['/', '/view/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url: page, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
    }
  });

  test('API answers above 1 kB are compressed for clients that accept it, smaller ones and other clients get them plain', async () => {
    const staff = await callerFor(t, tenantId, ['STAFF']);
    const url = '/api/app/countries?MaxResultCount=100';
    const plain = await staff.get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await staff.request({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await staff.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  test('a page opened at another local name of PUBLIC_URL is sent to PUBLIC_URL before sign-in starts', async () => {
    for (const host of ['127.0.0.1:4321', '[::1]:4321', 'desk-7:4321']) {
      const res = await onDesk.app.inject({ method: 'GET', url: '/view/dashboard?x=1', headers: { host } });
      if (host.startsWith('desk-7')) continue;
      expect(res.statusCode, host).toBe(302);
      expect(res.headers.location).toBe('http://localhost:4321/view/dashboard?x=1');
    }
    // At PUBLIC_URL itself, through a proxy, or on another port: the page.
    const answers = [
      await onDesk.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:4321' } }),
      await onDesk.app.inject({
        method: 'GET',
        url: '/',
        headers: { host: '127.0.0.1:4321', 'x-forwarded-host': 'casebook.example' },
      }),
      await onDesk.app.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1:9999' } }),
    ];
    for (const res of answers) expect(res.statusCode).toBe(200);
    // API calls are not redirected.
    const api = await onDesk.app.inject({ method: 'GET', url: '/api/health', headers: { host: '127.0.0.1:4321' } });
    expect(api.statusCode).toBe(200);
  });

  test('a sign-in started with an unregistered redirect is a page with a way back for a browser, the envelope for a client', async () => {
    const query = new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'http://127.0.0.1:4321/signin-oidc',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    });
    const url = `/connect/authorize?${query}`;
    const page = await onDesk.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Sign-in could not continue');
    expect(page.body).toContain('<a href="http://localhost:4321/">Open Casebook at http://localhost:4321</a>');
    const client = await onDesk.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(client.statusCode).toBe(400);
    expect(client.json()).toMatchObject({ error: { code: 'oidc:invalid_redirect_uri' } });
  });

  test("the local names are the loopback names and the machine's own, on PUBLIC_URL's port; none for a public PUBLIC_URL", () => {
    expect([...localAliases('http://localhost:3000', 'Desk-7')].sort()).toEqual(
      ['127.0.0.1:3000', '[::1]:3000', 'desk-7:3000'].sort(),
    );
    expect([...localAliases('http://127.0.0.1:3000', 'desk-7')].sort()).toEqual(
      ['localhost:3000', '[::1]:3000', 'desk-7:3000'].sort(),
    );
    expect(localAliases('https://casebook.example.com', 'desk-7').size).toBe(0);
  });
});

describe('forwarded headers', () => {
  test("the discovery document's endpoints stay on PUBLIC_URL whatever Host and X-Forwarded-* say", async () => {
    for (const headers of [
      { host: 'evil.example' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/.well-known/openid-configuration', headers });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as Record<string, unknown>;
      const endpoints = Object.entries(doc).filter(([key]) => key.endsWith('_endpoint') || key === 'jwks_uri');
      expect(endpoints.length).toBeGreaterThan(4);
      for (const [key, value] of endpoints) expect(`${key}: ${String(value)}`).toMatch(/: http:\/\/casebook\.test\//);
      expect(doc.issuer).toBe('http://casebook.test');
    }
  });

  const authorize = (app: TestApp, origin: string, headers: Record<string, string> = {}) => {
    const verifier = randomBytes(32).toString('base64url');
    return app.app.inject({
      method: 'GET',
      url: `/connect/authorize?${new URLSearchParams({
        client_id: WEB_CLIENT_ID,
        response_type: 'code',
        redirect_uri: `${origin}/signin-oidc`,
        scope: 'openid',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      })}`,
      headers,
    });
  };
  const cookieLines = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat();

  test("the provider's cookies are Secure when PUBLIC_URL is https, and a caller's X-Forwarded-Proto changes nothing", async () => {
    const plain = await authorize(t, 'http://casebook.test', { 'x-forwarded-proto': 'https' });
    expect(plain.statusCode, plain.body).toBe(303);
    expect(cookieLines(plain).length).toBeGreaterThan(0);
    for (const line of cookieLines(plain)) expect(line).not.toMatch(/;\s*secure/i);

    const secure = await authorize(https, 'https://casebook.test', { 'x-forwarded-proto': 'http' });
    expect(secure.statusCode, secure.body).toBe(303);
    expect(cookieLines(secure).length).toBeGreaterThan(0);
    for (const line of cookieLines(secure)) expect(line).toMatch(/;\s*secure/i);
  });

  /** Signs in through the provider from the given socket address with an X-Forwarded-For header. */
  async function signInFrom(app: TestApp, remoteAddress: string, forwardedFor: string) {
    const start = await authorize(app, 'http://casebook.test', { 'x-forwarded-for': forwardedFor });
    const cookie = cookieLines(start)
      .map((line) => line.split(';')[0])
      .join('; ');
    const interaction = await app.app.inject({
      method: 'GET',
      url: new URL(String(start.headers.location), 'http://casebook.test').pathname,
      headers: { cookie },
    });
    const uid = new URL(String(interaction.headers.location), 'http://casebook.test').searchParams.get('uid')!;
    const userNameOrEmail = `nobody-${randomBytes(4).toString('hex')}`;
    const login = await app.app.inject({
      method: 'POST',
      url: `/connect/interaction/${uid}/login`,
      remoteAddress,
      headers: { cookie, 'x-forwarded-for': forwardedFor },
      payload: { tenant: tenantName, userNameOrEmail, password: 'Wrong!pass1' },
    });
    expect(login.statusCode).toBe(400);
    const [attempt] = await db.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(loginAttempts)
        .where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.userNameOrEmail, userNameOrEmail))),
    );
    return attempt?.clientIp;
  }

  test('X-Forwarded-For names the client only when it comes from a TRUST_PROXY address', async () => {
    // Without TRUST_PROXY, the header is anybody's claim: the socket's address is recorded.
    expect(await signInFrom(t, '10.1.2.3', '203.0.113.9')).toBe('10.1.2.3');
    // From a trusted proxy, the client behind it.
    expect(await signInFrom(proxied, '10.1.2.3', '203.0.113.9')).toBe('203.0.113.9');
    // From elsewhere, still the socket's address.
    expect(await signInFrom(proxied, '192.0.2.7', '203.0.113.9')).toBe('192.0.2.7');
  });

  test('TRUST_PROXY takes addresses, CIDR ranges and named ranges; anything else stops start-up naming it', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,fd00::/8 , loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY.*proxy\.local/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  test('ROLE (or --role) decides whether a process answers HTTP and runs job workers; anything else stops start-up', () => {
    expect(loadConfig({})).toMatchObject({ role: 'all', jobs: true });
    expect(loadConfig({ JOBS: 'false' })).toMatchObject({ role: 'all', jobs: false });
    expect(loadConfig({ ROLE: 'api' })).toMatchObject({ role: 'api', jobs: false });
    expect(loadConfig({ ROLE: 'worker', JOBS: 'false' })).toMatchObject({ role: 'worker', jobs: true });
    expect(() => loadConfig({ ROLE: 'scheduler' })).toThrow(/ROLE: must be api, worker or all/);
  });
});

describe('signing out', () => {
  const logoutUrl = (idToken?: string) =>
    `/connect/logout?${new URLSearchParams({
      ...(idToken ? { id_token_hint: idToken } : {}),
      client_id: WEB_CLIENT_ID,
      post_logout_redirect_uri: 'http://casebook.test/login',
    })}`;

  /** Whether the browser's provider session is still signed in: prompt=none gets a code, or login_required. */
  async function stillSignedIn(browser: Awaited<ReturnType<typeof signIn>>['browser']): Promise<boolean> {
    const verifier = randomBytes(32).toString('base64url');
    let res = await browser.request(
      'GET',
      `/connect/authorize?${new URLSearchParams({
        client_id: WEB_CLIENT_ID,
        response_type: 'code',
        redirect_uri: REDIRECT_URI,
        scope: 'openid',
        prompt: 'none',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      })}`,
    );
    for (let hops = 0; hops < 4 && !String(res.headers.location).startsWith(REDIRECT_URI); hops++) {
      res = await browser.request('GET', String(res.headers.location));
    }
    const callback = new URL(String(res.headers.location));
    if (callback.searchParams.get('error') === 'login_required') return false;
    expect(callback.searchParams.get('code')).toBeTruthy();
    return true;
  }

  test("without a session the provider's own self-submitting page runs: its script is allowed by hash", async () => {
    const res = await t.app.inject({ method: 'GET', url: logoutUrl() });
    expect(res.statusCode).toBe(200);
    const inline = /<script>([\s\S]*?)<\/script>/.exec(res.body)?.[1];
    expect(inline).toContain('submit()');
    const hash = `'sha256-${createHash('sha256').update(inline!).digest('base64')}'`;
    expect(cspOf(res).get('script-src')).toEqual(["'self'", hash]);
    expect(cspOf(res).get('frame-ancestors')).toEqual(["'none'"]);
  });

  test("a link from another site asks first and signs nobody out; the app's own Sign out submits the provider's form", async () => {
    const { browser } = await signIn(t, tenantName, 'erin.edge', TEST_PASSWORD);
    expect(await stillSignedIn(browser)).toBe(true);

    // Another site's link (or an image, or a redirect through it): a question, no script.
    const foreign = await t.app.inject({
      method: 'GET',
      url: logoutUrl(),
      headers: { 'sec-fetch-site': 'cross-site', cookie: browser.cookieHeader() },
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).toContain('Sign out of Casebook?');
    expect(foreign.body).not.toMatch(/<script/i);
    expect(foreign.body).toMatch(
      /<form[^>]+method="post"[^>]+action="http:\/\/casebook\.test\/connect\/logout\/confirm"/,
    );
    expectSecurityHeaders(foreign);
    expect(await stillSignedIn(browser)).toBe(true);

    // The web app's Sign out opens the same page from its own origin: the page presses Sign out itself,
    // with a script file (no inline script runs under the policy).
    const own = await browser.request('GET', logoutUrl(), undefined, undefined, { 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(`<script src="${LOGOUT_SCRIPT_PATH}" defer></script>`);
    expect(own.body).not.toMatch(/<script>/i);
    const script = await t.app.inject({ method: 'GET', url: LOGOUT_SCRIPT_PATH });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain("getElementById('sign-out').click()");
    expect(own.body).toMatch(/<button id="sign-out" type="submit" name="logout" value="yes"/);
    expect(await stillSignedIn(browser)).toBe(true);

    // Signing out is the form's POST with its one-time value.
    const fields = Object.fromEntries(
      [...own.body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const confirm = await browser.request('POST', '/connect/logout/confirm', undefined, fields);
    expect(confirm.statusCode).toBe(303);
    expect(await stillSignedIn(browser)).toBe(false);
  });
});
