CREATE TABLE "ot_quotation_items" (
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
	"quotation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"taxable" boolean NOT NULL,
	CONSTRAINT "ot_quotation_items_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "ot_quotations" (
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
	"quotation_date" date NOT NULL,
	"valid_until" date,
	"notes" text,
	"gst_basis_points" integer NOT NULL,
	CONSTRAINT "ot_quotations_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "ot_quotation_items" ADD CONSTRAINT "ot_quotation_items_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ot_quotation_items" ADD CONSTRAINT "ot_quotation_items_quotation_fkey" FOREIGN KEY ("tenant_id","quotation_id") REFERENCES "public"."ot_quotations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ot_quotations" ADD CONSTRAINT "ot_quotations_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ot_quotations" ADD CONSTRAINT "ot_quotations_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ot_quotation_items_tenant_creation_idx" ON "ot_quotation_items" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "ot_quotation_items_quotation_idx" ON "ot_quotation_items" USING btree ("tenant_id","quotation_id","position");--> statement-breakpoint
CREATE INDEX "ot_quotations_tenant_creation_idx" ON "ot_quotations" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ot_quotations_case_key" ON "ot_quotations" USING btree ("tenant_id","case_id") WHERE not "ot_quotations"."is_deleted";