-- Ids of the transaction's tenant's live documents whose words (name first, then text) match a full-text
-- query; no tenant set means no ids. Row-level security keeps @@ (not leakproof) off the GIN index on the
-- table itself, so the universal search reads document ids through this function, which applies the
-- tenant itself. The caller's record rules are applied to the ids afterwards;
-- p_limit keeps a query matching most documents (a common word) from reading them all.
CREATE OR REPLACE FUNCTION casebook_document_search(p_query text, p_limit integer) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $fn$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT id FROM attachments WHERE search_vector @@ to_tsquery(''english'', $2) AND tenant_id = $1 AND NOT is_deleted AND status = ''done'' ORDER BY creation_time DESC LIMIT $3'
    USING nullif(current_setting('app.tenant_id', true), '')::uuid, p_query, p_limit;
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION casebook_document_search(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION casebook_document_search(text, integer) TO casebook_app;
