CREATE TABLE "esign_envelopes" (
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
	"provider" text NOT NULL,
	"case_id" uuid NOT NULL,
	"document" text NOT NULL,
	"status" text NOT NULL,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"external_id" text,
	"sent_time" timestamp with time zone,
	"completed_time" timestamp with time zone,
	"status_time" timestamp with time zone,
	"attachment_id" uuid,
	"last_error" text,
	CONSTRAINT "esign_envelopes_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "integration_connections" ADD COLUMN "api_base_url" text;--> statement-breakpoint
ALTER TABLE "esign_envelopes" ADD CONSTRAINT "esign_envelopes_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esign_envelopes_tenant_creation_idx" ON "esign_envelopes" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "esign_envelopes_case_idx" ON "esign_envelopes" USING btree ("tenant_id","case_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_envelopes_external_idx" ON "esign_envelopes" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "esign_envelopes_open_idx" ON "esign_envelopes" USING btree ("status");