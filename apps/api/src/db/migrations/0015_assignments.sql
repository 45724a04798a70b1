CREATE TABLE "assignment_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignment_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"type" text NOT NULL,
	"ref_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "assignment_items_type_check" CHECK ("assignment_items"."type" in ('education', 'program', 'content'))
);
--> statement-breakpoint
ALTER TABLE "assignment_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "assignment_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignment_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"assignment_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_reminders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "assignment_targets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignment_targets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	CONSTRAINT "assignment_targets_kind_check" CHECK ("assignment_targets"."kind" in ('user', 'group', 'company'))
);
--> statement-breakpoint
ALTER TABLE "assignment_targets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "assignment_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignment_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_users_status_check" CHECK ("assignment_users"."status" in ('not_started', 'in_progress', 'completed')),
	CONSTRAINT "assignment_users_progress_check" CHECK ("assignment_users"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "assignment_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_url" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"duration_minutes" integer,
	"reminder_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remind_overdue" boolean DEFAULT true NOT NULL,
	"target_kind" text NOT NULL,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_dates_check" CHECK ("assignments"."end_date" >= "assignments"."start_date"),
	CONSTRAINT "assignments_target_kind_check" CHECK ("assignments"."target_kind" in ('users', 'groups', 'company'))
);
--> statement-breakpoint
ALTER TABLE "assignments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "assignment_items" ADD CONSTRAINT "assignment_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_items" ADD CONSTRAINT "assignment_items_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_assignment_user_id_assignment_users_id_fk" FOREIGN KEY ("assignment_user_id") REFERENCES "public"."assignment_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_targets" ADD CONSTRAINT "assignment_targets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_targets" ADD CONSTRAINT "assignment_targets_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_users" ADD CONSTRAINT "assignment_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_users" ADD CONSTRAINT "assignment_users_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_users" ADD CONSTRAINT "assignment_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_items_assignment_ref_key" ON "assignment_items" USING btree ("assignment_id","type","ref_id");--> statement-breakpoint
CREATE INDEX "assignment_items_ref_idx" ON "assignment_items" USING btree ("company_id","type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_reminders_user_kind_key" ON "assignment_reminders" USING btree ("assignment_user_id","kind");--> statement-breakpoint
CREATE INDEX "assignment_reminders_company_idx" ON "assignment_reminders" USING btree ("company_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_targets_assignment_ref_key" ON "assignment_targets" USING btree ("assignment_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "assignment_targets_ref_idx" ON "assignment_targets" USING btree ("company_id","kind","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_users_assignment_user_key" ON "assignment_users" USING btree ("assignment_id","user_id");--> statement-breakpoint
CREATE INDEX "assignment_users_user_idx" ON "assignment_users" USING btree ("company_id","user_id","status");--> statement-breakpoint
CREATE INDEX "assignment_users_assignment_idx" ON "assignment_users" USING btree ("company_id","assignment_id","status");--> statement-breakpoint
CREATE INDEX "assignments_company_created_idx" ON "assignments" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "assignments_company_dates_idx" ON "assignments" USING btree ("company_id","end_date","start_date");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "assignment_items" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "assignment_items"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "assignment_items"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "assignment_reminders" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "assignment_reminders"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "assignment_reminders"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "assignment_targets" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "assignment_targets"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "assignment_targets"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "assignment_users" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "assignment_users"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "assignment_users"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "assignments" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "assignments"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "assignments"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
ALTER TABLE "assignments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "assignment_items" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "assignment_targets" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "assignment_users" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "assignment_reminders" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The content capability's direct enrolments become assignments (issue 14): one published assignment of the content
-- per company and content, for the people enrolled, ending on the latest due date (or a year after the first
-- enrolment when none had one). The rows keep their people and progress; they are marked source 'assignment'.
SELECT set_config('app.bypass_rls', 'on', true);
--> statement-breakpoint
CREATE TEMP TABLE "adopted_direct_enrolments" ON COMMIT DROP AS
  SELECT e.company_id, e.content_id, min(e.created_at) AS first_at,
    max(e.due_at)::date AS due_date, (array_agg(e.enrolled_by ORDER BY e.id))[1] AS enrolled_by
  FROM content_enrolments e WHERE e.source = 'direct' GROUP BY e.company_id, e.content_id;
--> statement-breakpoint
ALTER TABLE "adopted_direct_enrolments" ADD COLUMN "assignment_id" integer;
--> statement-breakpoint
UPDATE "adopted_direct_enrolments" a SET assignment_id = nextval(pg_get_serial_sequence('assignments', 'id'));
--> statement-breakpoint
INSERT INTO assignments (id, company_id, name, start_date, end_date, target_kind, reminder_days, remind_overdue,
    published_at, created_by, created_at, updated_at)
  OVERRIDING SYSTEM VALUE
  SELECT a.assignment_id, a.company_id, c.title, a.first_at::date,
    greatest(a.first_at::date, coalesce(a.due_date, (a.first_at + interval '1 year')::date)), 'users', '[]'::jsonb,
    false, a.first_at, a.enrolled_by, a.first_at, now()
  FROM adopted_direct_enrolments a JOIN contents c ON c.id = a.content_id;
--> statement-breakpoint
INSERT INTO assignment_items (company_id, assignment_id, type, ref_id, position)
  SELECT company_id, assignment_id, 'content', content_id, 0 FROM adopted_direct_enrolments;
--> statement-breakpoint
INSERT INTO assignment_targets (company_id, assignment_id, kind, ref_id)
  SELECT a.company_id, a.assignment_id, 'user', e.user_id
  FROM adopted_direct_enrolments a
  JOIN content_enrolments e ON e.company_id = a.company_id AND e.content_id = a.content_id AND e.source = 'direct';
--> statement-breakpoint
INSERT INTO assignment_users (company_id, assignment_id, user_id, status, progress, started_at, last_activity_at,
    completed_at, notified_at, created_at)
  SELECT a.company_id, a.assignment_id, e.user_id,
    CASE WHEN p.completed THEN 'completed' WHEN p.user_id IS NOT NULL THEN 'in_progress' ELSE 'not_started' END,
    CASE WHEN p.completed THEN 100 ELSE coalesce(p.progress, 0) END,
    p.started_at, p.last_at, CASE WHEN p.completed THEN p.completed_at END, e.created_at, e.created_at
  FROM adopted_direct_enrolments a
  JOIN content_enrolments e ON e.company_id = a.company_id AND e.content_id = a.content_id AND e.source = 'direct'
  LEFT JOIN (
    SELECT content_id, user_id, bool_or(status = 'completed') AS completed, max(progress) AS progress,
      min(started_at) AS started_at, max(updated_at) AS last_at, max(completed_at) AS completed_at
    FROM content_progress GROUP BY content_id, user_id
  ) p ON p.content_id = e.content_id AND p.user_id = e.user_id;
--> statement-breakpoint
UPDATE content_enrolments e SET source = 'assignment', assignment_id = a.assignment_id,
    due_at = coalesce(e.due_at, (SELECT (x.end_date + 1)::timestamptz FROM assignments x WHERE x.id = a.assignment_id))
  FROM adopted_direct_enrolments a
  WHERE e.company_id = a.company_id AND e.content_id = a.content_id AND e.source = 'direct';
