CREATE TABLE "ims_approvals" (
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
	"company_id" uuid NOT NULL,
	"approval_number" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"status" text DEFAULT 'APPROVED' NOT NULL,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ims_approvals_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ims_approvals_dates_check" CHECK ("ims_approvals"."valid_to" is null or "ims_approvals"."valid_to" >= "ims_approvals"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "ndis_service_items" (
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
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"price_limit" bigint NOT NULL,
	"registration_group" text,
	"support_category" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ndis_service_items_pkey" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ndis_service_items_price_check" CHECK ("ndis_service_items"."price_limit" >= 0)
);
--> statement-breakpoint
DROP INDEX "case_default_pics_key";--> statement-breakpoint
ALTER TABLE "case_default_pics" ADD COLUMN "creation_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "case_default_pics" ADD COLUMN "creator_id" uuid;--> statement-breakpoint
ALTER TABLE "case_default_pics" ADD COLUMN "last_modification_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "case_default_pics" ADD COLUMN "last_modifier_id" uuid;--> statement-breakpoint
ALTER TABLE "case_default_pics" ADD COLUMN "is_deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "case_default_pics" ADD COLUMN "deleter_id" uuid;--> statement-breakpoint
ALTER TABLE "case_default_pics" ADD COLUMN "deletion_time" timestamp with time zone;--> statement-breakpoint
-- Rows kept before the screen get a stamp of their own; new rows are given one by the application.
ALTER TABLE "case_default_pics" ADD COLUMN "concurrency_stamp" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "case_default_pics" ALTER COLUMN "concurrency_stamp" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ims_approvals" ADD CONSTRAINT "ims_approvals_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ims_approvals" ADD CONSTRAINT "ims_approvals_specialist_fkey" FOREIGN KEY ("tenant_id","specialist_id") REFERENCES "public"."specialists"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ims_approvals" ADD CONSTRAINT "ims_approvals_company_fkey" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndis_service_items" ADD CONSTRAINT "ndis_service_items_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ims_approvals_tenant_creation_idx" ON "ims_approvals" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ims_approvals_number_key" ON "ims_approvals" USING btree ("tenant_id","company_id",lower("approval_number")) WHERE not "ims_approvals"."is_deleted";--> statement-breakpoint
CREATE INDEX "ims_approvals_specialist_idx" ON "ims_approvals" USING btree ("tenant_id","specialist_id");--> statement-breakpoint
CREATE INDEX "ndis_service_items_tenant_creation_idx" ON "ndis_service_items" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ndis_service_items_number_key" ON "ndis_service_items" USING btree ("tenant_id","item_number") WHERE not "ndis_service_items"."is_deleted";--> statement-breakpoint
ALTER TABLE "case_default_pics" ADD CONSTRAINT "case_default_pics_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_default_pics_tenant_creation_idx" ON "case_default_pics" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "case_default_pics_key" ON "case_default_pics" USING btree ("tenant_id","step","user_id") WHERE not "case_default_pics"."is_deleted";