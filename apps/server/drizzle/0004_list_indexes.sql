DROP INDEX "cities_name_idx";--> statement-breakpoint
DROP INDEX "cities_country_idx";--> statement-breakpoint
DROP INDEX "countries_name_idx";--> statement-breakpoint
CREATE INDEX "cities_name_idx" ON "cities" USING btree ("tenant_id","name","id") WHERE not "cities"."is_deleted";--> statement-breakpoint
CREATE INDEX "cities_country_idx" ON "cities" USING btree ("tenant_id","country_id","name","id") WHERE not "cities"."is_deleted";--> statement-breakpoint
CREATE INDEX "countries_name_idx" ON "countries" USING btree ("tenant_id","name","id") WHERE not "countries"."is_deleted";