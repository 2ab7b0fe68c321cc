CREATE TABLE "mva_case_details" (
	"tenant_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"accident_date" date,
	"state_id" text,
	"insurer_name" text,
	"insurer_claim_no" text,
	"claim_lodged_date" date,
	"negotiation_started_date" date,
	"negotiation_notes" text,
	"settled_date" date,
	"termination_date" date,
	"termination_reason" text,
	CONSTRAINT "mva_case_details_pkey" PRIMARY KEY("tenant_id","case_id")
);
--> statement-breakpoint
CREATE TABLE "mva_offers" (
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
	"offer_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"offered_by" text NOT NULL,
	"notes" text,
	"is_current" boolean DEFAULT false NOT NULL,
	CONSTRAINT "mva_offers_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mva_settlements" (
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
	"settlement_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"notes" text,
	CONSTRAINT "mva_settlements_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "mva_case_details" ADD CONSTRAINT "mva_case_details_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mva_offers" ADD CONSTRAINT "mva_offers_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mva_offers" ADD CONSTRAINT "mva_offers_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mva_settlements" ADD CONSTRAINT "mva_settlements_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mva_settlements" ADD CONSTRAINT "mva_settlements_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mva_offers_tenant_creation_idx" ON "mva_offers" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "mva_offers_case_idx" ON "mva_offers" USING btree ("tenant_id","case_id","offer_date");--> statement-breakpoint
CREATE UNIQUE INDEX "mva_offers_one_current_key" ON "mva_offers" USING btree ("tenant_id","case_id") WHERE "mva_offers"."is_current" and not "mva_offers"."is_deleted";--> statement-breakpoint
CREATE INDEX "mva_settlements_tenant_creation_idx" ON "mva_settlements" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "mva_settlements_case_idx" ON "mva_settlements" USING btree ("tenant_id","case_id","settlement_date");