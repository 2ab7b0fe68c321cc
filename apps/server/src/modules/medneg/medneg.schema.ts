import { date, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cases } from '../cases/cases.schema';
import { specialists } from '../people/people.schema';

/** The fields of a medical negligence matter beside its row of the core `cases` table. */
export const medNegCaseDetails = pgTable(
  'medneg_case_details',
  {
    tenantId: uuid('tenant_id').notNull(),
    caseId: uuid('case_id').notNull(),
    allegation: text('allegation'),
    specialty: text('specialty'),
    openedDate: date('opened_date', { mode: 'string' }),
    onHoldAction: text('on_hold_action'),
    onHoldDate: date('on_hold_date', { mode: 'string' }),
    onHoldReason: text('on_hold_reason'),
    closeOutcome: text('close_outcome'),
    closedDate: date('closed_date', { mode: 'string' }),
    closeReason: text('close_reason'),
    /** The IME case booked for the full report. */
    linkedCaseId: uuid('linked_case_id'),
  },
  (t) => [
    primaryKey({ name: 'medneg_case_details_pkey', columns: [t.tenantId, t.caseId] }),
    foreignKey({
      name: 'medneg_case_details_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    foreignKey({
      name: 'medneg_case_details_linked_fkey',
      columns: [t.tenantId, t.linkedCaseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
  ],
);

/** A request to one specialist on a matter (PO, free PO or teleconference) and the specialist's answer. */
export const medNegPoRequests = pgTable(
  'medneg_po_requests',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    caseId: uuid('case_id').notNull(),
    specialistId: uuid('specialist_id').notNull(),
    requestType: text('request_type').notNull(),
    requestedDate: date('requested_date', { mode: 'string' }).notNull(),
    answer: text('answer'),
    answerDate: date('answer_date', { mode: 'string' }),
    notes: text('notes'),
    creationTime: timestamp('creation_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'medneg_po_requests_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'medneg_po_requests_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    foreignKey({
      name: 'medneg_po_requests_specialist_fkey',
      columns: [t.tenantId, t.specialistId],
      foreignColumns: [specialists.tenantId, specialists.id],
    }),
    index('medneg_po_requests_case_idx').on(t.tenantId, t.caseId),
  ],
);
