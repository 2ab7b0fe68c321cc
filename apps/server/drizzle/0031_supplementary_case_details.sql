CREATE TABLE "supplementary_case_details" (
	"tenant_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"report_requested_date" date,
	"paperwork_received_date" date,
	"paperwork_notes" text,
	"dictation_date" date,
	"draft_date" date,
	"returned_date" date,
	"completed_date" date,
	"outcome" text,
	"cancellation_type" text,
	"cancellation_date" date,
	"cancellation_reason" text,
	"report_sent_date" date,
	"source_case_id" uuid,
	CONSTRAINT "supplementary_case_details_pkey" PRIMARY KEY("tenant_id","case_id")
);
--> statement-breakpoint
ALTER TABLE "supplementary_case_details" ADD CONSTRAINT "supplementary_case_details_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplementary_case_details" ADD CONSTRAINT "supplementary_case_details_source_fkey" FOREIGN KEY ("tenant_id","source_case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;