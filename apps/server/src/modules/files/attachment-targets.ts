import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AttachmentFroms } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition, type RecordKind } from '../../platform/access/records';
import type { Tx } from '../../platform/db/database';
import { cases } from '../cases/cases.schema';
import { clients, companies, specialists } from '../people/people.schema';
import { attachmentKinds } from './files.access';

export type TargetRecord = { caseNo: string | null; label: string };

/** A module whose records take attachments: which of its records the caller may see, and their names. */
export type AttachmentTarget = {
  /**
   * The records of these ids that exist (not deleted) and that the caller may see (as the access
   * registry decides for the record's kind), each with its case number when it has one. A record left
   * out is, to the caller, a record that does not exist.
   */
  describe(tx: Tx, ctx: RequestContext, ids: readonly string[]): Promise<Map<string, TargetRecord>>;
};

type From = (typeof AttachmentFroms)[number];

function target(
  kind: RecordKind,
  table: PgTable,
  columns: { id: PgColumn; isDeleted: PgColumn; label: SQL; caseNo?: PgColumn },
  only?: SQL,
): AttachmentTarget {
  return {
    async describe(tx, ctx, ids) {
      if (ids.length === 0) return new Map();
      const rows = (await tx
        .select({ id: columns.id, label: sql<string>`${columns.label}`, caseNo: columns.caseNo ?? sql`null` })
        .from(table)
        .where(
          and(inArray(columns.id, [...ids]), eq(columns.isDeleted, false), only, await recordCondition(tx, ctx, kind)),
        )) as { id: string; label: string; caseNo: string | null }[];
      return new Map(rows.map((r) => [r.id, { caseNo: r.caseNo, label: r.label }]));
    },
  };
}

const person = (t: { firstName: PgColumn; lastName: PgColumn }) => sql`${t.firstName} || ' ' || ${t.lastName}`;

/** The record kinds attachments may belong to. */
export const attachmentTargets: Record<From, AttachmentTarget> = {
  Client: target(attachmentKinds.Client, clients, {
    id: clients.id,
    isDeleted: clients.isDeleted,
    label: person(clients),
  }),
  Specialist: target(attachmentKinds.Specialist, specialists, {
    id: specialists.id,
    isDeleted: specialists.isDeleted,
    label: person(specialists),
  }),
  Company: target(attachmentKinds.Company, companies, {
    id: companies.id,
    isDeleted: companies.isDeleted,
    label: sql`${companies.name}`,
  }),
  // IME cases: the case's own visibility decides, so a case the caller cannot open has no files for them.
  IME: target(
    attachmentKinds.IME,
    cases,
    { id: cases.id, isDeleted: cases.isDeleted, label: sql`${cases.caseNo}`, caseNo: cases.caseNo },
    eq(cases.serviceType, 'IME'),
  ),
};

/** Whether the caller may see the record an attachment belongs to (an unknown kind: no). */
export async function canSeeRecord(tx: Tx, ctx: RequestContext, from: string, objectId: string): Promise<boolean> {
  const found = attachmentTargets[from as From] as AttachmentTarget | undefined;
  return found ? (await found.describe(tx, ctx, [objectId])).has(objectId) : false;
}
