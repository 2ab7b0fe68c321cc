import { integer, jsonb, text, index } from 'drizzle-orm/pg-core';
import type { AvailabilitySearchKind } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';

/**
 * One availability search a user made: who (the creator, with the user name at the time), when (the
 * creation time), which search, the criteria as given and how many results it found. Rows are only
 * ever added.
 */
export const appointmentSearchHistories = tenantTable(
  'appointment_search_histories',
  {
    userName: text('user_name'),
    searchKind: text('search_kind').$type<AvailabilitySearchKind>().notNull(),
    criteria: jsonb('criteria').$type<Record<string, unknown>>().notNull(),
    resultCount: integer('result_count').notNull(),
  },
  (t) => [index('appointment_search_histories_creator_idx').on(t.tenantId, t.creatorId, t.creationTime)],
);
