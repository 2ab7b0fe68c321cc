import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import * as argon2 from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import {
  AssessmentFeatures,
  AuthMessages,
  DefaultGrants,
  defaultPermissionsFor,
  FeatureFlags,
  PermissionFeatures,
  Permissions,
  Roles,
  uuidv7,
  type Role,
} from '@casebook/domain';
import {
  callerFor,
  createTestUser,
  ensureHostTenant,
  newTenant,
  openTestDatabase,
  TEST_PASSWORD,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { signIn, signInForTokens, tokenRequest } from '../../../test/oidc-client';
import { startSmtpServer } from '../../../test/smtp';
import { createMailer } from '../../platform/mail/mailer';
import type { Database } from '../../platform/db/database';
import { entityChanges } from '../../platform/db/platform.schema';
import { loginAttempts, oidcPayloads, users, userTokens } from './identity.schema';
import { authenticate } from './login.service';
import { hashPassword } from './passwords';
import { WEB_CLIENT_ID } from './oidc/provider';

// Password verifications are counted (each still runs the real argon2id).
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});
const argon2Verify = vi.mocked(argon2.verify);

let db: Database;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let tenantName: string;
let tenantId: string;
let admin: Caller;

beforeAll(async () => {
  db = await openTestDatabase();
  smtp = await startSmtpServer();
  const { buildApp } = await import('../../app');
  const built = await buildApp({
    config: { publicUrl: 'http://casebook.test', bodyLimitBytes: 1 << 20, webDist: '/nonexistent', logLevel: 'silent' },
    database: db,
    logger: false,
    mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'Casebook <no-reply@casebook.test>' }),
  });
  await built.app.ready();
  t = { ...built, database: db, close: async () => undefined };
  // Sign-ins to unknown tenants are recorded in the host's log, as on a real installation.
  await ensureHostTenant(db);
  tenantName = `rules-${Date.now()}`;
  tenantId = await newTenant(db, { name: tenantName });
  admin = await callerFor(t, tenantId, ['TENANT_ADMIN']);
});
afterAll(async () => {
  await t?.app.close();
  await db?.close();
  await smtp?.close();
});

const client = { ip: '127.0.0.1', userAgent: 'test' };
const login = (user: string, password: string, tenant = tenantName) =>
  authenticate(db, { tenant, userNameOrEmail: user, password }, client);

async function newUser(roles: Role[] = ['STAFF']) {
  return createTestUser(db, tenantId, roles);
}

