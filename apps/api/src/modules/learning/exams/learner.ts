import { DEADLINE_GRACE_SECONDS, type ExamKind, type MyTest, type MyTestState, type TestSource } from '@kampus/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Who may take an exam (issue 15). An active exam (status 1) is open to a person when
 * - it is a demo exam (practice is open to every signed-in person of the company), or
 * - a published, not cancelled assignment that has started gives it to them as an `exam` item and their row of it is
 *   not cancelled, or
 * - it is an `exam` part, the pre-test or the post-test of an education they are enrolled in.
 * One SQL expression per source, so `/test` reads every exam's sources in one statement.
 */
function sourcesSql(userId: number, exam = sql.raw('e')): SQL {
  return sql`array_remove(array[
    case when ${exam}.kind = 'demo' then 'demo' end,
    case when exists (select 1 from assignment_items i
        join assignments a on a.id = i.assignment_id
        join assignment_users au on au.assignment_id = a.id and au.user_id = ${userId}
      where i.type = 'exam' and i.ref_id = ${exam}.id and a.published_at is not null and a.cancelled_at is null
        and au.cancelled_at is null and current_date >= a.start_date) then 'assignment' end,
    case when exists (select 1 from education_parts p
        join education_enrolments ee on ee.education_id = p.education_id and ee.user_id = ${userId}
      where p.type = 'exam' and p.ref_id = ${exam}.id)
      or exists (select 1 from educations ed
        join education_enrolments ee on ee.education_id = ed.id and ee.user_id = ${userId}
      where ed.pre_test_exam_id = ${exam}.id or ed.post_test_exam_id = ${exam}.id) then 'education' end
  ], null)::text[]`;
}

