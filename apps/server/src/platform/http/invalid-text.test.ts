import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  callerFor,
  createTestApp,
  newTenant,
  openTestDatabase,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { Browser, tokenRequest } from '../../../test/oidc-client';
import type { Database } from '../db/database';
import { WEB_CLIENT_ID } from '../../modules/identity/oidc/provider';
import { loggerOptions, serializeError } from './logging';
import { INVALID_TEXT_MESSAGE } from './text-input';
import { multipartBody, multipartHeaders } from '../../modules/files/multipart.test-support';

let db: Database;
let t: TestApp;
let tenantName: string;
let admin: Caller;
const logLines: string[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  // The server's own logger configuration, writing to this test.
  t = await createTestApp(db, { logger: loggerOptions('info', { write: (line) => void logLines.push(line) }) });
  tenantName = `text-${Date.now()}`;
  const tenantId = await newTenant(db, { name: tenantName });
  admin = await callerFor(t, tenantId, ['TENANT_ADMIN']);
});
afterAll(async () => {
  await t?.app.close();
  await db?.close();
});

function expectInvalidText(res: LightMyRequestResponse, member: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.validationErrors).toEqual([{ message: INVALID_TEXT_MESSAGE, members: [member] }]);
}

describe('text that cannot be stored is a 400 naming the field', () => {
  test('sign-in with a NUL or a lone surrogate in any field', async () => {
    const browser = new Browser(t);
    const authorize = await browser.request(
      'GET',
      `/connect/authorize?${new URLSearchParams({
        client_id: WEB_CLIENT_ID,
        response_type: 'code',
        redirect_uri: 'http://casebook.test/signin-oidc',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
    );
    const interaction = await browser.request('GET', String(authorize.headers.location));
    const uid = new URL(String(interaction.headers.location), 'http://casebook.test').searchParams.get('uid')!;
    const login = (fields: Record<string, string>) =>
      browser.request('POST', `/connect/interaction/${uid}/login`, {
        tenant: tenantName,
        userNameOrEmail: 'someone',
        password: 'Some!pass1',
        ...fields,
      });
    expectInvalidText(await login({ tenant: 'acme\u0000' }), 'tenant');
    expectInvalidText(await login({ userNameOrEmail: 'admin\u0000' }), 'userNameOrEmail');
    expectInvalidText(await login({ password: 'pass\u0000word' }), 'password');
    expectInvalidText(await login({ userNameOrEmail: 'admin\uD800' }), 'userNameOrEmail');
    // A well-formed pair is ordinary text.
    const emoji = await login({ userNameOrEmail: 'admin\uD83D\uDE00' });
    expect(emoji.statusCode).toBe(400);
    expect(emoji.json().error.validationErrors[0].members).toEqual(['password']);
  });

  test('forgot-password and reset-password', async () => {
    const forgot = (body: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: body });
    expectInvalidText(await forgot({ tenant: `${tenantName}\u0000`, email: 'a@example.test' }), 'tenant');
    expectInvalidText(await forgot({ tenant: tenantName, email: 'a\u0000@example.test' }), 'email');
  });

  test('in a record, a nested list, a query string and a path', async () => {
    expectInvalidText(await admin.post('/api/app/countries', { name: 'Nul\u0000land' }), 'name');
    expectInvalidText(
      await admin.post('/api/app/user-groups', { name: 'Group', memberIds: ['x', 'bad\uDC00'] }),
      'memberIds.1',
    );
    expectInvalidText(await admin.get('/api/app/countries?filter=%00'), 'filter');
    expectInvalidText(await admin.get('/api/app/countries?filter=a&sorting=name%00'), 'sorting');
    expectInvalidText(await admin.get('/api/app/countries/abc%00'), 'id');
  });

  test('an upload with a NUL in a form field or in the file name', async () => {
    const upload = (fields: Record<string, string>, name: string) =>
      admin.request({
        method: 'POST',
        url: '/api/app/files',
        headers: multipartHeaders,
        payload: multipartBody(fields, { name, bytes: Buffer.from('plain text') }),
      });
    expectInvalidText(await upload({ name: 'Note\u0000' }, 'note.txt'), 'name');
    expectInvalidText(await upload({ name: 'Note' }, 'no\u0000te.txt'), 'file');
    expect((await upload({ name: 'Note' }, 'note.txt')).statusCode).toBe(200);
  });

  test("the provider's own endpoints answer a NUL with an error, not a 500", async () => {
    const authorize = await t.app.inject({
      method: 'GET',
      url: `/connect/authorize?${new URLSearchParams({ client_id: 'casebook\u0000', response_type: 'code', scope: 'openid' })}`,
    });
    expect(authorize.statusCode).toBeLessThan(500);
    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: 'abc\u0000def',
      client_id: WEB_CLIENT_ID,
    });
    expect(refresh.statusCode, refresh.body).toBe(400);
    const code = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: 'abc\u0000def',
      code_verifier: 'x'.repeat(43),
      client_id: WEB_CLIENT_ID,
      redirect_uri: 'http://casebook.test/signin-oidc',
    });
    expect(code.statusCode, code.body).toBe(400);
  });
});

describe('the log keeps no query values', () => {
  test("a failed query's log line has its SQL and error code but not its parameters", async () => {
    const secret = `$argon2id$v=19$m=19456$${'s3cret'.repeat(4)}`;
    const error = await db
      .withSystem((tx) => tx.execute(sql`select length(${secret}) / 0`))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    // The raw error carries the parameter (in its message and fields): the serialised one does not.
    expect(JSON.stringify({ message: (error as Error).message, ...(error as object) })).toContain('s3cret');
    t.app.log.error({ err: error }, 'log probe');
    const line = logLines.find((l) => l.includes('log probe'))!;
    expect(line).toContain('Failed query: select length($1) / 0');
    expect(line).toContain('22012');
    expect(line).toContain('params: [redacted]');
    expect(line).not.toContain('s3cret');
  });

  test("PostgreSQL's detail (the values of a duplicate key or a failing row) is left out", async () => {
    const secret = `token-${'s3cret'.repeat(3)}`;
    const error = await db
      .withSystem(async (tx) => {
        await tx.execute(sql`create temporary table log_probe (v text primary key) on commit drop`);
        await tx.execute(sql`insert into log_probe values (${secret})`);
        await tx.execute(sql`insert into log_probe values (${secret})`);
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    const cause = (error as { cause?: { detail?: string; code?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.detail).toContain('s3cret');
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).toContain('23505');
    expect(serialized).toContain('log_probe_pkey');
    expect(serialized).not.toContain('s3cret');
  });
});
