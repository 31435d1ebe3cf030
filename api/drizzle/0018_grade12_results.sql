ALTER TABLE "applications" ADD COLUMN "grade12_results" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "grade12_points" integer;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "points_ceiling" integer;--> statement-breakpoint
CREATE INDEX "applications_university_points_idx" ON "applications" USING btree ("university_id","grade12_points","id");--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_points_ceiling_range" CHECK ("programs"."points_ceiling" between 5 and 45);