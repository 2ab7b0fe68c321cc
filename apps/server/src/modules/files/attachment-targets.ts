import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AttachmentFroms } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { sqlRows, type Tx } from '../../platform/db/database';
import { caseScopeFor, scopeCondition } from '../cases/cases.repository';
import { cases } from '../cases/cases.schema';

export type TargetRecord = { caseNo: string | null; label: string };

/** A module whose records take attachments: how to tell which of its records the caller may see. */
export type AttachmentTarget = {
  /**
   * The records of these ids that exist (not deleted) and that the caller may see, each with its case
   * number when it has one. A record left out is, to the caller, a record that does not exist.
   */
  describe(tx: Tx, ctx: RequestContext, ids: readonly string[]): Promise<Map<string, TargetRecord>>;
};

type From = (typeof AttachmentFroms)[number];

function tableTarget(table: string, label: SQL): AttachmentTarget {
  return {
    async describe(tx, _ctx, ids) {
      if (ids.length === 0) return new Map();
      const rows = await sqlRows<{ id: string; label: string }>(
        tx,
        sql`select id, ${label} as label from ${sql.identifier(table)}
            where id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) and not is_deleted`,
      );
      return new Map(rows.map((r) => [r.id, { caseNo: null, label: r.label }]));
    },
  };
}

/** IME cases: the case's own visibility decides, so a case the caller cannot open has no files for them. */
const imeCases: AttachmentTarget = {
  async describe(tx, ctx, ids) {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({ id: cases.id, caseNo: cases.caseNo })
      .from(cases)
      .where(
        and(
          inArray(cases.id, [...ids]),
          eq(cases.serviceType, 'IME'),
          eq(cases.isDeleted, false),
          scopeCondition(await caseScopeFor(tx, ctx.principal)),
        ),
      );
    return new Map(rows.map((r) => [r.id, { caseNo: r.caseNo, label: r.caseNo }]));
  },
};

/** The record kinds attachments may belong to. */
export const attachmentTargets: Record<From, AttachmentTarget> = {
  Client: tableTarget('clients', sql`first_name || ' ' || last_name`),
  Specialist: tableTarget('specialists', sql`first_name || ' ' || last_name`),
  Company: tableTarget('companies', sql`name`),
  IME: imeCases,
};

/** Whether the caller may see the record an attachment belongs to (an unknown kind: no). */
export async function canSeeRecord(tx: Tx, ctx: RequestContext, from: string, objectId: string): Promise<boolean> {
  const target = attachmentTargets[from as From] as AttachmentTarget | undefined;
  return target ? (await target.describe(tx, ctx, [objectId])).has(objectId) : false;
}
