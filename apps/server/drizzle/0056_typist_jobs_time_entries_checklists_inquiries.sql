CREATE TABLE "inquiries" (
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
	"enquirer_name" text NOT NULL,
	"company_name" text,
	"email" text,
	"phone" text,
	"service_type" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'New' NOT NULL,
	"assigned_user_id" uuid,
	"case_id" uuid,
	CONSTRAINT "inquiries_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "checklists" (
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
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"criteria" jsonb NOT NULL,
	"default_criteria" jsonb NOT NULL,
	CONSTRAINT "checklists_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_checklists" (
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
	"checklist_id" uuid NOT NULL,
	"items" jsonb NOT NULL,
	"status" text DEFAULT 'Incomplete' NOT NULL,
	CONSTRAINT "task_checklists_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
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
	"user_id" uuid NOT NULL,
	"description" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"is_manual" boolean DEFAULT false NOT NULL,
	CONSTRAINT "time_entries_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "typist_jobs" (
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
	"dictation_attachment_id" uuid NOT NULL,
	"contractor_id" uuid NOT NULL,
	"typed_report_status" smallint DEFAULT 0 NOT NULL,
	"typed_report_attachment_id" uuid,
	"due_date" date,
	"notes" text,
	"completed_time" timestamp with time zone,
	CONSTRAINT "typist_jobs_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_assigned_user_fkey" FOREIGN KEY ("tenant_id","assigned_user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_checklists" ADD CONSTRAINT "task_checklists_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_checklists" ADD CONSTRAINT "task_checklists_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_checklists" ADD CONSTRAINT "task_checklists_checklist_fkey" FOREIGN KEY ("tenant_id","checklist_id") REFERENCES "public"."checklists"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_fkey" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "typist_jobs" ADD CONSTRAINT "typist_jobs_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "typist_jobs" ADD CONSTRAINT "typist_jobs_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "typist_jobs" ADD CONSTRAINT "typist_jobs_dictation_fkey" FOREIGN KEY ("tenant_id","dictation_attachment_id") REFERENCES "public"."attachments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "typist_jobs" ADD CONSTRAINT "typist_jobs_contractor_fkey" FOREIGN KEY ("tenant_id","contractor_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_tenant_creation_idx" ON "inquiries" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "inquiries_status_idx" ON "inquiries" USING btree ("tenant_id","status","creation_time");--> statement-breakpoint
CREATE INDEX "checklists_tenant_creation_idx" ON "checklists" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "checklists_name_key" ON "checklists" USING btree ("tenant_id",lower("name")) WHERE not "checklists"."is_deleted";--> statement-breakpoint
CREATE INDEX "task_checklists_tenant_creation_idx" ON "task_checklists" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "task_checklists_case_checklist_key" ON "task_checklists" USING btree ("tenant_id","case_id","checklist_id") WHERE not "task_checklists"."is_deleted";--> statement-breakpoint
CREATE INDEX "task_checklists_status_idx" ON "task_checklists" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "time_entries_tenant_creation_idx" ON "time_entries" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_running_key" ON "time_entries" USING btree ("tenant_id","user_id") WHERE "time_entries"."end_time" is null and not "time_entries"."is_deleted";--> statement-breakpoint
CREATE INDEX "time_entries_user_start_idx" ON "time_entries" USING btree ("tenant_id","user_id","start_time");--> statement-breakpoint
CREATE INDEX "time_entries_case_idx" ON "time_entries" USING btree ("tenant_id","case_id");--> statement-breakpoint
CREATE INDEX "typist_jobs_tenant_creation_idx" ON "typist_jobs" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "typist_jobs_dictation_key" ON "typist_jobs" USING btree ("tenant_id","dictation_attachment_id") WHERE not "typist_jobs"."is_deleted";--> statement-breakpoint
CREATE INDEX "typist_jobs_contractor_idx" ON "typist_jobs" USING btree ("tenant_id","contractor_id","typed_report_status");--> statement-breakpoint
CREATE INDEX "typist_jobs_case_idx" ON "typist_jobs" USING btree ("tenant_id","case_id");