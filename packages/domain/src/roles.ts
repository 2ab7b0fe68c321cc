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

/** A role code as people read it: TENANT_ADMIN → Tenant admin. */
export function roleLabel(role: string): string {
  const words = role.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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

/**
 * Who may administer whom (decision 0020). Ranks, highest first: the host admin (a TENANT_ADMIN of
 * the host tenant), TENANT_ADMIN, ADMIN_STAFF, then STAFF and ACCOUNTING; the external roles
 * (CASE_MANAGER, SPECIALIST, CONTRACTOR, INSURER) rank lowest and administer nobody. A user ranks as
 * their highest role.
 */
export const RoleRank: Readonly<Record<Role, number>> = {
  TENANT_ADMIN: 3,
  ADMIN_STAFF: 2,
  STAFF: 1,
  ACCOUNTING: 1,
  CASE_MANAGER: 0,
  SPECIALIST: 0,
  CONTRACTOR: 0,
  INSURER: 0,
};
/** The host admin's rank: above every role of every tenant. */
export const HOST_ADMIN_RANK = 4;
/** The lowest rank that administers users at all. */
export const MIN_ADMINISTERING_RANK = 1;

/** A user's rank: their highest role's; a TENANT_ADMIN of the host tenant is the host admin. */
export function rankOf(roles: readonly string[], options: { isHost?: boolean } = {}): number {
  let rank = -1;
  for (const role of roles) {
    if (!isRole(role)) continue;
    const r = options.isHost && role === 'TENANT_ADMIN' ? HOST_ADMIN_RANK : RoleRank[role];
    if (r > rank) rank = r;
  }
  return rank;
}

/** The roles someone of this rank may give (to anyone, themselves included): those not above it. */
export function assignableRoles(rank: number): Role[] {
  return rank < MIN_ADMINISTERING_RANK ? [] : Roles.filter((role) => RoleRank[role] <= rank);
}

/**
 * Why an administrator of rank `caller` may not act on a user of rank `target`, or undefined when they
 * may. Acting covers editing, enabling, disabling, locking, unlocking, deleting, setting or resending a
 * password, impersonating and one-time links; `given` is the rank of the roles being given, if any.
 */
export function administrationRefusal(caller: number, target: number, given = -1): string | undefined {
  if (caller < MIN_ADMINISTERING_RANK) return RoleMessages.externalAdministersNobody;
  if (target > caller) return RoleMessages.targetAbove;
  if (given > caller) return RoleMessages.roleAbove;
  return undefined;
}

export const RoleMessages = {
  externalAdministersNobody: 'Your role does not administer users.',
  targetAbove: 'You cannot manage a user whose role is above your own.',
  roleAbove: 'You cannot give a role above your own.',
  grantsAbove: 'You cannot change the permissions of a role above your own.',
} as const;

/**
 * The roles one-time access links are for: the people outside the office who are sent a case by e-mail
 * (the spec's appointment confirmations to specialists and case managers). A user holding any other
 * role never gets one.
 */
export const ONE_TIME_ACCESS_ROLES: readonly Role[] = ['SPECIALIST', 'CASE_MANAGER'];

/** True when every role of the user is one that one-time access links are for. */
export function mayUseOneTimeAccess(roles: readonly string[]): boolean {
  return roles.length > 0 && roles.every((role) => (ONE_TIME_ACCESS_ROLES as readonly string[]).includes(role));
}
