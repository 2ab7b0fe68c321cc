CREATE TABLE "funding_agreements" (
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
	"agreement_no" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"borrower_company_id" uuid,
	"borrower_name" text NOT NULL,
	"funding_type" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"interest_method" text NOT NULL,
	"interest_charge" text DEFAULT 'Daily' NOT NULL,
	"repayment_type" text NOT NULL,
	"repayment_day" integer,
	"fee_type" text,
	"fee_value" bigint,
	"facility_limit_cents" bigint NOT NULL,
	"financing_start_date" date NOT NULL,
	CONSTRAINT "funding_agreements_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "funding_agreements_type_check" CHECK (funding_type in (0, 1, 2)),
	CONSTRAINT "funding_agreements_repayment_day_check" CHECK (repayment_day is null or repayment_day between 1 and 25)
);
--> statement-breakpoint
CREATE TABLE "funding_interest_rates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"agreement_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"basis_points" integer NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	CONSTRAINT "funding_interest_rates_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "funding_interest_rates_bp_check" CHECK (basis_points between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "funding_ledger" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"period_to" date,
	"amount_type" text NOT NULL,
	"source" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "funding_ledger_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "funding_ledger_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "funding_ledger_amount_type_check" CHECK (amount_type in ('Revenue', 'Credit Note', 'Principal', 'Interest'))
);
--> statement-breakpoint
CREATE TABLE "funding_loans" (
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
	"loan_no" text NOT NULL,
	"agreement_id" uuid NOT NULL,
	"borrower_reference" text,
	"case_reference" text,
	"description" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"interest_posted_to" date,
	"settlement_date" date,
	"cancel_reason" text,
	CONSTRAINT "funding_loans_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "funding_provider_staff" (
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
	"provider_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"position" text,
	CONSTRAINT "funding_provider_staff_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "funding_providers" (
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
	"email" text,
	"phone" text,
	"address" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "funding_providers_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "funding_agreements" ADD CONSTRAINT "funding_agreements_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_agreements" ADD CONSTRAINT "funding_agreements_provider_fkey" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."funding_providers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_interest_rates" ADD CONSTRAINT "funding_interest_rates_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_interest_rates" ADD CONSTRAINT "funding_interest_rates_agreement_fkey" FOREIGN KEY ("tenant_id","agreement_id") REFERENCES "public"."funding_agreements"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_ledger" ADD CONSTRAINT "funding_ledger_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_ledger" ADD CONSTRAINT "funding_ledger_loan_fkey" FOREIGN KEY ("tenant_id","loan_id") REFERENCES "public"."funding_loans"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_loans" ADD CONSTRAINT "funding_loans_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_loans" ADD CONSTRAINT "funding_loans_agreement_fkey" FOREIGN KEY ("tenant_id","agreement_id") REFERENCES "public"."funding_agreements"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_provider_staff" ADD CONSTRAINT "funding_provider_staff_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_provider_staff" ADD CONSTRAINT "funding_provider_staff_provider_fkey" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."funding_providers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_providers" ADD CONSTRAINT "funding_providers_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funding_agreements_tenant_creation_idx" ON "funding_agreements" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_agreements_no_idx" ON "funding_agreements" USING btree ("tenant_id","agreement_no");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_interest_rates_date_idx" ON "funding_interest_rates" USING btree ("tenant_id","agreement_id","effective_from");--> statement-breakpoint
CREATE INDEX "funding_ledger_loan_idx" ON "funding_ledger" USING btree ("tenant_id","loan_id","entry_date");--> statement-breakpoint
CREATE INDEX "funding_loans_tenant_creation_idx" ON "funding_loans" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_loans_no_idx" ON "funding_loans" USING btree ("tenant_id","loan_no");--> statement-breakpoint
CREATE INDEX "funding_loans_agreement_idx" ON "funding_loans" USING btree ("tenant_id","agreement_id");--> statement-breakpoint
CREATE INDEX "funding_provider_staff_tenant_creation_idx" ON "funding_provider_staff" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "funding_provider_staff_provider_idx" ON "funding_provider_staff" USING btree ("tenant_id","provider_id");--> statement-breakpoint
CREATE INDEX "funding_providers_tenant_creation_idx" ON "funding_providers" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_providers_name_idx" ON "funding_providers" USING btree ("tenant_id","name") WHERE not is_deleted;--> statement-breakpoint
-- The ledger is append-only: a correction is a new line, never a changed or removed one.
CREATE OR REPLACE FUNCTION funding_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'funding_ledger is append-only: % refused', TG_OP;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER funding_ledger_append_only BEFORE UPDATE OR DELETE ON funding_ledger
  FOR EACH ROW EXECUTE FUNCTION funding_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER funding_ledger_no_truncate BEFORE TRUNCATE ON funding_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION funding_ledger_append_only();
