CREATE TABLE "appointment_search_histories" (
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
	"user_id" uuid,
	"user_name" text,
	"search_kind" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"result_count" integer NOT NULL,
	CONSTRAINT "appointment_search_histories_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "appointment_search_histories" ADD CONSTRAINT "appointment_search_histories_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_search_histories_tenant_creation_idx" ON "appointment_search_histories" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "appointment_search_histories_user_idx" ON "appointment_search_histories" USING btree ("tenant_id","user_id","creation_time");