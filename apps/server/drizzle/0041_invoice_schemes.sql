ALTER TABLE "invoices" ADD COLUMN "icare_claim_no" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "date_of_injury" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "employer" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "iro_grant_no" text;--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("tenant_id","invoice_date") WHERE not "invoices"."is_deleted";