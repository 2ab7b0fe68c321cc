CREATE TABLE "mail_outbox_attachments" (
	"tenant_id" uuid NOT NULL,
	"outbox_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "mail_outbox_attachments_pkey" PRIMARY KEY("tenant_id","outbox_id","position")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox_attachments" ADD CONSTRAINT "mail_outbox_attachments_outbox_fkey" FOREIGN KEY ("tenant_id","outbox_id") REFERENCES "public"."mail_outbox"("tenant_id","id") ON DELETE cascade ON UPDATE no action;