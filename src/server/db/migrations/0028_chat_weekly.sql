CREATE TABLE "chat_channel_options" (
	"endpoint_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"weekly_nudge" boolean DEFAULT false NOT NULL,
	"weekly_digest" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_weekly_messages" (
	"endpoint_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"week" text NOT NULL,
	"delivery_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_weekly_messages_endpoint_id_kind_week_pk" PRIMARY KEY("endpoint_id","kind","week"),
	CONSTRAINT "chat_weekly_messages_kind_check" CHECK ("chat_weekly_messages"."kind" in ('nudge', 'digest'))
);
--> statement-breakpoint
ALTER TABLE "chat_channel_options" ADD CONSTRAINT "chat_channel_options_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channel_options" ADD CONSTRAINT "chat_channel_options_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_weekly_messages" ADD CONSTRAINT "chat_weekly_messages_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_weekly_messages" ADD CONSTRAINT "chat_weekly_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_weekly_messages" ADD CONSTRAINT "chat_weekly_messages_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_channel_options_weekly_idx" ON "chat_channel_options" USING btree ("endpoint_id") WHERE "chat_channel_options"."weekly_nudge" or "chat_channel_options"."weekly_digest";--> statement-breakpoint
CREATE INDEX "chat_weekly_messages_org_idx" ON "chat_weekly_messages" USING btree ("organization_id");
