CREATE TABLE "report_corrections" (
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
	"status" text DEFAULT 'OPEN' NOT NULL,
	"note" text NOT NULL,
	CONSTRAINT "report_corrections_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_qa" (
	"tenant_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"review_status" text DEFAULT 'PENDING' NOT NULL,
	"validation_status" text DEFAULT 'PENDING' NOT NULL,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "report_qa_pkey" PRIMARY KEY("tenant_id","case_id")
);
--> statement-breakpoint
ALTER TABLE "report_corrections" ADD CONSTRAINT "report_corrections_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_corrections" ADD CONSTRAINT "report_corrections_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_qa" ADD CONSTRAINT "report_qa_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_corrections_tenant_creation_idx" ON "report_corrections" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "report_corrections_case_idx" ON "report_corrections" USING btree ("tenant_id","case_id");--> statement-breakpoint
CREATE INDEX "report_corrections_status_idx" ON "report_corrections" USING btree ("tenant_id","status","creation_time");