CREATE TABLE "staff_list_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_list_version_one_row" CHECK ("staff_list_version"."id")
);
--> statement-breakpoint
INSERT INTO "staff_list_version" ("id", "version") VALUES (true, 0);
--> statement-breakpoint
-- Raises the staff list version once per writing transaction. The triggers
-- calling it are deferred to the commit: the version row is locked only from
-- there to the end of the commit, never while the transaction still takes
-- other locks, so writers queue on it briefly but cannot deadlock through it.
-- A transaction-local flag makes every event after the first one a no-op
-- (a bulk insert queues one event per row).
CREATE OR REPLACE FUNCTION portal_bump_staff_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.staff_list_version_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('portal.staff_list_version_bumped', 'on', true);
    UPDATE staff_list_version SET version = version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Everything a staff list page reads (db/queries/applications.ts: the rows,
-- their relations, the filters and the status counters, which follow
-- applications), every change of a row. Courses are not on the page. A table
-- emptied at once moves the version at once (TRUNCATE has no row triggers).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['applications', 'application_choices', 'application_files', 'application_history', 'payments', 'programs', 'universities'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_staff_list_version()', t || '_staff_list_version', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['applications', 'application_choices', 'application_files', 'application_history', 'payments', 'programs', 'universities', 'users'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_staff_list_version()', t || '_staff_list_version_truncate', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Users: only the columns a page shows (the applicant's name, e-mail and
-- phone; a history actor's name and role). Sign-ins, password changes and
-- archiving do not move the version; a new account is on no page until an
-- application names it.
CREATE CONSTRAINT TRIGGER users_staff_list_version AFTER UPDATE OF first_name, last_name, email, phone, role OR DELETE ON users
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_staff_list_version();
