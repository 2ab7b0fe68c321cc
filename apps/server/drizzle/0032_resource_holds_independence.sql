CREATE TABLE "case_independence_checks" (
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
	"specialist_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"summary" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"overridden_by_id" uuid,
	"overridden_by_name" text,
	"override_reason" text,
	CONSTRAINT "case_independence_checks_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "claimant_relationships" (
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
	"client_id" uuid NOT NULL,
	"specialist_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	CONSTRAINT "claimant_relationships_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "interpreters" (
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
	"language_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"email" text,
	"phone" text,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "interpreters_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "resource_holds" (
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
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"centre_id" uuid,
	"room" text,
	"interpreter_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	CONSTRAINT "resource_holds_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "resource_holds_kind_check" CHECK (("resource_holds"."kind" = 'ROOM' and "resource_holds"."centre_id" is not null and "resource_holds"."room" is not null and "resource_holds"."interpreter_id" is null)
        or ("resource_holds"."kind" = 'INTERPRETER' and "resource_holds"."interpreter_id" is not null and "resource_holds"."centre_id" is null and "resource_holds"."room" is null)),
	CONSTRAINT "resource_holds_range_check" CHECK ("resource_holds"."ends_at" > "resource_holds"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "case_independence_checks" ADD CONSTRAINT "case_independence_checks_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_independence_checks" ADD CONSTRAINT "case_independence_checks_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claimant_relationships" ADD CONSTRAINT "claimant_relationships_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claimant_relationships" ADD CONSTRAINT "claimant_relationships_client_fkey" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."clients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claimant_relationships" ADD CONSTRAINT "claimant_relationships_specialist_fkey" FOREIGN KEY ("tenant_id","specialist_id") REFERENCES "public"."specialists"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreters" ADD CONSTRAINT "interpreters_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_holds" ADD CONSTRAINT "resource_holds_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_holds" ADD CONSTRAINT "resource_holds_session_fkey" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."appointment_sessions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_holds" ADD CONSTRAINT "resource_holds_centre_fkey" FOREIGN KEY ("tenant_id","centre_id") REFERENCES "public"."centres"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_holds" ADD CONSTRAINT "resource_holds_interpreter_fkey" FOREIGN KEY ("tenant_id","interpreter_id") REFERENCES "public"."interpreters"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_independence_checks_tenant_creation_idx" ON "case_independence_checks" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "case_independence_checks_case_idx" ON "case_independence_checks" USING btree ("tenant_id","case_id","creation_time");--> statement-breakpoint
CREATE INDEX "claimant_relationships_tenant_creation_idx" ON "claimant_relationships" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "claimant_relationships_client_idx" ON "claimant_relationships" USING btree ("tenant_id","client_id","specialist_id") WHERE not "claimant_relationships"."is_deleted";--> statement-breakpoint
CREATE INDEX "interpreters_tenant_creation_idx" ON "interpreters" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "interpreters_name_idx" ON "interpreters" USING btree ("tenant_id","name","id") WHERE not "interpreters"."is_deleted";--> statement-breakpoint
CREATE INDEX "interpreters_languages_idx" ON "interpreters" USING gin ("language_ids");--> statement-breakpoint
CREATE INDEX "resource_holds_tenant_creation_idx" ON "resource_holds" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "resource_holds_session_idx" ON "resource_holds" USING btree ("tenant_id","session_id") WHERE not "resource_holds"."released";--> statement-breakpoint
-- A room or an interpreter cannot be in two bookings at once, as a specialist cannot (0012): PostgreSQL
-- refuses two live holds of one room (its centre and its name, in any case) or one interpreter whose
-- time ranges overlap, so racing bookings can never both hold it. Holds that only touch do not overlap.
ALTER TABLE "resource_holds" ADD CONSTRAINT "resource_holds_room_no_overlap"
  EXCLUDE USING gist ("tenant_id" WITH =, "centre_id" WITH =, lower("room") WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("kind" = 'ROOM' AND NOT "released");
--> statement-breakpoint
ALTER TABLE "resource_holds" ADD CONSTRAINT "resource_holds_interpreter_no_overlap"
  EXCLUDE USING gist ("tenant_id" WITH =, "interpreter_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("kind" = 'INTERPRETER' AND NOT "released");
