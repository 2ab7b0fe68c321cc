import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AttachmentStatus, LoiData, TextStatus } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { tenants } from '../../platform/db/platform.schema';
import { attachmentTypes } from '../reference/reference.schema';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A stored file. The bytes live in the file store under storage_key, never under the user's name. */
export const files = tenantTable('files', {
  name: text('name').notNull(),
  fileName: text('file_name').notNull(),
  extension: text('extension').notNull(),
  contentType: text('content_type').notNull(),
  sizeInBytes: bigint('size_in_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  storageKey: text('storage_key').notNull(),
  numberOfPages: integer('number_of_pages'),
  /** The bytes were removed from the store (cleanup or deletion); the row stays for history. */
  isContentRemoved: boolean('is_content_removed').notNull().default(false),
});

/** A file attached to a record of a module (attachmentFrom + objectId), with its searchable text. */
export const attachments = tenantTable(
  'attachments',
  {
    fileId: uuid('file_id').notNull(),
    name: text('name').notNull(),
    attachmentTypeId: uuid('attachment_type_id'),
    attachmentFrom: text('attachment_from').notNull(),
    objectId: uuid('object_id').notNull(),
    status: text('status').$type<AttachmentStatus>().notNull().default('done'),
    isCleanup: boolean('is_cleanup').notNull().default(false),
    summaryText: text('summary_text'),
    textStatus: text('text_status').$type<TextStatus>().notNull().default('pending'),
    /** The text-extraction job the relay queued for this attachment (null: not yet handed to the queue). */
    textJobId: uuid('text_job_id'),
    textContent: text('text_content'),
    /** What the letter of instruction says (extractLOIData), kept until asked again without the cache. */
    loiData: jsonb('loi_data').$type<LoiData>(),
    /** The words of an audio attachment (generateAudioTranscription) and the language they were heard in. */
    transcript: text('transcript'),
    transcriptLanguage: text('transcript_language'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${attachments.name}, '')), 'A') || to_tsvector('english', coalesce(${attachments.textContent}, ''))`,
    ),
  },
  (t) => [
    foreignKey({
      name: 'attachments_file_fkey',
      columns: [t.tenantId, t.fileId],
      foreignColumns: [files.tenantId, files.id],
    }),
    foreignKey({
      name: 'attachments_attachment_type_fkey',
      columns: [t.tenantId, t.attachmentTypeId],
      foreignColumns: [attachmentTypes.tenantId, attachmentTypes.id],
    }),
    index('attachments_object_idx').on(t.tenantId, t.attachmentFrom, t.objectId),
    index('attachments_search_idx').using('gin', t.searchVector),
    index('attachments_text_unqueued_idx')
      .on(t.creationTime)
      .where(sql`${t.textStatus} = 'pending' and ${t.textJobId} is null`),
  ],
);

/** Bytes a tenant keeps in the file store and its limit (null: no limit). One row per tenant. */
export const tenantStorage = pgTable(
  'tenant_storage',
  {
    tenantId: uuid('tenant_id').primaryKey(),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    limitBytes: bigint('limit_bytes', { mode: 'number' }),
  },
  (t) => [foreignKey({ name: 'tenant_storage_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] })],
);
