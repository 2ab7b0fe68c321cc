import { text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';

/** A case's link to its case at the US health insurer: the member (claimant number) and what was sent. */
export const uhgCaseLinks = tenantTable(
  'uhg_case_links',
  {
    caseId: uuid('case_id').notNull(),
    claimantNo: text('claimant_no').notNull(),
    uhgCaseId: text('uhg_case_id').notNull(),
    memberName: text('member_name'),
    uhgStatus: text('uhg_status'),
    appointmentSyncedTime: instant('appointment_synced_time'),
    /** The appointment last sent ("2026-12-14 10:30"): an unchanged one is not sent again. */
    syncedAppointment: text('synced_appointment'),
    paperworkSentTime: instant('paperwork_sent_time'),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('uhg_case_links_case_idx').on(t.tenantId, t.caseId)],
);
