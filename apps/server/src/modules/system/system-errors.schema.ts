import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../platform/db/instant';

/**
 * Server failures (answered 500), kept for the host's administrators: one row per fingerprint (error type,
 * message and route) while unresolved, with how often and when it happened. A system table: the app role
 * has no access; the host's screen reads it as the owner (decision 0074).
 */
export const systemErrors = pgTable(
  'system_errors',
  {
    id: uuid('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    // The tenant the failed request worked in: not an owner (this is the host's table, without RLS).
    tenantId: uuid('occurred_in_tenant_id'),
    userId: uuid('user_id'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    errorType: text('error_type').notNull(),
    message: text('message').notNull(),
    stack: text('stack').notNull(),
    requestId: text('request_id').notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    firstSeen: instant('first_seen').notNull().defaultNow(),
    lastSeen: instant('last_seen').notNull().defaultNow(),
    isResolved: boolean('is_resolved').notNull().default(false),
    resolvedAt: instant('resolved_at'),
    resolvedBy: uuid('resolved_by'),
    resolvedByName: text('resolved_by_name'),
  },
  (t) => [
    uniqueIndex('system_errors_open_fingerprint_key')
      .on(t.fingerprint)
      .where(sql`not ${t.isResolved}`),
    index('system_errors_last_seen_idx').on(t.isResolved, t.lastSeen),
  ],
);
