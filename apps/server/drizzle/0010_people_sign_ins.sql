ALTER TABLE "specialists" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "specialists" ADD CONSTRAINT "specialists_user_fkey" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_managers_user_idx" ON "case_managers" USING btree ("tenant_id","user_id") WHERE not "case_managers"."is_deleted";--> statement-breakpoint
CREATE INDEX "contractors_user_idx" ON "contractors" USING btree ("tenant_id","user_id") WHERE not "contractors"."is_deleted";--> statement-breakpoint
CREATE INDEX "specialists_user_idx" ON "specialists" USING btree ("tenant_id","user_id") WHERE not "specialists"."is_deleted";