import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
import { REDIRECT_URI, signIn, tokenRequest } from '../../../test/oidc-client';

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

  test("the token endpoint accepts browsers from the app's own origin and no other", async () => {
    const exchange = async (origin: string) => {
      const { code, verifier } = await signIn(t, tenantName, 'sam.staff', TEST_PASSWORD);
      return t.app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code: code!,
          code_verifier: verifier!,
          client_id: WEB_CLIENT_ID,
          redirect_uri: REDIRECT_URI,
        }).toString(),
      });
    };
    const own = await exchange('http://casebook.test');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBe('http://casebook.test');
    const foreign = await exchange('https://evil.example');
    expect(foreign.statusCode).toBe(400);
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