/** Whether the exam is open to the person (an exam not open to them is 404 to every learner call). */
export async function isOpenTo(tx: Db, userId: number, examId: number): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select cardinality(${sourcesSql(userId)}) as n from exams e
      where e.id = ${examId} and e.status = 1`),
  );
  return (row?.n ?? 0) > 0;
}

/** What an exam's card state is read from. */
export interface StateInput {
  kind: ExamKind;
  attemptsAllowed: number | null;
  waitMinutes: number;
  availableFrom: Date | null;
  availableUntil: Date | null;
  attemptsUsed: number;
  running: { deadlineAt: Date | null } | null;
  last: { state: 'in_progress' | 'pending' | 'scored'; passed: boolean | null; submittedAt: Date | null } | null;
  anyPassed: boolean;
}

/**
 * Where an exam stands for a person, and when the next attempt may start. Pure: `/test`, the start call and the
 * result's "try again" all read it, so they never disagree. A demo exam has no limit and no wait; its passed/retry only
 * says how the last practice went (a demo may always start again).
 */
export function testState(input: StateInput, now: Date): { state: MyTestState; nextAttemptAt: Date | null } {
  const none = { nextAttemptAt: null };
  if (input.running) {
    const deadline = input.running.deadlineAt;
    if (!deadline || deadline.getTime() + DEADLINE_GRACE_SECONDS * 1000 > now.getTime()) {
      return { state: 'in_progress', ...none };
    }
  }
  if (input.last?.state === 'pending') return { state: 'pending', ...none };
  const notYet = input.availableFrom && input.availableFrom > now;
  const over = input.availableUntil && input.availableUntil <= now;
  if (input.kind === 'demo') {
    if (notYet) return { state: 'upcoming', ...none };
    if (over) return { state: 'closed', ...none };
    if (input.last?.state !== 'scored') return { state: 'not_started', ...none };
    return { state: input.last?.passed ? 'passed' : 'retry', ...none };
  }
  if (input.anyPassed) return { state: 'passed', ...none };
  if (notYet) return { state: 'upcoming', ...none };
  if (over) return { state: input.attemptsUsed > 0 ? 'failed' : 'closed', ...none };
  if (input.attemptsUsed === 0) return { state: 'not_started', ...none };
  if (input.attemptsAllowed !== null && input.attemptsUsed >= input.attemptsAllowed)
    return { state: 'failed', ...none };
  const submitted = input.last?.submittedAt;
  if (input.waitMinutes > 0 && submitted) {
    const next = new Date(submitted.getTime() + input.waitMinutes * 60_000);
    if (next > now) return { state: 'waiting', nextAttemptAt: next };
  }
  return { state: 'retry', ...none };
}

/** The start call's refusal for a state in which no attempt may start (null: it may). */
export function refusalOf(state: MyTestState, kind: ExamKind): { key: string } | null {
  if (kind === 'demo' && state === 'passed') return null;
  switch (state) {
    case 'not_started':
    case 'retry':
    case 'in_progress':
      return null;
    case 'passed':
      return { key: 'test.errors.already_passed' };
    case 'pending':
      return { key: 'test.errors.pending' };
    case 'upcoming':
      return { key: 'test.errors.not_open_yet' };
    case 'closed':
      return { key: 'test.errors.closed' };
    case 'waiting':
      return { key: 'test.errors.wait' };
    case 'failed':
      return { key: 'test.errors.no_attempts_left' };
  }
}

interface ExamStateRow {
  id: number;
  kind: ExamKind;
  title: string;
  description: string | null;
  image_url: string | null;
  selection: 'fixed' | 'random';
  fixed_count: number;
  draw_rules: { count?: number }[];
  time_limit_minutes: number | null;
  pass_mark: number;
  attempts_allowed: number | null;
  wait_minutes: number;
  available_from: string | Date | null;
  available_until: string | Date | null;
  sources: TestSource[];
  attempts_used: number;
  running_id: number | null;
  running_deadline: string | Date | null;
  last_id: number | null;
  last_state: 'in_progress' | 'pending' | 'scored' | null;
  last_passed: boolean | null;
  last_submitted: string | Date | null;
  last_score: number | null;
  best_score: number | null;
  any_passed: boolean;
}

const date = (value: string | Date | null) => (value === null ? null : new Date(value));
const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The exams open to the person with everything their cards and the start rule need: one statement. */
function examStatesSql(userId: number, examId?: number): SQL {
  return sql`select * from (select e.id, e.kind, e.title, e.description, e.image_url, e.selection, e.draw_rules,
      e.time_limit_minutes, e.pass_mark, e.attempts_allowed, e.wait_minutes, e.available_from, e.available_until,
      (select count(*)::int from exam_questions q where q.exam_id = e.id) as fixed_count,
      ${sourcesSql(userId)} as sources,
      coalesce(s.used, 0)::int as attempts_used, s.any_passed, s.best_score,
      r.id as running_id, r.deadline_at as running_deadline,
      l.id as last_id, l.state as last_state, l.passed as last_passed, l.submitted_at as last_submitted,
      l.score_percent as last_score
    from exams e
    left join lateral (select count(*) as used, coalesce(bool_or(a.passed), false) as any_passed,
        max(a.score_percent) filter (where a.state = 'scored') as best_score
      from exam_attempts a where a.exam_id = e.id and a.user_id = ${userId}) s on true
    left join lateral (select a.id, a.deadline_at from exam_attempts a
      where a.exam_id = e.id and a.user_id = ${userId} and a.state = 'in_progress') r on true
    left join lateral (select a.id, a.state, a.passed, a.submitted_at, a.score_percent from exam_attempts a
      where a.exam_id = e.id and a.user_id = ${userId} and a.state <> 'in_progress'
      order by a.number desc limit 1) l on true
    where e.status = 1 ${examId === undefined ? sql`` : sql`and e.id = ${examId}`}) x
    where cardinality(x.sources) > 0
    order by x.kind, x.title, x.id`;
}

function present(row: ExamStateRow, now: Date): MyTest {
  const availableFrom = date(row.available_from);
  const availableUntil = date(row.available_until);
  const { state, nextAttemptAt } = testState(
    {
      kind: row.kind,
      attemptsAllowed: row.kind === 'demo' ? null : row.attempts_allowed,
      waitMinutes: row.kind === 'demo' ? 0 : row.wait_minutes,
      availableFrom,
      availableUntil,
      attemptsUsed: row.attempts_used,
      running: row.running_id ? { deadlineAt: date(row.running_deadline) } : null,
      last: row.last_state
        ? { state: row.last_state, passed: row.last_passed, submittedAt: date(row.last_submitted) }
        : null,
      anyPassed: row.any_passed,
    },
    now,
  );
  const allowed = row.kind === 'demo' ? null : row.attempts_allowed;
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    image_url: row.image_url,
    question_count:
      row.selection === 'random'
        ? (row.draw_rules ?? []).reduce((sum, rule) => sum + (Number(rule.count) || 0), 0)
        : row.fixed_count,
    time_limit_minutes: row.time_limit_minutes,
    pass_mark: row.pass_mark,
    attempts_allowed: allowed,
    attempts_used: row.attempts_used,
    attempts_left: allowed === null ? null : Math.max(0, allowed - row.attempts_used),
    available_from: iso(availableFrom),
    available_until: iso(availableUntil),
    state,
    sources: row.sources,
    attempt_id: row.running_id ?? row.last_id,
    deadline_at: row.running_id ? iso(date(row.running_deadline)) : null,
    last_score: row.last_score,
    best_score: row.best_score,
    next_attempt_at: iso(nextAttemptAt),
  };
}

/** `GET api/my/tests`: every exam open to the person with its state. */
export async function myTests(tx: Db, userId: number, now = new Date()): Promise<MyTest[]> {
  const rows = rowsOf<ExamStateRow>(await tx.execute(examStatesSql(userId)));
  return rows.map((row) => present(row, now));
}

/** One exam's card for the person, or null when it is not open to them. */
export async function myTest(tx: Db, userId: number, examId: number, now = new Date()): Promise<MyTest | null> {
  const [row] = rowsOf<ExamStateRow>(await tx.execute(examStatesSql(userId, examId)));
  return row ? present(row, now) : null;
}
