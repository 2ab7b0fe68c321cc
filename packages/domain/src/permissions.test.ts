import { describe, expect, test } from 'vitest';
import {
  AllPermissionNames,
  crudPermissions,
  defaultPermissionsFor,
  effectivePermissions,
  Permissions,
} from './permissions';

test('crud permissions follow the Casebook.Group.Action naming', () => {
  expect(crudPermissions('Countries')).toEqual({
    read: 'Casebook.Countries',
    create: 'Casebook.Countries.Create',
    update: 'Casebook.Countries.Update',
    delete: 'Casebook.Countries.Delete',
  });
});

test('office roles maintain reference data; every role may read it', () => {
  const staff = defaultPermissionsFor(['STAFF']);
  expect(staff.has(Permissions.countries.create)).toBe(true);
  const caseManager = defaultPermissionsFor(['CASE_MANAGER']);
  expect(caseManager.has(Permissions.countries.read)).toBe(true);
  expect(caseManager.has(Permissions.countries.create)).toBe(false);
  expect(caseManager.has(Permissions.entityChanges.read)).toBe(false);
});

test('roles combine, and unknown roles grant nothing', () => {
  expect(defaultPermissionsFor(['NOBODY']).size).toBe(0);
  // The tenant admin holds every permission but a specialist's own (their remittance statements).
  const all = defaultPermissionsFor(['CASE_MANAGER', 'TENANT_ADMIN', 'SPECIALIST']);
  expect(all.size).toBe(AllPermissionNames.length);
  expect(AllPermissionNames.filter((p) => !defaultPermissionsFor(['CASE_MANAGER', 'TENANT_ADMIN']).has(p))).toEqual([
    Permissions.specialistRemittance.own,
  ]);
});

describe('effectivePermissions', () => {
  test('drops a permission whose calls need a feature the tenant lacks, and keeps it with any one of them', () => {
    const granted = [Permissions.assessments.update, Permissions.countries.read, Permissions.treatmentProviders.read];
    expect(effectivePermissions(granted, new Set())).toEqual([Permissions.countries.read]);
    expect(effectivePermissions(granted, new Set(['OT', 'TreatmentProvider']))).toEqual([...granted].sort());
  });
});
