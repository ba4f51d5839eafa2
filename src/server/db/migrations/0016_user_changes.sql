-- Change notices for each server process's caches of sessions and GET /user answers (issue 16):
-- when a transaction that changed what a user's session or GET /user shows commits, every server
-- process listening on "pagecrew_changes" hears 'u:<user id>' and forgets what it kept for that
-- user. NOTIFY is transactional: a rolled-back change sends nothing, a committed one is heard
-- after the commit, in commit order, and one payload is sent once however many rows name it.
CREATE FUNCTION "user_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "col" text := TG_ARGV[0];
  "ids" uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM "new_rows"', "col") INTO "ids";
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM "old_rows"', "col") INTO "ids";
  ELSE
    EXECUTE format('SELECT array_agg("c"."u") FROM (SELECT %1$I AS "u" FROM "new_rows" UNION SELECT %1$I FROM "old_rows") AS "c"', "col") INTO "ids";
  END IF;
  PERFORM pg_notify('pagecrew_changes', 'u:' || "u") FROM unnest("ids") AS "u" WHERE "u" IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An organization's name or public id shows in every member's GET /user (and the id in their sessions).
CREATE FUNCTION "user_changes_notify_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pagecrew_changes', 'u:' || "m"."user_id")
  FROM (SELECT DISTINCT "m"."user_id" FROM "new_rows" AS "n"
    JOIN "old_rows" AS "o" ON "o"."id" = "n"."id"
    JOIN "memberships" AS "m" ON "m"."organization_id" = "n"."id"
    WHERE "n"."name" IS DISTINCT FROM "o"."name" OR "n"."organization_work_os_id" IS DISTINCT FROM "o"."organization_work_os_id") AS "m";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A renamed tag changes the order of its holders' tags in GET /user.
CREATE FUNCTION "user_changes_notify_post_tag"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pagecrew_changes', 'u:' || "a"."user_id")
  FROM (SELECT DISTINCT "pta"."user_id" FROM "new_rows" AS "n"
    JOIN "old_rows" AS "o" ON "o"."id" = "n"."id"
    JOIN "post_tag_assignments" AS "pta" ON "pta"."tag_id" = "n"."id"
    WHERE "n"."title" IS DISTINCT FROM "o"."title") AS "a";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A new session is not in any cache yet: sessions notify on update (expiry, organization) and delete.
CREATE TRIGGER "sessions_changes_update" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "user_changes_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "sessions_changes_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "user_changes_notify"('user_id');--> statement-breakpoint
CREATE TRIGGER "users_changes_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "user_changes_notify"('id');--> statement-breakpoint
CREATE TRIGGER "users_changes_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "user_changes_notify"('id');--> statement-breakpoint
CREATE TRIGGER "organizations_changes_update" AFTER UPDATE ON "organizations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "user_changes_notify_organization"();--> statement-breakpoint
CREATE TRIGGER "post_tags_changes_update" AFTER UPDATE ON "post_tags" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "user_changes_notify_post_tag"();--> statement-breakpoint
-- The tables whose rows name the user in "user_id": a trigger per event (transition tables need one
-- event a trigger), all calling user_changes_notify.
DO $$
DECLARE
  "t" text;
BEGIN
  FOREACH "t" IN ARRAY ARRAY['memberships', 'team_members', 'business_page_members', 'ssi_records', 'linkedin_connections', 'notification_unread_counts', 'post_tag_assignments'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_changes_notify"(''user_id'')', "t" || '_changes_insert', "t");
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_changes_notify"(''user_id'')', "t" || '_changes_update', "t");
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_changes_notify"(''user_id'')', "t" || '_changes_delete', "t");
  END LOOP;
END $$;
