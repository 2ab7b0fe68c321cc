CREATE TABLE "remittance_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"method" text NOT NULL,
	"fee_cents" bigint NOT NULL,
	"share_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"commission_tax_cents" bigint NOT NULL,
	"commission_amount_with_tax" bigint NOT NULL,
	"fee_tax_cents" bigint NOT NULL,
	"payment_cents" bigint NOT NULL,
	CONSTRAINT "remittance_lines_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "remittance_statements" (
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
	"year_period" integer NOT NULL,
	"month_period" integer NOT NULL,
	"fee_arrangement" integer NOT NULL,
	"currency" text NOT NULL,
	"fee_cents" bigint NOT NULL,
	"share_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"commission_amount_with_tax" bigint NOT NULL,
	"payment_cents" bigint NOT NULL,
	CONSTRAINT "remittance_statements_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "remittance_lines" ADD CONSTRAINT "remittance_lines_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_lines" ADD CONSTRAINT "remittance_lines_statement_fkey" FOREIGN KEY ("tenant_id","statement_id") REFERENCES "public"."remittance_statements"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_lines" ADD CONSTRAINT "remittance_lines_invoice_fkey" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_statements" ADD CONSTRAINT "remittance_statements_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_statements" ADD CONSTRAINT "remittance_statements_specialist_fkey" FOREIGN KEY ("tenant_id","specialist_id") REFERENCES "public"."specialists"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remittance_lines_invoice_key" ON "remittance_lines" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "remittance_lines_statement_idx" ON "remittance_lines" USING btree ("tenant_id","statement_id");--> statement-breakpoint
CREATE INDEX "remittance_statements_tenant_creation_idx" ON "remittance_statements" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "remittance_statements_period_idx" ON "remittance_statements" USING btree ("tenant_id","year_period","month_period");