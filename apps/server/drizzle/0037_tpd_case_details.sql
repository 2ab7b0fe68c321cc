CREATE TABLE "tpd_case_details" (
	"tenant_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"fund_name" text,
	"policy_number" text,
	"request_received_date" date,
	"prelim_eligibility_date" date,
	"precedent_authority_sent_date" date,
	"precedent_authority_received_date" date,
	"cost_agreement_sent_date" date,
	"cost_agreement_signed_date" date,
	"claim_form_sent_date" date,
	"claim_form_received_date" date,
	"medical_attendant_statement_date" date,
	"clinical_record_requested_date" date,
	"legal_submission_date" date,
	"employer_statement_date" date,
	"progress_notes" text,
	"cancellation_date" date,
	"cancellation_reason" text,
	CONSTRAINT "tpd_case_details_pkey" PRIMARY KEY("tenant_id","case_id")
);
--> statement-breakpoint
ALTER TABLE "tpd_case_details" ADD CONSTRAINT "tpd_case_details_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;