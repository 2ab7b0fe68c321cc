CREATE TABLE "ndis_time_budgets" (
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
	"activity" text NOT NULL,
	"minutes" integer NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ndis_time_budgets_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ndis_time_budgets_minutes_check" CHECK ("ndis_time_budgets"."minutes" between 1 and 6000)
);
--> statement-breakpoint
ALTER TABLE "ndis_time_budgets" ADD CONSTRAINT "ndis_time_budgets_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ndis_time_budgets_tenant_creation_idx" ON "ndis_time_budgets" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ndis_time_budgets_activity_key" ON "ndis_time_budgets" USING btree ("tenant_id",lower("activity")) WHERE not "ndis_time_budgets"."is_deleted";