describe('sign-in rules', () => {
  test('unknown tenants, unknown users and wrong passwords all get the same message', async () => {
    const { userName } = await newUser();
    expect(await login(userName, 'Wrong!pass1')).toMatchObject({ ok: false, message: AuthMessages.invalidCredentials });
    expect(await login('nobody-here', TEST_PASSWORD)).toMatchObject({
      ok: false,
      message: AuthMessages.invalidCredentials,
    });
    expect(await login(userName, TEST_PASSWORD, 'no-such-tenant')).toMatchObject({
      ok: false,
      message: AuthMessages.invalidCredentials,
    });
    expect(await login(userName, TEST_PASSWORD)).toMatchObject({ ok: true });
  });

  test('an unknown user or tenant costs a full password verification, like a known one', async () => {
    // Counted, not timed: each sign-in runs exactly one real argon2id verification against a hash made
    // with the stored passwords' parameters, whether the tenant and user exist or not.
    const { userName } = await newUser();
    const stored = await hashPassword('Some!Password1');
    const parametersOf = (hash: string) => hash.slice(0, hash.indexOf('$', hash.indexOf('p=')));
    const parameters = parametersOf(stored);
    const verificationsOf = async (run: () => Promise<unknown>) => {
      argon2Verify.mockClear();
      await run();
      return argon2Verify.mock.calls.map(([hash]) => parametersOf(String(hash)));
    };
    expect(await verificationsOf(() => login(userName, 'Wrong!pass1'))).toEqual([parameters]);
    expect(await verificationsOf(() => login(`ghost-${Math.random()}`, 'Wrong!pass1'))).toEqual([parameters]);
    expect(await verificationsOf(() => login(userName, 'Wrong!pass1', 'no-such-tenant'))).toEqual([parameters]);
    expect(await verificationsOf(() => login(userName, TEST_PASSWORD))).toEqual([parameters]);
    expect(parameters).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1$/);
  });

  test('five consecutive failures lock the account for five minutes, with the spec message', async () => {
    const { userName, userId } = await newUser();
    for (let i = 0; i < 4; i++) {
      expect(await login(userName, 'Wrong!pass1')).toMatchObject({ message: AuthMessages.invalidCredentials });
    }
    expect(await login(userName, 'Wrong!pass1')).toMatchObject({
      ok: false,
      reason: 'LockedOut',
      message: AuthMessages.lockedOut,
    });
    // Even the right password is refused while locked.
    expect(await login(userName, TEST_PASSWORD)).toMatchObject({ message: AuthMessages.lockedOut });
    const [row] = await db.withTenant(tenantId, (tx) => tx.select().from(users).where(eq(users.id, userId)));
    const minutes = (row!.lockoutEnd!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4.9);
    expect(minutes).toBeLessThanOrEqual(5);
    // Five minutes later it opens again.
    await db.withTenant(tenantId, (tx) =>
      tx
        .update(users)
        .set({ lockoutEnd: new Date(Date.now() - 1000) })
        .where(eq(users.id, userId)),
    );
    expect(await login(userName, TEST_PASSWORD)).toMatchObject({ ok: true });
  });

  test('a success resets the failure count', async () => {
    const { userName } = await newUser();
    for (let i = 0; i < 4; i++) await login(userName, 'Wrong!pass1');
    expect(await login(userName, TEST_PASSWORD)).toMatchObject({ ok: true });
    for (let i = 0; i < 4; i++) await login(userName, 'Wrong!pass1');
    expect(await login(userName, TEST_PASSWORD)).toMatchObject({ ok: true });
  });

  test('every attempt is in the login history', async () => {
    const { userName, userId } = await newUser();
    await login(userName, 'Wrong!pass1');
    await login(userName, TEST_PASSWORD);
    const res = await admin.get(`/api/app/users/${userId}/loginHistory`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { result: string }) => i.result)).toEqual(['Succeeded', 'InvalidCredentials']);
  });
});

describe('password rule', () => {
  test.each(['short1!A', 'alllowercase1!', 'ALLUPPERCASE1!', 'NoDigits!!', 'NoSpecial123', 'Sh0rt!'])(
    'refuses %j with the rule message',
    async (password) => {
      const res = await admin.post('/api/app/users', {
        userName: `weak${Math.random().toString(36).slice(2, 8)}`,
        email: `weak${Math.random().toString(36).slice(2, 8)}@example.test`,
        name: 'Weak',
        surname: 'Password',
        roles: ['STAFF'],
        password,
      });
      if (password === 'short1!A') {
        expect(res.statusCode).toBe(200);
        return;
      }
      expect(res.statusCode).toBe(400);
      expect(res.json().error.validationErrors).toContainEqual({
        message: AuthMessages.passwordRule,
        members: ['password'],
      });
    },
  );

  test('set password applies the rule too', async () => {
    const { userId } = await newUser();
    const weak = await admin.put(`/api/app/users/${userId}/setPassword`, { password: 'password' });
    expect(weak.statusCode).toBe(400);
    const strong = await admin.put(`/api/app/users/${userId}/setPassword`, { password: 'Str0ng!Enough' });
    expect(strong.statusCode).toBe(200);
  });
});

