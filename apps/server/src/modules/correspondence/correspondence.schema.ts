import { sql } from 'drizzle-orm';
import type { CommunicationType, CorrespondenceCategory } from '@casebook/domain';
import {
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant } from '../../platform/db/instant';
import { tenants } from '../../platform/db/platform.schema';

export type OutboxState = 'Pending' | 'Sending' | 'Sent' | 'Failed';

/**
 * Every outbound e-mail, written in the same transaction as the business change that causes it and
 * sent afterwards by the mail-send job. The same rows are the e-mail tracking list.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    templateKey: text('template_key'),
    fromModule: text('from_module'),
    objectId: uuid('object_id'),
    objectReference: text('object_reference'),
    category: text('category'),
    recipient: text('recipient').notNull(),
    cc: text('cc'),
    sender: text('sender'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    state: text('state').$type<OutboxState>().notNull().default('Pending'),
    markedSuccess: boolean('marked_success').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    jobId: uuid('job_id'),
    creatorId: uuid('creator_id'),
    creationTime: instant('creation_time').notNull().defaultNow(),
    sentTime: instant('sent_time'),
  },
  (t) => [
    primaryKey({ name: 'mail_outbox_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'mail_outbox_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    index('mail_outbox_tenant_creation_idx').on(t.tenantId, t.creationTime),
    index('mail_outbox_object_idx').on(t.tenantId, t.objectId),
    // The relay looks only at messages that have no job yet.
    index('mail_outbox_unrelayed_idx')
      .on(t.creationTime)
      .where(sql`job_id is null`),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Files sent with an outbound e-mail (an invoice or statement PDF), kept as they were when it was queued. */
export const mailOutboxAttachments = pgTable(
  'mail_outbox_attachments',
  {
    tenantId: uuid('tenant_id').notNull(),
    outboxId: uuid('outbox_id').notNull(),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [
    primaryKey({ name: 'mail_outbox_attachments_pkey', columns: [t.tenantId, t.outboxId, t.position] }),
    foreignKey({
      name: 'mail_outbox_attachments_outbox_fkey',
      columns: [t.tenantId, t.outboxId],
      foreignColumns: [mailOutbox.tenantId, mailOutbox.id],
    }).onDelete('cascade'),
  ],
);

/** A tenant's own version of a built-in template (or an ad-hoc template of its own). */
export const emailTemplates = pgTable(
  'email_templates',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    templateKey: text('template_key').notNull(),
    subject: text('subject').notNull(),
    templateContent: text('template_content').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    isAdhoc: boolean('is_adhoc').notNull().default(false),
    lastModificationTime: instant('last_modification_time').notNull().defaultNow(),
    lastModifierId: uuid('last_modifier_id'),
    concurrencyStamp: text('concurrency_stamp').notNull(),
  },
  (t) => [
    primaryKey({ name: 'email_templates_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'email_templates_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    uniqueIndex('email_templates_key_idx').on(t.tenantId, t.templateKey),
  ],
);

/** Notes of calls, messages and meetings on a record, shown with its e-mails on the correspondence tab. */
export const correspondenceNotes = pgTable(
  'correspondence_notes',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    fromModule: text('from_module').notNull(),
    objectId: uuid('object_id').notNull(),
    communicationType: text('communication_type').$type<CommunicationType>().notNull(),
    category: text('category').$type<CorrespondenceCategory>(),
    contactName: text('contact_name'),
    content: text('content').notNull(),
    contactTime: instant('contact_time').notNull(),
    creatorId: uuid('creator_id'),
    creatorName: text('creator_name'),
    creationTime: instant('creation_time').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'correspondence_notes_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'correspondence_notes_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    index('correspondence_notes_object_idx').on(t.tenantId, t.objectId, t.contactTime),
  ],
);
