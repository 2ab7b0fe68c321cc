import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { Permissions, type AttachmentFroms } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import {
  NOTHING,
  recordCondition,
  referencesVisible,
  registerRecordKind,
  type RecordKind,
} from '../../platform/access/records';
import type { Tx } from '../../platform/db/database';
import { typistJobs } from '../typing/typing.schema';
import { attachments, files } from './files.schema';

/** The record kind behind each `attachmentFrom`: an attachment is seen by those who see its record. */
export const attachmentKinds: Record<(typeof AttachmentFroms)[number], RecordKind> = {
  Client: 'claimant',
  Specialist: 'specialist',
  Company: 'company',
  IME: 'case',
};

/** The condition over `attachments` keeping those whose record the caller may see. */
async function attachmentCondition(tx: Tx, ctx: RequestContext): Promise<SQL> {
  if (!ctx.permissions.has(Permissions.files.read)) return NOTHING;
  const each = await Promise.all(
    Object.entries(attachmentKinds).map(async ([from, kind]) =>
      and(eq(attachments.attachmentFrom, from), await referencesVisible(tx, ctx, kind, attachments.objectId)),
    ),
  );
  return or(...each) ?? NOTHING;
}

registerRecordKind('attachment', {
  table: attachments,
  id: attachments.id,
  isDeleted: attachments.isDeleted,
  label: 'The attachment',
  condition: attachmentCondition,
});

/**
 * Files: one attached to a record is seen by those who see the record; a file not attached (yet) by
 * everyone of the tenant who reads files (a specialist's CV, an upload about to be attached).
 */
registerRecordKind('file', {
  table: files,
  id: files.id,
  isDeleted: files.isDeleted,
  label: 'The file',
  async condition(tx, ctx) {
    if (!ctx.permissions.has(Permissions.files.read)) return NOTHING;
    const visible = await attachmentCondition(tx, ctx);
    // A typist hears the dictations given to them without seeing the case they belong to.
    const jobs = (await recordCondition(tx, ctx, 'typistJob')) ?? sql`true`;
    return sql`(not exists (select 1 from ${attachments} where ${attachments.fileId} = ${files.id}) or exists (select 1 from ${attachments} where ${attachments.fileId} = ${files.id} and ${visible}) or exists (select 1 from ${typistJobs} join ${attachments} on ${attachments.tenantId} = ${typistJobs.tenantId} and ${attachments.id} = ${typistJobs.dictationAttachmentId} where ${attachments.fileId} = ${files.id} and not ${typistJobs.isDeleted} and ${jobs}))`;
  },
});
