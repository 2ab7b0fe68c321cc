import { describe, expect, test } from 'vitest';
import { defaultPermissionsFor, Permissions } from '../permissions';
import { FeatureFlags } from '../tenancy';
import { canAccess } from './can-access';
import { REVOKE_MENU_ITEM, menuFor, menuKindFor, type Menu } from './menus';
import { MenuGroups, routeByPath } from './routes';
import type { AccessTenant, AccessUser } from './users';

const user = (roles: string[], extra: Partial<AccessUser> = {}): AccessUser => ({
  isAuthenticated: true,
  isHost: false,
  roles,
  ...extra,
});
const host = (roles: string[]) => user(roles, { isHost: true });
const tenantOf = (editionName: string, name = 'Acme'): AccessTenant => ({
  id: '0190aa00-0000-7000-8000-000000000002',
  name,
  editionName,
  features: Object.fromEntries(FeatureFlags.map((f) => [f, 'True'])),
});
const labels = (menu: Menu) => menu.sections.flatMap((s) => s.items.map((i) => i.label));
const paths = (menu: Menu) => menu.sections.flatMap((s) => s.items.map((i) => i.path));

describe('menuKindFor', () => {
  const plain = tenantOf('');

  test.each([
    [
      'a MARKETING tenant, before anything else',
      user(['TENANT_ADMIN', 'SPECIALIST']),
      tenantOf('MARKETING'),
      'marketing',
    ],
    ['a host admin', host(['TENANT_ADMIN', 'STAFF']), plain, 'hostAdmin'],
    ['host admin staff', host(['ADMIN_STAFF', 'STAFF']), plain, 'hostAdminStaff'],
    ['host staff', host(['STAFF']), plain, 'hostStaff'],
    ['an LMQ PROVIDER user', user(['STAFF']), tenantOf('LMQ PROVIDER'), 'lmqProvider'],
    ['FUNDING PROVIDER staff', user(['ACCOUNTING']), tenantOf('FUNDING PROVIDER'), 'fundingProviderStaff'],
    [
      'a FUNDING PROVIDER case manager',
      user(['CASE_MANAGER']),
      tenantOf('FUNDING PROVIDER'),
      'fundingProviderCaseManager',
    ],
    ['a specialist, even one who is also staff', user(['STAFF', 'SPECIALIST']), plain, 'specialist'],
    ['a tenant admin', user(['TENANT_ADMIN']), plain, 'adminOrStaff'],
    ['accounting, which counts as admin or staff', user(['ACCOUNTING']), plain, 'adminOrStaff'],
    ['a broker contractor', user(['CONTRACTOR'], { contractorKind: 'broker' }), plain, 'broker'],
    ['an insurer contractor', user(['CONTRACTOR'], { contractorKind: 'insurer' }), plain, 'insurer'],
    ['a contractor of no other kind (typist)', user(['CONTRACTOR']), plain, 'typist'],
    ['a case manager', user(['CASE_MANAGER']), plain, 'caseManager'],
    ['anyone else', user([]), plain, 'client'],
  ] as const)('gives %s the %s menu', (_who, u, tenant, kind) => {
    expect(menuKindFor(u, tenant)).toBe(kind);
  });

  test('a signed-out user has an empty menu', () => {
    const menu = menuFor({ isAuthenticated: false, isHost: false, roles: [] }, undefined);
    expect(menu).toEqual({ kind: 'signedOut', sections: [] });
  });
});

