CREATE TABLE "marketing_campaigns" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" text NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"html_content" text NOT NULL,
	"sender_id" integer,
	"unsubscribe_group_id" integer,
	"stage" smallint DEFAULT 0 NOT NULL,
	"company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"case_manager_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"unsubscribed_count" integer DEFAULT 0 NOT NULL,
	"list_id" text,
	"single_send_id" text,
	"sent_time" timestamp with time zone,
	"statistics" jsonb,
	"statistics_sync_time" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "marketing_campaigns_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_recipients" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"kind" text,
	"ref_id" uuid,
	"status" text NOT NULL,
	"status_time" timestamp with time zone,
	CONSTRAINT "marketing_recipients_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_unsubscribes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" text NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "marketing_unsubscribes_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_recipients" ADD CONSTRAINT "marketing_recipients_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_unsubscribes" ADD CONSTRAINT "marketing_unsubscribes_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_campaigns_tenant_creation_idx" ON "marketing_campaigns" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "marketing_campaigns_stage_idx" ON "marketing_campaigns" USING btree ("tenant_id","stage");--> statement-breakpoint
CREATE INDEX "marketing_recipients_tenant_creation_idx" ON "marketing_recipients" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_recipients_email_idx" ON "marketing_recipients" USING btree ("tenant_id","campaign_id","email");--> statement-breakpoint
CREATE INDEX "marketing_unsubscribes_tenant_creation_idx" ON "marketing_unsubscribes" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_unsubscribes_email_idx" ON "marketing_unsubscribes" USING btree ("tenant_id","email");