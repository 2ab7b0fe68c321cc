import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AssessmentFeatures,
  DefaultGrants,
  Permissions,
  type AccessExplanationDto,
  type ExplanationReasonDto,
} from '@casebook/domain';
import { callerFor, createTestApp, createTestUser, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { entityChanges } from '../../platform/db/platform.schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const explain = (caller: Caller, query: Record<string, string>) =>
  caller.get(`/api/app/roles/explain?${new URLSearchParams(query).toString()}`);

async function explained(caller: Caller, query: Record<string, string>): Promise<AccessExplanationDto> {
  const res = await explain(caller, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AccessExplanationDto;
}

const texts = (reasons: ExplanationReasonDto[], allows?: boolean) =>
  reasons.filter((r) => allows === undefined || r.allows === allows).map((r) => r.text);

const staffDefaults = DefaultGrants.filter((g) => g.roles.includes('STAFF')).map((g) => g.permission);

/** A tenant with its admin (named in the history as `keeper`) and a staff user called Sam Staff. */
async function tenantWithStaff(input: Parameters<typeof newTenant>[1] = {}) {
  const tenantId = await newTenant(t.database, input);
  const admin = await callerFor(t, tenantId, ['TENANT_ADMIN'], { userName: 'keeper' });
  const staff = await createTestUser(t.database, tenantId, ['STAFF'], { name: 'Sam', surname: 'Staff' });
  return { tenantId, admin, staffId: staff.userId };
}

describe('why can this user do that', () => {
  test('a permission held through a role says which role holds it by default', async () => {
    const { admin, staffId } = await tenantWithStaff();
    const answer = await explained(admin, { userId: staffId, permission: Permissions.countries.create });
    expect(answer.allowed).toBe(true);
    expect(answer.verdict).toBe(`Sam Staff can use ${Permissions.countries.create}.`);
    expect(texts(answer.reasons)).toEqual([`The role Staff holds ${Permissions.countries.create} by default.`]);
    // A permission the role never had.
    const roles = await explained(admin, { userId: staffId, permission: Permissions.roles.update });
    expect(roles.allowed).toBe(false);
    expect(texts(roles.reasons, false)).toEqual([`The role Staff does not hold ${Permissions.roles.update}.`]);
  });

  test('after a revoke the screen and the permission are refused, naming who revoked it and when', async () => {
    const { tenantId, admin, staffId } = await tenantWithStaff();
    const before = await explained(admin, { userId: staffId, path: '/view/assessments' });
    expect(before.allowed).toBe(true);

    const without = staffDefaults.filter((p) => p !== Permissions.assessments.read);
    const started = Date.now();
    const set = await admin.put('/api/app/roles/STAFF/permissions', { permissions: without });
    expect(set.statusCode, set.body).toBe(200);

    const screen = await explained(admin, { userId: staffId, path: '/view/assessments' });
    expect(screen.allowed).toBe(false);
    expect(screen.subject).toBe('IME Assessments (/view/assessments)');
    expect(screen.verdict).toBe('Sam Staff cannot open IME Assessments.');
    const revoked = texts(screen.reasons, false);
    expect(revoked).toContain(`The screen's own calls need ${Permissions.assessments.read}.`);
    const revocation = revoked.find((text) => text.startsWith(`${Permissions.assessments.read} was revoked`));
    expect(revocation).toMatch(
      new RegExp(
        `^Casebook\\.Assessment was revoked from role Staff by keeper at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$`,
      ),
    );
    const at = Date.parse(`${revocation!.match(/at (.+) UTC/)![1]!.replace(' ', 'T')}:00Z`);
    expect(at).toBeGreaterThanOrEqual(Math.floor(started / 60_000) * 60_000);
    // What the screen's role and feature rules allow is said too.
    expect(texts(screen.reasons, true)).toContain('The screen is open to role Staff.');

    // The server refuses what the explanation refuses.
    const staff = await callerFor(t, tenantId, ['STAFF'], { userId: staffId });
    expect((await staff.get('/api/app/assessments')).statusCode).toBe(403);

    // Saving the role again with another change keeps the revoke's author and time.
    const later = without.filter((p) => p !== Permissions.countries.create);
    expect((await admin.put('/api/app/roles/STAFF/permissions', { permissions: later })).statusCode).toBe(200);
    const again = await explained(admin, { userId: staffId, permission: Permissions.assessments.read });
    expect(again.allowed).toBe(false);
    expect(texts(again.reasons, false)).toEqual([revocation]);

    // Each change is in the history; putting the role back removes the revocation and says so there too.
    expect((await admin.put('/api/app/roles/setDefaultPermissions', { roleName: 'STAFF' })).statusCode).toBe(200);
    const history = await t.database.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(entityChanges)
        .where(and(eq(entityChanges.entityType, 'RolePermission'), eq(entityChanges.userName, 'keeper'))),
    );
    expect(
      history.filter((r) => r.changeType === 'Created' && r.newValue === Permissions.assessments.read),
    ).toHaveLength(1);
    expect(history.filter((r) => r.changeType === 'Deleted')).toHaveLength(2);
    const restored = await explained(admin, { userId: staffId, path: '/view/assessments' });
    expect(restored.allowed).toBe(true);
  });

  test('a feature switched off for the tenant refuses, naming the feature', async () => {
    const off = Object.fromEntries(AssessmentFeatures.map((f) => [f, 'False']));
    const { admin, staffId } = await tenantWithStaff({ features: off });
    const answer = await explained(admin, { userId: staffId, permission: Permissions.assessments.read });
    expect(answer.allowed).toBe(false);
    // The role still holds it; the feature is why not.
    expect(texts(answer.reasons, true)).toEqual([`The role Staff holds ${Permissions.assessments.read} by default.`]);
    expect(texts(answer.reasons, false)).toEqual(
      AssessmentFeatures.map((f) => `Feature ${f} is switched off for this tenant.`),
    );
    const screen = await explained(admin, { userId: staffId, path: '/view/assessments' });
    expect(screen.allowed).toBe(false);
    expect(texts(screen.reasons, false)).toContain('Feature Assessment is switched off for this tenant.');
  });

  test('an edition that lacks a feature or a screen refuses, naming the edition', async () => {
    const { admin, staffId } = await tenantWithStaff({ editionName: 'LAW CONNECT' });
    const answer = await explained(admin, { userId: staffId, permission: Permissions.supplementaries.read });
    expect(answer.allowed).toBe(false);
    expect(answer.reasons.filter((r) => r.rule === 'edition').map((r) => r.text)).toEqual([
      'The LAW CONNECT edition does not include feature Supplementary.',
    ]);
    // The borrowing editions hide the facility request add screen (their short list, not a feature).
    const add = await explained(admin, { userId: staffId, path: '/view/facility-requests/add' });
    expect(add.allowed).toBe(false);
    expect(texts(add.reasons, false)).toEqual([
      'The LAW CONNECT edition does not include the Add Facility Request screen for this user.',
    ]);
  });

  test("another tenant's user is not found, and only role managers may ask", async () => {
    const { admin, tenantId } = await tenantWithStaff();
    const other = await tenantWithStaff();
    expect((await explain(admin, { userId: other.staffId, permission: Permissions.countries.read })).statusCode).toBe(
      404,
    );
    const staff = await callerFor(t, tenantId, ['STAFF']);
    expect((await explain(staff, { userId: staff.userId, permission: Permissions.countries.read })).statusCode).toBe(
      403,
    );
    // A role manager whose own Roles permission was revoked may no longer ask either.
    const adminDefaults = DefaultGrants.filter((g) => g.roles.includes('TENANT_ADMIN')).map((g) => g.permission);
    const { admin: otherAdmin, staffId } = other;
    const keepUpdate = adminDefaults.filter((p) => p !== Permissions.roles.read);
    expect(
      (await otherAdmin.put('/api/app/roles/TENANT_ADMIN/permissions', { permissions: keepUpdate })).statusCode,
    ).toBe(200);
    expect((await explain(otherAdmin, { userId: staffId, permission: Permissions.countries.read })).statusCode).toBe(
      403,
    );
  });

  test('asks for exactly one known permission or screen path, naming the field otherwise', async () => {
    const { admin, staffId } = await tenantWithStaff();
    const cases: [Record<string, string>, string][] = [
      [{ userId: staffId }, 'permission'],
      [{ userId: staffId, permission: Permissions.countries.read, path: '/view/companies' }, 'permission'],
      [{ userId: staffId, permission: 'Casebook.Everything' }, 'permission'],
      [{ userId: staffId, path: '/view/nowhere' }, 'path'],
      [{ userId: 'not-a-uuid', permission: Permissions.countries.read }, 'userId'],
    ];
    for (const [query, field] of cases) {
      const res = await explain(admin, query);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      const members = (res.json().error.validationErrors as { members: string[] }[]).flatMap((e) => e.members);
      expect(members).toContain(field);
    }
  });
});
