CREATE TABLE "application_draft_files" (
	"user_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_draft_files_user_id_document_type_pk" PRIMARY KEY("user_id","document_type")
);
--> statement-breakpoint
CREATE TABLE "application_drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_draft_files" ADD CONSTRAINT "application_draft_files_user_id_application_drafts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_drafts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_draft_files_key_unique" ON "application_draft_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "application_drafts_updated_idx" ON "application_drafts" USING btree ("updated_at");