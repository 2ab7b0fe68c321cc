import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { sqlRows, type Tx } from '../../platform/db/database';
import { attachmentTypes } from '../reference/reference.schema';
import { attachments, files } from './files.schema';

export type AttachmentRow = typeof attachments.$inferSelect;
export type AttachmentWithFile = {
  attachment: AttachmentRow;
  file: typeof files.$inferSelect;
  type: { id: string; name: string } | null;
};

const MARK_START = '\u0001';
const MARK_END = '\u0002';

/** SQL of attachments and document search. */
export const attachmentsRepository = {
  MARK_START,
  MARK_END,

  async list(tx: Tx, where: { attachmentFrom: string; objectId: string; includeRemoved: boolean }) {
    const rows = await tx
      .select({ attachment: attachments, file: files, typeId: attachmentTypes.id, typeName: attachmentTypes.name })
      .from(attachments)
      .innerJoin(files, and(eq(files.tenantId, attachments.tenantId), eq(files.id, attachments.fileId)))
      .leftJoin(
        attachmentTypes,
        and(eq(attachmentTypes.tenantId, attachments.tenantId), eq(attachmentTypes.id, attachments.attachmentTypeId)),
      )
      .where(
        and(
          eq(attachments.attachmentFrom, where.attachmentFrom),
          eq(attachments.objectId, where.objectId),
          where.includeRemoved ? undefined : ne(attachments.status, 'removed'),
        ),
      )
      .orderBy(asc(attachments.creationTime), asc(attachments.id));
    return rows.map((r): AttachmentWithFile => ({
      attachment: r.attachment,
      file: r.file,
      type: r.typeId && r.typeName ? { id: r.typeId, name: r.typeName } : null,
    }));
  },

  async get(tx: Tx, id: string): Promise<AttachmentWithFile | undefined> {
    const [r] = await tx
      .select({ attachment: attachments, file: files, typeId: attachmentTypes.id, typeName: attachmentTypes.name })
      .from(attachments)
      .innerJoin(files, and(eq(files.tenantId, attachments.tenantId), eq(files.id, attachments.fileId)))
      .leftJoin(
        attachmentTypes,
        and(eq(attachmentTypes.tenantId, attachments.tenantId), eq(attachmentTypes.id, attachments.attachmentTypeId)),
      )
      .where(eq(attachments.id, id))
      .limit(1);
    return (
      r && {
        attachment: r.attachment,
        file: r.file,
        type: r.typeId && r.typeName ? { id: r.typeId, name: r.typeName } : null,
      }
    );
  },

  async getMany(tx: Tx, ids: readonly string[]): Promise<AttachmentWithFile[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ attachment: attachments, file: files })
      .from(attachments)
      .innerJoin(files, and(eq(files.tenantId, attachments.tenantId), eq(files.id, attachments.fileId)))
      .where(inArray(attachments.id, [...ids]));
    return rows.map((r) => ({ ...r, type: null }));
  },

  async fileAttached(tx: Tx, fileId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: attachments.id })
      .from(attachments)
      .where(eq(attachments.fileId, fileId))
      .limit(1);
    return Boolean(row);
  },

  /** The record a file is attached to, if any. */
  async attachmentTypeExists(tx: Tx, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: attachmentTypes.id })
      .from(attachmentTypes)
      .where(and(eq(attachmentTypes.id, id), eq(attachmentTypes.isDeleted, false)))
      .limit(1);
    return Boolean(row);
  },

  /** The tenant's attachment type of that name (any case), if it has one. */
  async attachmentTypeIdByName(tx: Tx, name: string): Promise<string | null> {
    const [row] = await tx
      .select({ id: attachmentTypes.id })
      .from(attachmentTypes)
      .where(and(sql`lower(${attachmentTypes.name}) = ${name.toLowerCase()}`, eq(attachmentTypes.isDeleted, false)))
      .limit(1);
    return row?.id ?? null;
  },

  async insert(tx: Tx, row: typeof attachments.$inferInsert): Promise<AttachmentRow> {
    const [inserted] = await tx.insert(attachments).values(row).returning();
    return inserted!;
  },

  async update(tx: Tx, id: string, set: Partial<typeof attachments.$inferInsert>): Promise<void> {
    await tx.update(attachments).set(set).where(eq(attachments.id, id));
  },

  /** A document that could not be read: its status is error, unless it was removed meanwhile. */
  async markUnreadable(tx: Tx, id: string): Promise<void> {
    await tx
      .update(attachments)
      .set({ status: 'error' })
      .where(and(eq(attachments.id, id), eq(attachments.status, 'done')));
  },

  /** Marks the attachment cleaned up unless it already is; true when this call did it. */
  async markCleanedUp(tx: Tx, id: string, userId: string): Promise<boolean> {
    const rows = await tx
      .update(attachments)
      .set({ isCleanup: true, lastModificationTime: new Date(), lastModifierId: userId })
      .where(and(eq(attachments.id, id), eq(attachments.isCleanup, false), ne(attachments.status, 'removed')))
      .returning({ id: attachments.id });
    return rows.length === 1;
  },

  /** Full-text search over the tenant's documents, best match first, with a marked snippet. */
  async search(tx: Tx, keyword: string, limit: number, offset: number) {
    return sqlRows<{
      id: string;
      file_id: string;
      name: string;
      file_name: string;
      attachment_from: string;
      object_id: string;
      type_name: string | null;
      creation_time: Date | string;
      snippet: string;
      total: string | number;
    }>(
      tx,
      sql`with q as (select websearch_to_tsquery('english', ${keyword}) as query)
          select a.id, a.file_id, a.name, f.file_name, a.attachment_from, a.object_id, t.name as type_name,
                 a.creation_time,
                 ts_headline('english', coalesce(nullif(a.text_content, ''), a.name), q.query,
                   ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}) as snippet,
                 count(*) over () as total
          from attachments a
          cross join q
          join files f on f.tenant_id = a.tenant_id and f.id = a.file_id
          left join attachment_types t on t.tenant_id = a.tenant_id and t.id = a.attachment_type_id
          where a.status = 'done' and a.search_vector @@ q.query
          order by ts_rank(a.search_vector, q.query) desc, a.creation_time desc, a.id
          limit ${limit} offset ${offset}`,
    );
  },

  /** Whether any attachment row exists for the objects (used by tests of removal). */
  async countFor(tx: Tx, attachmentFrom: string, objectId: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(attachments)
      .where(and(eq(attachments.attachmentFrom, attachmentFrom), eq(attachments.objectId, objectId)));
    return row?.n ?? 0;
  },
};
