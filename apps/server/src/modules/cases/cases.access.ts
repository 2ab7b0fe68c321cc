import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../../platform/access/context';
import { registerRecordKind, seesWholeTenant } from '../../platform/access/records';
import type { Tx } from '../../platform/db/database';
import { userGroups } from '../identity/identity.schema';
import { reachOf } from '../people/people.access';
import { cases } from './cases.schema';

/** Who the caller may see: everything, or the cases of their companies or of their specialist records. */
export type CaseScope =
  { kind: 'all' } | { kind: 'restricted'; userId: string; companyIds: string[]; specialistIds: string[] };

/**
 * The cases a signed-in user may see: office roles every case; case managers their companies' cases;
 * specialists their own (each within the case's visibility).
 */
export async function caseScopeFor(tx: Tx, ctx: RequestContext): Promise<CaseScope> {
  if (seesWholeTenant(ctx)) return { kind: 'all' };
  const { companyIds, specialistIds } = await reachOf(tx, ctx);
  return { kind: 'restricted', userId: ctx.principal.userId, companyIds, specialistIds };
}

/** The SQL condition of a scope: a restricted viewer sees their cases unless kept to staff or another group. */
export function scopeCondition(scope: CaseScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  const mine = or(
    scope.companyIds.length > 0 ? inArray(cases.companyId, scope.companyIds) : undefined,
    scope.specialistIds.length > 0 ? inArray(cases.specialistId, scope.specialistIds) : undefined,
  );
  if (!mine) return sql`false`;
  const groupMember = sql`exists (select 1 from ${userGroups} g where g.tenant_id = "cases"."tenant_id" and g.id = "cases"."visibility_group_id" and not g.is_deleted and ${scope.userId}::uuid = any(g.member_ids))`;
  return and(mine, or(eq(cases.visibility, 'EVERYONE'), and(eq(cases.visibility, 'GROUP'), groupMember)));
}

// Cases of every module share the core table and this rule; a module's own permission is its routes' concern.
registerRecordKind('case', {
  table: cases,
  id: cases.id,
  isDeleted: cases.isDeleted,
  label: 'The case',
  async condition(tx, ctx) {
    return scopeCondition(await caseScopeFor(tx, ctx));
  },
});
