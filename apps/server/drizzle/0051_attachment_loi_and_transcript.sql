ALTER TABLE "attachments" ADD COLUMN "loi_data" jsonb;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "transcript_language" text;