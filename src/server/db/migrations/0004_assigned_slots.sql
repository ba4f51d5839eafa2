CREATE TABLE "assigned_slot_pages" (
	"slot_id" uuid NOT NULL,
	"business_page_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	CONSTRAINT "assigned_slot_pages_slot_id_business_page_id_pk" PRIMARY KEY("slot_id","business_page_id")
);
--> statement-breakpoint
CREATE TABLE "assigned_slots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"occurrence" integer DEFAULT 0 NOT NULL,
	"assignee_id" uuid NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"auto_assign" boolean DEFAULT false NOT NULL,
	"tag_id" uuid,
	"is_business_page_slot" boolean DEFAULT false NOT NULL,
	"business_post_tag_id" uuid,
	"target_audience" text DEFAULT '' NOT NULL,
	"post_type" text DEFAULT 'textOnly' NOT NULL,
	"recurrence_type" text,
	"recurrence_interval" integer,
	"recurrence_count" integer,
	"created_by_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "assigned_slots_post_type_check" CHECK ("assigned_slots"."post_type" in ('textOnly', 'images', 'videos', 'poll', 'document', 'multiImage')),
	CONSTRAINT "assigned_slots_recurrence_check" CHECK (("assigned_slots"."recurrence_type" is null and "assigned_slots"."recurrence_interval" is null and "assigned_slots"."recurrence_count" is null) or ("assigned_slots"."recurrence_type" in ('weekly', 'monthly') and "assigned_slots"."recurrence_interval" between 1 and 4 and "assigned_slots"."recurrence_count" between 1 and 16))
);
--> statement-breakpoint
ALTER TABLE "assigned_slot_pages" ADD CONSTRAINT "assigned_slot_pages_slot_id_assigned_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."assigned_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_slot_pages" ADD CONSTRAINT "assigned_slot_pages_business_page_id_business_pages_id_fk" FOREIGN KEY ("business_page_id") REFERENCES "public"."business_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_slot_pages" ADD CONSTRAINT "assigned_slot_pages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_slots" ADD CONSTRAINT "assigned_slots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_slots" ADD CONSTRAINT "assigned_slots_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_slots" ADD CONSTRAINT "assigned_slots_tag_id_post_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."post_tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_slots" ADD CONSTRAINT "assigned_slots_business_post_tag_id_business_post_tags_id_fk" FOREIGN KEY ("business_post_tag_id") REFERENCES "public"."business_post_tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_slots" ADD CONSTRAINT "assigned_slots_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assigned_slot_pages_page_idx" ON "assigned_slot_pages" USING btree ("business_page_id");--> statement-breakpoint
CREATE INDEX "assigned_slots_org_time_idx" ON "assigned_slots" USING btree ("organization_id","time");--> statement-breakpoint
CREATE INDEX "assigned_slots_org_assignee_time_idx" ON "assigned_slots" USING btree ("organization_id","assignee_id","time");--> statement-breakpoint
CREATE INDEX "assigned_slots_series_idx" ON "assigned_slots" USING btree ("series_id");