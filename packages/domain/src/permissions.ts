import { ADMIN_OR_STAFF, ALL_ROLES, OFFICE_ROLES, type Role } from './roles';

/** The four permissions of a master-data resource: read (the group name), Create, Update, Delete. */
export type CrudPermissions = { read: string; create: string; update: string; delete: string };

/** `Casebook.{Group}` and its `.Create`, `.Update`, `.Delete` children. */
export function crudPermissions(group: string): CrudPermissions {
  const read = `Casebook.${group}`;
  return { read, create: `${read}.Create`, update: `${read}.Update`, delete: `${read}.Delete` };
}

export const Permissions = {
  countries: crudPermissions('Countries'),
  cities: crudPermissions('Cities'),
  entityChanges: { read: 'Casebook.EntityChanges' },
  users: {
    ...crudPermissions('Users'),
    managePasswords: 'Casebook.Users.ManagePasswords',
    lock: 'Casebook.Users.Lock',
    impersonation: 'Casebook.Users.Impersonation',
    loginHistory: 'Casebook.Users.LoginHistory',
  },
  userGroups: crudPermissions('UserGroups'),
  roles: { read: 'Casebook.Roles', update: 'Casebook.Roles.Update' },
  tenants: crudPermissions('Tenants'),
  oneTimeAccess: { create: 'Casebook.OneTimeAccess.Create' },
  systemConfig: { update: 'Casebook.SystemConfig.Update' },
} as const;

const USER_ADMINS: readonly Role[] = ['TENANT_ADMIN', 'ADMIN_STAFF'];

type Grant = { permission: string; roles: readonly Role[] };

function crudGrants(p: CrudPermissions, readers: readonly Role[], writers: readonly Role[]): Grant[] {
  return [
    { permission: p.read, roles: readers },
    { permission: p.create, roles: writers },
    { permission: p.update, roles: writers },
    { permission: p.delete, roles: writers },
  ];
}

/** Which roles hold each permission unless a tenant changes its grants. */
export const DefaultGrants: readonly Grant[] = [
  ...crudGrants(Permissions.countries, ALL_ROLES, OFFICE_ROLES),
  ...crudGrants(Permissions.cities, ALL_ROLES, OFFICE_ROLES),
  { permission: Permissions.entityChanges.read, roles: OFFICE_ROLES },
  ...crudGrants(Permissions.users, ADMIN_OR_STAFF, USER_ADMINS),
  { permission: Permissions.users.managePasswords, roles: USER_ADMINS },
  { permission: Permissions.users.lock, roles: USER_ADMINS },
  { permission: Permissions.users.loginHistory, roles: USER_ADMINS },
  { permission: Permissions.users.impersonation, roles: ['TENANT_ADMIN'] },
  ...crudGrants(Permissions.userGroups, OFFICE_ROLES, USER_ADMINS),
  { permission: Permissions.roles.read, roles: ['TENANT_ADMIN'] },
  { permission: Permissions.roles.update, roles: ['TENANT_ADMIN'] },
  // Tenant routes are also host-only: these grants matter for the host's own users.
  ...crudGrants(Permissions.tenants, ['TENANT_ADMIN'], ['TENANT_ADMIN']),
  { permission: Permissions.oneTimeAccess.create, roles: OFFICE_ROLES },
  { permission: Permissions.systemConfig.update, roles: USER_ADMINS },
];

/** Every permission name the product knows. */
export const AllPermissionNames: readonly string[] = [...new Set(DefaultGrants.map((g) => g.permission))];

/** The permissions a set of roles holds by default. */
export function defaultPermissionsFor(roles: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const grant of DefaultGrants) {
    if (grant.roles.some((r) => roles.includes(r))) out.add(grant.permission);
  }
  return out;
}
