import { foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { CorrectionStatus, ReviewStatus, ValidationStatus } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';
import { cases } from '../cases/cases.schema';

/** An IME case's report QA: its review and validation status. One row per case, once QA has touched it. */
export const reportQa = pgTable(
  'report_qa',
  {
    tenantId: uuid('tenant_id').notNull(),
    caseId: uuid('case_id').notNull(),
    reviewStatus: text('review_status').$type<ReviewStatus>().notNull().default('PENDING'),
    validationStatus: text('validation_status').$type<ValidationStatus>().notNull().default('PENDING'),
    lastModificationTime: instant('last_modification_time'),
    lastModifierId: uuid('last_modifier_id'),
  },
  (t) => [
    primaryKey({ name: 'report_qa_pkey', columns: [t.tenantId, t.caseId] }),
    foreignKey({
      name: 'report_qa_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
  ],
);

/** A correction of a case's report: what is wrong (the note) and how far its correction is (the status). */
export const reportCorrections = tenantTable(
  'report_corrections',
  {
    caseId: uuid('case_id').notNull(),
    status: text('status').$type<CorrectionStatus>().notNull().default('OPEN'),
    note: text('note').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'report_corrections_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    index('report_corrections_case_idx').on(t.tenantId, t.caseId),
    index('report_corrections_status_idx').on(t.tenantId, t.status, t.creationTime),
  ],
);
