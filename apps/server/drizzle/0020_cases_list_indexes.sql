DROP INDEX "cases_status_idx";--> statement-breakpoint
DROP INDEX "cases_company_idx";--> statement-breakpoint
DROP INDEX "cases_specialist_idx";--> statement-breakpoint
CREATE INDEX "cases_centre_idx" ON "cases" USING btree ("tenant_id","centre_id","service_type","creation_time","id") WHERE not "cases"."is_deleted";--> statement-breakpoint
CREATE INDEX "cases_case_no_trgm_idx" ON "cases" USING gin ("tenant_id","case_no" gin_trgm_ops) WHERE not "cases"."is_deleted";--> statement-breakpoint
CREATE INDEX "cases_status_idx" ON "cases" USING btree ("tenant_id","service_type","status","creation_time","id") WHERE not "cases"."is_deleted";--> statement-breakpoint
CREATE INDEX "cases_company_idx" ON "cases" USING btree ("tenant_id","company_id","service_type","creation_time","id") WHERE not "cases"."is_deleted";--> statement-breakpoint
CREATE INDEX "cases_specialist_idx" ON "cases" USING btree ("tenant_id","specialist_id","service_type","creation_time","id") WHERE not "cases"."is_deleted";--> statement-breakpoint
-- Ids of the transaction's tenant's live cases whose number matches an ILIKE pattern; no tenant set
-- means no ids. Row-level security keeps ILIKE (not leakproof) off the trigram index on the table
-- itself, so the list reads case numbers through this function, which applies the tenant itself.
CREATE OR REPLACE FUNCTION casebook_case_no_search(p_pattern text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $fn$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT id FROM cases WHERE tenant_id = $1 AND NOT is_deleted AND case_no ILIKE $2'
    USING nullif(current_setting('app.tenant_id', true), '')::uuid, p_pattern;
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION casebook_case_no_search(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION casebook_case_no_search(text) TO casebook_app;
