CREATE TABLE "used_join_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "used_join_links" ADD CONSTRAINT "used_join_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "used_join_links_accepted_idx" ON "used_join_links" USING btree ("accepted_at");--> statement-breakpoint
CREATE INDEX "used_join_links_organization_idx" ON "used_join_links" USING btree ("organization_id");