CREATE TABLE "funding_repayment_invoice_payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"payment_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	CONSTRAINT "funding_repayment_invoice_payments_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "funding_repayment_invoices" (
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
	"loan_id" uuid NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"principal_cents" bigint NOT NULL,
	"interest_cents" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"notes" text,
	"cancel_reason" text,
	"sent_time" timestamp with time zone,
	CONSTRAINT "funding_repayment_invoices_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "repayment_invoice_number_counters" (
	"tenant_id" uuid NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "repayment_invoice_number_counters_pkey" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
ALTER TABLE "funding_repayment_invoice_payments" ADD CONSTRAINT "funding_repayment_invoice_payments_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_repayment_invoice_payments" ADD CONSTRAINT "funding_repayment_invoice_payments_invoice_fkey" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."funding_repayment_invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_repayment_invoices" ADD CONSTRAINT "funding_repayment_invoices_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_repayment_invoices" ADD CONSTRAINT "funding_repayment_invoices_loan_fkey" FOREIGN KEY ("tenant_id","loan_id") REFERENCES "public"."funding_loans"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_invoice_number_counters" ADD CONSTRAINT "repayment_invoice_number_counters_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funding_repayment_invoice_payments_invoice_idx" ON "funding_repayment_invoice_payments" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "funding_repayment_invoices_tenant_creation_idx" ON "funding_repayment_invoices" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_repayment_invoices_number_key" ON "funding_repayment_invoices" USING btree ("tenant_id","invoice_number");--> statement-breakpoint
CREATE INDEX "funding_repayment_invoices_loan_idx" ON "funding_repayment_invoices" USING btree ("tenant_id","loan_id");--> statement-breakpoint
CREATE INDEX "funding_repayment_invoices_status_idx" ON "funding_repayment_invoices" USING btree ("tenant_id","status","invoice_date") WHERE not "funding_repayment_invoices"."is_deleted";--> statement-breakpoint
-- Payments against repayment invoices are part of the money trail, like the ledger lines they were
-- recorded as: written once, never changed or removed.
CREATE OR REPLACE FUNCTION funding_repayment_payments_append_only() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'funding_repayment_invoice_payments is append-only: % refused', TG_OP;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER funding_repayment_payments_append_only BEFORE UPDATE OR DELETE ON funding_repayment_invoice_payments
  FOR EACH ROW EXECUTE FUNCTION funding_repayment_payments_append_only();
