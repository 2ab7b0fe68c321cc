import { date, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { NdisEntryKind } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { cases } from '../cases/cases.schema';

/** The fields of an NDIS case beside its row of the core `cases` table: the participant's plan and its dates. */
export const ndisCaseDetails = pgTable(
  'ndis_case_details',
  {
    tenantId: uuid('tenant_id').notNull(),
    caseId: uuid('case_id').notNull(),
    ndisNumber: text('ndis_number'),
    planManagement: text('plan_management'),
    planStartDate: date('plan_start_date', { mode: 'string' }),
    planEndDate: date('plan_end_date', { mode: 'string' }),
    reportRequestedDate: date('report_requested_date', { mode: 'string' }),
    agreementSignedDate: date('agreement_signed_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'ndis_case_details_pkey', columns: [t.tenantId, t.caseId] }),
    foreignKey({
      name: 'ndis_case_details_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
  ],
);

/** The participant's records on a case: key contacts, attendees and clinical notes, by kind. */
export const ndisEntries = tenantTable(
  'ndis_entries',
  {
    caseId: uuid('case_id').notNull(),
    kind: text('kind').$type<NdisEntryKind>().notNull(),
    name: text('name'),
    relationship: text('relationship'),
    phone: text('phone'),
    email: text('email'),
    role: text('role'),
    noteDate: date('note_date', { mode: 'string' }),
    note: text('note'),
    userName: text('user_name'),
  },
  (t) => [
    foreignKey({
      name: 'ndis_entries_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    index('ndis_entries_case_idx').on(t.tenantId, t.caseId, t.kind),
  ],
);
