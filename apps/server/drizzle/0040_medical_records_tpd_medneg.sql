CREATE TABLE "medical_record_case_details" (
	"tenant_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"record_type" text,
	"provider" text,
	"requested_date" date,
	"due_date" date,
	"paperwork_received_date" date,
	"files_sent_date" date,
	"paperwork_notes" text,
	"on_hold_action" text,
	"on_hold_date" date,
	"on_hold_reason" text,
	"cancellation_date" date,
	"cancellation_reason" text,
	"duplicate_of_id" uuid,
	CONSTRAINT "medical_record_case_details_pkey" PRIMARY KEY("tenant_id","case_id")
);
--> statement-breakpoint
CREATE TABLE "medneg_case_details" (
	"tenant_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"allegation" text,
	"specialty" text,
	"opened_date" date,
	"on_hold_action" text,
	"on_hold_date" date,
	"on_hold_reason" text,
	"close_outcome" text,
	"closed_date" date,
	"close_reason" text,
	"linked_case_id" uuid,
	CONSTRAINT "medneg_case_details_pkey" PRIMARY KEY("tenant_id","case_id")
);
--> statement-breakpoint
CREATE TABLE "medneg_po_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"specialist_id" uuid NOT NULL,
	"request_type" text NOT NULL,
	"requested_date" date NOT NULL,
	"answer" text,
	"answer_date" date,
	"notes" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medneg_po_requests_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
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
ALTER TABLE "medical_record_case_details" ADD CONSTRAINT "medical_record_case_details_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_record_case_details" ADD CONSTRAINT "medical_record_case_details_duplicate_fkey" FOREIGN KEY ("tenant_id","duplicate_of_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medneg_case_details" ADD CONSTRAINT "medneg_case_details_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medneg_case_details" ADD CONSTRAINT "medneg_case_details_linked_fkey" FOREIGN KEY ("tenant_id","linked_case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medneg_po_requests" ADD CONSTRAINT "medneg_po_requests_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medneg_po_requests" ADD CONSTRAINT "medneg_po_requests_specialist_fkey" FOREIGN KEY ("tenant_id","specialist_id") REFERENCES "public"."specialists"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tpd_case_details" ADD CONSTRAINT "tpd_case_details_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medneg_po_requests_case_idx" ON "medneg_po_requests" USING btree ("tenant_id","case_id");