describe('disabled users', () => {
  test('disabling ends access tokens and refresh tokens at once; sign-in asks to contact support', async () => {
    const { userName, userId } = await newUser();
    const tokens = await signInForTokens(t, tenantName, userName, TEST_PASSWORD);
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/app/countries', headers: bearer })).statusCode).toBe(200);

    const disabled = await admin.put(`/api/app/users/${userId}/disable`, {});
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().isActive).toBe(false);

    expect((await t.app.inject({ method: 'GET', url: '/api/app/countries', headers: bearer })).statusCode).toBe(401);
    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: WEB_CLIENT_ID,
    });
    expect(refresh.statusCode).toBe(400);
    const left = await db.withSystem((tx) => tx.select().from(oidcPayloads).where(eq(oidcPayloads.accountId, userId)));
    expect(left).toEqual([]);

    expect(await login(userName, TEST_PASSWORD)).toMatchObject({ ok: false, message: AuthMessages.disabled });
    // Without the right password nothing reveals that the account exists but is disabled.
    expect(await login(userName, 'Wrong!pass1')).toMatchObject({ message: AuthMessages.invalidCredentials });
    const { login: viaProvider } = await signIn(t, tenantName, userName, TEST_PASSWORD);
    expect(viaProvider.json().error.message).toBe(AuthMessages.disabled);

    expect((await admin.put(`/api/app/users/${userId}/enable`, {})).statusCode).toBe(200);
    expect(await login(userName, TEST_PASSWORD)).toMatchObject({ ok: true });
  });

  test('an administrator cannot disable or delete their own account', async () => {
    expect((await admin.put(`/api/app/users/${admin.userId}/disable`, {})).statusCode).toBe(422);
    expect((await admin.del(`/api/app/users/${admin.userId}`)).statusCode).toBe(422);
  });

  test('a deleted user is gone for sign-in and the API', async () => {
    const staff = await callerFor(t, tenantId, ['STAFF']);
    expect((await admin.del(`/api/app/users/${staff.userId}`)).statusCode).toBe(204);
    expect((await staff.get('/api/app/countries')).statusCode).toBe(401);
    expect((await admin.get(`/api/app/users/${staff.userId}`)).statusCode).toBe(404);
  });
});

describe('password reset by e-mail', () => {
  const resetLink = (text: string) => {
    const m = /\/account\/reset-password\?tenantId=([0-9a-f-]+)&token=([A-Za-z0-9_-]+)/.exec(text);
    return m ? { tenantId: m[1]!, token: m[2]! } : undefined;
  };

  test('the link arrives by SMTP, works once, and then says it is invalid or expired', async () => {
    const email = `reset-${Date.now()}@example.test`;
    const { userName } = await createTestUser(db, tenantId, ['STAFF'], { email });
    const before = smtp.messages.length;
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { tenant: tenantName, email },
    });
    expect(requested.json()).toEqual({ message: AuthMessages.resetRequested });
    expect(smtp.messages.length).toBe(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.subject).toBe('Reset your Casebook password');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(email);
    const link = resetLink(mail.text ?? '')!;
    expect(link.tenantId).toBe(tenantId);

    const reset = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/account/reset-password', payload: { ...link, password } });
    const weak = await reset('weak');
    expect(weak.statusCode).toBe(400);
    expect((await reset('New!Passw0rd')).statusCode).toBe(200);
    expect(await login(userName, 'New!Passw0rd')).toMatchObject({ ok: true });
    const again = await reset('Other!Passw0rd');
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(AuthMessages.linkInvalid);
  });

  test('an expired link is refused with the same message', async () => {
    const email = `expired-${Date.now()}@example.test`;
    await createTestUser(db, tenantId, ['STAFF'], { email });
    await t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { tenant: tenantName, email } });
    const link = resetLink(smtp.messages.at(-1)!.text ?? '')!;
    await db.withTenant(tenantId, (tx) =>
      tx
        .update(userTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(userTokens.purpose, 'PasswordReset')),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { ...link, password: 'New!Passw0rd' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(AuthMessages.linkInvalid);
  });

  test('an unknown address gets the same answer and no e-mail', async () => {
    const before = smtp.messages.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { tenant: tenantName, email: 'nobody@example.test' },
    });
    expect(res.json()).toEqual({ message: AuthMessages.resetRequested });
    expect(smtp.messages.length).toBe(before);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { tenantId, token: 'x'.repeat(43), password: 'New!Passw0rd' },
    });
    expect(forged.json().error.message).toBe(AuthMessages.linkInvalid);
  });
});

