import { expect, test } from 'vitest';
import {
  administrationRefusal,
  assignableRoles,
  HOST_ADMIN_RANK,
  mayUseOneTimeAccess,
  rankOf,
  RoleMessages,
  Roles,
} from './roles';

test('a user ranks as their highest role; only the host tenant has a host admin', () => {
  expect(rankOf(['STAFF', 'TENANT_ADMIN'])).toBe(3);
  expect(rankOf(['ACCOUNTING'])).toBe(rankOf(['STAFF']));
  expect(rankOf(['SPECIALIST', 'INSURER'])).toBe(0);
  expect(rankOf(['TENANT_ADMIN'], { isHost: true })).toBe(HOST_ADMIN_RANK);
  expect(rankOf(['ADMIN_STAFF'], { isHost: true })).toBe(2);
  expect(rankOf(['NOBODY'])).toBe(-1);
  expect(rankOf([])).toBe(-1);
});

test('roles above the caller cannot be given; external roles give none', () => {
  expect(assignableRoles(2)).toEqual(Roles.filter((r) => r !== 'TENANT_ADMIN'));
  expect(assignableRoles(3)).toEqual([...Roles]);
  expect(assignableRoles(1)).not.toContain('ADMIN_STAFF');
  expect(assignableRoles(0)).toEqual([]);
});

test('refusals say why: external caller, a target above, a role above', () => {
  expect(administrationRefusal(0, 0)).toBe(RoleMessages.externalAdministersNobody);
  expect(administrationRefusal(2, 3)).toBe(RoleMessages.targetAbove);
  expect(administrationRefusal(2, 2, 3)).toBe(RoleMessages.roleAbove);
  expect(administrationRefusal(2, 2, 2)).toBeUndefined();
  expect(administrationRefusal(1, 0)).toBeUndefined();
});

test('one-time links are for users holding only the specialist and case manager roles', () => {
  expect(mayUseOneTimeAccess(['SPECIALIST'])).toBe(true);
  expect(mayUseOneTimeAccess(['CASE_MANAGER', 'SPECIALIST'])).toBe(true);
  expect(mayUseOneTimeAccess(['SPECIALIST', 'STAFF'])).toBe(false);
  expect(mayUseOneTimeAccess(['INSURER'])).toBe(false);
  expect(mayUseOneTimeAccess([])).toBe(false);
});
