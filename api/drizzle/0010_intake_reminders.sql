CREATE TABLE "intake_reminders" (
	"user_id" integer NOT NULL,
	"intake_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_reminders_user_id_intake_id_kind_pk" PRIMARY KEY("user_id","intake_id","kind"),
	CONSTRAINT "intake_reminders_kind" CHECK ("intake_reminders"."kind" in ('DRAFT_72H', 'DRAFT_24H', 'UNPAID_72H', 'UNPAID_24H'))
);
--> statement-breakpoint
ALTER TABLE "intake_reminders" ADD CONSTRAINT "intake_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_reminders" ADD CONSTRAINT "intake_reminders_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_reminders_intake_idx" ON "intake_reminders" USING btree ("intake_id");