describe('user administration', () => {
  test('resend password sets a new one, e-mails it and says so in the spec words', async () => {
    const email = `resend-${Date.now()}@example.test`;
    const { userId, userName } = await createTestUser(db, tenantId, ['STAFF'], { email });
    const res = await admin.post(`/api/app/users/${userId}/resendPassword`, undefined);
    expect(res.json()).toEqual({ message: AuthMessages.resendPassword });
    const mail = smtp.messages.at(-1)!;
    const password = /Password: (\S+)/.exec(mail.text ?? '')![1]!;
    expect(await login(userName, TEST_PASSWORD)).toMatchObject({ ok: false });
    expect(await login(userName, password)).toMatchObject({ ok: true });
  });

  test('duplicate e-mails and user names are refused with the field named', async () => {
    const { userName } = await newUser();
    const email = `${userName}@example.test`;
    const check = await admin.get(
      `/api/app/users/checkDuplicateEmail?email=${encodeURIComponent(email.toUpperCase())}`,
    );
    expect(check.json()).toEqual({ isDuplicate: true });
    const dup = await admin.post('/api/app/users', {
      userName: 'someoneelse',
      email,
      name: 'A',
      surname: 'B',
      roles: ['STAFF'],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.validationErrors[0].members).toEqual(['email']);
    const dupName = await admin.post('/api/app/users', {
      userName: userName.toUpperCase(),
      email: 'fresh@example.test',
      name: 'A',
      surname: 'B',
      roles: ['STAFF'],
    });
    expect(dupName.json().error.validationErrors[0].members).toEqual(['userName']);
  });

  test('a new user without a password gets one by e-mail and can sign in with it', async () => {
    const res = await admin.post('/api/app/users', {
      userName: `new${Date.now()}`,
      email: `new${Date.now()}@example.test`,
      name: 'New',
      surname: 'Person',
      roles: ['CASE_MANAGER'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ roles: ['CASE_MANAGER'], isActive: true, fullName: 'New Person' });
    expect(res.json()).not.toHaveProperty('passwordHash');
    const password = /Password: (\S+)/.exec(smtp.messages.at(-1)!.text ?? '')![1]!;
    expect(await login(res.json().userName, password)).toMatchObject({ ok: true });
  });

  test('lock and unlock', async () => {
    const { userId, userName } = await newUser();
    expect((await admin.put(`/api/app/users/${userId}/lock`, { minutes: 10 })).json().isLockedOut).toBe(true);
    expect(await login(userName, TEST_PASSWORD)).toMatchObject({ message: AuthMessages.lockedOut });
    expect((await admin.put(`/api/app/users/${userId}/unlock`, {})).json().isLockedOut).toBe(false);
    expect(await login(userName, TEST_PASSWORD)).toMatchObject({ ok: true });
  });

  test('the selection list filters by role names', async () => {
    await createTestUser(db, tenantId, ['SPECIALIST'], { name: 'Sel', surname: 'Specialist' });
    const res = await admin.get('/api/app/users?isSelectionList=true&roleNames=SPECIALIST&maxResultCount=100');
    expect(res.json().items.map((i: { displayName: string }) => i.displayName)).toContain('Sel Specialist');
    expect(res.json().items.every((i: { displayName: string }) => !i.displayName.startsWith('tenant_admin'))).toBe(
      true,
    );
  });

  test('my profile and change password', async () => {
    const before = await callerFor(t, tenantId, ['STAFF']);
    const profile = (await before.get('/api/app/account/my-profile')).json();
    expect(profile).toMatchObject({
      id: before.userId,
      roles: [{ name: 'STAFF' }],
      dateFormat: 'DD MMM YYYY',
      impersonatorUserId: null,
    });
    const wrong = await before.put('/api/app/account/change-password', {
      currentPassword: 'Nope!1234',
      newPassword: 'Brand!New123',
    });
    expect(wrong.json().error.validationErrors[0]).toEqual({
      message: AuthMessages.currentPasswordWrong,
      members: ['currentPassword'],
    });
    const ok = await before.put('/api/app/account/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Brand!New123',
    });
    expect(ok.statusCode).toBe(200);
    // The change ended the session it was made in too: the user signs in again.
    expect((await before.get('/api/app/account/my-profile')).statusCode).toBe(401);
    const staff = await callerFor(t, tenantId, ['STAFF'], { userId: before.userId });
    // The password change gave the account a new stamp: the profile is read again before editing.
    const fresh = (await staff.get('/api/app/account/my-profile')).json();
    const stale = await staff.put('/api/app/account/my-profile', {
      email: profile.email,
      name: profile.name,
      surname: profile.surname,
      title: 'Dr',
      phoneNumber: null,
      concurrencyStamp: profile.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);
    const updated = await staff.put('/api/app/account/my-profile', {
      email: fresh.email,
      name: fresh.name,
      surname: fresh.surname,
      title: 'Dr',
      phoneNumber: '0412345678',
      concurrencyStamp: fresh.concurrencyStamp,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().title).toBe('Dr');
  });
});

describe('one-time access links', () => {
  /** The link in the last mail sent to this address, as the redeem call's body. */
  const mailedLink = (to: string) => {
    const mail = smtp.messages.findLast((m) => m.to && JSON.stringify(m.to).includes(to));
    expect(mail, `no mail to ${to}`).toBeDefined();
    const url = new URL(/(http:\/\/casebook\.test\/view\/onetimeaccess\S+)/.exec(mail!.text ?? '')![1]!);
    expect(url.pathname).toBe('/view/onetimeaccess');
    return { tenantId: url.searchParams.get('tenantId'), token: url.searchParams.get('token') };
  };
  const redeem = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/account/onetime-access/redeem', payload: body as never });

  test("a link goes to the user's mailbox, never to the caller, and signs its holder in once", async () => {
    const email = `otl-${Date.now()}@example.test`;
    const { userId } = await createTestUser(db, tenantId, ['SPECIALIST'], { email });
    const link = await admin.post('/api/app/onetime-access', { userId, fromModule: 'IME' });
    expect(link.statusCode, link.body).toBe(200);
    expect(Object.keys(link.json()).sort()).toEqual(['expiresAt', 'message']);
    const body = mailedLink(email);
    expect(link.body).not.toContain(body.token);
    expect(smtp.messages.at(-1)!.html).toContain(body.token);
    const first = await redeem(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().target).toEqual({ fromModule: 'IME' });
    const claims = decodeJwt(first.json().accessToken);
    expect(claims).toMatchObject({ sub: userId, tenantid: tenantId });
    expect(claims).not.toHaveProperty('impersonator_user_id');
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/app/account/my-profile',
      headers: { authorization: `Bearer ${first.json().accessToken}` },
    });
    expect(profile.json().id).toBe(userId);
    const second = await redeem(body);
    expect(second.statusCode).toBe(422);
    expect(second.json().error.message).toBe(AuthMessages.linkInvalid);
  });

  test('links are only for specialists and case managers: office users get none, and no mail goes out', async () => {
    const { userId: caseManagerId } = await newUser(['CASE_MANAGER']);
    expect((await admin.post('/api/app/onetime-access', { userId: caseManagerId })).statusCode).toBe(200);
    const before = smtp.messages.length;
    for (const roles of [['STAFF'], ['ACCOUNTING'], ['CONTRACTOR'], ['INSURER'], ['SPECIALIST', 'STAFF']] as Role[][]) {
      const { userId } = await newUser(roles);
      const res = await admin.post('/api/app/onetime-access', { userId });
      expect({ roles, status: res.statusCode, message: res.json().error.message }).toEqual({
        roles,
        status: 422,
        message: 'One-time links are only for users whose roles are all among: SPECIALIST, CASE_MANAGER.',
      });
    }
    const { userId: disabledId } = await newUser(['SPECIALIST']);
    expect((await admin.put(`/api/app/users/${disabledId}/disable`, {})).statusCode).toBe(200);
    const disabled = await admin.post('/api/app/onetime-access', { userId: disabledId });
    expect(disabled.statusCode).toBe(422);
    expect(disabled.json().error.message).toBe('The user is disabled.');
    expect(smtp.messages.length).toBe(before);
    const unknown = await admin.post('/api/app/onetime-access', { userId: '00000000-0000-7000-8000-00000000abcd' });
    expect(unknown.statusCode).toBe(404);
  });

  test("a link stops working when the user's password is reset before it is used", async () => {
    const email = `otl-reset-${Date.now()}@example.test`;
    const { userId } = await createTestUser(db, tenantId, ['SPECIALIST'], { email });
    expect((await admin.post('/api/app/onetime-access', { userId })).statusCode).toBe(200);
    const body = mailedLink(email);
    expect((await admin.put(`/api/app/users/${userId}/setPassword`, { password: 'Fresh!Pass123' })).statusCode).toBe(
      200,
    );
    const res = await redeem(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(AuthMessages.linkInvalid);
  });

  test('a link made under impersonation yields a token that still names the impersonator', async () => {
    const { userId: staffId } = await newUser(['STAFF']);
    const email = `otl-imp-${Date.now()}@example.test`;
    const { userId: specialistId } = await createTestUser(db, tenantId, ['SPECIALIST'], { email });
    const impersonation = (await admin.post('/api/app/account/impersonate', { userId: staffId })).json().accessToken;
    const asStaff = { authorization: `Bearer ${impersonation}` };
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/app/onetime-access',
      headers: asStaff,
      payload: { userId: specialistId },
    });
    expect(link.statusCode, link.body).toBe(200);
    const redeemed = await redeem(mailedLink(email));
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const token = redeemed.json().accessToken;
    expect(decodeJwt(token)).toMatchObject({ sub: specialistId, impersonator_user_id: admin.userId });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/app/account/my-profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json()).toMatchObject({ id: specialistId, impersonatorUserId: admin.userId });
  });

  test('an impersonation cannot mint a link for the impersonated user to shed its marker', async () => {
    const { userId: staffId } = await newUser(['STAFF']);
    const impersonation = (await admin.post('/api/app/account/impersonate', { userId: staffId })).json().accessToken;
    const before = smtp.messages.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/onetime-access',
      headers: { authorization: `Bearer ${impersonation}` },
      payload: { userId: staffId },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You cannot create a one-time link for yourself.');
    expect(smtp.messages.length).toBe(before);
    const tokens = await db.withTenant(tenantId, (tx) =>
      tx.select().from(userTokens).where(eq(userTokens.userId, staffId)),
    );
    expect(tokens).toEqual([]);
  });
});

