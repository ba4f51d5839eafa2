-- Sessions and GET /user answers are read from the database on every request (docs/decisions/
-- 0001-authority-from-the-database.md): nothing listens for the change notices of 0016 any more, and a
-- NOTIFY takes a cluster-wide lock at commit, so every write stops sending them.
DROP TRIGGER "sessions_changes_update" ON "sessions";--> statement-breakpoint
DROP TRIGGER "sessions_changes_delete" ON "sessions";--> statement-breakpoint
DROP TRIGGER "users_changes_update" ON "users";--> statement-breakpoint
DROP TRIGGER "users_changes_delete" ON "users";--> statement-breakpoint
DROP TRIGGER "organizations_changes_update" ON "organizations";--> statement-breakpoint
DROP TRIGGER "post_tags_changes_update" ON "post_tags";--> statement-breakpoint
DO $$
DECLARE
  "t" text;
  "op" text;
BEGIN
  FOREACH "t" IN ARRAY ARRAY['memberships', 'team_members', 'business_page_members', 'ssi_records', 'linkedin_connections', 'notification_unread_counts', 'post_tag_assignments'] LOOP
    FOREACH "op" IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format('DROP TRIGGER %I ON %I', "t" || '_changes_' || "op", "t");
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
DROP FUNCTION "user_changes_notify"();--> statement-breakpoint
DROP FUNCTION "user_changes_notify_organization"();--> statement-breakpoint
DROP FUNCTION "user_changes_notify_post_tag"();
