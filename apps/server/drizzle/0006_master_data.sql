CREATE TABLE "case_managers" (
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
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"mobile" text,
	"position" text,
	"company_id" uuid NOT NULL,
	"state" text,
	"user_id" uuid,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "case_managers_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "clients" (
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
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"mobile" text,
	"date_of_birth" date,
	"gender" text,
	"address" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"occupation" text,
	"employer" text,
	"language_id" uuid,
	"interpreter_required" boolean DEFAULT false NOT NULL,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "clients_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "companies" (
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
	"business_type" text NOT NULL,
	"company_group_id" uuid,
	"abn" text,
	"email" text,
	"phone" text,
	"website" text,
	"address" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"default_pms_company_id" uuid,
	"booking_agent_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"overdue_invoice_reminder" boolean DEFAULT false NOT NULL,
	"high_risk_applied" boolean DEFAULT false NOT NULL,
	"high_risk_applied_from" date,
	"high_risk_applied_to" date,
	"high_risk_reason_to_booking_cm" text,
	"high_risk_reason_to_staff" text,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "companies_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "company_groups" (
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
	CONSTRAINT "company_groups_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "contractors" (
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
	"contact_name" text,
	"contractor_type" text,
	"company_id" uuid,
	"email" text,
	"phone" text,
	"address" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"user_id" uuid,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "contractors_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "person_search" (
	"owner_tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "person_search_pkey" PRIMARY KEY("owner_tenant_id","kind","entity_id")
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
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
	"service_type_id" uuid,
	"contact_name" text,
	"email" text,
	"phone" text,
	"website" text,
	"abn" text,
	"address" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "service_providers_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "specialists" (
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
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"mobile" text,
	"address" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"specialty_id" uuid,
	"sub_specialty_id" uuid,
	"qualification_id" uuid,
	"accreditation_id" uuid,
	"recruitment_status" smallint DEFAULT 0 NOT NULL,
	"onboarded_date" date,
	"onboarded_end_date" date,
	"fee_arrangement" smallint,
	"provider_number" text,
	"provider_number_note" text,
	"provider_number2" text,
	"provider_number2_note" text,
	"provider_number3" text,
	"provider_number3_note" text,
	"provider_number4" text,
	"provider_number4_note" text,
	"default_centre_id" uuid,
	"type_of_assessments_accepted" text[] DEFAULT '{}'::text[] NOT NULL,
	"service_rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cv_file_id" uuid,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "specialists_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "treatment_providers" (
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
	"provider_type" text,
	"contact_name" text,
	"email" text,
	"phone" text,
	"fax" text,
	"provider_number" text,
	"address" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "treatment_providers_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "account_codes" (
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
	"code" text NOT NULL,
	"name" text NOT NULL,
	"account_type" text NOT NULL,
	"tax_type" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "account_codes_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "ama_service_fees" (
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
	"item_number" text NOT NULL,
	"description" text NOT NULL,
	"fee" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ama_service_fees_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "attachment_types" (
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
	"code" text,
	"category" text DEFAULT 'GENERAL' NOT NULL,
	"description" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "attachment_types_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "centres" (
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
	"address" text,
	"suburb" text,
	"city_id" uuid,
	"state" text,
	"postcode" text,
	"phone" text,
	"email" text,
	"rooms" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_video_centre" boolean DEFAULT false NOT NULL,
	"directions" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "centres_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "document_types" (
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
	CONSTRAINT "document_types_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
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
	"date" date NOT NULL,
	"state" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "holidays_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "languages" (
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
	"code" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "languages_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "lookup_configs" (
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
	"type" text NOT NULL,
	"label" text NOT NULL,
	"value" text,
	"description" text,
	"parent_id" uuid,
	"is_default" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "lookup_configs_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "matter_types" (
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
	"claims" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "matter_types_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sale_targets" (
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
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"sale_type_id" uuid,
	"amount" bigint NOT NULL,
	"notes" text,
	CONSTRAINT "sale_targets_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_items" (
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
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"service_type_id" uuid,
	"price" bigint DEFAULT 0 NOT NULL,
	"gst_applicable" boolean DEFAULT true NOT NULL,
	"account_code_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "service_items_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "talking_point_categories" (
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
	CONSTRAINT "talking_point_categories_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "talking_points" (
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
	"title" text NOT NULL,
	"content" text,
	"category_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "talking_points_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "case_managers" ADD CONSTRAINT "case_managers_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_managers" ADD CONSTRAINT "case_managers_company_fkey" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_managers" ADD CONSTRAINT "case_managers_user_fkey" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_language_fkey" FOREIGN KEY ("tenant_id","language_id") REFERENCES "public"."languages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_company_group_fkey" FOREIGN KEY ("tenant_id","company_group_id") REFERENCES "public"."company_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_groups" ADD CONSTRAINT "company_groups_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_company_fkey" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_user_fkey" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_search" ADD CONSTRAINT "person_search_tenant_fkey" FOREIGN KEY ("owner_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_service_type_fkey" FOREIGN KEY ("tenant_id","service_type_id") REFERENCES "public"."lookup_configs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialists" ADD CONSTRAINT "specialists_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialists" ADD CONSTRAINT "specialists_specialty_fkey" FOREIGN KEY ("tenant_id","specialty_id") REFERENCES "public"."lookup_configs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialists" ADD CONSTRAINT "specialists_sub_specialty_fkey" FOREIGN KEY ("tenant_id","sub_specialty_id") REFERENCES "public"."lookup_configs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialists" ADD CONSTRAINT "specialists_qualification_fkey" FOREIGN KEY ("tenant_id","qualification_id") REFERENCES "public"."lookup_configs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialists" ADD CONSTRAINT "specialists_accreditation_fkey" FOREIGN KEY ("tenant_id","accreditation_id") REFERENCES "public"."lookup_configs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialists" ADD CONSTRAINT "specialists_default_centre_fkey" FOREIGN KEY ("tenant_id","default_centre_id") REFERENCES "public"."centres"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_providers" ADD CONSTRAINT "treatment_providers_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_codes" ADD CONSTRAINT "account_codes_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ama_service_fees" ADD CONSTRAINT "ama_service_fees_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_types" ADD CONSTRAINT "attachment_types_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centres" ADD CONSTRAINT "centres_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centres" ADD CONSTRAINT "centres_city_fkey" FOREIGN KEY ("tenant_id","city_id") REFERENCES "public"."cities"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_types" ADD CONSTRAINT "document_types_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "languages" ADD CONSTRAINT "languages_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_configs" ADD CONSTRAINT "lookup_configs_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_configs" ADD CONSTRAINT "lookup_configs_parent_fkey" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."lookup_configs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_types" ADD CONSTRAINT "matter_types_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_targets" ADD CONSTRAINT "sale_targets_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_targets" ADD CONSTRAINT "sale_targets_user_fkey" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_targets" ADD CONSTRAINT "sale_targets_sale_type_fkey" FOREIGN KEY ("tenant_id","sale_type_id") REFERENCES "public"."lookup_configs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_items" ADD CONSTRAINT "service_items_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_items" ADD CONSTRAINT "service_items_service_type_fkey" FOREIGN KEY ("tenant_id","service_type_id") REFERENCES "public"."lookup_configs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_items" ADD CONSTRAINT "service_items_account_code_fkey" FOREIGN KEY ("tenant_id","account_code_id") REFERENCES "public"."account_codes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talking_point_categories" ADD CONSTRAINT "talking_point_categories_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talking_points" ADD CONSTRAINT "talking_points_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talking_points" ADD CONSTRAINT "talking_points_category_fkey" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."talking_point_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_managers_tenant_creation_idx" ON "case_managers" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "case_managers_full_name_idx" ON "case_managers" USING btree ("tenant_id",("first_name" || ' ' || "last_name"),"id") WHERE not "case_managers"."is_deleted";--> statement-breakpoint
CREATE INDEX "case_managers_company_idx" ON "case_managers" USING btree ("tenant_id","company_id") WHERE not "case_managers"."is_deleted";--> statement-breakpoint
CREATE INDEX "clients_tenant_creation_idx" ON "clients" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree ("tenant_id","first_name","last_name","id") WHERE not "clients"."is_deleted";--> statement-breakpoint
CREATE INDEX "clients_similar_idx" ON "clients" USING btree ("tenant_id",lower("last_name"),lower("first_name"),"date_of_birth") WHERE not "clients"."is_deleted";--> statement-breakpoint
CREATE INDEX "companies_tenant_creation_idx" ON "companies" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("tenant_id","name","id") WHERE not "companies"."is_deleted";--> statement-breakpoint
CREATE INDEX "company_groups_tenant_creation_idx" ON "company_groups" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "company_groups_name_key" ON "company_groups" USING btree ("tenant_id",lower("name")) WHERE not "company_groups"."is_deleted";--> statement-breakpoint
CREATE INDEX "contractors_tenant_creation_idx" ON "contractors" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "person_search_text_idx" ON "person_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_providers_tenant_creation_idx" ON "service_providers" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "service_providers_name_key" ON "service_providers" USING btree ("tenant_id",lower("name")) WHERE not "service_providers"."is_deleted";--> statement-breakpoint
CREATE INDEX "specialists_tenant_creation_idx" ON "specialists" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "specialists_full_name_idx" ON "specialists" USING btree ("tenant_id",("first_name" || ' ' || "last_name"),"id") WHERE not "specialists"."is_deleted";--> statement-breakpoint
CREATE INDEX "specialists_specialty_idx" ON "specialists" USING btree ("tenant_id","specialty_id") WHERE not "specialists"."is_deleted";--> statement-breakpoint
CREATE INDEX "treatment_providers_tenant_creation_idx" ON "treatment_providers" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "treatment_providers_name_idx" ON "treatment_providers" USING btree ("tenant_id","name","id") WHERE not "treatment_providers"."is_deleted";--> statement-breakpoint
CREATE INDEX "account_codes_tenant_creation_idx" ON "account_codes" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "account_codes_code_key" ON "account_codes" USING btree ("tenant_id",lower("code")) WHERE not "account_codes"."is_deleted";--> statement-breakpoint
CREATE INDEX "ama_service_fees_tenant_creation_idx" ON "ama_service_fees" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ama_service_fees_item_key" ON "ama_service_fees" USING btree ("tenant_id",upper("item_number"),"effective_from") WHERE not "ama_service_fees"."is_deleted";--> statement-breakpoint
CREATE INDEX "attachment_types_tenant_creation_idx" ON "attachment_types" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_types_name_key" ON "attachment_types" USING btree ("tenant_id",lower("name")) WHERE not "attachment_types"."is_deleted";--> statement-breakpoint
CREATE INDEX "centres_tenant_creation_idx" ON "centres" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "centres_name_key" ON "centres" USING btree ("tenant_id",lower("name")) WHERE not "centres"."is_deleted";--> statement-breakpoint
CREATE INDEX "centres_name_idx" ON "centres" USING btree ("tenant_id","name","id") WHERE not "centres"."is_deleted";--> statement-breakpoint
CREATE INDEX "document_types_tenant_creation_idx" ON "document_types" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "document_types_name_key" ON "document_types" USING btree ("tenant_id",lower("name")) WHERE not "document_types"."is_deleted";--> statement-breakpoint
CREATE INDEX "holidays_tenant_creation_idx" ON "holidays" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_date_key" ON "holidays" USING btree ("tenant_id","date",coalesce(upper("state"), '')) WHERE not "holidays"."is_deleted";--> statement-breakpoint
CREATE INDEX "languages_tenant_creation_idx" ON "languages" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "languages_name_key" ON "languages" USING btree ("tenant_id",lower("name")) WHERE not "languages"."is_deleted";--> statement-breakpoint
CREATE INDEX "lookup_configs_tenant_creation_idx" ON "lookup_configs" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_configs_label_key" ON "lookup_configs" USING btree ("tenant_id","type",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("label")) WHERE not "lookup_configs"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_configs_default_key" ON "lookup_configs" USING btree ("tenant_id","type") WHERE "lookup_configs"."is_default" and not "lookup_configs"."is_deleted";--> statement-breakpoint
CREATE INDEX "lookup_configs_type_idx" ON "lookup_configs" USING btree ("tenant_id","type","label","id") WHERE not "lookup_configs"."is_deleted";--> statement-breakpoint
CREATE INDEX "lookup_configs_parent_idx" ON "lookup_configs" USING btree ("tenant_id","parent_id") WHERE not "lookup_configs"."is_deleted";--> statement-breakpoint
CREATE INDEX "matter_types_tenant_creation_idx" ON "matter_types" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "matter_types_name_key" ON "matter_types" USING btree ("tenant_id",lower("name")) WHERE not "matter_types"."is_deleted";--> statement-breakpoint
CREATE INDEX "sale_targets_tenant_creation_idx" ON "sale_targets" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_targets_period_key" ON "sale_targets" USING btree ("tenant_id","user_id","year","month",coalesce("sale_type_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE not "sale_targets"."is_deleted";--> statement-breakpoint
CREATE INDEX "service_items_tenant_creation_idx" ON "service_items" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "service_items_code_key" ON "service_items" USING btree ("tenant_id",lower("code")) WHERE not "service_items"."is_deleted";--> statement-breakpoint
CREATE INDEX "talking_point_categories_tenant_creation_idx" ON "talking_point_categories" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "talking_point_categories_name_key" ON "talking_point_categories" USING btree ("tenant_id",lower("name")) WHERE not "talking_point_categories"."is_deleted";--> statement-breakpoint
CREATE INDEX "talking_points_tenant_creation_idx" ON "talking_points" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "talking_points_category_idx" ON "talking_points" USING btree ("tenant_id","category_id") WHERE not "talking_points"."is_deleted";