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
-- applications). Courses are not on the page.
CREATE CONSTRAINT TRIGGER applications_staff_list_version AFTER INSERT OR UPDATE OR DELETE ON applications
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER application_choices_staff_list_version AFTER INSERT OR UPDATE OR DELETE ON application_choices
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER application_files_staff_list_version AFTER INSERT OR UPDATE OR DELETE ON application_files
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER application_history_staff_list_version AFTER INSERT OR UPDATE OR DELETE ON application_history
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payments_staff_list_version AFTER INSERT OR UPDATE OR DELETE ON payments
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER programs_staff_list_version AFTER INSERT OR UPDATE OR DELETE ON programs
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER universities_staff_list_version AFTER INSERT OR UPDATE OR DELETE ON universities
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
-- Users: only the columns a page shows (the applicant's name, e-mail and
-- phone; a history actor's name and role). Sign-ins, password changes and
-- archiving do not move the version; a new account is on no page until an
-- application names it.
CREATE CONSTRAINT TRIGGER users_staff_list_version AFTER UPDATE OF first_name, last_name, email, phone, role OR DELETE ON users
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
-- A table emptied at once moves the version at once (TRUNCATE has no row triggers).
CREATE TRIGGER applications_staff_list_version_truncate AFTER TRUNCATE ON applications
FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE TRIGGER application_choices_staff_list_version_truncate AFTER TRUNCATE ON application_choices
FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE TRIGGER application_files_staff_list_version_truncate AFTER TRUNCATE ON application_files
FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE TRIGGER application_history_staff_list_version_truncate AFTER TRUNCATE ON application_history
FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE TRIGGER payments_staff_list_version_truncate AFTER TRUNCATE ON payments
FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE TRIGGER programs_staff_list_version_truncate AFTER TRUNCATE ON programs
FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE TRIGGER universities_staff_list_version_truncate AFTER TRUNCATE ON universities
FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_staff_list_version();
--> statement-breakpoint
CREATE TRIGGER users_staff_list_version_truncate AFTER TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION portal_bump_staff_list_version();
