import { sql } from 'drizzle-orm';
import { date, foreignKey, index, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TypedReportStatus } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';
import { cases } from '../cases/cases.schema';
import { attachments } from '../files/files.schema';
import { users } from '../identity/identity.schema';

/**
 * A dictation (an audio attachment of a case) given to a typist, and the typed report they attached to the
 * case in return. Typed-report status 0 while it is with the typist, 1 once the report is back.
 */
export const typistJobs = tenantTable(
  'typist_jobs',
  {
    caseId: uuid('case_id').notNull(),
    dictationAttachmentId: uuid('dictation_attachment_id').notNull(),
    contractorId: uuid('contractor_id').notNull(),
    typedReportStatus: smallint('typed_report_status').$type<TypedReportStatus>().notNull().default(0),
    typedReportAttachmentId: uuid('typed_report_attachment_id'),
    dueDate: date('due_date', { mode: 'string' }),
    notes: text('notes'),
    completedTime: instant('completed_time'),
  },
  (t) => [
    foreignKey({
      name: 'typist_jobs_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    foreignKey({
      name: 'typist_jobs_dictation_fkey',
      columns: [t.tenantId, t.dictationAttachmentId],
      foreignColumns: [attachments.tenantId, attachments.id],
    }),
    foreignKey({
      name: 'typist_jobs_contractor_fkey',
      columns: [t.tenantId, t.contractorId],
      foreignColumns: [users.tenantId, users.id],
    }),
    // One live job per dictation: giving it to another typist is a reassignment, not a second job.
    uniqueIndex('typist_jobs_dictation_key')
      .on(t.tenantId, t.dictationAttachmentId)
      .where(sql`not ${t.isDeleted}`),
    index('typist_jobs_contractor_idx').on(t.tenantId, t.contractorId, t.typedReportStatus),
    index('typist_jobs_case_idx').on(t.tenantId, t.caseId),
  ],
);
