import { date, foreignKey, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cases } from '../cases/cases.schema';

/** The fields of a TPD claim beside its row of the core `cases` table: the fund, and the date of each stage. */
export const tpdCaseDetails = pgTable(
  'tpd_case_details',
  {
    tenantId: uuid('tenant_id').notNull(),
    caseId: uuid('case_id').notNull(),
    fundName: text('fund_name'),
    policyNumber: text('policy_number'),
    requestReceivedDate: date('request_received_date', { mode: 'string' }),
    prelimEligibilityDate: date('prelim_eligibility_date', { mode: 'string' }),
    precedentAuthoritySentDate: date('precedent_authority_sent_date', { mode: 'string' }),
    precedentAuthorityReceivedDate: date('precedent_authority_received_date', { mode: 'string' }),
    costAgreementSentDate: date('cost_agreement_sent_date', { mode: 'string' }),
    costAgreementSignedDate: date('cost_agreement_signed_date', { mode: 'string' }),
    claimFormSentDate: date('claim_form_sent_date', { mode: 'string' }),
    claimFormReceivedDate: date('claim_form_received_date', { mode: 'string' }),
    medicalAttendantStatementDate: date('medical_attendant_statement_date', { mode: 'string' }),
    clinicalRecordRequestedDate: date('clinical_record_requested_date', { mode: 'string' }),
    legalSubmissionDate: date('legal_submission_date', { mode: 'string' }),
    employerStatementDate: date('employer_statement_date', { mode: 'string' }),
    progressNotes: text('progress_notes'),
    cancellationDate: date('cancellation_date', { mode: 'string' }),
    cancellationReason: text('cancellation_reason'),
    /** The day the report was sent to the case manager (`sendReportStatus`). */
    reportSentDate: date('report_sent_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'tpd_case_details_pkey', columns: [t.tenantId, t.caseId] }),
    foreignKey({
      name: 'tpd_case_details_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
  ],
);
