import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { AuthMessages } from '@casebook/domain';
import { callerFor, createTestApp, createTestUser, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { startSmtpServer } from '../../../test/smtp';
import { createMailer } from '../../platform/mail/mailer';
import { userTokens } from './identity.schema';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let tenantId: string;
let otherTenantId: string;
let admin: Caller;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(undefined, {
    mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'Casebook <no-reply@casebook.test>' }),
  });
  tenantId = await newTenant(t.database);
  otherTenantId = await newTenant(t.database);
  admin = await callerFor(t, tenantId);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A link e-mailed to a new case manager of the tenant, as the redeem call's body. */
async function newLink(target: Record<string, string> = {}) {
  const email = `otl-${Math.random().toString(36).slice(2)}@example.test`;
  const { userId } = await createTestUser(t.database, tenantId, ['CASE_MANAGER'], { email });
  const made = await admin.post('/api/app/onetime-access', { userId, ...target });
  expect(made.statusCode, made.body).toBe(200);
  const mail = smtp.messages.findLast((m) => JSON.stringify(m.to).includes(email));
  const url = new URL(/(https?:\/\/\S+\/view\/onetimeaccess\S+)/.exec(mail!.text ?? '')![1]!);
  return { userId, body: { tenantId: url.searchParams.get('tenantId')!, token: url.searchParams.get('token')! } };
}

const redeem = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/account/onetime-access/redeem', payload: body as never });

function expectRefused(res: Awaited<ReturnType<typeof redeem>>) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().error.message).toBe(AuthMessages.linkInvalid);
  expect(res.body).not.toContain('accessToken');
}

describe('a one-time access link, redeemed without sign-in', () => {
  test('opens once, and names what it was made for (a document)', async () => {
    const fileId = '0190a5c2-1111-7000-8000-000000000001';
    const { userId, body } = await newLink({ fromModule: 'document', objectId: fileId });
    const first = await redeem(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().target).toEqual({ fromModule: 'document', objectId: fileId });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/app/account/my-profile',
      headers: { authorization: `Bearer ${first.json().accessToken}` },
    });
    expect(profile.json().id).toBe(userId);
    expectRefused(await redeem(body));
  });

  test('is refused once expired, and stays unused', async () => {
    const { userId, body } = await newLink();
    await t.database.withTenant(tenantId, (tx) =>
      tx
        .update(userTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(userTokens.userId, userId)),
    );
    expectRefused(await redeem(body));
    const [row] = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(userTokens).where(eq(userTokens.userId, userId)),
    );
    expect(row!.usedAt).toBeNull();
  });

  test("is refused under another tenant's id, and still opens under its own afterwards", async () => {
    const { body } = await newLink();
    expectRefused(await redeem({ ...body, tenantId: otherTenantId }));
    expectRefused(await redeem({ ...body, tenantId: '0190a5c2-0000-7000-8000-000000000000' }));
    expect((await redeem(body)).statusCode).toBe(200);
  });

  test('a malformed request is a 400 naming the field, never a 500', async () => {
    const res = await redeem({ tenantId: 'nope', token: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/tenantId|token/);
  });
});
