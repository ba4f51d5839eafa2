ALTER TABLE "memberships" ADD COLUMN "guideline_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "guideline" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "guideline_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_file" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_content_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_version" text;