CREATE TABLE "ime_case_details" (
	"tenant_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"private_notes" text,
	"specialist_without_contract" boolean DEFAULT false NOT NULL,
	"is_file_review" boolean DEFAULT false NOT NULL,
	"paperwork_sent_date" date,
	"paperwork_notes" text,
	"attendance" text DEFAULT 'NONE' NOT NULL,
	"attendance_date" date,
	"attendance_notes" text,
	"cancellation_type" text,
	"cancellation_date" date,
	"cancellation_reason" text,
	"dictation_received_date" date,
	"report_draft_sent_date" date,
	"report_received_date" date,
	"report_completed_date" date,
	"report_sent_date" date,
	"rebooked_from_id" uuid,
	CONSTRAINT "ime_case_details_pkey" PRIMARY KEY("tenant_id","case_id")
);
--> statement-breakpoint
-- The data move: every assessment-list case (IME, mass torts, OT, conclave) gets its details row with the
-- values its core row held, in one statement. A case of another module whose row holds anything but the
-- columns' defaults (none is written so today) is carried over too, so no value is lost.
INSERT INTO "ime_case_details" (tenant_id, case_id, private_notes, specialist_without_contract, is_file_review, paperwork_sent_date, paperwork_notes, attendance, attendance_date, attendance_notes, cancellation_type, cancellation_date, cancellation_reason, dictation_received_date, report_draft_sent_date, report_received_date, report_completed_date, report_sent_date, rebooked_from_id)
SELECT tenant_id, id, private_notes, specialist_without_contract, is_file_review, paperwork_sent_date, paperwork_notes, attendance, attendance_date, attendance_notes, cancellation_type, cancellation_date, cancellation_reason, dictation_received_date, report_draft_sent_date, report_received_date, report_completed_date, report_sent_date, rebooked_from_id
FROM "cases"
WHERE service_type IN ('IME', 'MASS_TORTS', 'OT', 'COTELE')
   OR private_notes IS NOT NULL OR specialist_without_contract OR is_file_review OR paperwork_sent_date IS NOT NULL
   OR paperwork_notes IS NOT NULL OR attendance <> 'NONE' OR attendance_date IS NOT NULL OR attendance_notes IS NOT NULL
   OR cancellation_type IS NOT NULL OR cancellation_date IS NOT NULL OR cancellation_reason IS NOT NULL
   OR dictation_received_date IS NOT NULL OR report_draft_sent_date IS NOT NULL OR report_received_date IS NOT NULL
   OR report_completed_date IS NOT NULL OR report_sent_date IS NOT NULL OR rebooked_from_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "ime_case_details" ADD CONSTRAINT "ime_case_details_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ime_case_details" ADD CONSTRAINT "ime_case_details_rebooked_from_fkey" FOREIGN KEY ("tenant_id","rebooked_from_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cases" DROP CONSTRAINT "cases_rebooked_from_fkey";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "private_notes";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "specialist_without_contract";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "is_file_review";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "paperwork_sent_date";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "paperwork_notes";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "attendance";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "attendance_date";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "attendance_notes";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "cancellation_type";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "cancellation_date";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "cancellation_reason";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "dictation_received_date";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "report_draft_sent_date";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "report_received_date";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "report_completed_date";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "report_sent_date";
--> statement-breakpoint
ALTER TABLE "cases" DROP COLUMN "rebooked_from_id";
--> statement-breakpoint
ANALYZE "ime_case_details";
