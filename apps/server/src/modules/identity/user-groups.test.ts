import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uuidv7 } from '@casebook/domain';
import { callerFor, createTestApp, createTestUser, newTenant, type Caller, type TestApp } from '../../../test/harness';

let t: TestApp;
let tenantId: string;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database);
  admin = await callerFor(t, tenantId, ['TENANT_ADMIN']);
});
afterAll(async () => t?.close());

const members = (res: { json(): { error: { validationErrors: { members: string[] }[] } } }) =>
  res.json().error.validationErrors.flatMap((e) => e.members);

describe('user group members', () => {
  test("members are users of the tenant: another tenant's user or no user at all is a 400 naming memberIds", async () => {
    const mine = await createTestUser(t.database, tenantId, ['STAFF']);
    const otherTenant = await newTenant(t.database);
    const theirs = await createTestUser(t.database, otherTenant, ['STAFF']);
    for (const stranger of [theirs.userId, uuidv7()]) {
      const created = await admin.post('/api/app/user-group', {
        name: `Reviewers ${uuidv7()}`,
        memberIds: [mine.userId, stranger],
      });
      expect(created.statusCode, created.body).toBe(400);
      expect(members(created)).toEqual(['memberIds']);
    }

    const group = await admin.post('/api/app/user-group', {
      name: `Reviewers ${uuidv7()}`,
      memberIds: [mine.userId, mine.userId],
    });
    expect(group.statusCode, group.body).toBe(200);
    expect(group.json().memberIds).toEqual([mine.userId]);

    const update = await admin.put(`/api/app/user-group/${group.json().id}`, {
      name: group.json().name,
      description: null,
      memberIds: [theirs.userId],
      isActive: true,
      concurrencyStamp: group.json().concurrencyStamp,
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(members(update)).toEqual(['memberIds']);
    const kept = await admin.get(`/api/app/user-group/${group.json().id}`);
    expect(kept.json().memberIds).toEqual([mine.userId]);
  });
});