describe('impersonation', () => {
  test('the token names the impersonator and every action is audited with both ids', async () => {
    const { userId: staffId } = await newUser(['STAFF']);
    const res = await admin.post('/api/app/account/impersonate', { userId: staffId });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().accessToken;
    expect(decodeJwt(token)).toMatchObject({ sub: staffId, tenantid: tenantId, impersonator_user_id: admin.userId });

    const headers = { authorization: `Bearer ${token}` };
    const profile = await t.app.inject({ method: 'GET', url: '/api/app/account/my-profile', headers });
    expect(profile.json()).toMatchObject({ id: staffId, impersonatorUserId: admin.userId });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/app/countries',
      headers,
      payload: { name: 'Impersonia', code: 'IQ' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const rows = await db.withTenant(tenantId, (tx) =>
      tx.select().from(entityChanges).where(eq(entityChanges.entityId, created.json().id)),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.userId === staffId && r.impersonatorUserId === admin.userId)).toBe(true);
    const attempts = await db.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(loginAttempts)
        .where(and(eq(loginAttempts.userId, staffId), eq(loginAttempts.result, 'Impersonated'))),
    );
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.impersonatorUserId).toBe(admin.userId);

    // No impersonation from inside an impersonation.
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/impersonate',
      headers,
      payload: { userId: admin.userId },
    });
    expect(nested.statusCode).toBe(403);
  });

  test("only tenant admins may impersonate, and never another tenant's user", async () => {
    const staff = await callerFor(t, tenantId, ['STAFF', 'ADMIN_STAFF']);
    expect((await staff.post('/api/app/account/impersonate', { userId: admin.userId })).statusCode).toBe(403);
    const other = await callerFor(t, await newTenant(db), ['STAFF']);
    expect((await admin.post('/api/app/account/impersonate', { userId: other.userId })).statusCode).toBe(404);
  });
});

