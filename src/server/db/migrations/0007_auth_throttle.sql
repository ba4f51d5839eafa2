CREATE TABLE "auth_throttle" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_throttle_reset_idx" ON "auth_throttle" USING btree ("reset_at");