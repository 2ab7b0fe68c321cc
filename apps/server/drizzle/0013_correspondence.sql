CREATE TABLE "email_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"template_key" text NOT NULL,
	"subject" text NOT NULL,
	"template_content" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"is_adhoc" boolean DEFAULT false NOT NULL,
	"last_modification_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modifier_id" uuid,
	"concurrency_stamp" text NOT NULL,
	CONSTRAINT "email_templates_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"template_key" text,
	"from_module" text,
	"object_id" uuid,
	"object_reference" text,
	"category" text,
	"recipient" text NOT NULL,
	"cc" text,
	"sender" text,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"state" text DEFAULT 'Pending' NOT NULL,
	"marked_success" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"job_id" uuid,
	"creator_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_time" timestamp with time zone,
	CONSTRAINT "mail_outbox_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"object_id" uuid,
	"object_reference_name" text,
	"from_module" text,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sent_time" timestamp with time zone DEFAULT now() NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"creator_name" text,
	"creator_email" text,
	CONSTRAINT "notifications_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_key_idx" ON "email_templates" USING btree ("tenant_id","template_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_tenant_creation_idx" ON "mail_outbox" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "mail_outbox_object_idx" ON "mail_outbox" USING btree ("tenant_id","object_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_unrelayed_idx" ON "mail_outbox" USING btree ("creation_time") WHERE job_id is null;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("tenant_id","recipient_id","sent_time");