import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AllPermissionNames,
  HOST_TENANT_ID,
  RoleMessages,
  RoleRank,
  Roles,
  TENANT_HEADER,
  type Role,
} from '@casebook/domain';
import type { LightMyRequestResponse } from 'fastify';
import {
  callerFor,
  createTestApp,
  createTestUser,
  ensureHostTenant,
  newTenant,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { startSmtpServer } from '../../../test/smtp';
import { createMailer } from '../../platform/mail/mailer';
import { users } from './identity.schema';

// Every role of the test tenant holds every permission: whatever is refused below is refused by the
// role hierarchy alone, and the same calls on a user of the caller's own rank succeed (the controls).

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let tenantId: string;
let admin: Caller;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(undefined, {
    mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'Casebook <no-reply@casebook.test>' }),
  });
  tenantId = await newTenant(t.database);
  admin = await callerFor(t, tenantId, ['TENANT_ADMIN']);
  for (const role of Roles) {
    const res = await admin.put(`/api/app/roles/${role}/permissions`, { permissions: AllPermissionNames });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const newUserBody = (roles: Role[]) => {
  const tag = `n${Math.random().toString(36).slice(2, 12)}`;
  return { userName: tag, email: `${tag}@example.test`, name: 'New', surname: 'User', roles, password: 'Some!Pass123' };
};

async function editBody(caller: Caller, userId: string, roles?: Role[]) {
  const user = (await admin.get(`/api/app/users/${userId}`)).json();
  return {
    userName: user.userName,
    email: user.email,
    name: user.name,
    surname: user.surname,
    title: user.title,
    phoneNumber: user.phoneNumber,
    roles: roles ?? user.roles,
    contractorType: user.contractorType,
    isActive: user.isActive,
    concurrencyStamp: user.concurrencyStamp,
  };
}

/** Every way of administering a user, as one caller against one target. */
function attempts(caller: Caller, targetId: string, targetRole: Role) {
  return {
    'grant the role to oneself': async () =>
      caller.put(`/api/app/users/${caller.userId}`, await editBody(caller, caller.userId, [targetRole])),
    'create a user with the role': () => caller.post('/api/app/users', newUserBody([targetRole])),
    edit: async () => caller.put(`/api/app/users/${targetId}`, await editBody(caller, targetId)),
    'set the password': () => caller.put(`/api/app/users/${targetId}/setPassword`, { password: 'Taken!Over123' }),
    'resend the password': () => caller.post(`/api/app/users/${targetId}/resendPassword`, undefined),
    lock: () => caller.put(`/api/app/users/${targetId}/lock`, { minutes: 60 }),
    unlock: () => caller.put(`/api/app/users/${targetId}/unlock`, {}),
    disable: () => caller.put(`/api/app/users/${targetId}/disable`, {}),
    enable: () => caller.put(`/api/app/users/${targetId}/enable`, {}),
    "change the role's permissions": () =>
      caller.put(`/api/app/roles/${targetRole}/permissions`, { permissions: AllPermissionNames }),
    "reset the role's permissions": () => caller.put('/api/app/roles/setDefaultPermissions', { roleName: targetRole }),
    impersonate: () => caller.post('/api/app/account/impersonate', { userId: targetId }),
    'mint a one-time link': () => caller.post('/api/app/onetime-access', { userId: targetId }),
    delete: () => caller.del(`/api/app/users/${targetId}`),
  } satisfies Record<string, () => Promise<LightMyRequestResponse>>;
}

const messageOf = (res: LightMyRequestResponse): string | undefined =>
  res.body ? (res.json() as { error?: { message?: string } }).error?.message : undefined;

const rowOf = async (userId: string) => {
  const [row] = await t.database.withTenant(tenantId, (tx) => tx.select().from(users).where(eq(users.id, userId)));
  return row!;
};

/** Every pair of a role and a role above it in the hierarchy, generated from the ranks. */
const pairsAbove = Roles.flatMap((caller) =>
  Roles.filter((target) => RoleRank[target] > RoleRank[caller]).map((target) => [caller, target] as const),
);

describe('the role hierarchy, generated from the ranks', () => {
  test('the generated pairs cover every role below the tenant admin', () => {
    expect(new Set(pairsAbove.map(([caller]) => caller))).toEqual(new Set(Roles.filter((r) => r !== 'TENANT_ADMIN')));
    expect(pairsAbove).toContainEqual(['ADMIN_STAFF', 'TENANT_ADMIN']);
    expect(pairsAbove).toContainEqual(['STAFF', 'ADMIN_STAFF']);
    expect(pairsAbove).toContainEqual(['INSURER', 'ACCOUNTING']);
  });

  test.each(pairsAbove)('%s cannot administer %s', async (callerRole, targetRole) => {
    const caller = await callerFor(t, tenantId, [callerRole]);
    const { userId: targetId } = await createTestUser(t.database, tenantId, [targetRole]);
    const before = await rowOf(targetId);
    const usersBefore = (await admin.get('/api/app/users?maxResultCount=1')).json().totalCount;
    const expected =
      RoleRank[callerRole] < 1
        ? {
            grant: RoleMessages.externalAdministersNobody,
            act: RoleMessages.externalAdministersNobody,
            grants: RoleMessages.externalAdministersNobody,
          }
        : { grant: RoleMessages.roleAbove, act: RoleMessages.targetAbove, grants: RoleMessages.grantsAbove };
    const mailsBefore = smtp.messages.length;
    const answers = [];
    const refusals = [];
    for (const [action, run] of Object.entries(attempts(caller, targetId, targetRole))) {
      const res = await run();
      const gives = action === 'grant the role to oneself' || action === 'create a user with the role';
      const message = gives ? expected.grant : action.includes("role's permissions") ? expected.grants : expected.act;
      answers.push({ action, status: res.statusCode, message: messageOf(res) });
      refusals.push({ action, status: 403, message });
    }
    expect(answers).toEqual(refusals);
    // Nothing changed: the target, the caller's roles, the number of users, and no mail went out.
    const after = await rowOf(targetId);
    expect(after).toEqual(before);
    expect((await rowOf(caller.userId)).roles).toEqual([callerRole]);
    expect((await admin.get('/api/app/users?maxResultCount=1')).json().totalCount).toBe(usersBefore);
    expect(smtp.messages.length).toBe(mailsBefore);
  });

  // The controls: the same calls from an office role succeed on a user of its own rank, so the refusals
  // above come from the hierarchy and not from missing permissions.
  test.each(Roles.filter((r) => RoleRank[r] >= 1))('%s administers a user of its own rank', async (role) => {
    const caller = await callerFor(t, tenantId, [role]);
    const { userId: peerId } = await createTestUser(t.database, tenantId, [role]);
    const { userId: specialistId } = await createTestUser(t.database, tenantId, ['SPECIALIST']);
    const run = attempts(caller, peerId, role);
    const statuses: Record<string, number> = {};
    const last = ['grant the role to oneself', 'mint a one-time link', 'delete', "reset the role's permissions"];
    for (const [action, call] of Object.entries(run)) {
      if (!last.includes(action)) statuses[action] = (await call()).statusCode;
    }
    statuses.delete = (await run.delete()).statusCode;
    statuses['mint a one-time link for a specialist'] = (
      await caller.post('/api/app/onetime-access', { userId: specialistId })
    ).statusCode;
    // Resetting its own role's grants takes the role back to its defaults; the admin gives them back.
    statuses["reset the role's permissions"] = (await run["reset the role's permissions"]()).statusCode;
    await admin.put(`/api/app/roles/${role}/permissions`, { permissions: AllPermissionNames });
    expect(statuses).toEqual({
      'create a user with the role': 200,
      edit: 200,
      'set the password': 200,
      'resend the password': 200,
      lock: 200,
      unlock: 200,
      disable: 200,
      enable: 200,
      impersonate: 200,
      delete: 204,
      "change the role's permissions": 200,
      "reset the role's permissions": 200,
      'mint a one-time link for a specialist': 200,
    });
  });

  test('an external role administers nobody, not even a user of its own role', async () => {
    const caseManager = await callerFor(t, tenantId, ['CASE_MANAGER']);
    const { userId: peerId } = await createTestUser(t.database, tenantId, ['CASE_MANAGER']);
    const answers = [];
    for (const [action, run] of Object.entries(attempts(caseManager, peerId, 'CASE_MANAGER'))) {
      const res = await run();
      answers.push({ action, status: res.statusCode, message: messageOf(res) });
    }
    expect(answers).toEqual(
      answers.map(({ action }) => ({ action, status: 403, message: RoleMessages.externalAdministersNobody })),
    );
  });

  test('admin staff keep their own role and may lower it, but cannot keep or add the admin role', async () => {
    const adminStaff = await callerFor(t, tenantId, ['ADMIN_STAFF']);
    const both = await adminStaff.put(
      `/api/app/users/${adminStaff.userId}`,
      await editBody(adminStaff, adminStaff.userId, ['ADMIN_STAFF', 'TENANT_ADMIN']),
    );
    expect(both.statusCode).toBe(403);
    expect(both.json().error.validationErrors).toEqual([{ message: RoleMessages.roleAbove, members: ['roles'] }]);
    const same = await adminStaff.put(
      `/api/app/users/${adminStaff.userId}`,
      await editBody(adminStaff, adminStaff.userId, ['ADMIN_STAFF', 'STAFF']),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().roles).toEqual(['ADMIN_STAFF', 'STAFF']);
  });

  test('a user of another tenant is still not found, whatever the ranks', async () => {
    const otherAdmin = await callerFor(t, await newTenant(t.database), ['TENANT_ADMIN']);
    const adminStaff = await callerFor(t, tenantId, ['ADMIN_STAFF']);
    expect((await adminStaff.put(`/api/app/users/${otherAdmin.userId}/lock`, {})).statusCode).toBe(404);
    expect((await adminStaff.post('/api/app/onetime-access', { userId: otherAdmin.userId })).statusCode).toBe(404);
  });
});

describe('the host admin', () => {
  test('ranks above a tenant admin; other host users rank by their role', async () => {
    await ensureHostTenant(t.database);
    const hostAdmin = await callerFor(t, HOST_TENANT_ID, ['TENANT_ADMIN']);
    const hostAdminStaff = await callerFor(t, HOST_TENANT_ID, ['ADMIN_STAFF']);
    const inTenant = { [TENANT_HEADER]: tenantId };
    const { userId: tenantAdminId } = await createTestUser(t.database, tenantId, ['TENANT_ADMIN']);

    const byHostAdmin = await hostAdmin.request({
      method: 'PUT',
      url: `/api/app/users/${tenantAdminId}/lock`,
      headers: inTenant,
      payload: {},
    });
    expect(byHostAdmin.statusCode, byHostAdmin.body).toBe(200);
    const byHostStaff = await hostAdminStaff.request({
      method: 'PUT',
      url: `/api/app/users/${tenantAdminId}/unlock`,
      headers: inTenant,
      payload: {},
    });
    expect(byHostStaff.statusCode).toBe(403);
    expect(byHostStaff.json().error.message).toBe(RoleMessages.targetAbove);

    // A tenant's admin is created by the host admin, not by the host's admin staff.
    const forTenant = `/api/app/users/createForTenant?tenantId=${tenantId}`;
    const refused = await hostAdminStaff.post(forTenant, newUserBody(['TENANT_ADMIN']));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(RoleMessages.roleAbove);
    expect((await hostAdmin.post(forTenant, newUserBody(['TENANT_ADMIN']))).statusCode).toBe(200);

    // In the host tenant itself, its admin is above its admin staff.
    const denied = await hostAdminStaff.put(`/api/app/users/${hostAdmin.userId}/lock`, {});
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(RoleMessages.targetAbove);
  });
});
