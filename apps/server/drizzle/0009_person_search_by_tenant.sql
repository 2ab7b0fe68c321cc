DROP INDEX "person_search_text_idx";--> statement-breakpoint
CREATE INDEX "person_search_text_idx" ON "person_search" USING gin ("owner_tenant_id","kind","search_text" gin_trgm_ops);