-- The staff search matches anywhere in full name, e-mail and phone (ILIKE
-- '%…%', and the phone's digits alone): no b-tree can serve that, so without
-- a narrower filter (an ADMIN's university, a status) it read every
-- application. Trigram indexes answer it from the index, where pg_trgm is
-- available: on PostgreSQL with its contrib modules, and on PGlite, which
-- loads the extension at start (db/client.ts). Without it the migration
-- creates nothing and the same queries run, narrowed by the other indexes.
-- The expressions must stay exactly those of filterWhere in
-- src/db/queries/applications.ts, or the planner cannot use them.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%): staff search runs without trigram indexes', SQLERRM;
    RETURN;
  END;
  CREATE INDEX IF NOT EXISTS applications_full_name_trgm_idx ON applications USING gin (full_name gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS applications_email_trgm_idx ON applications USING gin (email gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS applications_phone_number_trgm_idx ON applications USING gin (phone_number gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS applications_phone_digits_trgm_idx ON applications USING gin (regexp_replace(phone_number, '[^0-9]', '', 'g') gin_trgm_ops);
END $$;
