CREATE TABLE "approve_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"approver_user_id" uuid,
	"action" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_user_id" uuid,
	CONSTRAINT "approve_links_action_check" CHECK ("approve_links"."action" in ('approve', 'request_changes'))
);
--> statement-breakpoint
ALTER TABLE "approve_links" ADD CONSTRAINT "approve_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approve_links" ADD CONSTRAINT "approve_links_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approve_links" ADD CONSTRAINT "approve_links_approver_user_id_users_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approve_links" ADD CONSTRAINT "approve_links_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approve_links_token_unique" ON "approve_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "approve_links_post_idx" ON "approve_links" USING btree ("post_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "approve_links_channel_unique" ON "approve_links" USING btree ("post_id","revision","action") WHERE "approve_links"."approver_user_id" is null;--> statement-breakpoint
CREATE INDEX "approve_links_expires_idx" ON "approve_links" USING btree ("expires_at");
