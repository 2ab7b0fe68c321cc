CREATE TABLE "case_action_items" (
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
	"subject" text NOT NULL,
	"due_date" date,
	"completed" boolean DEFAULT false NOT NULL,
	"group_task" boolean DEFAULT false NOT NULL,
	"assignee_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"pic_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	CONSTRAINT "case_action_items_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "case_appointment_history" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"action" text NOT NULL,
	"appointment_date" date,
	"appointment_time" text,
	"appointment_type" text,
	"centre_id" uuid,
	"reason" text,
	"user_name" text,
	"change_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_appointment_history_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "case_default_pics" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"step" text NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "case_default_pics_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "case_email_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"email_type" text NOT NULL,
	"template_key" text NOT NULL,
	"is_sms" boolean DEFAULT false NOT NULL,
	"is_resend" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"requested_by" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_email_requests_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "case_number_counters" (
	"tenant_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "case_number_counters_pkey" PRIMARY KEY("tenant_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "case_status_logs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"status_from" text,
	"status_name" text NOT NULL,
	"status_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean NOT NULL,
	"user_id" uuid,
	"user_name" text,
	"note" text,
	CONSTRAINT "case_status_logs_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "cases" (
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
	"case_no" text NOT NULL,
	"service_type" text NOT NULL,
	"status" text NOT NULL,
	"status_date" timestamp with time zone DEFAULT now() NOT NULL,
	"client_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"case_manager_id" uuid NOT NULL,
	"specialist_id" uuid,
	"billing_status" text DEFAULT 'NOT_READY' NOT NULL,
	"visibility" text DEFAULT 'EVERYONE' NOT NULL,
	"visibility_group_id" uuid,
	"booking_notes" text,
	"private_notes" text,
	"is_high_risk" boolean DEFAULT false NOT NULL,
	"specialist_without_contract" boolean DEFAULT false NOT NULL,
	"appointment_date" date,
	"appointment_time" text,
	"appointment_type" text,
	"centre_id" uuid,
	"is_file_review" boolean DEFAULT false NOT NULL,
	"paperwork_sent_date" date,
	"paperwork_notes" text,
	"attendance" text DEFAULT 'NONE' NOT NULL,
	"attendance_date" date,
	"attendance_notes" text,
	"cancellation_type" text,
	"cancellation_date" date,
	"cancellation_reason" text,
	"dictation_received_date" date,
	"report_draft_sent_date" date,
	"report_received_date" date,
	"report_completed_date" date,
	"report_sent_date" date,
	"rebooked_from_id" uuid,
	CONSTRAINT "cases_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "case_action_items" ADD CONSTRAINT "case_action_items_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_action_items" ADD CONSTRAINT "case_action_items_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_appointment_history" ADD CONSTRAINT "case_appointment_history_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_default_pics" ADD CONSTRAINT "case_default_pics_user_fkey" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_email_requests" ADD CONSTRAINT "case_email_requests_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_number_counters" ADD CONSTRAINT "case_number_counters_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_status_logs" ADD CONSTRAINT "case_status_logs_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_client_fkey" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."clients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_company_fkey" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_case_manager_fkey" FOREIGN KEY ("tenant_id","case_manager_id") REFERENCES "public"."case_managers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_specialist_fkey" FOREIGN KEY ("tenant_id","specialist_id") REFERENCES "public"."specialists"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_centre_fkey" FOREIGN KEY ("tenant_id","centre_id") REFERENCES "public"."centres"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_visibility_group_fkey" FOREIGN KEY ("tenant_id","visibility_group_id") REFERENCES "public"."user_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_rebooked_from_fkey" FOREIGN KEY ("tenant_id","rebooked_from_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_action_items_tenant_creation_idx" ON "case_action_items" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "case_action_items_case_idx" ON "case_action_items" USING btree ("tenant_id","case_id") WHERE not "case_action_items"."is_deleted";--> statement-breakpoint
CREATE INDEX "case_action_items_open_idx" ON "case_action_items" USING btree ("tenant_id","completed") WHERE not "case_action_items"."is_deleted";--> statement-breakpoint
CREATE INDEX "case_appointment_history_case_idx" ON "case_appointment_history" USING btree ("tenant_id","case_id","change_time");--> statement-breakpoint
CREATE UNIQUE INDEX "case_default_pics_key" ON "case_default_pics" USING btree ("tenant_id","step","user_id");--> statement-breakpoint
CREATE INDEX "case_email_requests_case_idx" ON "case_email_requests" USING btree ("tenant_id","case_id");--> statement-breakpoint
CREATE INDEX "case_status_logs_case_idx" ON "case_status_logs" USING btree ("tenant_id","case_id","status_date");--> statement-breakpoint
CREATE INDEX "cases_tenant_creation_idx" ON "cases" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_case_no_key" ON "cases" USING btree ("tenant_id",lower("case_no")) WHERE not "cases"."is_deleted";--> statement-breakpoint
CREATE INDEX "cases_list_idx" ON "cases" USING btree ("tenant_id","service_type","creation_time","id") WHERE not "cases"."is_deleted";--> statement-breakpoint
CREATE INDEX "cases_status_idx" ON "cases" USING btree ("tenant_id","service_type","status","creation_time") WHERE not "cases"."is_deleted";--> statement-breakpoint
CREATE INDEX "cases_company_idx" ON "cases" USING btree ("tenant_id","company_id","creation_time") WHERE not "cases"."is_deleted";--> statement-breakpoint
CREATE INDEX "cases_specialist_idx" ON "cases" USING btree ("tenant_id","specialist_id","creation_time") WHERE not "cases"."is_deleted";--> statement-breakpoint
CREATE INDEX "cases_case_manager_idx" ON "cases" USING btree ("tenant_id","case_manager_id") WHERE not "cases"."is_deleted";--> statement-breakpoint
CREATE INDEX "cases_client_idx" ON "cases" USING btree ("tenant_id","client_id") WHERE not "cases"."is_deleted";--> statement-breakpoint
CREATE INDEX "cases_appointment_idx" ON "cases" USING btree ("tenant_id","service_type","appointment_date") WHERE not "cases"."is_deleted";