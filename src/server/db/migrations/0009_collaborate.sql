CREATE TABLE "post_versions" (
	"post_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"poll" jsonb,
	"media_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"business_page_id" uuid,
	"saved_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "post_versions_post_id_revision_pk" PRIMARY KEY("post_id","revision")
);
--> statement-breakpoint
CREATE TABLE "review_feedback" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"author_user_id" uuid,
	"kind" text NOT NULL,
	"parent_id" uuid,
	"text" text DEFAULT '' NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"anchor_start" integer,
	"anchor_end" integer,
	"anchor_quote" text,
	"anchor_revision" integer,
	"replacement" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolved_by_user_id" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_feedback_kind_check" CHECK ("review_feedback"."kind" in ('SUGGESTION', 'COMMENT')),
	CONSTRAINT "review_feedback_status_check" CHECK ("review_feedback"."status" in ('OPEN', 'RESOLVED', 'ACCEPTED', 'DISMISSED'))
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by_user_id" uuid,
	"open" boolean DEFAULT true NOT NULL,
	"priority" text DEFAULT 'NOPRIORITY' NOT NULL,
	"due_at" timestamp with time zone,
	"message" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_requests_priority_check" CHECK ("review_requests"."priority" in ('URGENT', 'HIGH', 'MEDIUM', 'LOW', 'NOPRIORITY'))
);
--> statement-breakpoint
CREATE TABLE "review_reviewers" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_reviewers_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "approval_status" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "approved_revision" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "approval_decided_by" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "approval_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_business_page_id_business_pages_id_fk" FOREIGN KEY ("business_page_id") REFERENCES "public"."business_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_feedback" ADD CONSTRAINT "review_feedback_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_feedback" ADD CONSTRAINT "review_feedback_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_feedback" ADD CONSTRAINT "review_feedback_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_feedback" ADD CONSTRAINT "review_feedback_parent_id_review_feedback_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."review_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_feedback" ADD CONSTRAINT "review_feedback_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_post_id_review_requests_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."review_requests"("post_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_feedback_post_idx" ON "review_feedback" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "review_requests_org_open_idx" ON "review_requests" USING btree ("organization_id","open");--> statement-breakpoint
CREATE INDEX "review_reviewers_user_idx" ON "review_reviewers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_approval_decided_by_users_id_fk" FOREIGN KEY ("approval_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_org_approval_idx" ON "posts" USING btree ("organization_id","approval_status");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_approval_status_check" CHECK ("posts"."approval_status" is null or "posts"."approval_status" in ('APPROVED', 'PENDING', 'REJECTED'));--> statement-breakpoint
-- Every existing post keeps its current content as revision 1.
INSERT INTO "post_versions" ("post_id", "revision", "organization_id", "type", "text", "poll", "media_ids", "business_page_id", "saved_by_user_id", "created_at")
SELECT p."id", 1, p."organization_id", p."type", p."text", p."poll",
  COALESCE((SELECT jsonb_agg(pm."media_id" ORDER BY pm."position") FROM "post_media" pm WHERE pm."post_id" = p."id"), '[]'::jsonb),
  p."business_page_id", p."author_user_id", p."updated_at"
FROM "posts" p;
