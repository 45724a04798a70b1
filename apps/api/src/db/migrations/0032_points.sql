CREATE TABLE "leaderboard_exclusions" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_exclusions_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_exclusions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "leaderboard_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"periods" text[] DEFAULT '{week,month,season,all}' NOT NULL,
	"scopes" text[] DEFAULT '{company,group}' NOT NULL,
	"season" integer DEFAULT 1 NOT NULL,
	"season_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leaderboard_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "point_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rule_id" integer,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"points" integer NOT NULL,
	"season" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "point_ledger" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "point_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"daily_cap" integer,
	"scale_by_score" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_rules_status_check" CHECK ("point_rules"."status" in (0, 1)),
	CONSTRAINT "point_rules_points_check" CHECK ("point_rules"."points" between 0 and 10000),
	CONSTRAINT "point_rules_daily_cap_check" CHECK ("point_rules"."daily_cap" is null or "point_rules"."daily_cap" > 0)
);
--> statement-breakpoint
ALTER TABLE "point_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "point_season_standings" (
	"company_id" integer NOT NULL,
	"season" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	"rank" integer NOT NULL,
	"season_started_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_season_standings_company_id_season_user_id_pk" PRIMARY KEY("company_id","season","user_id")
);
--> statement-breakpoint
ALTER TABLE "point_season_standings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "point_totals" (
	"company_id" integer NOT NULL,
	"period" text NOT NULL,
	"period_key" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_totals_company_id_period_period_key_user_id_pk" PRIMARY KEY("company_id","period","period_key","user_id"),
	CONSTRAINT "point_totals_period_check" CHECK ("point_totals"."period" in ('week', 'month', 'season', 'all'))
);
--> statement-breakpoint
ALTER TABLE "point_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "leaderboard_exclusions" ADD CONSTRAINT "leaderboard_exclusions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_exclusions" ADD CONSTRAINT "leaderboard_exclusions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_settings" ADD CONSTRAINT "leaderboard_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_rule_id_point_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."point_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_rules" ADD CONSTRAINT "point_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_season_standings" ADD CONSTRAINT "point_season_standings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_season_standings" ADD CONSTRAINT "point_season_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_totals" ADD CONSTRAINT "point_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_totals" ADD CONSTRAINT "point_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_ledger_source_idx" ON "point_ledger" USING btree ("company_id","user_id","kind","source_key");--> statement-breakpoint
CREATE INDEX "point_ledger_company_user_idx" ON "point_ledger" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_rules_company_kind_idx" ON "point_rules" USING btree ("company_id","kind");--> statement-breakpoint
CREATE INDEX "point_season_standings_rank_idx" ON "point_season_standings" USING btree ("company_id","season","rank");--> statement-breakpoint
CREATE INDEX "point_totals_rank_idx" ON "point_totals" USING btree ("company_id","period","period_key","points" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "leaderboard_exclusions" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "leaderboard_exclusions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "leaderboard_exclusions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "leaderboard_settings" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "leaderboard_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "leaderboard_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "point_ledger" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "point_ledger"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "point_ledger"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "point_rules" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "point_rules"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "point_rules"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "point_season_standings" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "point_season_standings"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "point_season_standings"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "point_totals" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "point_totals"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "point_totals"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
-- Hand-written: the owner is held to the policy too, as on every tenant table (see 0009).
ALTER TABLE "leaderboard_exclusions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "leaderboard_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "point_ledger" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "point_rules" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "point_season_standings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "point_totals" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Hand-written: every existing company gets one rule of each kind, switched off (rules.ts DEFAULT_POINT_RULES).
INSERT INTO "point_rules" ("company_id", "kind", "points", "daily_cap", "scale_by_score", "status")
SELECT c.id, d.kind, d.points, d.daily_cap, d.scale_by_score, 0
FROM "companies" c CROSS JOIN (VALUES
  ('sign_in', 5, 5, false), ('content_completed', 10, 100, false), ('education_completed', 50, NULL, false),
  ('program_completed', 100, NULL, false), ('exam_passed', 30, NULL, true), ('survey_answered', 10, 50, false),
  ('certificate_earned', 40, NULL, false), ('assignment_completed_early', 25, NULL, false)
) AS d(kind, points, daily_cap, scale_by_score)
ON CONFLICT DO NOTHING;
