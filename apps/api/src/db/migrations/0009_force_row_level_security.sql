-- Row-level security applies to the tables' owner too (FORCE), so a connection that somehow runs as the owner instead
-- of kampus_app still sees one tenant at a time. Superusers bypass it regardless, as PostgreSQL always does; a
-- migration that moves data as a non-superuser owner sets app.bypass_rls first. Every table created after this one
-- forces it in its own migration (db/rls.test.ts checks each table with a company_id column).
DO $$
DECLARE
  target record;
BEGIN
  FOR target IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relrowsecurity
  LOOP
    EXECUTE format('ALTER TABLE public.%I FORCE ROW LEVEL SECURITY', target.relname);
  END LOOP;
END $$;
