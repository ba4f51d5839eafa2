CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"business_page_id" uuid,
	"slot_id" uuid,
	"type" text DEFAULT 'textOnly' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"poll" jsonb,
	"scheduled_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"linked_in_post_urn" text,
	"failure_reason" text,
	"idempotency_key" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "posts_type_check" CHECK ("posts"."type" in ('textOnly', 'images', 'videos', 'poll', 'document', 'multiImage')),
	CONSTRAINT "posts_status_check" CHECK ("posts"."status" in ('DRAFT', 'SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED', 'ASK_FOR_FEEDBACK', 'RECOMMENDED'))
);
--> statement-breakpoint
CREATE TABLE "publish_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"worker_id" text NOT NULL,
	"post_version" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"error" text,
	CONSTRAINT "publish_attempts_outcome_check" CHECK ("publish_attempts"."outcome" is null or "publish_attempts"."outcome" in ('published', 'failed', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_business_page_id_business_pages_id_fk" FOREIGN KEY ("business_page_id") REFERENCES "public"."business_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_slot_id_assigned_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."assigned_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_attempts" ADD CONSTRAINT "publish_attempts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_attempts" ADD CONSTRAINT "publish_attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_idempotency_key_unique" ON "posts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "posts_status_scheduled_idx" ON "posts" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "posts_org_author_idx" ON "posts" USING btree ("organization_id","author_user_id");--> statement-breakpoint
CREATE INDEX "posts_slot_idx" ON "posts" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "publish_attempts_post_idx" ON "publish_attempts" USING btree ("post_id","started_at");--> statement-breakpoint
CREATE INDEX "publish_attempts_running_idx" ON "publish_attempts" USING btree ("started_at") WHERE "publish_attempts"."outcome" is null;