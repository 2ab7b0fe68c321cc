import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';
import { cases } from '../cases/cases.schema';
import { users } from '../identity/identity.schema';

/** Time a user spent on a case: a running timer until it has an end, or an entry made by hand. */
export const timeEntries = tenantTable(
  'time_entries',
  {
    caseId: uuid('case_id').notNull(),
    userId: uuid('user_id').notNull(),
    description: text('description'),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time'),
    isManual: boolean('is_manual').notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'time_entries_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    foreignKey({
      name: 'time_entries_user_fkey',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    // One running timer per user, kept by the database whatever two requests do at once.
    uniqueIndex('time_entries_running_key')
      .on(t.tenantId, t.userId)
      .where(sql`${t.endTime} is null and not ${t.isDeleted}`),
    index('time_entries_user_start_idx').on(t.tenantId, t.userId, t.startTime),
    index('time_entries_case_idx').on(t.tenantId, t.caseId),
  ],
);
