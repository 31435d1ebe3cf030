-- Phone numbers as typed become E.164 (issue 18): '0977 123 456', '977123456'
-- and '+260 977 123 456' are one number, Zambia being the default country.
-- Only the forms recognised here are rewritten; any other value stays exactly
-- as it was written (never lost), and the count of such rows is raised as a
-- notice in the migration's output. New values are parsed by the contract's
-- Phone schema (libphonenumber-js) before they are stored.
CREATE OR REPLACE FUNCTION pg_temp.portal_e164(raw text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE
    WHEN d ~ '^\+[1-9][0-9]{7,14}$' THEN d
    WHEN d ~ '^00[1-9][0-9]{7,14}$' THEN '+' || substr(d, 3)
    WHEN d ~ '^260[1-9][0-9]{8}$' THEN '+' || d
    WHEN d ~ '^0[1-9][0-9]{8}$' THEN '+260' || substr(d, 2)
    WHEN d ~ '^[1-9][0-9]{8}$' THEN '+260' || d
  END
  FROM (SELECT regexp_replace(raw, '[[:space:]().-]', '', 'g') AS d) AS cleaned
$fn$;
--> statement-breakpoint
UPDATE "users" SET "phone" = pg_temp.portal_e164("phone")
  WHERE "phone" IS NOT NULL AND pg_temp.portal_e164("phone") IS NOT NULL AND "phone" <> pg_temp.portal_e164("phone");
--> statement-breakpoint
UPDATE "applications" SET "phone_number" = pg_temp.portal_e164("phone_number")
  WHERE pg_temp.portal_e164("phone_number") IS NOT NULL AND "phone_number" <> pg_temp.portal_e164("phone_number");
--> statement-breakpoint
DO $report$
DECLARE
  accounts_left integer;
  applications_left integer;
BEGIN
  SELECT count(*) INTO accounts_left FROM "users" WHERE "phone" IS NOT NULL AND "phone" <> '' AND pg_temp.portal_e164("phone") IS NULL;
  SELECT count(*) INTO applications_left FROM "applications" WHERE "phone_number" <> '' AND pg_temp.portal_e164("phone_number") IS NULL;
  IF accounts_left + applications_left > 0 THEN
    RAISE NOTICE 'phone numbers left as written (not recognised as a number): % accounts, % applications', accounts_left, applications_left;
  END IF;
END
$report$;
