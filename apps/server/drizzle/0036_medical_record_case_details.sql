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
ALTER TABLE "medical_record_case_details" ADD CONSTRAINT "medical_record_case_details_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_record_case_details" ADD CONSTRAINT "medical_record_case_details_duplicate_fkey" FOREIGN KEY ("tenant_id","duplicate_of_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;