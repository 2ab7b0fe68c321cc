CREATE TABLE "funding_advance_requests" (
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
	"request_no" text NOT NULL,
	"side" text NOT NULL,
	"counterparty_name" text NOT NULL,
	"loan_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"invoice_no" text,
	"invoice_date" date,
	"status" text NOT NULL,
	"reason" text,
	CONSTRAINT "funding_advance_requests_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "funding_advance_requests_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "funding_approved_lenders" (
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
	"lender_tenant_id" uuid NOT NULL,
	"lender_name" text NOT NULL,
	CONSTRAINT "funding_approved_lenders_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "funding_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"borrower_tenant_id" uuid NOT NULL,
	"lender_tenant_id" uuid NOT NULL,
	"borrower_record_id" uuid NOT NULL,
	"lender_record_id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_links_kind_check" CHECK (kind in ('request', 'agreement', 'loan', 'advance'))
);
--> statement-breakpoint
CREATE TABLE "funding_requests" (
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
	"request_no" text NOT NULL,
	"side" text NOT NULL,
	"counterparty_name" text NOT NULL,
	"approved_lender_id" uuid,
	"case_id" uuid,
	"case_reference" text NOT NULL,
	"borrower_reference" text,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"requested_time" timestamp with time zone,
	"agreement_id" uuid,
	"loan_id" uuid,
	"cancel_reason" text,
	CONSTRAINT "funding_requests_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "funding_requests_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "funding_advance_requests" ADD CONSTRAINT "funding_advance_requests_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_advance_requests" ADD CONSTRAINT "funding_advance_requests_loan_fkey" FOREIGN KEY ("tenant_id","loan_id") REFERENCES "public"."funding_loans"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_approved_lenders" ADD CONSTRAINT "funding_approved_lenders_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_links" ADD CONSTRAINT "funding_links_borrower_fkey" FOREIGN KEY ("borrower_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_links" ADD CONSTRAINT "funding_links_lender_fkey" FOREIGN KEY ("lender_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_lender_fkey" FOREIGN KEY ("tenant_id","approved_lender_id") REFERENCES "public"."funding_approved_lenders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_agreement_fkey" FOREIGN KEY ("tenant_id","agreement_id") REFERENCES "public"."funding_agreements"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_loan_fkey" FOREIGN KEY ("tenant_id","loan_id") REFERENCES "public"."funding_loans"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funding_advance_requests_tenant_creation_idx" ON "funding_advance_requests" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_advance_requests_no_idx" ON "funding_advance_requests" USING btree ("tenant_id","request_no");--> statement-breakpoint
CREATE INDEX "funding_advance_requests_loan_idx" ON "funding_advance_requests" USING btree ("tenant_id","loan_id");--> statement-breakpoint
CREATE INDEX "funding_approved_lenders_tenant_creation_idx" ON "funding_approved_lenders" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_approved_lenders_lender_idx" ON "funding_approved_lenders" USING btree ("tenant_id","lender_tenant_id") WHERE not is_deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "funding_links_borrower_idx" ON "funding_links" USING btree ("kind","borrower_tenant_id","borrower_record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_links_lender_idx" ON "funding_links" USING btree ("kind","lender_tenant_id","lender_record_id");--> statement-breakpoint
CREATE INDEX "funding_requests_tenant_creation_idx" ON "funding_requests" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_requests_no_idx" ON "funding_requests" USING btree ("tenant_id","request_no");--> statement-breakpoint
CREATE INDEX "funding_requests_loan_idx" ON "funding_requests" USING btree ("tenant_id","loan_id");--> statement-breakpoint
COMMENT ON TABLE funding_links IS 'casebook:system';
