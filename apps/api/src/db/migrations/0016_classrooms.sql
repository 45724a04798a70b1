CREATE TABLE "classroom_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "classroom_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"position" integer,
	"attendance" text,
	"attended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_registrations_status_check" CHECK ("classroom_registrations"."status" in ('registered', 'waitlisted', 'cancelled')),
	CONSTRAINT "classroom_registrations_attendance_check" CHECK ("classroom_registrations"."attendance" is null or "classroom_registrations"."attendance" in ('present', 'absent', 'excused'))
);
--> statement-breakpoint
ALTER TABLE "classroom_registrations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "classroom_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "classroom_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'Europe/Istanbul' NOT NULL,
	"place" text,
	"online_url" text,
	"capacity" integer NOT NULL,
	"instructor_user_id" integer,
	"instructor_name" text,
	"status" text DEFAULT 'active' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_sessions_status_check" CHECK ("classroom_sessions"."status" in ('active', 'cancelled')),
	CONSTRAINT "classroom_sessions_time_check" CHECK ("classroom_sessions"."ends_at" > "classroom_sessions"."starts_at"),
	CONSTRAINT "classroom_sessions_capacity_check" CHECK ("classroom_sessions"."capacity" > 0)
);
--> statement-breakpoint
ALTER TABLE "classroom_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "classroom_trainings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "classroom_trainings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image_url" text,
	"category_id" integer,
	"language" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"default_place" text,
	"default_online_url" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classroom_trainings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "education_parts" DROP CONSTRAINT "education_parts_type_check";--> statement-breakpoint
ALTER TABLE "classroom_registrations" ADD CONSTRAINT "classroom_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_registrations" ADD CONSTRAINT "classroom_registrations_training_id_classroom_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."classroom_trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_registrations" ADD CONSTRAINT "classroom_registrations_session_id_classroom_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_registrations" ADD CONSTRAINT "classroom_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_sessions" ADD CONSTRAINT "classroom_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_sessions" ADD CONSTRAINT "classroom_sessions_training_id_classroom_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."classroom_trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_sessions" ADD CONSTRAINT "classroom_sessions_instructor_user_id_users_id_fk" FOREIGN KEY ("instructor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_trainings" ADD CONSTRAINT "classroom_trainings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_trainings" ADD CONSTRAINT "classroom_trainings_category_id_education_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."education_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_trainings" ADD CONSTRAINT "classroom_trainings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_registrations_session_user_key" ON "classroom_registrations" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_registrations_live_key" ON "classroom_registrations" USING btree ("training_id","user_id") WHERE "classroom_registrations"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "classroom_registrations_session_idx" ON "classroom_registrations" USING btree ("company_id","session_id","status","position");--> statement-breakpoint
CREATE INDEX "classroom_registrations_user_idx" ON "classroom_registrations" USING btree ("company_id","user_id","training_id");--> statement-breakpoint
CREATE INDEX "classroom_sessions_training_idx" ON "classroom_sessions" USING btree ("company_id","training_id","starts_at");--> statement-breakpoint
CREATE INDEX "classroom_trainings_company_created_idx" ON "classroom_trainings" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "classroom_trainings_company_title_idx" ON "classroom_trainings" USING btree ("company_id","title","id");--> statement-breakpoint
ALTER TABLE "education_parts" ADD CONSTRAINT "education_parts_type_check" CHECK ("education_parts"."type" in ('content', 'classroom'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "classroom_registrations" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "classroom_registrations"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "classroom_registrations"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "classroom_sessions" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "classroom_sessions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "classroom_sessions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "classroom_trainings" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "classroom_trainings"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "classroom_trainings"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
-- Hand-written (keep at the end): the owner is held to the tenant policies too, as in 0009.
ALTER TABLE "classroom_trainings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "classroom_sessions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "classroom_registrations" FORCE ROW LEVEL SECURITY;
