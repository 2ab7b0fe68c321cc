import { index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';

/**
 * A finished call recorded against a case: one row per call (the provider's telephony session id), so a
 * result posted twice is recorded once; the correspondence entry it became.
 */
export const telephonyCalls = tenantTable(
  'telephony_calls',
  {
    provider: text('provider').$type<'ringcentral'>().notNull(),
    telephonySessionId: text('telephony_session_id').notNull(),
    caseId: uuid('case_id').notNull(),
    direction: text('direction').$type<'Inbound' | 'Outbound'>().notNull(),
    result: text('result').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    phoneNumber: text('phone_number'),
    contactName: text('contact_name'),
    startTime: instant('start_time').notNull(),
    correspondenceNoteId: uuid('correspondence_note_id').notNull(),
  },
  (t) => [
    uniqueIndex('telephony_calls_session_idx').on(t.tenantId, t.provider, t.telephonySessionId),
    index('telephony_calls_case_idx').on(t.tenantId, t.caseId),
  ],
);
