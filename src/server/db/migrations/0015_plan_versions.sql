CREATE TABLE "plan_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);--> statement-breakpoint
-- Every statement that changes what GET /schedule/calendar shows notes the organizations it
-- touched (a transaction-local setting, no lock); when the transaction commits, one deferred
-- trigger bumps each noted organization's version once, in organization order, in one statement.
-- So a Plan version row is locked only while its transaction commits, after every other lock the
-- transaction takes, and two transactions never wait on each other's versions in opposite orders.
CREATE FUNCTION "plan_versions_note"("orgs" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "noted" text := coalesce(current_setting('pagecrew.plan_orgs', true), '');
  "org" uuid;
BEGIN
  FOREACH "org" IN ARRAY "orgs" LOOP
    IF "org" IS NOT NULL AND position("org"::text IN "noted") = 0 THEN
      "noted" := "noted" || "org"::text || ',';
    END IF;
  END LOOP;
  PERFORM set_config('pagecrew.plan_orgs', "noted", true);
END $$;--> statement-breakpoint
CREATE FUNCTION "plan_versions_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "noted" text := coalesce(current_setting('pagecrew.plan_orgs', true), '');
BEGIN
  IF "noted" <> '' THEN
    PERFORM set_config('pagecrew.plan_orgs', '', true);
    INSERT INTO "plan_versions" AS "v" ("organization_id", "version")
    SELECT DISTINCT "o"::uuid, 1 FROM unnest(string_to_array(rtrim("noted", ','), ',')) AS "o" ORDER BY 1
    ON CONFLICT ("organization_id") DO UPDATE SET "version" = "v"."version" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "plan_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "plan_versions_note"(ARRAY(SELECT DISTINCT "organization_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "plan_versions_note"(ARRAY(SELECT DISTINCT "organization_id" FROM "old_rows"));
  ELSE
    PERFORM "plan_versions_note"(ARRAY(SELECT "organization_id" FROM "new_rows" UNION SELECT "organization_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Posts: only those the Plan shows (scheduled, publishing, published) or that belong to a slot
-- (a slot shows its post), so saving a draft of one's own does not touch the Plan.
CREATE FUNCTION "plan_versions_bump_posts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "plan_versions_note"(ARRAY(SELECT DISTINCT "organization_id" FROM "new_rows"
      WHERE "slot_id" IS NOT NULL OR "status" IN ('SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED')));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "plan_versions_note"(ARRAY(SELECT DISTINCT "organization_id" FROM "old_rows"
      WHERE "slot_id" IS NOT NULL OR "status" IN ('SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED')));
  ELSE
    PERFORM "plan_versions_note"(ARRAY(
      SELECT "organization_id" FROM "new_rows" WHERE "slot_id" IS NOT NULL OR "status" IN ('SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED')
      UNION
      SELECT "organization_id" FROM "old_rows" WHERE "slot_id" IS NOT NULL OR "status" IN ('SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED')));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- People: a new name or picture shows on the Plan of every organization they belong to.
CREATE FUNCTION "plan_versions_bump_people"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "plan_versions_note"(ARRAY(
    SELECT DISTINCT "m"."organization_id" FROM "new_rows" AS "n"
    JOIN "old_rows" AS "o" ON "o"."id" = "n"."id"
    JOIN "memberships" AS "m" ON "m"."user_id" = "n"."id"
    WHERE "n"."full_name" IS DISTINCT FROM "o"."full_name" OR "n"."image" IS DISTINCT FROM "o"."image"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "assigned_slots_plan_insert" AFTER INSERT ON "assigned_slots" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "assigned_slots_plan_update" AFTER UPDATE ON "assigned_slots" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "assigned_slots_plan_delete" AFTER DELETE ON "assigned_slots" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "assigned_slots_plan_flush" AFTER INSERT OR UPDATE OR DELETE ON "assigned_slots"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plan_versions_flush"();--> statement-breakpoint
CREATE TRIGGER "assigned_slot_pages_plan_insert" AFTER INSERT ON "assigned_slot_pages" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "assigned_slot_pages_plan_update" AFTER UPDATE ON "assigned_slot_pages" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "assigned_slot_pages_plan_delete" AFTER DELETE ON "assigned_slot_pages" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "assigned_slot_pages_plan_flush" AFTER INSERT OR UPDATE OR DELETE ON "assigned_slot_pages"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plan_versions_flush"();--> statement-breakpoint
CREATE TRIGGER "memberships_plan_insert" AFTER INSERT ON "memberships" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "memberships_plan_update" AFTER UPDATE ON "memberships" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "memberships_plan_delete" AFTER DELETE ON "memberships" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "memberships_plan_flush" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plan_versions_flush"();--> statement-breakpoint
CREATE TRIGGER "teams_plan_insert" AFTER INSERT ON "teams" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "teams_plan_update" AFTER UPDATE ON "teams" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "teams_plan_delete" AFTER DELETE ON "teams" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "teams_plan_flush" AFTER INSERT OR UPDATE OR DELETE ON "teams"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plan_versions_flush"();--> statement-breakpoint
CREATE TRIGGER "team_members_plan_insert" AFTER INSERT ON "team_members" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "team_members_plan_update" AFTER UPDATE ON "team_members" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "team_members_plan_delete" AFTER DELETE ON "team_members" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "team_members_plan_flush" AFTER INSERT OR UPDATE OR DELETE ON "team_members"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plan_versions_flush"();--> statement-breakpoint
CREATE TRIGGER "post_tags_plan_insert" AFTER INSERT ON "post_tags" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "post_tags_plan_update" AFTER UPDATE ON "post_tags" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "post_tags_plan_delete" AFTER DELETE ON "post_tags" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "post_tags_plan_flush" AFTER INSERT OR UPDATE OR DELETE ON "post_tags"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plan_versions_flush"();--> statement-breakpoint
CREATE TRIGGER "business_post_tags_plan_insert" AFTER INSERT ON "business_post_tags" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "business_post_tags_plan_update" AFTER UPDATE ON "business_post_tags" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "business_post_tags_plan_delete" AFTER DELETE ON "business_post_tags" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "business_post_tags_plan_flush" AFTER INSERT OR UPDATE OR DELETE ON "business_post_tags"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plan_versions_flush"();--> statement-breakpoint
CREATE TRIGGER "business_pages_plan_insert" AFTER INSERT ON "business_pages" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "business_pages_plan_update" AFTER UPDATE ON "business_pages" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "business_pages_plan_delete" AFTER DELETE ON "business_pages" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "business_pages_plan_flush" AFTER INSERT OR UPDATE OR DELETE ON "business_pages"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plan_versions_flush"();--> statement-breakpoint
CREATE TRIGGER "posts_plan_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump_posts"();--> statement-breakpoint
CREATE TRIGGER "posts_plan_update" AFTER UPDATE ON "posts" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump_posts"();--> statement-breakpoint
CREATE TRIGGER "posts_plan_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump_posts"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "posts_plan_flush" AFTER INSERT OR UPDATE OR DELETE ON "posts"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plan_versions_flush"();--> statement-breakpoint
CREATE TRIGGER "users_plan_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "plan_versions_bump_people"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_plan_flush" AFTER UPDATE ON "users"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "plan_versions_flush"();
