CREATE TABLE "notification_unread_counts" (
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"unread" integer NOT NULL,
	CONSTRAINT "notification_unread_counts_user_id_organization_id_pk" PRIMARY KEY("user_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "notification_unread_counts" ADD CONSTRAINT "notification_unread_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_unread_counts" ADD CONSTRAINT "notification_unread_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_org_created_idx" ON "notifications" USING btree ("user_id","organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
-- The counts of the notifications already there.
INSERT INTO "notification_unread_counts" ("user_id", "organization_id", "unread")
SELECT "user_id", "organization_id", count(*) FROM "notifications" WHERE NOT "read" GROUP BY "user_id", "organization_id";--> statement-breakpoint
-- Keeps notification_unread_counts in step with notifications, once per statement (marking 10,000
-- read is one update of a count, not 10,000). Rises upsert the count; falls only update it, so a
-- notification deleted with its organization or user never re-creates the count deleted with it.
-- Counts are changed in (user, organization) order, the same in every statement.
CREATE FUNCTION "notification_unread_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "notification_unread_counts" AS "c" ("user_id", "organization_id", "unread")
    SELECT "user_id", "organization_id", count(*) FROM "new_rows" WHERE NOT "read"
    GROUP BY "user_id", "organization_id" ORDER BY "user_id", "organization_id"
    ON CONFLICT ("user_id", "organization_id") DO UPDATE SET "unread" = "c"."unread" + "excluded"."unread";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "notification_unread_counts" AS "c" SET "unread" = "c"."unread" - "d"."n"
    FROM (SELECT "user_id", "organization_id", count(*) AS "n" FROM "old_rows" WHERE NOT "read" GROUP BY "user_id", "organization_id") AS "d"
    WHERE "c"."user_id" = "d"."user_id" AND "c"."organization_id" = "d"."organization_id";
  ELSE
    -- Marking read (a fall) or resurfacing (a rise): the net change per user and organization.
    INSERT INTO "notification_unread_counts" AS "c" ("user_id", "organization_id", "unread")
    SELECT "user_id", "organization_id", "n" FROM (
      SELECT "user_id", "organization_id", sum("n") AS "n" FROM (
        SELECT "user_id", "organization_id", 1 AS "n" FROM "new_rows" WHERE NOT "read"
        UNION ALL
        SELECT "user_id", "organization_id", -1 FROM "old_rows" WHERE NOT "read"
      ) AS "x" GROUP BY "user_id", "organization_id"
    ) AS "d" WHERE "n" > 0 ORDER BY "user_id", "organization_id"
    ON CONFLICT ("user_id", "organization_id") DO UPDATE SET "unread" = "c"."unread" + "excluded"."unread";
    UPDATE "notification_unread_counts" AS "c" SET "unread" = "c"."unread" + "d"."n"
    FROM (
      SELECT "user_id", "organization_id", sum("n") AS "n" FROM (
        SELECT "user_id", "organization_id", 1 AS "n" FROM "new_rows" WHERE NOT "read"
        UNION ALL
        SELECT "user_id", "organization_id", -1 FROM "old_rows" WHERE NOT "read"
      ) AS "x" GROUP BY "user_id", "organization_id"
    ) AS "d"
    WHERE "d"."n" < 0 AND "c"."user_id" = "d"."user_id" AND "c"."organization_id" = "d"."organization_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_unread_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "notification_unread_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "notifications_unread_update" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "notification_unread_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "notifications_unread_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "notification_unread_counts_apply"();
