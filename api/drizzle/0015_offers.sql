CREATE TABLE "decision_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"offer_id" integer,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decision_letters_kind" CHECK ("decision_letters"."kind" in ('OFFER', 'DECLINE'))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"type" text NOT NULL,
	"conditions" text,
	"reply_by" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "offers_state" CHECK ("offers"."state" in ('OPEN', 'ACCEPTED', 'DECLINED', 'LAPSED')),
	CONSTRAINT "offers_type" CHECK ("offers"."type" in ('UNCONDITIONAL', 'CONDITIONAL'))
);
--> statement-breakpoint
ALTER TABLE "decision_letters" ADD CONSTRAINT "decision_letters_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_letters" ADD CONSTRAINT "decision_letters_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decision_letters_code_unique" ON "decision_letters" USING btree ("code");--> statement-breakpoint
CREATE INDEX "decision_letters_application_idx" ON "decision_letters" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "offers_application_idx" ON "offers" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_open_reply_by_idx" ON "offers" USING btree ("reply_by") WHERE "offers"."state" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_application" ON "offers" USING btree ("application_id") WHERE "offers"."state" = 'OPEN';