ALTER TABLE "assigned_slots" ADD COLUMN "missed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "assigned_slots_not_missed_time_idx" ON "assigned_slots" USING btree ("time") WHERE "assigned_slots"."missed_at" is null;--> statement-breakpoint
-- Slots whose time passed before this job existed are not told of now, months late.
UPDATE "assigned_slots" SET "missed_at" = "time" WHERE "time" < now();
