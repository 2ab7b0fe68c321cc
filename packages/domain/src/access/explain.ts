import { z } from 'zod';
import { effectivePermissions, PermissionFeatures, type RoleGrant } from '../permissions';
import { isRole, roleLabel } from '../roles';
import { FeatureFlags, type FeatureFlag } from '../tenancy';
import { resourceEndpointsNamed } from '../endpoints/resource-descriptions';
import { accessChecks, type AccessCheck, type AccessOptions } from './can-access';
import { effectiveFeatures, featureFlagState } from './editions';
import type { RouteEntry } from './routes';
import type { AccessTenant, AccessUser } from './users';

/** The kinds of reason an explanation gives. */
export const ExplanationRules = ['account', 'host', 'role', 'feature', 'edition', 'screen', 'permission'] as const;

/** One reason of an explanation, in words, and whether it allows or refuses. */
export const ExplanationReasonDto = z.object({
  rule: z.enum(ExplanationRules),
  allows: z.boolean(),
  text: z.string(),
});
export type ExplanationReasonDto = z.infer<typeof ExplanationReasonDto>;

/** Why a user may or may not open a screen or hold a permission: the verdict and each reason. */
export const AccessExplanationDto = z.object({
  userId: z.string(),
  userName: z.string(),
  /** What was asked about: the permission name, or the screen's title and path. */
  subject: z.string(),
  allowed: z.boolean(),
  verdict: z.string(),
  reasons: z.array(ExplanationReasonDto),
});
export type AccessExplanationDto = z.infer<typeof AccessExplanationDto>;

/** A tenant's change to a role's grant, as the audit log records it. */
export type GrantChange = { by: string | null; at: Date | null };

/** What the explanation knows of one role's standing on one permission (the permission directory's facts). */
export type RoleGrantFact = RoleGrant & { role: string; change?: GrantChange };

/** The user asked about, the tenant they work in, and how each of their roles stands on a permission. */
export type ExplanationInput = {
  user: { id: string; fullName: string; roles: readonly string[]; isActive: boolean; isHost: boolean };
  tenant: AccessTenant;
  /** How each of the user's roles stands on a permission in the tenant (the server's directory answers). */
  grantsOf: (permission: string) => readonly RoleGrantFact[];
  options?: Pick<AccessOptions, 'namedTenants'>;
};

const list = (items: readonly string[]) => items.join(', ');

/** `at 2026-11-27 10:02 UTC`, or nothing when unknown. */
function when(at: Date | null): string {
  return at ? ` at ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
}
function who(by: string | null): string {
  return by ? ` by ${by}` : '';
}

function accessUserOf(input: ExplanationInput): AccessUser {
  return { isAuthenticated: true, roles: input.user.roles, isHost: input.user.isHost };
}

/** Why one feature is off for the tenant: the tenant switched it off, or its edition does not include it. */
function featureOffText(feature: string, tenant: AccessTenant): { rule: 'feature' | 'edition'; text: string } {
  if (!(FeatureFlags as readonly string[]).includes(feature)) {
    return { rule: 'feature', text: `Feature ${feature} is not on for this user in this tenant.` };
  }
  const state = featureFlagState(feature as FeatureFlag, tenant);
  if (state.decidedBy === 'tenant')
    return { rule: 'feature', text: `Feature ${feature} is switched off for this tenant.` };
  return {
    rule: 'edition',
    text: state.edition
      ? `The ${state.edition} edition does not include feature ${feature}.`
      : `The tenant has no known edition, and feature ${feature} is not switched on for it.`,
  };
}

function featureOnText(feature: string, tenant: AccessTenant): string {
  if (!(FeatureFlags as readonly string[]).includes(feature)) return `Feature ${feature} is on for this user.`;
  const state = featureFlagState(feature as FeatureFlag, tenant);
  return state.decidedBy === 'tenant'
    ? `Feature ${feature} is switched on for this tenant.`
    : `Feature ${feature} is on: the ${state.edition} edition includes it.`;
}

function roleReason(fact: RoleGrantFact, permission: string): ExplanationReasonDto {
  const role = `role ${roleLabel(fact.role)}`;
  if (fact.granted) {
    const text = fact.changedByTenant
      ? `${permission} was granted to ${role}${who(fact.change?.by ?? null)}${when(fact.change?.at ?? null)}.`
      : `The ${role} holds ${permission} by default.`;
    return { rule: 'role', allows: true, text: text.charAt(0).toUpperCase() + text.slice(1) };
  }
  return {
    rule: 'role',
    allows: false,
    text:
      fact.changedByTenant && fact.byDefault
        ? `${permission} was revoked from ${role}${who(fact.change?.by ?? null)}${when(fact.change?.at ?? null)}.`
        : `The ${role} does not hold ${permission}.`,
  };
}

/** The reasons of a permission, and whether the user holds it (the same rule as my profile's permissions). */
function permissionReasons(
  input: ExplanationInput,
  permission: string,
): { held: boolean; reasons: ExplanationReasonDto[] } {
  const facts = input.grantsOf(permission).filter((f) => isRole(f.role));
  const reasons: ExplanationReasonDto[] = facts.map((fact) => roleReason(fact, permission));
  if (facts.length === 0)
    reasons.push({ rule: 'role', allows: false, text: 'The user has no role, so holds no permission.' });
  const features = effectiveFeatures(accessUserOf(input), input.tenant);
  const needs = PermissionFeatures[permission] ?? [];
  if (needs.length > 0) {
    const on = needs.filter((f) => features.has(f));
    if (on.length > 0) reasons.push({ rule: 'feature', allows: true, text: featureOnText(on[0]!, input.tenant) });
    else for (const f of needs) reasons.push({ allows: false, ...featureOffText(f, input.tenant) });
  }
  const granted = facts.filter((f) => f.granted).map(() => permission);
  const held = effectivePermissions(granted, features).includes(permission);
  return { held, reasons };
}

function accountReasons(input: ExplanationInput): ExplanationReasonDto[] {
  return input.user.isActive
    ? []
    : [{ rule: 'account', allows: false, text: `${input.user.fullName}'s account is disabled: they cannot sign in.` }];
}

