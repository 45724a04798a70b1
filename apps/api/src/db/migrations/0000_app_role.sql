-- The role the application runs as. It is neither superuser nor BYPASSRLS, so row-level policies always apply to it.
-- Roles are cluster-wide: concurrent migrations of several databases may race here, so duplicates are ignored.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'kampus_app') THEN
    CREATE ROLE kampus_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'kampus_app', 'MEMBER') THEN
    EXECUTE format('GRANT kampus_app TO %I', current_user);
  END IF;
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kampus_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO kampus_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO kampus_app;
