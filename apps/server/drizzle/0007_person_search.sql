-- Searching case managers, clients and specialists by any part of name, e-mail or phone.
--
-- Under forced row-level security PostgreSQL uses an index for a condition only when its operator is
-- leakproof, and LIKE is not: a trigram index on the people tables themselves would never be used.
-- The search text therefore lives in person_search, a system table without row-level security that
-- the application role cannot read. Triggers keep it in step, and casebook_person_search() answers
-- the ids matching a pattern in the transaction's tenant (the same app.tenant_id the policies read).
COMMENT ON TABLE person_search IS 'casebook:system';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebook_person_search_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.is_deleted THEN
    DELETE FROM person_search
    WHERE owner_tenant_id = OLD.tenant_id AND kind = TG_TABLE_NAME AND entity_id = OLD.id;
    RETURN NULL;
  END IF;
  INSERT INTO person_search (owner_tenant_id, kind, entity_id, search_text)
  VALUES (NEW.tenant_id, TG_TABLE_NAME, NEW.id,
          lower(concat_ws(' ', NEW.first_name, NEW.last_name, NEW.email, NEW.phone, NEW.mobile)))
  ON CONFLICT (owner_tenant_id, kind, entity_id)
  DO UPDATE SET search_text = EXCLUDED.search_text
  WHERE person_search.search_text IS DISTINCT FROM EXCLUDED.search_text;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER case_managers_person_search
AFTER INSERT OR DELETE OR UPDATE OF first_name, last_name, email, phone, mobile, is_deleted ON case_managers
FOR EACH ROW EXECUTE FUNCTION casebook_person_search_sync();
--> statement-breakpoint
CREATE TRIGGER clients_person_search
AFTER INSERT OR DELETE OR UPDATE OF first_name, last_name, email, phone, mobile, is_deleted ON clients
FOR EACH ROW EXECUTE FUNCTION casebook_person_search_sync();
--> statement-breakpoint
CREATE TRIGGER specialists_person_search
AFTER INSERT OR DELETE OR UPDATE OF first_name, last_name, email, phone, mobile, is_deleted ON specialists
FOR EACH ROW EXECUTE FUNCTION casebook_person_search_sync();
--> statement-breakpoint
-- Ids of one kind of person whose search text matches a LIKE pattern (already lower case), in the
-- transaction's tenant only; no tenant set means no ids. Dynamic SQL plans each call with the pattern
-- known, so a pattern too short for trigrams reads the tenant's rows by key instead of the whole index.
CREATE OR REPLACE FUNCTION casebook_person_search(p_kind text, p_pattern text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $fn$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT entity_id FROM person_search WHERE owner_tenant_id = $1 AND kind = $2 AND search_text LIKE $3'
    USING nullif(current_setting('app.tenant_id', true), '')::uuid, p_kind, p_pattern;
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION casebook_person_search(text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION casebook_person_search(text, text) TO casebook_app;
