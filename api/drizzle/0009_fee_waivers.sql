CREATE TABLE "fee_waiver_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"waiver_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_waivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"intake_id" integer,
	"code" text NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_waivers_max_uses_min" CHECK ("fee_waivers"."max_uses" >= 1),
	CONSTRAINT "fee_waivers_uses_within" CHECK ("fee_waivers"."uses" >= 0 and "fee_waivers"."uses" <= "fee_waivers"."max_uses")
);
--> statement-breakpoint
ALTER TABLE "fee_waiver_uses" ADD CONSTRAINT "fee_waiver_uses_waiver_id_fee_waivers_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."fee_waivers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_waiver_uses" ADD CONSTRAINT "fee_waiver_uses_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_waiver_uses" ADD CONSTRAINT "fee_waiver_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_waivers" ADD CONSTRAINT "fee_waivers_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_waivers" ADD CONSTRAINT "fee_waivers_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_waivers" ADD CONSTRAINT "fee_waivers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_waiver_uses_application_unique" ON "fee_waiver_uses" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "fee_waiver_uses_waiver_idx" ON "fee_waiver_uses" USING btree ("waiver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_waivers_code_unique" ON "fee_waivers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "fee_waivers_university_idx" ON "fee_waivers" USING btree ("university_id","created_at");