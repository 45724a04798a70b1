CREATE TABLE "content_enrolments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text DEFAULT 'direct' NOT NULL,
	"group_id" integer,
	"assignment_id" integer,
	"due_at" timestamp with time zone,
	"enrolled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_enrolments_source_check" CHECK ("content_enrolments"."source" in ('direct', 'assignment'))
);
--> statement-breakpoint
ALTER TABLE "content_enrolments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "content_hashtags" (
	"company_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"hashtag_id" integer NOT NULL,
	CONSTRAINT "content_hashtags_content_id_hashtag_id_pk" PRIMARY KEY("content_id","hashtag_id")
);
--> statement-breakpoint
ALTER TABLE "content_hashtags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "content_marker_answers" (
	"company_id" integer NOT NULL,
	"marker_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"correct" boolean,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_marker_answers_marker_id_user_id_pk" PRIMARY KEY("marker_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "content_marker_answers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "content_markers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_markers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"type_id" smallint NOT NULL,
	"second" double precision NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_markers_type_check" CHECK ("content_markers"."type_id" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "content_markers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "content_progress" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_progress_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"watched_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"pages_seen" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	"score" double precision,
	"success" text,
	"cmi" jsonb,
	"session" uuid,
	"seq" integer DEFAULT -1 NOT NULL,
	"session_started_at" timestamp with time zone,
	"session_credited" double precision DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_progress_status_check" CHECK ("content_progress"."status" in ('in_progress', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "content_progress" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"number" integer NOT NULL,
	"file_url" text,
	"file_name" text,
	"file_size" bigint,
	"mime" text,
	"duration_seconds" integer,
	"page_count" integer,
	"scorm" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "contents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"cover_url" text,
	"duration_seconds" integer,
	"language" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"guard_enabled" boolean DEFAULT true NOT NULL,
	"completion_threshold" smallint DEFAULT 95 NOT NULL,
	"min_reading_seconds" integer,
	"external_url" text,
	"body" text,
	"current_version_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contents_type_check" CHECK ("contents"."type" in ('video', 'document', 'scorm', 'link', 'page')),
	CONSTRAINT "contents_threshold_check" CHECK ("contents"."completion_threshold" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "contents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "content_enrolments" ADD CONSTRAINT "content_enrolments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_enrolments" ADD CONSTRAINT "content_enrolments_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_enrolments" ADD CONSTRAINT "content_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_enrolments" ADD CONSTRAINT "content_enrolments_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_enrolments" ADD CONSTRAINT "content_enrolments_enrolled_by_users_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_hashtags" ADD CONSTRAINT "content_hashtags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_hashtags" ADD CONSTRAINT "content_hashtags_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_hashtags" ADD CONSTRAINT "content_hashtags_hashtag_id_hashtags_id_fk" FOREIGN KEY ("hashtag_id") REFERENCES "public"."hashtags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_marker_answers" ADD CONSTRAINT "content_marker_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_marker_answers" ADD CONSTRAINT "content_marker_answers_marker_id_content_markers_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."content_markers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_marker_answers" ADD CONSTRAINT "content_marker_answers_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_marker_answers" ADD CONSTRAINT "content_marker_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_markers" ADD CONSTRAINT "content_markers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_markers" ADD CONSTRAINT "content_markers_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_progress" ADD CONSTRAINT "content_progress_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_progress" ADD CONSTRAINT "content_progress_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_progress" ADD CONSTRAINT "content_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_progress" ADD CONSTRAINT "content_progress_version_id_content_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."content_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_enrolments_content_user_key" ON "content_enrolments" USING btree ("content_id","user_id");--> statement-breakpoint
CREATE INDEX "content_enrolments_user_idx" ON "content_enrolments" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "content_enrolments_content_idx" ON "content_enrolments" USING btree ("company_id","content_id","id");--> statement-breakpoint
CREATE INDEX "content_hashtags_hashtag_idx" ON "content_hashtags" USING btree ("company_id","hashtag_id");--> statement-breakpoint
CREATE INDEX "content_marker_answers_content_idx" ON "content_marker_answers" USING btree ("company_id","content_id","user_id");--> statement-breakpoint
CREATE INDEX "content_markers_content_idx" ON "content_markers" USING btree ("company_id","content_id","second");--> statement-breakpoint
CREATE UNIQUE INDEX "content_progress_user_version_key" ON "content_progress" USING btree ("user_id","version_id");--> statement-breakpoint
CREATE INDEX "content_progress_content_idx" ON "content_progress" USING btree ("company_id","content_id","user_id");--> statement-breakpoint
CREATE INDEX "content_progress_user_idx" ON "content_progress" USING btree ("company_id","user_id","content_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_content_number_key" ON "content_versions" USING btree ("content_id","number");--> statement-breakpoint
CREATE INDEX "content_versions_company_idx" ON "content_versions" USING btree ("company_id","content_id");--> statement-breakpoint
CREATE INDEX "contents_company_created_idx" ON "contents" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contents_company_title_idx" ON "contents" USING btree ("company_id","title","id");--> statement-breakpoint
CREATE INDEX "contents_company_type_idx" ON "contents" USING btree ("company_id","type","id");--> statement-breakpoint
CREATE INDEX "contents_company_status_idx" ON "contents" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "content_enrolments" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "content_enrolments"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "content_enrolments"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "content_hashtags" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "content_hashtags"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "content_hashtags"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "content_marker_answers" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "content_marker_answers"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "content_marker_answers"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "content_markers" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "content_markers"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "content_markers"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "content_progress" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "content_progress"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "content_progress"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "content_versions" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "content_versions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "content_versions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "contents" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "contents"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "contents"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
ALTER TABLE "contents" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_versions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_hashtags" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_markers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_enrolments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_progress" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_marker_answers" FORCE ROW LEVEL SECURITY;
