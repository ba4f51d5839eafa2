DROP INDEX "posts_org_published_idx";--> statement-breakpoint
CREATE INDEX "posts_org_unpublished_idx" ON "posts" USING btree ("organization_id") WHERE "posts"."status" <> 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "posts_org_published_idx" ON "posts" USING btree ("organization_id","published_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'PUBLISHED';