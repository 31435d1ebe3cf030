CREATE TABLE "document_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text,
	"sha256" text,
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"attached_application_id" integer
);
--> statement-breakpoint
ALTER TABLE "document_uploads" ADD CONSTRAINT "document_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_uploads" ADD CONSTRAINT "document_uploads_attached_application_id_applications_id_fk" FOREIGN KEY ("attached_application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_uploads_owner_idx" ON "document_uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_uploads_key_unique" ON "document_uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "document_uploads_created_idx" ON "document_uploads" USING btree ("created_at");