describe('role grants per tenant', () => {
  test('revoking a permission from a role takes effect, and defaults can be restored', async () => {
    const local = await newTenant(db);
    const localAdmin = await callerFor(t, local, ['TENANT_ADMIN']);
    const staff = await callerFor(t, local, ['STAFF']);
    const body = { name: 'Grantland', code: 'GQ' };
    const staffDefaults = DefaultGrants.filter((g) => g.roles.includes('STAFF')).map((g) => g.permission);
    const without = staffDefaults.filter((p) => p !== Permissions.countries.create);
    const set = await localAdmin.put('/api/app/roles/STAFF/permissions', { permissions: without });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().permissions).not.toContain(Permissions.countries.create);
    expect((await staff.post('/api/app/countries', body)).statusCode).toBe(403);
    const roles = (await localAdmin.get('/api/app/tenants/roles')).json().items as {
      name: string;
      permissions: string[];
    }[];
    expect(roles.find((r) => r.name === 'STAFF')!.permissions).toEqual([...without].sort());
    // Another tenant keeps the defaults.
    const elsewhere = await callerFor(t, tenantId, ['STAFF']);
    expect((await elsewhere.post('/api/app/countries', { name: 'Elsewhere', code: 'EQ' })).statusCode).toBe(200);

    expect((await localAdmin.put('/api/app/roles/setDefaultPermissions', { roleName: 'STAFF' })).statusCode).toBe(200);
    expect((await staff.post('/api/app/countries', body)).statusCode).toBe(200);
    const unknown = await localAdmin.put('/api/app/roles/STAFF/permissions', { permissions: ['Casebook.Everything'] });
    expect(unknown.statusCode).toBe(400);
  });

  test("my profile lists the caller's effective permissions, and a revoked one is gone from it", async () => {
    // Every feature on: the staff role's whole default grant is effective.
    const local = await newTenant(db, { features: Object.fromEntries(FeatureFlags.map((f) => [f, 'True'])) });
    const localAdmin = await callerFor(t, local, ['TENANT_ADMIN']);
    const staff = await callerFor(t, local, ['STAFF']);
    const before = (await staff.get('/api/app/account/my-profile')).json().permissions as string[];
    expect(before).toEqual([...defaultPermissionsFor(['STAFF'])].sort());
    expect(before).toContain(Permissions.assessments.update);

    const without = before.filter((p) => p !== Permissions.assessments.update);
    expect((await localAdmin.put('/api/app/roles/STAFF/permissions', { permissions: without })).statusCode).toBe(200);
    const after = (await staff.get('/api/app/account/my-profile')).json().permissions as string[];
    expect(after).toEqual(without);
    // The profile says what the API does: the case update is refused.
    expect((await staff.put(`/api/app/assessments/${uuidv7()}/appointment`, {})).statusCode).toBe(403);
  });

  test('my profile leaves out permissions whose calls need a feature the tenant does not have', async () => {
    // Action items are kept on the cases of the assessment list and of the modules with the Action Required tab.
    const off = Object.fromEntries(
      [...AssessmentFeatures, ...PermissionFeatures[Permissions.actionItems.read]!].map((f) => [f, 'False']),
    );
    const noCases = await callerFor(t, await newTenant(db, { features: off }), ['STAFF']);
    const permissions = (await noCases.get('/api/app/account/my-profile')).json().permissions as string[];
    expect(permissions).not.toContain(Permissions.assessments.read);
    expect(permissions).not.toContain(Permissions.actionItems.read);
    expect(permissions).toContain(Permissions.countries.read);
    // What the profile leaves out the API refuses.
    expect((await noCases.get('/api/app/assessments')).statusCode).toBe(403);
  });
});

