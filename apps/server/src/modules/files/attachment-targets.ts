import { sql, type SQL } from 'drizzle-orm';
import type { AttachmentFroms } from '@casebook/domain';
import { sqlRows, type Tx } from '../../platform/db/database';

/** A module whose records take attachments: how to tell its records exist and name them. */
export type AttachmentTarget = {
  /** The records of these ids that exist (not deleted), each with its case number when it has one. */
  describe(tx: Tx, ids: readonly string[]): Promise<Map<string, { caseNo: string | null; label: string }>>;
};

type From = (typeof AttachmentFroms)[number];

function tableTarget(table: string, label: SQL, caseNo: SQL | null): AttachmentTarget {
  return {
    async describe(tx, ids) {
      if (ids.length === 0) return new Map();
      const rows = await sqlRows<{ id: string; label: string; case_no: string | null }>(
        tx,
        sql`select id, ${label} as label, ${caseNo ?? sql`null`} as case_no from ${sql.identifier(table)}
            where id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) and not is_deleted`,
      );
      return new Map(rows.map((r) => [r.id, { caseNo: r.case_no, label: r.label }]));
    },
  };
}

/** The record kinds attachments may belong to. */
export const attachmentTargets: Record<From, AttachmentTarget> = {
  Client: tableTarget('clients', sql`first_name || ' ' || last_name`, null),
  Specialist: tableTarget('specialists', sql`first_name || ' ' || last_name`, null),
  Company: tableTarget('companies', sql`name`, null),
};
