ALTER TABLE "assignment_items" DROP CONSTRAINT "assignment_items_type_check";--> statement-breakpoint
ALTER TABLE "education_parts" DROP CONSTRAINT "education_parts_type_check";--> statement-breakpoint
ALTER TABLE "educations" ADD COLUMN "pre_test_exam_id" integer;--> statement-breakpoint
ALTER TABLE "educations" ADD COLUMN "post_test_exam_id" integer;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_pre_test_exam_id_exams_id_fk" FOREIGN KEY ("pre_test_exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_post_test_exam_id_exams_id_fk" FOREIGN KEY ("post_test_exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_items" ADD CONSTRAINT "assignment_items_type_check" CHECK ("assignment_items"."type" in ('education', 'program', 'content', 'survey', 'exam'));--> statement-breakpoint
ALTER TABLE "education_parts" ADD CONSTRAINT "education_parts_type_check" CHECK ("education_parts"."type" in ('content', 'classroom', 'exam'));--> statement-breakpoint
-- Hand-written: the pre/post comparison of the `pre-post-reports` report, per education and enrolled learner — the
-- best scored pre-test and post-test result and their difference. A view over the attempts, so it is always what the
-- attempts say; security_invoker keeps the tables' row-level security in force for whoever reads it.
CREATE VIEW "education_pre_post" WITH (security_invoker = true) AS
SELECT en.company_id, en.education_id, en.user_id, s.best_pre, s.best_post, s.best_post - s.best_pre AS delta
FROM education_enrolments en
JOIN educations e ON e.id = en.education_id
CROSS JOIN LATERAL (
  SELECT
    (SELECT max(a.score_percent) FROM exam_attempts a
      WHERE a.exam_id = e.pre_test_exam_id AND a.user_id = en.user_id AND a.state = 'scored') AS best_pre,
    (SELECT max(a.score_percent) FROM exam_attempts a
      WHERE a.exam_id = e.post_test_exam_id AND a.user_id = en.user_id AND a.state = 'scored') AS best_post
) s
WHERE e.pre_test_exam_id IS NOT NULL OR e.post_test_exam_id IS NOT NULL;
