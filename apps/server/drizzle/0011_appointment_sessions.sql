CREATE TABLE "appointment_sessions" (
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
	"specialist_id" uuid NOT NULL,
	"centre_id" uuid,
	"room" text,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"appointment_type" text NOT NULL,
	"slot_status" smallint NOT NULL,
	"reserved_for_company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"note" text,
	"case_id" uuid,
	"case_no" text,
	"pattern_id" uuid,
	CONSTRAINT "appointment_sessions_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "appointment_sessions_range_check" CHECK ("appointment_sessions"."ends_at" > "appointment_sessions"."starts_at"),
	CONSTRAINT "appointment_sessions_status_check" CHECK ("appointment_sessions"."slot_status" between 2 and 6)
);
--> statement-breakpoint
ALTER TABLE "appointment_sessions" ADD CONSTRAINT "appointment_sessions_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_sessions" ADD CONSTRAINT "appointment_sessions_specialist_fkey" FOREIGN KEY ("tenant_id","specialist_id") REFERENCES "public"."specialists"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_sessions" ADD CONSTRAINT "appointment_sessions_centre_fkey" FOREIGN KEY ("tenant_id","centre_id") REFERENCES "public"."centres"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_sessions_tenant_creation_idx" ON "appointment_sessions" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "appointment_sessions_specialist_idx" ON "appointment_sessions" USING btree ("tenant_id","specialist_id","starts_at") WHERE not "appointment_sessions"."is_deleted";--> statement-breakpoint
CREATE INDEX "appointment_sessions_centre_idx" ON "appointment_sessions" USING btree ("tenant_id","centre_id","starts_at") WHERE not "appointment_sessions"."is_deleted";--> statement-breakpoint
CREATE INDEX "appointment_sessions_available_idx" ON "appointment_sessions" USING btree ("tenant_id","specialist_id","starts_at") WHERE not "appointment_sessions"."is_deleted" and "appointment_sessions"."slot_status" in (3, 4);--> statement-breakpoint
CREATE INDEX "appointment_sessions_case_idx" ON "appointment_sessions" USING btree ("tenant_id","case_id") WHERE "appointment_sessions"."case_id" is not null;