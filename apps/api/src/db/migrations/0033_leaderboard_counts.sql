CREATE TABLE "point_total_counts" (
	"company_id" integer NOT NULL,
	"period" text NOT NULL,
	"period_key" integer NOT NULL,
	"points" integer NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "point_total_counts_company_id_period_period_key_points_pk" PRIMARY KEY("company_id","period","period_key","points")
);
--> statement-breakpoint
ALTER TABLE "point_total_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "point_total_counts" ADD CONSTRAINT "point_total_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "point_total_counts" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "point_total_counts"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "point_total_counts"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
ALTER TABLE "point_total_counts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- How many people hold each total, kept in step with point_totals by every writer (awards, resets, deletions) in the
-- writer's transaction: a total leaving a value takes one from its row, one reaching a value adds one. Rows of 0 stay
-- (a few hundred per period at most) and sum to nothing. It runs as the writer, under the same tenant policy.
CREATE OR REPLACE FUNCTION kampus_point_totals_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.points = NEW.points THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.points > 0 THEN
    UPDATE public.point_total_counts SET people = people - 1
      WHERE company_id = OLD.company_id AND period = OLD.period AND period_key = OLD.period_key AND points = OLD.points;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.points > 0 THEN
    INSERT INTO public.point_total_counts (company_id, period, period_key, points, people)
      VALUES (NEW.company_id, NEW.period, NEW.period_key, NEW.points, 1)
      ON CONFLICT (company_id, period, period_key, points) DO UPDATE SET people = point_total_counts.people + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER point_totals_count AFTER INSERT OR UPDATE OF points OR DELETE ON point_totals
  FOR EACH ROW EXECUTE FUNCTION kampus_point_totals_count();--> statement-breakpoint
INSERT INTO point_total_counts (company_id, period, period_key, points, people)
SELECT company_id, period, period_key, points, count(*)::integer FROM point_totals WHERE points > 0
GROUP BY company_id, period, period_key, points;
