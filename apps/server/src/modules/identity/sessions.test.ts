import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { uuidv7 } from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  createTestUser,
  newTenant,
  openTestDatabase,
  TEST_PASSWORD,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import type { Browser } from '../../../test/oidc-client';
import { REDIRECT_URI, signIn, tokenRequest } from '../../../test/oidc-client';
import { buildApp, type App } from '../../app';
import type { Database } from '../../platform/db/database';
import { users } from './identity.schema';
import { WEB_CLIENT_ID } from './oidc/provider';
import { MAX_STANDING_CACHE_MS } from './user-directory';

let db: Database;
let t: TestApp;
/** A second server node on the same database, whose standing cache runs on a clock the test moves. */
let other: App;
let clock = Date.now();
let tenantName: string;
let tenantId: string;
let admin: Caller;

beforeAll(async () => {
  db = await openTestDatabase();
  t = await createTestApp(db);
  other = await buildApp({
    config: { publicUrl: 'http://casebook.test', bodyLimitBytes: 1 << 20, webDist: '/nonexistent', logLevel: 'silent' },
    database: db,
    logger: false,
    standing: { now: () => clock },
  });
  await other.app.ready();
  tenantName = `sessions-${Date.now()}`;
  tenantId = await newTenant(db, { name: tenantName });
  admin = await callerFor(t, tenantId, ['TENANT_ADMIN']);
});
afterAll(async () => {
  await other?.app.close();
  await t?.app.close();
  await db?.close();
});

type Session = { browser: Browser; accessToken: string; refreshToken: string; idToken: string };

async function session(userName: string, password = TEST_PASSWORD): Promise<Session> {
  const { code, verifier, browser } = await signIn(t, tenantName, userName, password);
  expect(code).toBeTruthy();
  const res = await tokenRequest(t, {
    grant_type: 'authorization_code',
    code: code!,
    code_verifier: verifier!,
    client_id: WEB_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
  });
  expect(res.statusCode, res.body).toBe(200);
  const tokens = res.json();
  return { browser, accessToken: tokens.access_token, refreshToken: tokens.refresh_token, idToken: tokens.id_token };
}

const api = (app: App | TestApp, token: string, url = '/api/app/account/my-profile') =>
  app.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** The provider's sign-out page and its confirmation, as the browser submits them. */
async function endProviderSession(s: Session) {
  const logout = await s.browser.request(
    'GET',
    `/connect/logout?${new URLSearchParams({ id_token_hint: s.idToken, post_logout_redirect_uri: 'http://casebook.test/login', client_id: WEB_CLIENT_ID })}`,
  );
  expect(logout.statusCode).toBe(200);
  const form = Object.fromEntries(
    [...logout.body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  const action = /action="([^"]+)"/.exec(logout.body)![1]!;
  const confirm = await s.browser.request('POST', new URL(action).pathname, undefined, { ...form, logout: 'yes' });
  expect(confirm.statusCode).toBe(303);
}

const refresh = (app: App | TestApp, refreshToken: string) =>
  app.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: WEB_CLIENT_ID,
    }).toString(),
  });

/** Rotates the session's refresh token once, so the chain under test is a successor, not the first. */
async function rotate(s: Session): Promise<void> {
  const res = await refresh(t, s.refreshToken);
  expect(res.statusCode, res.body).toBe(200);
  s.accessToken = res.json().access_token;
  s.refreshToken = res.json().refresh_token;
}

/**
 * The other session after the change: refused at once by the node that made it, by another node once
 * its standing cache runs out (at most a minute), and its refresh token refused at once everywhere.
 */
async function expectEnded(s: Session) {
  expect((await api(t, s.accessToken)).statusCode).toBe(401);
  expect((await refresh(other, s.refreshToken)).statusCode).toBe(400);
  expect((await refresh(t, s.refreshToken)).statusCode).toBe(400);
  clock += MAX_STANDING_CACHE_MS;
  expect((await api(other, s.accessToken)).statusCode).toBe(401);
}