describe('permissions and features agree with the routes', () => {
  test('every route of a feature-bound permission declares its features, and no other permission is bound', () => {
    const byPermission = new Map<string, (readonly string[] | undefined)[]>();
    for (const route of t.routes) {
      const permission = route.access?.permission;
      if (!permission) continue;
      byPermission.set(permission, [...(byPermission.get(permission) ?? []), route.access?.features]);
    }
    for (const [permission, featureLists] of byPermission) {
      const bound = PermissionFeatures[permission];
      if (bound) {
        // Each call needs some of the bound features (a module's action items need that module), and
        // together they need exactly those: without all of them no call works, with one some call does.
        for (const features of featureLists) {
          const outside = (features ?? []).filter((f) => !(bound as readonly string[]).includes(f));
          expect({ permission, outside }).toEqual({ permission, outside: [] });
          expect(features?.length, permission).toBeGreaterThan(0);
        }
        expect({ permission, features: [...new Set(featureLists.flatMap((f) => f ?? []))].sort() }).toEqual({
          permission,
          features: [...bound].sort(),
        });
      } else {
        // Some call of this permission works whatever the tenant's features: the permission is never dropped.
        expect({ permission, unbound: featureLists.some((f) => !f || f.length === 0) }).toEqual({
          permission,
          unbound: true,
        });
      }
    }
  });
});

