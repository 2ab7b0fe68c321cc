CREATE TABLE "ndis_case_details" (
	"tenant_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"ndis_number" text,
	"plan_management" text,
	"plan_start_date" date,
	"plan_end_date" date,
	"report_requested_date" date,
	"agreement_signed_date" date,
	CONSTRAINT "ndis_case_details_pkey" PRIMARY KEY("tenant_id","case_id")
);
--> statement-breakpoint
CREATE TABLE "ndis_entries" (
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
	"kind" text NOT NULL,
	"name" text,
	"relationship" text,
	"phone" text,
	"email" text,
	"role" text,
	"note_date" date,
	"note" text,
	"user_name" text,
	CONSTRAINT "ndis_entries_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "ndis_case_details" ADD CONSTRAINT "ndis_case_details_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndis_entries" ADD CONSTRAINT "ndis_entries_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndis_entries" ADD CONSTRAINT "ndis_entries_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ndis_entries_tenant_creation_idx" ON "ndis_entries" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "ndis_entries_case_idx" ON "ndis_entries" USING btree ("tenant_id","case_id","kind");