CREATE TABLE "pms_connections" (
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
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"region" text,
	"status" text NOT NULL,
	"state_hash" text,
	"pending_secret" text,
	"tokens" text,
	"account_id" text,
	"account_name" text,
	"webhook_id" text,
	"webhook_secret" text,
	"connected_time" timestamp with time zone,
	"last_error" text,
	"last_error_time" timestamp with time zone,
	CONSTRAINT "pms_connections_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "pms_document_pushes" (
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
	"link_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"local_id" uuid NOT NULL,
	"name" text NOT NULL,
	"external_id" text,
	"pushed_time" timestamp with time zone,
	CONSTRAINT "pms_document_pushes_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "pms_matter_links" (
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
	"case_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"matter_id" text NOT NULL,
	"matter_number" text,
	"matter_description" text,
	"matter_status" text,
	"client_name" text,
	"responsible_user_name" text,
	"last_sync_time" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "pms_matter_links_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "pms_webhook_events" (
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
	"connection_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"matter_id" text,
	CONSTRAINT "pms_webhook_events_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "pms_connections" ADD CONSTRAINT "pms_connections_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_document_pushes" ADD CONSTRAINT "pms_document_pushes_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_matter_links" ADD CONSTRAINT "pms_matter_links_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_webhook_events" ADD CONSTRAINT "pms_webhook_events_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pms_connections_tenant_creation_idx" ON "pms_connections" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "pms_connections_company_idx" ON "pms_connections" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE INDEX "pms_connections_state_idx" ON "pms_connections" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "pms_document_pushes_tenant_creation_idx" ON "pms_document_pushes" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "pms_document_pushes_local_idx" ON "pms_document_pushes" USING btree ("tenant_id","link_id","kind","local_id");--> statement-breakpoint
CREATE INDEX "pms_matter_links_tenant_creation_idx" ON "pms_matter_links" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "pms_matter_links_case_idx" ON "pms_matter_links" USING btree ("tenant_id","case_id");--> statement-breakpoint
CREATE INDEX "pms_matter_links_matter_idx" ON "pms_matter_links" USING btree ("tenant_id","connection_id","matter_id");--> statement-breakpoint
CREATE INDEX "pms_webhook_events_tenant_creation_idx" ON "pms_webhook_events" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "pms_webhook_events_event_idx" ON "pms_webhook_events" USING btree ("tenant_id","connection_id","event_id");