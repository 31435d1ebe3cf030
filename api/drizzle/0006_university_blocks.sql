CREATE TABLE "university_blocks" (
	"university_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"blocked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "university_blocks_university_id_user_id_pk" PRIMARY KEY("university_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "university_blocks" ADD CONSTRAINT "university_blocks_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "university_blocks" ADD CONSTRAINT "university_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "university_blocks" ADD CONSTRAINT "university_blocks_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;