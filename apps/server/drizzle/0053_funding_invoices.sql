CREATE TABLE "funding_invoice_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"principal_cents" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	CONSTRAINT "funding_invoice_items_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "funding_invoice_payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"payment_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	CONSTRAINT "funding_invoice_payments_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "funding_invoices" (
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
	"funding_invoice_no" text NOT NULL,
	"loan_id" uuid NOT NULL,
	"borrower_reference" text,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"principal_cents" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"notes" text,
	"cancel_reason" text,
	CONSTRAINT "funding_invoices_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "funding_number_counters" (
	"tenant_id" uuid NOT NULL,
	"series" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "funding_number_counters_pkey" PRIMARY KEY("tenant_id","series")
);
--> statement-breakpoint
ALTER TABLE "funding_agreements" ADD COLUMN "upfront_interest_days" integer;--> statement-breakpoint
ALTER TABLE "funding_invoice_items" ADD CONSTRAINT "funding_invoice_items_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_invoice_items" ADD CONSTRAINT "funding_invoice_items_invoice_fkey" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."funding_invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_invoice_payments" ADD CONSTRAINT "funding_invoice_payments_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_invoice_payments" ADD CONSTRAINT "funding_invoice_payments_invoice_fkey" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."funding_invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_invoices" ADD CONSTRAINT "funding_invoices_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_invoices" ADD CONSTRAINT "funding_invoices_loan_fkey" FOREIGN KEY ("tenant_id","loan_id") REFERENCES "public"."funding_loans"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_number_counters" ADD CONSTRAINT "funding_number_counters_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funding_invoice_items_invoice_idx" ON "funding_invoice_items" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "funding_invoice_items_movement_idx" ON "funding_invoice_items" USING btree ("tenant_id","movement_id");--> statement-breakpoint
CREATE INDEX "funding_invoice_payments_invoice_idx" ON "funding_invoice_payments" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "funding_invoices_tenant_creation_idx" ON "funding_invoices" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_invoices_number_key" ON "funding_invoices" USING btree ("tenant_id","invoice_number");--> statement-breakpoint
CREATE INDEX "funding_invoices_loan_idx" ON "funding_invoices" USING btree ("tenant_id","loan_id");--> statement-breakpoint
CREATE INDEX "funding_invoices_status_idx" ON "funding_invoices" USING btree ("tenant_id","status","invoice_date") WHERE not "funding_invoices"."is_deleted";--> statement-breakpoint
ALTER TABLE "funding_agreements" ADD CONSTRAINT "funding_agreements_upfront_check" CHECK ((interest_charge = 'Upfront') = (upfront_interest_days is not null and upfront_interest_days between 1 and 3650));