describe('API permissions, generated from the route table', () => {
  test('every route with a permission answers 403 to a role without it', async () => {
    const withPermission = t.routes.filter((r) => r.access?.permission && !r.access.hostOnly);
    expect(withPermission.length).toBeGreaterThan(20);
    const callers = new Map<Role, Caller>();
    let checked = 0;
    for (const route of withPermission) {
      const grant = DefaultGrants.find((g) => g.permission === route.access!.permission);
      expect(grant, `${route.access!.permission} has no default grant`).toBeDefined();
      const role = Roles.find((r) => !grant!.roles.includes(r));
      if (!role) continue;
      if (!callers.has(role)) callers.set(role, await callerFor(t, tenantId, [role]));
      const url = route.url.replace(':id', '00000000-0000-7000-8000-00000000abcd').replace(':roleName', 'STAFF');
      const res = await callers.get(role)!.request({ method: route.method as 'GET', url, payload: {} });
      expect({ route: `${route.method} ${route.url}`, role, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        role,
        status: 403,
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });

  test('host-only routes are refused to tenant users even with the permission', async () => {
    const hostOnly = t.routes.filter((r) => r.access?.hostOnly);
    expect(hostOnly.length).toBeGreaterThan(0);
    for (const route of hostOnly) {
      const url = route.url.replace(':id', '00000000-0000-7000-8000-00000000abcd');
      const res = await admin.request({ method: route.method as 'GET', url, payload: {} });
      expect({ route: route.url, status: res.statusCode }).toEqual({ route: route.url, status: 403 });
    }
  });
});
