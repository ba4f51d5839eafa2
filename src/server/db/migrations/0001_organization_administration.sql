CREATE TABLE "ai_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"tone" text DEFAULT '' NOT NULL,
	"target_audience" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_page_members" (
	"business_page_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "business_page_members_business_page_id_user_id_pk" PRIMARY KEY("business_page_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "business_post_tags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"business_page_id" uuid NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"join_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_tag_assignments" (
	"tag_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "post_tag_assignments_tag_id_user_id_pk" PRIMARY KEY("tag_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"is_leader" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"require_tag" boolean DEFAULT false NOT NULL,
	"ai_setting_template_id" uuid,
	"image_file" text,
	"image_name" text,
	"image_content_type" text,
	"image_version" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_pages" ADD COLUMN "ai_setting_template_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "default_business_page_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_templates" ADD CONSTRAINT "ai_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_page_members" ADD CONSTRAINT "business_page_members_business_page_id_business_pages_id_fk" FOREIGN KEY ("business_page_id") REFERENCES "public"."business_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_page_members" ADD CONSTRAINT "business_page_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_page_members" ADD CONSTRAINT "business_page_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_post_tags" ADD CONSTRAINT "business_post_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_post_tags" ADD CONSTRAINT "business_post_tags_business_page_id_business_pages_id_fk" FOREIGN KEY ("business_page_id") REFERENCES "public"."business_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tag_assignments" ADD CONSTRAINT "post_tag_assignments_tag_id_post_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."post_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tag_assignments" ADD CONSTRAINT "post_tag_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tag_assignments" ADD CONSTRAINT "post_tag_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_ai_setting_template_id_ai_templates_id_fk" FOREIGN KEY ("ai_setting_template_id") REFERENCES "public"."ai_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_templates_org_idx" ON "ai_templates" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_templates_one_default" ON "ai_templates" USING btree ("organization_id") WHERE "ai_templates"."is_default";--> statement-breakpoint
CREATE INDEX "business_page_members_org_user_idx" ON "business_page_members" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_post_tags_page_title_unique" ON "business_post_tags" USING btree ("business_page_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_unique" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_membership_idx" ON "invitations" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "outbox_org_seq_idx" ON "outbox" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "post_tag_assignments_org_user_idx" ON "post_tag_assignments" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_tags_org_title_unique" ON "post_tags" USING btree ("organization_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_one_team_per_org" ON "team_members" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "teams_org_idx" ON "teams" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "business_pages" ADD CONSTRAINT "business_pages_ai_setting_template_id_ai_templates_id_fk" FOREIGN KEY ("ai_setting_template_id") REFERENCES "public"."ai_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_default_business_page_id_business_pages_id_fk" FOREIGN KEY ("default_business_page_id") REFERENCES "public"."business_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Existing organizations get their default AI setting template (issue 3: one default per
-- organization); onboarding's industry moves onto it and the pages use it.
INSERT INTO "ai_templates" ("id", "organization_id", "template_name", "is_default", "industries", "created_at", "updated_at")
SELECT gen_random_uuid(), o."id", 'Default', true,
  coalesce((SELECT array_agg(DISTINCT bp."industry") FROM "business_pages" bp WHERE bp."organization_id" = o."id" AND bp."industry" IS NOT NULL), '{}'::text[]),
  now(), now()
FROM "organizations" o;--> statement-breakpoint
UPDATE "business_pages" bp SET "ai_setting_template_id" = t."id"
FROM "ai_templates" t
WHERE t."organization_id" = bp."organization_id" AND t."is_default" AND bp."ai_setting_template_id" IS NULL AND bp."industry" IS NOT NULL;
