-- The application role: owns nothing, cannot bypass row-level security. The server logs in as it on
-- PostgreSQL; on the embedded database each session switches to it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'casebook_app') THEN
    CREATE ROLE casebook_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO casebook_app;
--> statement-breakpoint
COMMENT ON TABLE tenants IS 'casebook:tenant-registry';
--> statement-breakpoint
COMMENT ON TABLE signing_keys IS 'casebook:system';
--> statement-breakpoint
-- Applied after every migration run. Every table in public must be one of:
--   tenant-owned (has tenant_id): RLS enabled and forced, isolation policy, read/write for the app role;
--   'casebook:tenant-registry': RLS by id, read-only for the app role;
--   'casebook:global': shared reference data, read-only for the app role;
--   'casebook:system': no access for the app role.
-- Anything else stops the migration, so a new table cannot be forgotten.
-- The migrating role (the owner, used for host-wide work) gets a policy that sees every row.
CREATE OR REPLACE FUNCTION casebook_secure_tables() RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  r record;
  tenant_expr constant text := 'nullif(current_setting(''app.tenant_id'', true), '''')::uuid';
BEGIN
  FOR r IN
    SELECT c.relname,
           obj_description(c.oid, 'pg_class') AS note,
           EXISTS (SELECT 1 FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped) AS tenant_owned
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    IF r.note = 'casebook:system' THEN
      EXECUTE format('REVOKE ALL ON %I FROM casebook_app', r.relname);
    ELSIF r.tenant_owned OR r.note = 'casebook:tenant-registry' THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', r.relname);
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', r.relname);
      IF NOT EXISTS (SELECT 1 FROM pg_policies
                     WHERE schemaname = 'public' AND tablename = r.relname AND policyname = 'tenant_isolation') THEN
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (%I = %s) WITH CHECK (%I = %s)',
                       r.relname,
                       CASE WHEN r.tenant_owned THEN 'tenant_id' ELSE 'id' END, tenant_expr,
                       CASE WHEN r.tenant_owned THEN 'tenant_id' ELSE 'id' END, tenant_expr);
      END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_policies
                     WHERE schemaname = 'public' AND tablename = r.relname AND policyname = 'system_access') THEN
        EXECUTE format('CREATE POLICY system_access ON %I TO %I USING (true) WITH CHECK (true)',
                       r.relname, current_user);
      END IF;
      IF r.tenant_owned THEN
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO casebook_app', r.relname);
      ELSE
        EXECUTE format('GRANT SELECT ON %I TO casebook_app', r.relname);
      END IF;
    ELSIF r.note = 'casebook:global' THEN
      EXECUTE format('GRANT SELECT ON %I TO casebook_app', r.relname);
    ELSE
      RAISE EXCEPTION 'table % has no tenant_id and is not marked casebook:global, casebook:system or casebook:tenant-registry', r.relname;
    END IF;
  END LOOP;
END
$fn$;
