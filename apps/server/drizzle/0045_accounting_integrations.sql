CREATE TABLE "integration_connections" (
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
	"status" text NOT NULL,
	"state_hash" text,
	"pending_secret" text,
	"tokens" text,
	"token_expires_at" timestamp with time zone,
	"external_tenant_id" text,
	"organisation_name" text,
	"connected_by_id" uuid,
	"connected_time" timestamp with time zone,
	"last_sync_time" timestamp with time zone,
	"last_error" text,
	"last_error_time" timestamp with time zone,
	CONSTRAINT "integration_connections_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "integration_exchanges" (
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
	"operation" text NOT NULL,
	"status" integer,
	"duration_ms" integer NOT NULL,
	"idempotency_key" text,
	"error" text,
	CONSTRAINT "integration_exchanges_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "integration_links" (
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
	"kind" text NOT NULL,
	"local_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"external_number" text,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "integration_links_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_exchanges" ADD CONSTRAINT "integration_exchanges_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_links" ADD CONSTRAINT "integration_links_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_connections_tenant_creation_idx" ON "integration_connections" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_provider_idx" ON "integration_connections" USING btree ("tenant_id","provider");--> statement-breakpoint
CREATE INDEX "integration_connections_state_idx" ON "integration_connections" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "integration_connections_external_idx" ON "integration_connections" USING btree ("provider","external_tenant_id");--> statement-breakpoint
CREATE INDEX "integration_exchanges_tenant_creation_idx" ON "integration_exchanges" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "integration_exchanges_provider_idx" ON "integration_exchanges" USING btree ("tenant_id","provider","creation_time");--> statement-breakpoint
CREATE INDEX "integration_links_tenant_creation_idx" ON "integration_links" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_links_local_idx" ON "integration_links" USING btree ("tenant_id","provider","kind","local_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_links_external_idx" ON "integration_links" USING btree ("tenant_id","provider","kind","external_id");