async function newUser() {
  const { userId, userName } = await createTestUser(db, tenantId, ['STAFF']);
  const mine = await session(userName);
  const elsewhere = await session(userName);
  await rotate(elsewhere);
  // The other node has the user's standing cached from before the change.
  expect((await api(other, elsewhere.accessToken)).statusCode).toBe(200);
  expect((await api(t, elsewhere.accessToken)).statusCode).toBe(200);
  return { userId, userName, mine, elsewhere };
}

describe('sessions end when the account changes', () => {
  test("a password change ends the account's other sessions: access tokens within a minute, refresh tokens at once", async () => {
    const { userName, mine, elsewhere } = await newUser();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/app/account/change-password',
      headers: { authorization: `Bearer ${mine.accessToken}` },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Changed!Pass99' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectEnded(elsewhere);
    // The new password signs in, and its session works on both nodes.
    const fresh = await session(userName, 'Changed!Pass99');
    expect((await api(t, fresh.accessToken)).statusCode).toBe(200);
    expect((await api(other, fresh.accessToken)).statusCode).toBe(200);
  });

  test("an administrator's password reset ends every session of the user", async () => {
    const { userId, mine, elsewhere } = await newUser();
    const reset = await admin.put(`/api/app/users/${userId}/setPassword`, { password: 'Reset!Pass123' });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectEnded(elsewhere);
    await expectEnded(mine);
  });

  test('signing out ends the sessions on other devices too', async () => {
    const { mine, elsewhere } = await newUser();
    // As the web app's sign-out does it: every session of the user, then the provider's own.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/logout',
      headers: { authorization: `Bearer ${mine.accessToken}` },
    });
    expect(out.statusCode, out.body).toBe(204);
    await endProviderSession(mine);
    await expectEnded(mine);
    await expectEnded(elsewhere);
  });

  test("ending only the provider's session (adding another account) keeps the user's other sessions", async () => {
    const { mine, elsewhere } = await newUser();
    await endProviderSession(mine);
    expect((await refresh(t, mine.refreshToken)).statusCode).toBe(400);
    expect((await api(t, elsewhere.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, elsewhere.refreshToken)).statusCode).toBe(200);
  });

  test('an impersonation cannot sign the impersonated user out everywhere', async () => {
    const { userId, elsewhere } = await newUser();
    const impersonated = await admin.post('/api/app/account/impersonate', { userId });
    expect(impersonated.statusCode, impersonated.body).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/logout',
      headers: { authorization: `Bearer ${impersonated.json().accessToken}` },
    });
    expect(out.statusCode).toBe(422);
    expect((await api(t, elsewhere.accessToken)).statusCode).toBe(200);
  });

  test('a new security stamp alone refuses the old refresh chain and its access tokens', async () => {
    // As a node sees it when another node changed the stamp and its rows are still there.
    const { userId, elsewhere } = await newUser();
    await db.withTenant(tenantId, (tx) =>
      tx.update(users).set({ securityStamp: uuidv7() }).where(eq(users.id, userId)),
    );
    expect((await refresh(t, elsewhere.refreshToken)).statusCode).toBe(400);
    clock += MAX_STANDING_CACHE_MS;
    expect((await api(other, elsewhere.accessToken)).statusCode).toBe(401);
  });

  test('tokens issued by the API itself carry the stamp and end with it', async () => {
    const staff = await callerFor(t, tenantId, ['STAFF']);
    expect((await staff.get('/api/app/account/my-profile')).statusCode).toBe(200);
    expect(
      (await admin.put(`/api/app/users/${staff.userId}/setPassword`, { password: 'Reset!Pass123' })).statusCode,
    ).toBe(200);
    expect((await staff.get('/api/app/account/my-profile')).statusCode).toBe(401);
    const userinfo = await t.app.inject({
      method: 'GET',
      url: '/connect/userinfo',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(userinfo.statusCode).toBe(401);
  });
});
