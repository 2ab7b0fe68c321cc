import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AuthMessages, HOST_TENANT_ID, uuidv7 } from '@casebook/domain';
import { createTestUser, ensureHostTenant, newTenant, openTestDatabase, type TestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import type { Database } from '../../platform/db/database';
import { loginAttempts } from './identity.schema';
import { authenticate, UnknownAccountLockout } from './login.service';

const LIMIT = 3;
let db: Database;
let t: TestApp;
let tenantName: string;
let tenantId: string;

beforeAll(async () => {
  db = await openTestDatabase();
  await ensureHostTenant(db);
  const built = await buildApp({
    config: {
      publicUrl: 'http://casebook.test',
      bodyLimitBytes: 1 << 20,
      webDist: '/nonexistent',
      logLevel: 'silent',
      signInLimitPerMinute: LIMIT,
    },
    database: db,
    logger: false,
  });
  await built.app.ready();
  t = { ...built, database: db, close: async () => undefined };
  tenantName = `limits-${Date.now()}`;
  tenantId = await newTenant(db, { name: tenantName });
});
afterAll(async () => {
  await t?.app.close();
  await db?.close();
});

const client = { ip: '127.0.0.1', userAgent: 'test' };
const login = (user: string, password: string, tenant = tenantName) =>
  authenticate(db, { tenant, userNameOrEmail: user, password }, client);

describe('the lockout answer does not tell whether an account exists', () => {
  test('an unknown user, in a known or an unknown tenant, is "locked out" after five failures like a real one', async () => {
    const { userName } = await createTestUser(db, tenantId, ['STAFF']);
    const accounts: [string, string][] = [
      [tenantName, userName],
      [tenantName, `ghost-${uuidv7()}`],
      [`no-such-tenant-${uuidv7()}`, userName],
    ];
    for (const [tenant, user] of accounts) {
      const answers = [];
      for (let i = 0; i < 6; i++) {
        const result = await login(user, 'Wrong!pass1', tenant);
        answers.push(result.ok ? 'signed in' : result.message);
      }
      expect(answers, `${tenant} / ${user}`).toEqual([
        AuthMessages.invalidCredentials,
        AuthMessages.invalidCredentials,
        AuthMessages.invalidCredentials,
        AuthMessages.invalidCredentials,
        AuthMessages.lockedOut,
        AuthMessages.lockedOut,
      ]);
    }
  });

  test('a made-up name opens again after five minutes, as a locked account does', () => {
    let now = 0;
    const lockout = new UnknownAccountLockout(10, () => now);
    const tries = () => Array.from({ length: 5 }, () => lockout.fail('t\u0000ghost'));
    expect(tries()).toEqual([false, false, false, false, true]);
    now += 4 * 60_000;
    expect(lockout.fail('t\u0000ghost')).toBe(true);
    now += 60_000;
    expect(tries()).toEqual([false, false, false, false, true]);
  });

  test('a sign-in to an unknown tenant does the same work as one to a known tenant: it is recorded', async () => {
    const name = `nobody-${uuidv7()}`;
    expect(await login(name, 'Wrong!pass1', 'no-such-tenant')).toMatchObject({ ok: false });
    const recorded = await db.withTenant(HOST_TENANT_ID, (tx) =>
      tx
        .select()
        .from(loginAttempts)
        .where(and(eq(loginAttempts.userNameOrEmail, `no-such-tenant\\${name}`))),
    );
    expect(recorded).toMatchObject([{ result: 'InvalidCredentials', userId: null, clientIp: '127.0.0.1' }]);
  });
});

describe('per-address limits', () => {
  const from = (ip: string) => ({ remoteAddress: ip });

  test('sign-in answers 429 past the limit for one address, and other addresses are not held back', async () => {
    const { userName } = await createTestUser(db, tenantId, ['STAFF']);
    // The sign-in form's own call; every attempt counts, whatever it answers.
    const post = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `/connect/interaction/${uuidv7()}/login`,
        payload: { tenant: tenantName, userNameOrEmail: userName, password: 'Wrong!pass1' },
        ...from(ip),
      });
    for (let i = 0; i < LIMIT; i++) expect((await post('10.0.0.1')).statusCode).toBe(400);
    const held = await post('10.0.0.1');
    expect(held.statusCode).toBe(429);
    expect(held.json().error.code).toBe('Casebook:TooManyRequests');
    expect((await post('10.0.0.2')).statusCode).toBe(400);
  });

  test('forgot-password and one-time-link redemption answer 429 past the limit for one address', async () => {
    for (const [url, payload] of [
      ['/api/account/forgot-password', { tenant: tenantName, email: 'someone@example.test' }],
      ['/api/account/onetime-access/redeem', { tenantId, token: 'not-a-real-token' }],
      ['/api/account/reset-password', { tenantId, token: 'not-a-real-token', password: 'New!Password1' }],
    ] as const) {
      const statuses = [];
      for (let i = 0; i <= LIMIT; i++) {
        statuses.push((await t.app.inject({ method: 'POST', url, payload, ...from('10.0.1.1') })).statusCode);
      }
      expect(statuses.slice(-1), url).toEqual([429]);
      expect(statuses.slice(0, -1), url).not.toContain(429);
      const elsewhere = await t.app.inject({ method: 'POST', url, payload, ...from('10.0.1.2') });
      expect(elsewhere.statusCode, url).not.toBe(429);
    }
  });
});
