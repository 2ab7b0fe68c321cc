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
