CREATE TABLE "education_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "education_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"parent_id" integer,
	"names" jsonb NOT NULL,
	"icon" text DEFAULT 'school' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "education_categories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "education_enrolments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "education_enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"education_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text DEFAULT 'self' NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"finished_rate" smallint DEFAULT 0 NOT NULL,
	"completed_parts" integer DEFAULT 0 NOT NULL,
	"due_at" date,
	"enrolled_by" integer,
	"started_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "education_enrolments_status_check" CHECK ("education_enrolments"."status" in ('not_started', 'in_progress', 'completed')),
	CONSTRAINT "education_enrolments_source_check" CHECK ("education_enrolments"."source" in ('self', 'admin', 'program', 'assignment')),
	CONSTRAINT "education_enrolments_rate_check" CHECK ("education_enrolments"."finished_rate" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "education_enrolments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "education_hashtags" (
	"company_id" integer NOT NULL,
	"education_id" integer NOT NULL,
	"hashtag_id" integer NOT NULL,
	CONSTRAINT "education_hashtags_education_id_hashtag_id_pk" PRIMARY KEY("education_id","hashtag_id")
);
--> statement-breakpoint
ALTER TABLE "education_hashtags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "education_parts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "education_parts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"education_id" integer NOT NULL,
	"type" text NOT NULL,
	"ref_id" integer NOT NULL,
	"position" integer NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	CONSTRAINT "education_parts_type_check" CHECK ("education_parts"."type" in ('content'))
);
--> statement-breakpoint
ALTER TABLE "education_parts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "educations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "educations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"sub_title" text,
	"description_title" text,
	"description" text,
	"image_url" text,
	"category_id" integer,
	"language" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"estimated_minutes" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"visibility" text DEFAULT 'assigned' NOT NULL,
	"sequential" boolean DEFAULT false NOT NULL,
	"provider" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "educations_visibility_check" CHECK ("educations"."visibility" in ('assigned', 'catalogue')),
	CONSTRAINT "educations_dates_check" CHECK ("educations"."end_date" is null or "educations"."start_date" is null or "educations"."end_date" >= "educations"."start_date")
);
--> statement-breakpoint
ALTER TABLE "educations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "program_enrolments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "program_enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text DEFAULT 'self' NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"finished_rate" smallint DEFAULT 0 NOT NULL,
	"completed_steps" integer DEFAULT 0 NOT NULL,
	"enrolled_by" integer,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_enrolments_status_check" CHECK ("program_enrolments"."status" in ('not_started', 'in_progress', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "program_enrolments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "program_steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "program_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"education_id" integer NOT NULL,
	"position" integer NOT NULL,
	"deadline_days" integer
);
--> statement-breakpoint
ALTER TABLE "program_steps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image_url" text,
	"sequential" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "content_enrolments" DROP CONSTRAINT "content_enrolments_source_check";--> statement-breakpoint
ALTER TABLE "education_categories" ADD CONSTRAINT "education_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_categories" ADD CONSTRAINT "education_categories_parent_id_education_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."education_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_enrolments" ADD CONSTRAINT "education_enrolments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_enrolments" ADD CONSTRAINT "education_enrolments_education_id_educations_id_fk" FOREIGN KEY ("education_id") REFERENCES "public"."educations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_enrolments" ADD CONSTRAINT "education_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_enrolments" ADD CONSTRAINT "education_enrolments_enrolled_by_users_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_hashtags" ADD CONSTRAINT "education_hashtags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_hashtags" ADD CONSTRAINT "education_hashtags_education_id_educations_id_fk" FOREIGN KEY ("education_id") REFERENCES "public"."educations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_hashtags" ADD CONSTRAINT "education_hashtags_hashtag_id_hashtags_id_fk" FOREIGN KEY ("hashtag_id") REFERENCES "public"."hashtags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_parts" ADD CONSTRAINT "education_parts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_parts" ADD CONSTRAINT "education_parts_education_id_educations_id_fk" FOREIGN KEY ("education_id") REFERENCES "public"."educations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_category_id_education_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."education_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_enrolments" ADD CONSTRAINT "program_enrolments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_enrolments" ADD CONSTRAINT "program_enrolments_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_enrolments" ADD CONSTRAINT "program_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_enrolments" ADD CONSTRAINT "program_enrolments_enrolled_by_users_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_steps" ADD CONSTRAINT "program_steps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_steps" ADD CONSTRAINT "program_steps_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_steps" ADD CONSTRAINT "program_steps_education_id_educations_id_fk" FOREIGN KEY ("education_id") REFERENCES "public"."educations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "education_categories_company_idx" ON "education_categories" USING btree ("company_id","parent_id","order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "education_enrolments_education_user_key" ON "education_enrolments" USING btree ("education_id","user_id");--> statement-breakpoint
CREATE INDEX "education_enrolments_user_idx" ON "education_enrolments" USING btree ("company_id","user_id","status","last_activity_at");--> statement-breakpoint
CREATE INDEX "education_enrolments_education_idx" ON "education_enrolments" USING btree ("company_id","education_id","status");--> statement-breakpoint
CREATE INDEX "education_hashtags_hashtag_idx" ON "education_hashtags" USING btree ("company_id","hashtag_id");--> statement-breakpoint
CREATE INDEX "education_parts_education_idx" ON "education_parts" USING btree ("education_id","position");--> statement-breakpoint
CREATE INDEX "education_parts_ref_idx" ON "education_parts" USING btree ("company_id","type","ref_id");--> statement-breakpoint
CREATE INDEX "educations_company_created_idx" ON "educations" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "educations_company_title_idx" ON "educations" USING btree ("company_id","title","id");--> statement-breakpoint
CREATE INDEX "educations_company_category_idx" ON "educations" USING btree ("company_id","category_id","id");--> statement-breakpoint
CREATE INDEX "educations_company_catalogue_idx" ON "educations" USING btree ("company_id","visibility","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "program_enrolments_program_user_key" ON "program_enrolments" USING btree ("program_id","user_id");--> statement-breakpoint
CREATE INDEX "program_enrolments_user_idx" ON "program_enrolments" USING btree ("company_id","user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "program_steps_program_education_key" ON "program_steps" USING btree ("program_id","education_id");--> statement-breakpoint
CREATE INDEX "program_steps_program_idx" ON "program_steps" USING btree ("program_id","position");--> statement-breakpoint
CREATE INDEX "program_steps_education_idx" ON "program_steps" USING btree ("company_id","education_id");--> statement-breakpoint
CREATE INDEX "programs_company_created_idx" ON "programs" USING btree ("company_id","created_at","id");--> statement-breakpoint
ALTER TABLE "content_enrolments" ADD CONSTRAINT "content_enrolments_source_check" CHECK ("content_enrolments"."source" in ('direct', 'assignment', 'education'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "education_categories" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "education_categories"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "education_categories"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "education_enrolments" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "education_enrolments"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "education_enrolments"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "education_hashtags" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "education_hashtags"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "education_hashtags"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "education_parts" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "education_parts"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "education_parts"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "educations" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "educations"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "educations"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "program_enrolments" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "program_enrolments"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "program_enrolments"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "program_steps" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "program_steps"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "program_steps"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "programs" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "programs"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "programs"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
ALTER TABLE "education_categories" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "educations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "education_hashtags" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "education_parts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "education_enrolments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "programs" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "program_steps" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "program_enrolments" FORCE ROW LEVEL SECURITY;
