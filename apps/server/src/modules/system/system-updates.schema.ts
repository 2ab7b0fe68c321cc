import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
