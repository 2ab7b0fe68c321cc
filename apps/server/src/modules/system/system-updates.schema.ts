import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../platform/db/instant';

/**
 * System updates: what changed in the product, written by the host for every tenant and read by every
 * user as Product Updates. Shared reference data (casebook:global): the application role reads it; only
 * the owner's connection writes it (decision 0100).
 */
export const systemUpdates = pgTable(
  'system_updates',
  {
    id: uuid('id').primaryKey(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    /** The update's text, paragraphs separated by blank lines. */
    content: text('content').notNull(),
    /** When users see it; null: a draft. */
    publishedAt: instant('published_at'),
    creationTime: instant('creation_time').notNull().defaultNow(),
  },
  (t) => [
    index('system_updates_published_idx')
      .on(t.publishedAt)
      .where(sql`${t.publishedAt} is not null`),
  ],
);

/**
 * Each send of a system update by e-mail to the tenants' admins: who sent it, when, and the recipients with
 * their tenant (the messages themselves are rows of each tenant's mail outbox). Host-only: casebook:system.
 */
export const systemUpdateSends = pgTable(
  'system_update_sends',
  {
    id: uuid('id').primaryKey(),
    systemUpdateId: uuid('system_update_id')
      .notNull()
      .references(() => systemUpdates.id),
    sentAt: instant('sent_at').notNull().defaultNow(),
    sentBy: uuid('sent_by').notNull(),
    sentByName: text('sent_by_name').notNull(),
    tenantCount: integer('tenant_count').notNull(),
    recipients: jsonb('recipients')
      .$type<{ tenantId: string; tenantName: string; email: string; mailId: string }[]>()
      .notNull(),
  },
  (t) => [index('system_update_sends_update_idx').on(t.systemUpdateId, t.sentAt)],
);
