import type { NamedTenantList } from './routes';
import { ADMIN_OR_STAFF, hasAnyRole, isRole, type Role } from '../roles';

/** The kinds of contractor the spec tells apart. */
export type ContractorKind = 'broker' | 'insurer' | 'typist';

/** What the access rule needs to know about the signed-in (or signed-out) user. Plain data. */
export type AccessUser = {
  isAuthenticated: boolean;
  /** Role names as the token carries them; unknown names grant nothing. */
  roles: readonly string[];
  /** The user belongs to the host tenant (the system operator). */
  isHost: boolean;
  contractorKind?: ContractorKind;
  isInsurerCaseManager?: boolean;
  /** The case manager's company has a default practice-management company. */
  companyHasDefaultPms?: boolean;
  impersonated?: boolean;
  /**
   * Granted permission names (`Casebook.Subscription`, …). When given, a route's permission must be among
   * them; when absent the permission is left to the caller's own check.
   */
  permissions?: readonly string[];
};

/** The tenant the user works in. Plain data, as the current-tenant call returns it. */
export type AccessTenant = {
  id: string;
  name: string;
  editionName: string;
  /** Feature key → the text True when on. */
  features: Record<string, string>;
  /** The deployment's named-tenant lists this tenant is on (the server tells it its own). */
  namedLists?: readonly NamedTenantList[];
};

/** The signed-out user: passes every route so the router can send them to sign-in. */
export const SIGNED_OUT_USER: AccessUser = { isAuthenticated: false, roles: [], isHost: false };

const sameText = (a: string | null | undefined, b: string) => (a ?? '').trim().toUpperCase() === b;

/**
 * A contractor's kind: the contractor type when it says broker or insurer, else the business type of the
 * contractor's company, else typist (the spec's plain "contractor (typist)").
 */
export function contractorKindOf(
  contractorType: string | null | undefined,
  companyBusinessType?: string | null,
): ContractorKind {
  for (const value of [contractorType, companyBusinessType]) {
    if (sameText(value, 'BROKER')) return 'broker';
    if (sameText(value, 'INSURER')) return 'insurer';
  }
  return 'typist';
}

/** A case manager is an insurer case manager when their company's business type is insurer. */
export function isInsurerCaseManagerOf(roles: readonly string[], companyBusinessType: string | null | undefined) {
  return roles.includes('CASE_MANAGER') && sameText(companyBusinessType, 'INSURER');
}

/** Admin, admin staff, staff or accounting: the spec's "admin-or-staff". */
export function isAdminOrStaff(user: Pick<AccessUser, 'roles'>): boolean {
  return hasAnyRole(user.roles, ADMIN_OR_STAFF);
}

/**
 * An insurer contractor: a contractor of kind insurer, or a user with the INSURER role. Office users are
 * never narrowed to the insurer's short list.
 */
export function isInsurerContractor(user: AccessUser): boolean {
  return (user.contractorKind === 'insurer' || user.roles.includes('INSURER')) && !isAdminOrStaff(user);
}

/** A case manager who is not also admin or staff: the users the edition rules call "case managers". */
export function isPlainCaseManager(user: AccessUser): boolean {
  return user.roles.includes('CASE_MANAGER') && !isAdminOrStaff(user);
}

/** An insurer case manager who is not also admin or staff. */
export function isPlainInsurerCaseManager(user: AccessUser): boolean {
  return user.isInsurerCaseManager === true && isPlainCaseManager(user);
}

/**
 * The roles route entries are checked against: the user's known roles, plus INSURER for an insurer
 * contractor, so that funding pages can name insurers without opening them to every contractor.
 */
export function effectiveRoles(user: AccessUser): readonly Role[] {
  const roles = user.roles.filter(isRole);
  if (isInsurerContractor(user) && !roles.includes('INSURER')) roles.push('INSURER');
  return roles;
}