describe('menuFor', () => {
  test('groups come in sidebar order and items in their order within each group', () => {
    const menu = menuFor(user(['ADMIN_STAFF', 'STAFF']), tenantOf(''));
    const groups = menu.sections.map((s) => s.group);
    expect(groups).toEqual(MenuGroups.filter((g) => groups.includes(g)));
    for (const section of menu.sections) {
      const orders = section.items.map((i) => i.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(section.items.every((i) => i.group === section.group)).toBe(true);
    }
  });

  test('a tenant user only sees entries the access rule lets them open', () => {
    const tenant = tenantOf('MLP');
    for (const u of [user(['STAFF']), user(['CASE_MANAGER']), user(['SPECIALIST']), user(['CONTRACTOR'])]) {
      for (const path of paths(menuFor(u, tenant))) {
        expect(canAccess(u, tenant, routeByPath(path)!), `${u.roles.join()} ${path}`).toBe(true);
      }
    }
  });

  test('impersonated sessions end with a REVOKE entry to /account/RevertImpersonation', () => {
    const menu = menuFor(user(['STAFF'], { impersonated: true }), tenantOf(''));
    const account = menu.sections.at(-1)!;
    expect(account.group).toBe('Account');
    expect(account.items.at(-1)).toEqual(REVOKE_MENU_ITEM);
    expect(REVOKE_MENU_ITEM.path).toBe('/account/RevertImpersonation');
    expect(labels(menuFor(user(['STAFF']), tenantOf('')))).not.toContain('REVOKE');
  });

  test('the insurer contractor menu holds only dashboard, loan fundings, funding transactions and account', () => {
    const menu = menuFor(user(['CONTRACTOR'], { contractorKind: 'insurer' }), tenantOf(''));
    expect(labels(menu)).toEqual(['Dashboard', 'Loan Fundings', 'Funding Transactions', 'My Details', 'Logout']);
  });

  test('insurer case managers see no facility agreements, funding invoices or matter sync', () => {
    const insurerCm = labels(
      menuFor(user(['CASE_MANAGER'], { isInsurerCaseManager: true, companyHasDefaultPms: true }), tenantOf('')),
    );
    const cm = labels(menuFor(user(['CASE_MANAGER'], { companyHasDefaultPms: true }), tenantOf('')));
    for (const label of ['Facility Agreements', 'Funding Invoices', 'Matter Sync']) {
      expect(cm).toContain(label);
      expect(insurerCm).not.toContain(label);
    }
  });

  test('host admins see the host pages; host staff do not', () => {
    const admin = labels(menuFor(host(['TENANT_ADMIN']), tenantOf('')));
    expect(admin).toEqual(expect.arrayContaining(['Tenants', 'Editions', 'Storage', 'Roles']));
    const hostStaff = labels(menuFor(host(['STAFF']), tenantOf('')));
    expect(hostStaff).not.toContain('Tenants');
    expect(hostStaff).toContain('Companies');
  });

  test('typing work is in the typist menu and not the broker menu', () => {
    const typist = paths(menuFor(user(['CONTRACTOR'], { contractorKind: 'typist' }), tenantOf('')));
    const broker = paths(menuFor(user(['CONTRACTOR'], { contractorKind: 'broker' }), tenantOf('')));
    expect(typist).toContain('/view/case-typist-incomplete-jobs');
    expect(broker).not.toContain('/view/case-typist-incomplete-jobs');
    expect(broker).toEqual(expect.arrayContaining(['/view/clients', '/view/mva-claim']));
    expect(typist).not.toContain('/view/clients');
  });

  test('the MARKETING menu keeps to dashboard, marketing, administration and account', () => {
    const menu = menuFor(user(['ADMIN_STAFF', 'STAFF']), tenantOf('MARKETING'));
    expect(menu.sections.map((s) => s.group)).toEqual(['Dashboard', 'Marketing', 'Administration', 'Account']);
    expect(labels(menu)).toContain('Marketing Campaigns');
  });

  test('the LMQ PROVIDER menu lists only pages of its short list', () => {
    const menu = menuFor(user(['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF']), tenantOf('LMQ PROVIDER'));
    expect(menu.kind).toBe('lmqProvider');
    expect(labels(menu)).toEqual(expect.arrayContaining(['Mass Torts', 'LMQ Checklists', 'Companies', 'Login Users']));
    expect(labels(menu)).not.toContain('IME Assessments');
  });

  test('the accounting menu is hidden for staff of a configured tenant, but not for admin staff', () => {
    const options = { namedTenants: { accountingMenuHiddenForStaff: ['ACME'] } };
    const staffMenu = menuFor(user(['STAFF']), tenantOf(''), options);
    expect(staffMenu.sections.map((s) => s.group)).not.toContain('Billing');
    expect(menuFor(user(['STAFF']), tenantOf('', 'Other'), options).sections.map((s) => s.group)).toContain('Billing');
    expect(menuFor(user(['ADMIN_STAFF']), tenantOf(''), options).sections.map((s) => s.group)).toContain('Billing');
  });

  test('menu labels fall back to route titles and every listed path is unique', () => {
    const menu = menuFor(host(['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF']), tenantOf(''));
    expect(labels(menu)).toContain('Login Users');
    expect(labels(menu)).toContain('Companies');
    const all = paths(menu);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('menus and permissions', () => {
  const caseLists = ['/view/assessments', '/view/ot', '/view/mass-torts', '/view/co-teleconference'];

  test("leave out the case lists for a host admin whose permissions lack the cases' read (no case module)", () => {
    const admin = host(['TENANT_ADMIN']);
    const withoutCases = new Set(
      [...defaultPermissionsFor(['TENANT_ADMIN'])].filter((p) => p !== Permissions.assessments.read),
    );
    const shown = paths(menuFor(admin, tenantOf(''), { permissions: withoutCases }));
    for (const path of caseLists) expect(shown).not.toContain(path);
    expect(shown).toContain('/view/users');
    // Without permissions to go by, the menu is the role's, as before.
    expect(paths(menuFor(admin, tenantOf('')))).toEqual(expect.arrayContaining(caseLists));
  });

  test('keep the case lists for a user who may read cases', () => {
    const staff = user(['STAFF']);
    const shown = paths(menuFor(staff, tenantOf('MLP'), { permissions: defaultPermissionsFor(['STAFF']) }));
    expect(shown).toEqual(expect.arrayContaining(caseLists));
  });
});
