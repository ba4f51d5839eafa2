ALTER TABLE "organizations" ADD COLUMN "erased_member_content" text DEFAULT 'keep' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_erased_member_content_check" CHECK ("organizations"."erased_member_content" in ('keep', 'remove'));--> statement-breakpoint
CREATE TABLE "personal_data_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_user_id" uuid NOT NULL,
	"requested_by_user_id" uuid,
	"organization_id" uuid,
	"scope" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"file_size" bigint,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "personal_data_exports_scope_check" CHECK ("personal_data_exports"."scope" in ('account', 'organization')),
	CONSTRAINT "personal_data_exports_status_check" CHECK ("personal_data_exports"."status" in ('queued', 'running', 'ready', 'failed', 'expired')),
	CONSTRAINT "personal_data_exports_progress_check" CHECK ("personal_data_exports"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_data_exports_subject_idx" ON "personal_data_exports" USING btree ("subject_user_id","created_at");--> statement-breakpoint
CREATE INDEX "personal_data_exports_expires_idx" ON "personal_data_exports" USING btree ("expires_at") WHERE "personal_data_exports"."status" <> 'expired';
