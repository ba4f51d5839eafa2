CREATE TABLE "academy_lesson_progress" (
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"course_slug" text NOT NULL,
	"lesson_slug" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "academy_lesson_progress_user_id_organization_id_course_slug_lesson_slug_pk" PRIMARY KEY("user_id","organization_id","course_slug","lesson_slug")
);
--> statement-breakpoint
CREATE TABLE "academy_quiz_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"course_slug" text NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL,
	"passed" boolean NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_lessons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_audience" (
	"recommendation_id" uuid NOT NULL,
	"team_id" uuid,
	"user_id" uuid,
	CONSTRAINT "recommendation_audience_one_check" CHECK (("recommendation_audience"."team_id" is null) <> ("recommendation_audience"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "recommendation_dismissals" (
	"recommendation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recommendation_dismissals_recommendation_id_user_id_pk" PRIMARY KEY("recommendation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "recommendations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"post_id" uuid,
	"linked_in_post_urn" text NOT NULL,
	"linked_in_post_url" text NOT NULL,
	"preview_text" text DEFAULT '' NOT NULL,
	"preview_author" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"suggested_comments" jsonb NOT NULL,
	"audience" text NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recommendations_audience_check" CHECK ("recommendations"."audience" in ('everyone', 'teams', 'members'))
);
--> statement-breakpoint
CREATE TABLE "ssi_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"brand" integer,
	"people" integer,
	"insights" integer,
	"relationships" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ssi_records_score_check" CHECK ("ssi_records"."score" between 0 and 100),
	CONSTRAINT "ssi_records_pillars_check" CHECK (coalesce("ssi_records"."brand", 0) between 0 and 25 and coalesce("ssi_records"."people", 0) between 0 and 25 and coalesce("ssi_records"."insights", 0) between 0 and 25 and coalesce("ssi_records"."relationships", 0) between 0 and 25)
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "course_slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "holder_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "organization_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_by" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revocation_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reshare_of_urn" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "recommendation_id" uuid;--> statement-breakpoint
ALTER TABLE "academy_lesson_progress" ADD CONSTRAINT "academy_lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academy_lesson_progress" ADD CONSTRAINT "academy_lesson_progress_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academy_quiz_attempts" ADD CONSTRAINT "academy_quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academy_quiz_attempts" ADD CONSTRAINT "academy_quiz_attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_lessons" ADD CONSTRAINT "organization_lessons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_lessons" ADD CONSTRAINT "organization_lessons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_audience" ADD CONSTRAINT "recommendation_audience_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_audience" ADD CONSTRAINT "recommendation_audience_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_audience" ADD CONSTRAINT "recommendation_audience_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_dismissals" ADD CONSTRAINT "recommendation_dismissals_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_dismissals" ADD CONSTRAINT "recommendation_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssi_records" ADD CONSTRAINT "ssi_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academy_lesson_progress_org_course_idx" ON "academy_lesson_progress" USING btree ("organization_id","course_slug");--> statement-breakpoint
CREATE INDEX "academy_quiz_attempts_user_course_idx" ON "academy_quiz_attempts" USING btree ("user_id","organization_id","course_slug","submitted_at");--> statement-breakpoint
CREATE INDEX "organization_lessons_org_idx" ON "organization_lessons" USING btree ("organization_id","position");--> statement-breakpoint
CREATE INDEX "recommendation_audience_rec_idx" ON "recommendation_audience" USING btree ("recommendation_id");--> statement-breakpoint
CREATE INDEX "recommendation_audience_user_idx" ON "recommendation_audience" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recommendation_audience_team_idx" ON "recommendation_audience" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "recommendations_org_created_idx" ON "recommendations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "ssi_records_user_recorded_idx" ON "ssi_records" USING btree ("user_id","recorded_at");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_org_issued_idx" ON "certificates" USING btree ("organization_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_live_unique" ON "certificates" USING btree ("user_id","organization_id","course_slug") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "posts_recommendation_idx" ON "posts" USING btree ("recommendation_id");