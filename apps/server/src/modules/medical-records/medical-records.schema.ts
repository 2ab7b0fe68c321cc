import { date, foreignKey, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cases } from '../cases/cases.schema';

/**
 * The fields of a medical records request beside its row of the core `cases` table: what was asked of whom
 * and when, its due date, receipt and sending, hold and cancellation, and the request it was copied from.
 */
export const medicalRecordCaseDetails = pgTable(
  'medical_record_case_details',
  {
    tenantId: uuid('tenant_id').notNull(),
    caseId: uuid('case_id').notNull(),
    recordType: text('record_type'),
    provider: text('provider'),
    requestedDate: date('requested_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    paperworkReceivedDate: date('paperwork_received_date', { mode: 'string' }),
    filesSentDate: date('files_sent_date', { mode: 'string' }),
    paperworkNotes: text('paperwork_notes'),
    onHoldAction: text('on_hold_action'),
    onHoldDate: date('on_hold_date', { mode: 'string' }),
    onHoldReason: text('on_hold_reason'),
    cancellationDate: date('cancellation_date', { mode: 'string' }),
    cancellationReason: text('cancellation_reason'),
    duplicateOfId: uuid('duplicate_of_id'),
    /** The day the records were reported sent to the case manager (`sendReportStatus`). */
    reportSentDate: date('report_sent_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'medical_record_case_details_pkey', columns: [t.tenantId, t.caseId] }),
    foreignKey({
      name: 'medical_record_case_details_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    foreignKey({
      name: 'medical_record_case_details_duplicate_fkey',
      columns: [t.tenantId, t.duplicateOfId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
  ],
);
