ALTER TABLE "medical_record_case_details" ADD COLUMN "report_sent_date" date;--> statement-breakpoint
ALTER TABLE "tpd_case_details" ADD COLUMN "report_sent_date" date;