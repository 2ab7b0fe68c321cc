/** The roles of the spec. TENANT_ADMIN is also called ADMIN. */
export const Roles = [
  'TENANT_ADMIN',
  'ADMIN_STAFF',
  'STAFF',
  'ACCOUNTING',
  'CASE_MANAGER',
  'SPECIALIST',
  'CONTRACTOR',
  'INSURER',
] as const;
export type Role = (typeof Roles)[number];

/** Admin, admin staff, staff and accounting: the spec's "admin-or-staff" grouping. */
export const ADMIN_OR_STAFF: readonly Role[] = ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF', 'ACCOUNTING'];
/** The roles that maintain master data day to day. */
export const OFFICE_ROLES: readonly Role[] = ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF'];
/** Every role: for things any signed-in user of a tenant may read. */
export const ALL_ROLES: readonly Role[] = Roles;

/** True when the value names a known role. */
export function isRole(value: string): value is Role {
  return (Roles as readonly string[]).includes(value);
}

/**
 * Tenant admin, admin staff and accounting: the spec's "admin-or-accounting" grouping. Admin staff count
 * as admins here because every other rule of the spec treats them as administrators.
 */
export const ADMIN_OR_ACCOUNTING: readonly Role[] = ['TENANT_ADMIN', 'ADMIN_STAFF', 'ACCOUNTING'];
/** Admin, admin staff, staff and specialist: the spec's "admin/staff/specialist" grouping. */
export const ADMIN_STAFF_OR_SPECIALIST: readonly Role[] = ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF', 'SPECIALIST'];
/** Admin, admin staff, staff and case manager: the spec's "admin/staff/case manager" grouping. */
export const ADMIN_STAFF_OR_CASE_MANAGER: readonly Role[] = ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'];

/** True when at least one of the user's role names is in the group. */
export function hasAnyRole(roles: readonly string[], group: readonly Role[]): boolean {
  return group.some((role) => roles.includes(role));
}
