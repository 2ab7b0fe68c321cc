CREATE TABLE "billing_settings" (
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
	"monthly_base_fee_cents" integer NOT NULL,
	"per_active_account_cents" integer NOT NULL,
	"per_active_client_cents" integer NOT NULL,
	"gst_basis_points" integer NOT NULL,
	"billing_day" integer NOT NULL,
	"payment_terms_days" integer NOT NULL,
	"billing_email" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "billing_settings_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "system_invoice_number_counters" (
	"tenant_id" uuid NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "system_invoice_number_counters_pkey" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "system_invoices" (
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
	"invoice_number" integer NOT NULL,
	"invoice_no" text NOT NULL,
	"month" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"active_accounts" integer NOT NULL,
	"active_clients" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"gst_basis_points" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"billing_email" text,
	"sent_at" timestamp with time zone,
	"paid_date" date,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "system_invoices_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_invoice_number_counters" ADD CONSTRAINT "system_invoice_number_counters_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_invoices" ADD CONSTRAINT "system_invoices_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_settings_tenant_creation_idx" ON "billing_settings" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_settings_tenant_key" ON "billing_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "system_invoices_tenant_creation_idx" ON "system_invoices" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "system_invoices_number_key" ON "system_invoices" USING btree ("tenant_id","invoice_number");--> statement-breakpoint
CREATE INDEX "system_invoices_tenant_month_idx" ON "system_invoices" USING btree ("tenant_id","month");