CREATE TABLE "exam_attempt_answers" (
	"company_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_version_id" integer NOT NULL,
	"option_order" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb,
	"seq" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"outcome" text,
	"points" real,
	"max_points" real NOT NULL,
	"graded_by" integer,
	"graded_at" timestamp with time zone,
	"feedback" text,
	CONSTRAINT "exam_attempt_answers_attempt_id_position_pk" PRIMARY KEY("attempt_id","position")
);
--> statement-breakpoint
ALTER TABLE "exam_attempt_answers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'in_progress' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submit_reason" text,
	"scored_at" timestamp with time zone,
	"points" real,
	"max_points" real DEFAULT 0 NOT NULL,
	"score_percent" real,
	"passed" boolean,
	"holder" text,
	"held_at" timestamp with time zone,
	"tab_leaves" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"company_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "exam_questions_exam_id_question_id_pk" PRIMARY KEY("exam_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "exam_questions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" text DEFAULT 'exam' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image_url" text,
	"language" text NOT NULL,
	"category_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"selection" text DEFAULT 'fixed' NOT NULL,
	"draw_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"time_limit_minutes" integer,
	"pass_mark" integer DEFAULT 70 NOT NULL,
	"attempts_allowed" integer,
	"wait_minutes" integer DEFAULT 0 NOT NULL,
	"reveal" text DEFAULT 'after_attempt' NOT NULL,
	"layout" text DEFAULT 'one_per_page' NOT NULL,
	"available_from" timestamp with time zone,
	"available_until" timestamp with time zone,
	"block_copy_paste" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_pass_mark_check" CHECK ("exams"."pass_mark" between 0 and 100),
	CONSTRAINT "exams_window_check" CHECK ("exams"."available_until" is null or "exams"."available_from" is null or "exams"."available_until" > "exams"."available_from")
);
--> statement-breakpoint
ALTER TABLE "exams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_attempt_answers" ADD CONSTRAINT "exam_attempt_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt_answers" ADD CONSTRAINT "exam_attempt_answers_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt_answers" ADD CONSTRAINT "exam_attempt_answers_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt_answers" ADD CONSTRAINT "exam_attempt_answers_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_category_id_education_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."education_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_attempt_answers_version_idx" ON "exam_attempt_answers" USING btree ("company_id","question_version_id");--> statement-breakpoint
CREATE INDEX "exam_attempt_answers_pending_idx" ON "exam_attempt_answers" USING btree ("company_id","attempt_id") WHERE "exam_attempt_answers"."outcome" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_user_number_key" ON "exam_attempts" USING btree ("exam_id","user_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_open_key" ON "exam_attempts" USING btree ("exam_id","user_id") WHERE "exam_attempts"."state" = 'in_progress';--> statement-breakpoint
CREATE INDEX "exam_attempts_company_exam_idx" ON "exam_attempts" USING btree ("company_id","exam_id","state");--> statement-breakpoint
CREATE INDEX "exam_attempts_deadline_idx" ON "exam_attempts" USING btree ("deadline_at") WHERE "exam_attempts"."state" = 'in_progress';--> statement-breakpoint
CREATE INDEX "exam_questions_question_idx" ON "exam_questions" USING btree ("company_id","question_id");--> statement-breakpoint
CREATE INDEX "exams_company_created_idx" ON "exams" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exam_attempt_answers" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "exam_attempt_answers"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "exam_attempt_answers"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exam_attempts" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "exam_attempts"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "exam_attempts"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exam_questions" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "exam_questions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "exam_questions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exams" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "exams"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "exams"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
-- Hand-written: the tables answer to RLS even for their owner, like every tenant table (0009).
ALTER TABLE "exams" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_questions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_attempts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_attempt_answers" FORCE ROW LEVEL SECURITY;
