import { describe, expect, test } from 'vitest';
import { defaultPermissionsFor, effectivePermissions, Permissions, roleGrant } from '../permissions';
import { canAccess } from './can-access';
import { effectiveFeatures } from './editions';
import {
  explainPermission,
  explainScreen,
  screenPermission,
  type ExplanationInput,
  type RoleGrantFact,
} from './explain';
import { RouteTable, routeByPath } from './routes';
import type { AccessTenant } from './users';

const tenant: AccessTenant = { id: 't1', name: 'Demo', editionName: 'MLP', features: {} };

/** A user whose roles stand on permissions by the defaults, changed where `changes` says (role → permission → granted). */
function inputFor(
  roles: string[],
  options: {
    isActive?: boolean;
    isHost?: boolean;
    changes?: Record<string, Record<string, boolean>>;
    t?: AccessTenant;
  } = {},
): ExplanationInput {
  return {
    user: {
      id: 'u1',
      fullName: 'Sam Staff',
      roles,
      isActive: options.isActive ?? true,
      isHost: options.isHost ?? false,
    },
    tenant: options.t ?? tenant,
    grantsOf: (permission) =>
      roles.map((role): RoleGrantFact => {
        const change = options.changes?.[role]?.[permission];
        return {
          role,
          ...roleGrant(role, permission, change),
          ...(change !== undefined ? { change: { by: 'Alex Admin', at: new Date('2026-11-27T10:02:30Z') } } : {}),
        };
      }),
  };
}

describe('explaining a permission', () => {
  test('a grant the tenant added names who added it and when', () => {
    const answer = explainPermission(
      inputFor(['STAFF'], { changes: { STAFF: { [Permissions.roles.read]: true } } }),
      Permissions.roles.read,
    );
    expect(answer.allowed).toBe(true);
    expect(answer.reasons).toEqual([
      {
        rule: 'role',
        allows: true,
        text: 'Casebook.Roles was granted to role Staff by Alex Admin at 2026-11-27 10:02 UTC.',
      },
    ]);
  });

  test('one role holding it is enough; the others are named as not holding it', () => {
    const answer = explainPermission(inputFor(['CASE_MANAGER', 'STAFF']), Permissions.contractors.read);
    expect(answer.allowed).toBe(true);
    expect(answer.reasons.map((r) => [r.allows, r.text])).toEqual([
      [false, 'The role Case manager does not hold Casebook.Contractors.'],
      [true, 'The role Staff holds Casebook.Contractors by default.'],
    ]);
  });

  test('a disabled account is refused whatever its roles hold', () => {
    const answer = explainPermission(inputFor(['STAFF'], { isActive: false }), Permissions.countries.read);
    expect(answer.allowed).toBe(false);
    expect(answer.reasons[0]).toEqual({
      rule: 'account',
      allows: false,
      text: "Sam Staff's account is disabled: they cannot sign in.",
    });
  });
});

describe('explaining a screen', () => {
  test('a screen for other roles names them and the user’s own', () => {
    const answer = explainScreen(inputFor(['STAFF']), routeByPath('/view/roles')!);
    expect(answer.allowed).toBe(false);
    expect(answer.reasons.filter((r) => !r.allows).map((r) => r.text)).toEqual([
      "The screen is for Tenant admin; the user's roles are Staff.",
    ]);
  });

  test('host users pass the access rule', () => {
    const answer = explainScreen(inputFor(['TENANT_ADMIN'], { isHost: true }), routeByPath('/view/tenants')!);
    expect(answer.allowed).toBe(true);
    expect(answer.reasons.map((r) => r.rule)).toContain('host');
  });

  test("a resource's generic screen needs its list call's permission; its add screen the create call's", () => {
    const revoked = inputFor(['STAFF'], { changes: { STAFF: { [Permissions.companies.create]: false } } });
    expect(screenPermission(routeByPath('/view/companies')!)).toBe(Permissions.companies.read);
    expect(explainScreen(revoked, routeByPath('/view/companies')!).allowed).toBe(true);
    const add = explainScreen(revoked, routeByPath('/view/companies/add')!);
    expect(add.allowed).toBe(false);
    expect(add.reasons.filter((r) => !r.allows).map((r) => r.text)).toEqual([
      "The screen's own calls need Casebook.Companies.Create.",
      'Casebook.Companies.Create was revoked from role Staff by Alex Admin at 2026-11-27 10:02 UTC.',
    ]);
  });

  test('the verdict is the access rule and the sidebar’s permission rule, on every screen', () => {
    for (const roles of [['STAFF'], ['CASE_MANAGER'], ['SPECIALIST'], ['ACCOUNTING']]) {
      for (const t of [
        tenant,
        { ...tenant, editionName: 'FUNDING PROVIDER' },
        { ...tenant, editionName: 'LAW CONNECT' },
      ]) {
        const input = inputFor(roles, { t });
        const user = { isAuthenticated: true, roles, isHost: false };
        const held = new Set(effectivePermissions(defaultPermissionsFor(roles), effectiveFeatures(user, t)));
        for (const route of RouteTable) {
          const needs = screenPermission(route);
          const opens = canAccess(user, t, route) && (!needs || held.has(needs));
          const answer = explainScreen(input, route);
          expect({ path: route.path, allowed: answer.allowed }).toEqual({ path: route.path, allowed: opens });
          // Every refusal names at least one reason that refuses.
          if (!answer.allowed) expect(answer.reasons.some((r) => !r.allows)).toBe(true);
        }
      }
    }
  });
});
