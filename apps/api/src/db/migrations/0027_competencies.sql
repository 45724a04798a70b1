CREATE TABLE "competencies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"category_id" integer,
	"names" jsonb NOT NULL,
	"description" text,
	"levels" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competencies_status_check" CHECK ("competencies"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "competencies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "competency_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competency_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competency_categories_status_check" CHECK ("competency_categories"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "competency_categories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "competency_group_targets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competency_group_targets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"competency_id" integer NOT NULL,
	"level" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competency_group_targets_level_check" CHECK ("competency_group_targets"."level" > 0)
);
--> statement-breakpoint
ALTER TABLE "competency_group_targets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "competency_level_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competency_level_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"competency_id" integer NOT NULL,
	"from_level" integer,
	"to_level" integer,
	"source" text NOT NULL,
	"rule_id" integer,
	"set_by" integer,
	"note" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competency_level_history_source_check" CHECK ("competency_level_history"."source" in ('manual', 'rule'))
);
--> statement-breakpoint
ALTER TABLE "competency_level_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "competency_person_levels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competency_person_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"competency_id" integer NOT NULL,
	"level" integer NOT NULL,
	"source" text NOT NULL,
	"rule_id" integer,
	"set_by" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competency_person_levels_source_check" CHECK ("competency_person_levels"."source" in ('manual', 'rule')),
	CONSTRAINT "competency_person_levels_level_check" CHECK ("competency_person_levels"."level" > 0)
);
--> statement-breakpoint
ALTER TABLE "competency_person_levels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "competency_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competency_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"ref_id" integer NOT NULL,
	"min_score" integer,
	"competency_id" integer NOT NULL,
	"level" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competency_rules_trigger_check" CHECK ("competency_rules"."trigger" in ('education_completed', 'program_completed', 'exam_passed')),
	CONSTRAINT "competency_rules_status_check" CHECK ("competency_rules"."status" in (0, 1)),
	CONSTRAINT "competency_rules_level_check" CHECK ("competency_rules"."level" > 0),
	CONSTRAINT "competency_rules_min_score_check" CHECK ("competency_rules"."min_score" is null or "competency_rules"."min_score" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "competency_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "competencies" ADD CONSTRAINT "competencies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competencies" ADD CONSTRAINT "competencies_category_id_competency_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."competency_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_categories" ADD CONSTRAINT "competency_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_group_targets" ADD CONSTRAINT "competency_group_targets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_group_targets" ADD CONSTRAINT "competency_group_targets_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_group_targets" ADD CONSTRAINT "competency_group_targets_competency_id_competencies_id_fk" FOREIGN KEY ("competency_id") REFERENCES "public"."competencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_level_history" ADD CONSTRAINT "competency_level_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_level_history" ADD CONSTRAINT "competency_level_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_level_history" ADD CONSTRAINT "competency_level_history_competency_id_competencies_id_fk" FOREIGN KEY ("competency_id") REFERENCES "public"."competencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_level_history" ADD CONSTRAINT "competency_level_history_rule_id_competency_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."competency_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_level_history" ADD CONSTRAINT "competency_level_history_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_person_levels" ADD CONSTRAINT "competency_person_levels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_person_levels" ADD CONSTRAINT "competency_person_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_person_levels" ADD CONSTRAINT "competency_person_levels_competency_id_competencies_id_fk" FOREIGN KEY ("competency_id") REFERENCES "public"."competencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_person_levels" ADD CONSTRAINT "competency_person_levels_rule_id_competency_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."competency_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_person_levels" ADD CONSTRAINT "competency_person_levels_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_rules" ADD CONSTRAINT "competency_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_rules" ADD CONSTRAINT "competency_rules_competency_id_competencies_id_fk" FOREIGN KEY ("competency_id") REFERENCES "public"."competencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_rules" ADD CONSTRAINT "competency_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competencies_company_category_idx" ON "competencies" USING btree ("company_id","category_id","id");--> statement-breakpoint
CREATE INDEX "competencies_company_created_idx" ON "competencies" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "competency_categories_company_order_idx" ON "competency_categories" USING btree ("company_id","order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "competency_group_targets_group_competency_key" ON "competency_group_targets" USING btree ("group_id","competency_id");--> statement-breakpoint
CREATE INDEX "competency_group_targets_company_group_idx" ON "competency_group_targets" USING btree ("company_id","group_id");--> statement-breakpoint
CREATE INDEX "competency_level_history_company_user_idx" ON "competency_level_history" USING btree ("company_id","user_id","set_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "competency_person_levels_user_competency_key" ON "competency_person_levels" USING btree ("user_id","competency_id");--> statement-breakpoint
CREATE INDEX "competency_person_levels_company_competency_idx" ON "competency_person_levels" USING btree ("company_id","competency_id","level");--> statement-breakpoint
CREATE INDEX "competency_person_levels_company_user_idx" ON "competency_person_levels" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "competency_rules_company_trigger_idx" ON "competency_rules" USING btree ("company_id","trigger","ref_id","status");--> statement-breakpoint
CREATE INDEX "competency_rules_company_created_idx" ON "competency_rules" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "competencies" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "competencies"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "competencies"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "competency_categories" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "competency_categories"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "competency_categories"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "competency_group_targets" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "competency_group_targets"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "competency_group_targets"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "competency_level_history" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "competency_level_history"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "competency_level_history"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "competency_person_levels" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "competency_person_levels"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "competency_person_levels"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "competency_rules" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "competency_rules"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "competency_rules"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
ALTER TABLE "competency_categories" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "competencies" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "competency_rules" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "competency_person_levels" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "competency_level_history" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "competency_group_targets" FORCE ROW LEVEL SECURITY;