function verdictOf(input: ExplanationInput, allowed: boolean, what: string): string {
  return `${input.user.fullName} ${allowed ? 'can' : 'cannot'} ${what}.`;
}

/** Why the user holds, or does not hold, a permission: their roles' grants, the tenant's changes, features. */
export function explainPermission(input: ExplanationInput, permission: string): AccessExplanationDto {
  const { held, reasons } = permissionReasons(input, permission);
  const allowed = input.user.isActive && held;
  return {
    userId: input.user.id,
    userName: input.user.fullName,
    subject: permission,
    allowed,
    verdict: verdictOf(input, allowed, `use ${permission}`),
    reasons: [...accountReasons(input), ...reasons],
  };
}

function checkReasons(check: AccessCheck, input: ExplanationInput, route: RouteEntry): ExplanationReasonDto[] {
  switch (check.rule) {
    case 'host':
      return [{ rule: 'host', allows: true, text: 'Host users pass every screen’s access rule.' }];
    case 'signedOut':
    case 'anonymous':
      return [{ rule: 'screen', allows: true, text: 'The screen opens without signing in.' }];
    case 'tenantLoaded':
      return [{ rule: 'screen', allows: false, text: 'The user has no tenant.' }];
    case 'hostOnly':
      return [{ rule: 'screen', allows: false, text: 'Only host users may open this screen.' }];
    case 'roles':
      return [
        check.passed
          ? { rule: 'role', allows: true, text: `The screen is open to role ${list(check.matched.map(roleLabel))}.` }
          : {
              rule: 'role',
              allows: false,
              text: `The screen is for ${list(check.needs.map(roleLabel))}; the user's roles are ${list(input.user.roles.map(roleLabel)) || 'none'}.`,
            },
      ];
    case 'features':
      return check.passed
        ? [{ rule: 'feature', allows: true, text: featureOnText(check.matched[0]!, input.tenant) }]
        : check.needs.map((f) => ({ allows: false, ...featureOffText(f, input.tenant) }));
    case 'permission':
      return [
        {
          rule: 'permission',
          allows: check.passed,
          text: `The screen needs ${check.needs[0]}${check.passed ? '.' : ', which the user does not hold.'}`,
        },
      ];
    case 'tenantNames':
      return [
        {
          rule: 'screen',
          allows: check.passed,
          text: check.passed
            ? `The tenant is named in the deployment's ${check.list} list.`
            : `The screen is only for the tenants named in the deployment's ${check.list} list.`,
        },
      ];
    case 'narrowing':
      if (check.passed) return [];
      switch (check.narrowing) {
        case 'insurerContractor':
          return [
            { rule: 'role', allows: false, text: 'Insurer contractors see only their own short list of screens.' },
          ];
        case 'insurerCaseManager':
          return [{ rule: 'role', allows: false, text: 'Insurer case managers do not see this screen.' }];
        default:
          return [
            {
              rule: 'edition',
              allows: false,
              text: `The ${input.tenant.editionName} edition does not include the ${route.title} screen for this user.`,
            },
          ];
      }
  }
}

/**
 * The permission a screen's own calls need: the route's `reads` (the sidebar's rule), else, for a declared
 * resource's generic screens, the permission of its list call (its create call for the add screen).
 */
export function screenPermission(route: RouteEntry): string | undefined {
  if (route.reads) return route.reads;
  if (route.kind === 'page') return undefined;
  const calls = resourceEndpointsNamed(route.resource);
  return route.kind === 'add' ? calls?.create?.access.permission : calls?.list.access.permission;
}

/**
 * Why the user may or may not open a screen: the access rule's checks (`accessChecks`, the rule the router
 * and the server's route guards use) and, when the screen's own calls need a permission, that permission's
 * reasons (`screenPermission`): the sidebar leaves out a page whose calls the user may not make.
 */
export function explainScreen(input: ExplanationInput, route: RouteEntry): AccessExplanationDto {
  const checks = accessChecks(accessUserOf(input), input.tenant, route, input.options ?? {});
  const reasons = [...accountReasons(input), ...checks.flatMap((c) => checkReasons(c, input, route))];
  let allowed = input.user.isActive && checks.every((c) => c.passed);
  const needs = screenPermission(route);
  if (needs) {
    const needed = permissionReasons(input, needs);
    reasons.push({
      rule: 'permission',
      allows: needed.held,
      text: `The screen's own calls need ${needs}.`,
    });
    reasons.push(...needed.reasons);
    allowed = allowed && needed.held;
  }
  return {
    userId: input.user.id,
    userName: input.user.fullName,
    subject: `${route.title} (${route.path})`,
    allowed,
    verdict: verdictOf(input, allowed, `open ${route.title}`),
    // The screen's features and its permission's features can be the same: say each reason once.
    reasons: reasons.filter((r, i) => reasons.findIndex((o) => o.text === r.text) === i),
  };
}
