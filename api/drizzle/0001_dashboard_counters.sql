CREATE TABLE "applicant_totals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_stats" (
	"university_id" integer NOT NULL,
	"status" text NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_stats_university_id_status_pk" PRIMARY KEY("university_id","status")
);
--> statement-breakpoint
CREATE TABLE "platform_stats" (
	"key" text PRIMARY KEY NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "university_applicants" (
	"university_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "university_applicants_university_id_user_id_pk" PRIMARY KEY("university_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "university_stats" (
	"university_id" integer PRIMARY KEY NOT NULL,
	"students" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Applications per university and status.
CREATE OR REPLACE FUNCTION portal_count_status(uni integer, st text, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO application_stats (university_id, status, applications) VALUES (uni, st, delta)
  ON CONFLICT (university_id, status) DO UPDATE SET applications = application_stats.applications + delta;
END $$;
--> statement-breakpoint
-- Distinct applicants, per university and on the whole platform: a pair's
-- count going 0 -> 1 adds an applicant, 1 -> 0 removes one.
CREATE OR REPLACE FUNCTION portal_count_applicant(uni integer, usr integer, delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  remaining integer;
BEGIN
  INSERT INTO university_applicants (university_id, user_id, applications) VALUES (uni, usr, delta)
  ON CONFLICT (university_id, user_id) DO UPDATE SET applications = university_applicants.applications + delta
  RETURNING applications INTO remaining;
  IF (delta > 0 AND remaining = delta) OR (delta < 0 AND remaining = 0) THEN
    INSERT INTO university_stats (university_id, students) VALUES (uni, sign(delta)::integer)
    ON CONFLICT (university_id) DO UPDATE SET students = university_stats.students + sign(delta)::integer;
  END IF;
  IF remaining = 0 THEN
    DELETE FROM university_applicants WHERE university_id = uni AND user_id = usr;
  END IF;

  INSERT INTO applicant_totals (user_id, applications) VALUES (usr, delta)
  ON CONFLICT (user_id) DO UPDATE SET applications = applicant_totals.applications + delta
  RETURNING applications INTO remaining;
  IF (delta > 0 AND remaining = delta) OR (delta < 0 AND remaining = 0) THEN
    INSERT INTO platform_stats (key, value) VALUES ('students', sign(delta)::integer)
    ON CONFLICT (key) DO UPDATE SET value = platform_stats.value + sign(delta)::integer;
  END IF;
  IF remaining = 0 THEN
    DELETE FROM applicant_totals WHERE user_id = usr;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_applications_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM portal_count_status(NEW.university_id, NEW.status, 1);
    PERFORM portal_count_applicant(NEW.university_id, NEW.user_id, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM portal_count_status(OLD.university_id, OLD.status, -1);
    PERFORM portal_count_applicant(OLD.university_id, OLD.user_id, -1);
  ELSIF OLD.university_id = NEW.university_id AND OLD.user_id = NEW.user_id THEN
    -- A decision: only the status counts move, locked in a fixed order so two
    -- opposite decisions at once cannot deadlock.
    IF OLD.status IS DISTINCT FROM NEW.status THEN
      IF OLD.status < NEW.status THEN
        PERFORM portal_count_status(OLD.university_id, OLD.status, -1);
        PERFORM portal_count_status(NEW.university_id, NEW.status, 1);
      ELSE
        PERFORM portal_count_status(NEW.university_id, NEW.status, 1);
        PERFORM portal_count_status(OLD.university_id, OLD.status, -1);
      END IF;
    END IF;
  ELSE
    PERFORM portal_count_status(OLD.university_id, OLD.status, -1);
    PERFORM portal_count_applicant(OLD.university_id, OLD.user_id, -1);
    PERFORM portal_count_status(NEW.university_id, NEW.status, 1);
    PERFORM portal_count_applicant(NEW.university_id, NEW.user_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER applications_counters AFTER INSERT OR DELETE OR UPDATE OF university_id, user_id, status ON applications
FOR EACH ROW EXECUTE FUNCTION portal_applications_counters();
--> statement-breakpoint
-- A table emptied at once (a restore) empties the counters with it.
CREATE OR REPLACE FUNCTION portal_applications_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM application_stats;
  DELETE FROM university_applicants;
  DELETE FROM university_stats;
  DELETE FROM applicant_totals;
  DELETE FROM platform_stats WHERE key = 'students';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER applications_counters_truncate AFTER TRUNCATE ON applications
FOR EACH STATEMENT EXECUTE FUNCTION portal_applications_truncated();
--> statement-breakpoint
-- The figures of the applications already there.
INSERT INTO application_stats (university_id, status, applications)
SELECT university_id, status, count(*)::integer FROM applications GROUP BY university_id, status;
--> statement-breakpoint
INSERT INTO university_applicants (university_id, user_id, applications)
SELECT university_id, user_id, count(*)::integer FROM applications GROUP BY university_id, user_id;
--> statement-breakpoint
INSERT INTO university_stats (university_id, students)
SELECT university_id, count(*)::integer FROM university_applicants GROUP BY university_id;
--> statement-breakpoint
INSERT INTO applicant_totals (user_id, applications)
SELECT user_id, count(*)::integer FROM applications GROUP BY user_id;
--> statement-breakpoint
INSERT INTO platform_stats (key, value) SELECT 'students', count(*)::integer FROM applicant_totals;
