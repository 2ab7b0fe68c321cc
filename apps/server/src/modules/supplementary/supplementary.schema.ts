import { date, foreignKey, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cases } from '../cases/cases.schema';

/**
 * The fields of a supplementary report or file review beside its row of the core `cases` table: the dates
 * its steps record, its outcome and cancellation, and the case it was asked for on.
 */
export const supplementaryCaseDetails = pgTable(
  'supplementary_case_details',
  {
    tenantId: uuid('tenant_id').notNull(),
    caseId: uuid('case_id').notNull(),
    reportRequestedDate: date('report_requested_date', { mode: 'string' }),
    paperworkReceivedDate: date('paperwork_received_date', { mode: 'string' }),
    paperworkNotes: text('paperwork_notes'),
    dictationDate: date('dictation_date', { mode: 'string' }),
    draftDate: date('draft_date', { mode: 'string' }),
    returnedDate: date('returned_date', { mode: 'string' }),
    completedDate: date('completed_date', { mode: 'string' }),
    outcome: text('outcome'),
    cancellationType: text('cancellation_type'),
    cancellationDate: date('cancellation_date', { mode: 'string' }),
    cancellationReason: text('cancellation_reason'),
    reportSentDate: date('report_sent_date', { mode: 'string' }),
    /** The case of another module (an IME) the report was asked for on. */
    sourceCaseId: uuid('source_case_id'),
  },
  (t) => [
    primaryKey({ name: 'supplementary_case_details_pkey', columns: [t.tenantId, t.caseId] }),
    foreignKey({
      name: 'supplementary_case_details_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    foreignKey({
      name: 'supplementary_case_details_source_fkey',
      columns: [t.tenantId, t.sourceCaseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
  ],
);
