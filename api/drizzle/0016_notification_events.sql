ALTER TABLE "mail_outbox" ADD COLUMN "body_html" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "lapse_warned_at" timestamp with time zone;