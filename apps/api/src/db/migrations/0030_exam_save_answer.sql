-- Hand-written (issue 15): an answer save in one statement, one round trip. Thousands of learners save an answer every
-- few seconds during an exam; as a transaction (BEGIN with the tenant, the attempt and its slot, the write, COMMIT) a
-- save cost four round trips and the server's CPU for each. Called on its own (autocommit), this function is the whole
-- transaction: it sets the tenant first, so row-level security holds every statement below to the company (SECURITY
-- INVOKER: it runs as the application role), and each statement also names the company, so that it refuses another
-- company's rows under the system scope as well. The rules are the ones of `attempts.ts` (checkHold, requireRunning):
-- the person's own attempt (else not_found), in progress (submitted), not past deadline + grace (time_up), not held
-- by another fresh tab (open_elsewhere), a slot at that position (not_found), the answer of the question's type
-- (answer_type); the answer is written only when its seq is above the stored one; the hold is written when it changes
-- or is older than the refresh interval. The times come from the application (p_now), as before.
-- The attempt row is read FOR KEY SHARE: a submit (which locks it FOR UPDATE and scores the stored answers) and a save
-- take turns, so an answer acknowledged as saved is always one the submit scored, never written after the scoring.
CREATE OR REPLACE FUNCTION kampus_exam_save_answer(
  p_company_id integer,
  p_user_id integer,
  p_attempt_id integer,
  p_position integer,
  p_answer jsonb,
  p_answer_type text,
  p_seq integer,
  p_holder text,
  p_now timestamptz,
  p_grace_ms integer,
  p_hold_ms integer,
  p_refresh_ms integer
) RETURNS TABLE (outcome text, seq integer, saved boolean)
  LANGUAGE plpgsql VOLATILE SECURITY INVOKER
  AS $$
#variable_conflict use_column
DECLARE
  v_state text;
  v_deadline timestamptz;
  v_holder text;
  v_held_at timestamptz;
  v_fresh boolean;
  v_seq integer;
  v_type text;
  v_written integer;
BEGIN
  PERFORM pg_catalog.set_config('app.company_id', p_company_id::text, true);
  SELECT a.state, a.deadline_at, a.holder, a.held_at INTO v_state, v_deadline, v_holder, v_held_at
    FROM public.exam_attempts a
    WHERE a.id = p_attempt_id AND a.user_id = p_user_id AND a.company_id = p_company_id
    FOR KEY SHARE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, 0, false;
    RETURN;
  END IF;
  IF v_state <> 'in_progress' THEN
    RETURN QUERY SELECT 'submitted'::text, 0, false;
    RETURN;
  END IF;
  IF v_deadline IS NOT NULL AND p_now > v_deadline + make_interval(secs => p_grace_ms / 1000.0) THEN
    RETURN QUERY SELECT 'time_up'::text, 0, false;
    RETURN;
  END IF;
  v_fresh := v_held_at IS NOT NULL AND p_now - v_held_at < make_interval(secs => p_hold_ms / 1000.0);
  IF v_holder IS NOT NULL AND v_holder <> p_holder AND v_fresh THEN
    RETURN QUERY SELECT 'open_elsewhere'::text, 0, false;
    RETURN;
  END IF;
  SELECT s.seq, v.body ->> 'type' INTO v_seq, v_type
    FROM public.exam_attempt_answers s
    LEFT JOIN public.question_versions v ON v.id = s.question_version_id AND v.company_id = p_company_id
    WHERE s.attempt_id = p_attempt_id AND s.position = p_position AND s.company_id = p_company_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, 0, false;
    RETURN;
  END IF;
  IF p_answer IS NOT NULL AND v_type IS DISTINCT FROM p_answer_type THEN
    RETURN QUERY SELECT 'answer_type'::text, 0, false;
    RETURN;
  END IF;
  saved := false;
  IF p_seq > v_seq THEN
    UPDATE public.exam_attempt_answers s SET answer = p_answer, seq = p_seq, answered_at = p_now
      WHERE s.attempt_id = p_attempt_id AND s.position = p_position AND s.company_id = p_company_id AND s.seq < p_seq
      RETURNING s.seq INTO v_written;
    IF FOUND THEN
      v_seq := v_written;
      saved := true;
    END IF;
  END IF;
  IF v_holder IS DISTINCT FROM p_holder OR NOT v_fresh
    OR p_now - coalesce(v_held_at, 'epoch'::timestamptz) > make_interval(secs => p_refresh_ms / 1000.0) THEN
    UPDATE public.exam_attempts a SET holder = p_holder, held_at = p_now WHERE a.id = p_attempt_id;
  END IF;
  RETURN QUERY SELECT 'saved'::text, v_seq, saved;
END $$;
