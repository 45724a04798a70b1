-- Hand-written (issue 15): an exam submit in two round trips instead of a transaction of a dozen. When thousands of
-- learners finish an exam within the same minute, every submit held a pooled connection for its whole transaction
-- (BEGIN with the tenant, the attempt locked, the exam, the answers, their versions, the scoring writes, the audit
-- rows, COMMIT), and the answer saves of everyone still writing waited for a connection (bench:exam,
-- docs/architecture.md). Now the server reads what it scores with one statement, scores in the application
-- (`scoreAnswer`), and writes the result with a second one that checks nothing changed in between. Both set the tenant
-- first (row-level security holds every statement to the company: SECURITY INVOKER, the application role) and name
-- the company as well, as `kampus_exam_save_answer` (0030) does. Called inside a transaction they are statements of it.

-- What a submit scores: the attempt (the person's own, or any person's when p_user_id is null: the deadline job), its
-- exam's pass mark and kind, and each answer slot with the seq it was read at and its question version's body.
-- No row: the attempt is not the person's (or not the company's). A row with a null position: an attempt without slots.
CREATE OR REPLACE FUNCTION kampus_exam_submission(p_company_id integer, p_user_id integer, p_attempt_id integer)
  RETURNS TABLE (
    state text, deadline_at timestamptz, user_id integer, exam_id integer, exam_kind text, pass_mark integer,
    "position" integer, seq integer, answer jsonb, max_points real, body jsonb
  )
  LANGUAGE plpgsql VOLATILE SECURITY INVOKER
  AS $$
#variable_conflict use_column
BEGIN
  PERFORM pg_catalog.set_config('app.company_id', p_company_id::text, true);
  RETURN QUERY
    SELECT a.state, a.deadline_at, a.user_id, e.id, e.kind, e.pass_mark, s.position, s.seq, s.answer, s.max_points,
      v.body
    FROM public.exam_attempts a
    JOIN public.exams e ON e.id = a.exam_id AND e.company_id = p_company_id
    LEFT JOIN public.exam_attempt_answers s ON s.attempt_id = a.id AND s.company_id = p_company_id
    LEFT JOIN public.question_versions v ON v.id = s.question_version_id AND v.company_id = p_company_id
    WHERE a.id = p_attempt_id AND a.company_id = p_company_id AND (p_user_id IS NULL OR a.user_id = p_user_id)
    ORDER BY s.position;
END $$;
--> statement-breakpoint

-- Writes a scored submit: each slot's outcome and points (p_scores: [{position, seq, outcome, points}], seq as read),
-- the attempt's totals and state, and the audit rows of the submit and its result (p_audit: the rows `record` would
-- insert, as JSON from the application's `recordedInStatement`). The attempt is locked first: a save in flight (FOR KEY
-- SHARE) ends before, and one that comes after finds it submitted. When the attempt is no longer in progress it answers
-- 'not_in_progress'; when a slot's seq differs from the one scored (an answer saved between the read and this write)
-- it answers 'changed' and writes nothing, and the application scores again. Otherwise 'submitted'.
CREATE OR REPLACE FUNCTION kampus_exam_submit(
  p_company_id integer,
  p_attempt_id integer,
  p_scores jsonb,
  p_now timestamptz,
  p_reason text,
  p_state text,
  p_total real,
  p_score_percent real,
  p_passed boolean,
  p_audit jsonb
) RETURNS text
  LANGUAGE plpgsql VOLATILE SECURITY INVOKER
  AS $$
DECLARE
  v_state text;
BEGIN
  PERFORM pg_catalog.set_config('app.company_id', p_company_id::text, true);
  SELECT a.state INTO v_state FROM public.exam_attempts a
    WHERE a.id = p_attempt_id AND a.company_id = p_company_id
    FOR UPDATE;
  IF NOT FOUND OR v_state <> 'in_progress' THEN
    RETURN 'not_in_progress';
  END IF;
  IF EXISTS (
    SELECT 1
      FROM (SELECT s.position, s.seq FROM public.exam_attempt_answers s
        WHERE s.attempt_id = p_attempt_id AND s.company_id = p_company_id) AS s
      FULL JOIN jsonb_to_recordset(p_scores) AS v("position" integer, seq integer) ON v.position = s.position
      WHERE v.seq IS DISTINCT FROM s.seq
  ) THEN
    RETURN 'changed';
  END IF;
  UPDATE public.exam_attempt_answers s SET outcome = v.outcome, points = v.points
    FROM jsonb_to_recordset(p_scores) AS v("position" integer, outcome text, points real)
    WHERE s.attempt_id = p_attempt_id AND s.company_id = p_company_id AND s.position = v.position;
  UPDATE public.exam_attempts a SET
      state = p_state, points = p_total, score_percent = p_score_percent, passed = p_passed,
      submitted_at = p_now, submit_reason = p_reason, scored_at = CASE WHEN p_state = 'scored' THEN p_now END,
      holder = NULL, held_at = NULL, updated_at = p_now
    WHERE a.id = p_attempt_id;
  INSERT INTO public.audit_logs (company_id, actor_user_id, impersonator_id, action, entity_type, entity_id, before,
      after, ip, request_id)
    SELECT r."companyId", r."actorUserId", r."impersonatorId", r.action, r."entityType", r."entityId", r.before,
      r.after, r.ip::inet, r."requestId"
    FROM jsonb_to_recordset(p_audit) AS r("companyId" integer, "actorUserId" integer, "impersonatorId" integer,
      action text, "entityType" text, "entityId" integer, before jsonb, after jsonb, ip text, "requestId" text);
  RETURN 'submitted';
END $$;
