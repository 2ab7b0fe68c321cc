DROP INDEX "appointment_search_histories_user_idx";--> statement-breakpoint
CREATE INDEX "appointment_search_histories_creator_idx" ON "appointment_search_histories" USING btree ("tenant_id","creator_id","creation_time");--> statement-breakpoint
ALTER TABLE "appointment_search_histories" DROP COLUMN "user_id";