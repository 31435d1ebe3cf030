CREATE TABLE "intake_programs" (
	"intake_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"capacity" integer,
	CONSTRAINT "intake_programs_intake_id_program_id_pk" PRIMARY KEY("intake_id","program_id"),
	CONSTRAINT "intake_programs_capacity_min" CHECK ("intake_programs"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "intakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"name" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intakes_closes_after_opens" CHECK ("intakes"."closes_at" > "intakes"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "intake_id" integer;--> statement-breakpoint
ALTER TABLE "intake_programs" ADD CONSTRAINT "intake_programs_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_programs" ADD CONSTRAINT "intake_programs_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_programs_program_idx" ON "intake_programs" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "intakes_university_opens_idx" ON "intakes" USING btree ("university_id","opens_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_per_intake" ON "applications" USING btree ("user_id","university_id","intake_id") WHERE "applications"."intake_id" is not null;--> statement-breakpoint
CREATE INDEX "applications_intake_status_idx" ON "applications" USING btree ("intake_id","status","approved_program_id") WHERE "applications"."intake_id" is not null;