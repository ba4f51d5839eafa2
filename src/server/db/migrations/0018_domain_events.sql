-- The outbox of domain events and each consumer's place in it (docs/decisions/0002-domain-events-outbox.md).
CREATE TABLE "domain_events" (
	"position" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_events_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"actor" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_consumers" (
	"name" text PRIMARY KEY NOT NULL,
	"transaction_id" bigint DEFAULT 0 NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_stream_idx" ON "domain_events" USING btree ("transaction_id","position");