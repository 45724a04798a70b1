import { randomInt } from 'node:crypto';
import {
  type AnswerFeedback,
  type AnswerOutcome,
  type AnswerSave,
  ATTEMPT_HOLD_SECONDS,
  type AttemptEvent,
  type AttemptResult,
  DEADLINE_GRACE_SECONDS,
  type DrawRule,
  type GradeInput,
  learnerQuestion,
  type MyAttempt,
  type QuestionAnswer,
  type QuestionBody,
  type QuestionOption,
  revealedAnswer,
  type SubmitReason,
  scoreAnswer,
} from '@kampus/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { uniqueViolationOf } from '../../../db/errors.js';
import { examAttemptAnswers, examAttempts, exams } from '../../../db/schema/index.js';
import { inTenant, readWithRetry } from '../../../db/scope.js';
import type { Actor, Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record, recordedInStatement } from '../../../platform/events.js';
import {
  conflict,
  forbidden,
  HttpError,
  invalidFields,
  invalidFieldsWith,
  notFound,
} from '../../../platform/http/errors.js';
import { myTest, refusalOf } from './learner.js';
import type { ExamQuestionSource } from './questions-source.js';
import { type ExamResult, resultEntry } from './results.js';

export const DEADLINE_JOB = 'exam.deadline';

type AttemptRow = typeof examAttempts.$inferSelect;
type ExamRow = typeof exams.$inferSelect;
type AnswerRow = typeof examAttemptAnswers.$inferSelect;
type Version = Awaited<ReturnType<ExamQuestionSource['versions']>>[number];
/** How `kampus_exam_save_answer` answers. */
type SaveOutcome = 'saved' | 'not_found' | 'submitted' | 'time_up' | 'open_elsewhere' | 'answer_type';

const HOLD_MS = ATTEMPT_HOLD_SECONDS * 1000;
const GRACE_MS = DEADLINE_GRACE_SECONDS * 1000;
/** A save refreshes the hold at most this often (a write of the attempt row saved on most saves). */
const HOLD_REFRESH_MS = 10_000;

const iso = (value: Date | null) => value?.toISOString() ?? null;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Fisher–Yates with the crypto generator (an order a learner cannot predict from the previous one). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The keys whose order an attempt fixes: options, ordering items, the right side of matching pairs. */
function orderedKeys(body: QuestionBody): string[] {
  switch (body.type) {
    case 'single':
    case 'multiple':
      return body.options.map((o) => o.key);
    case 'ordering':
      return body.items.map((o) => o.key);
    case 'matching':
      return body.pairs.map((p) => p.right_key);
    default:
      return [];
  }
}

/**
 * The order shown for one question. Options are shuffled when the exam says so; ordering items and matching right
 * sides always are, since the author's order is the answer (an ordering never starts solved).
 */
export function optionOrderFor(body: QuestionBody, shuffleOptions: boolean): string[] {
  const keys = orderedKeys(body);
  const always = body.type === 'ordering' || body.type === 'matching';
  if (!always && !shuffleOptions) return keys;
  if (keys.length < 2) return keys;
  let order = shuffled(keys);
  for (let tries = 0; always && tries < 5 && order.every((key, i) => key === keys[i]); tries++) order = shuffled(keys);
  return order;
}

const inOrder = (order: string[]) => (options: QuestionOption[]) => {
  const index = new Map(order.map((key, i) => [key, i]));
  return [...options].sort((a, b) => (index.get(a.key) ?? 1e9) - (index.get(b.key) ?? 1e9));
};

/** Who submits when nobody is there: the deadline job (the audit names no person). */
const systemOf = (companyId: number): Initiator => ({ companyId, userId: null, ip: null, requestId: null });

/**
 * The attempt engine (issue 15): starting fixes questions, order, option order and deadline on the server; answers are
 * saved one by one, idempotent and ordered by the client's seq; submitting scores with `scoreAnswer`; a job submits at
 * the deadline; open answers wait for a grader. Every learner call is the person's own attempt, else 404.
 */
export function createAttempts(platform: Platform, source: ExamQuestionSource) {
  const db = platform.database.db;

  async function findExam(tx: Db, examId: number): Promise<ExamRow> {
    const [exam] = await tx.select().from(exams).where(eq(exams.id, examId));
    if (!exam) throw notFound();
    return exam;
  }

  /** The person's own attempt (another person's, another company's or an unknown id is 404). */
  async function ownAttempt(tx: Db, actor: Pick<Actor, 'userId'>, attemptId: number, lock = false) {
    const query = tx
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.userId, actor.userId)));
    const [attempt] = lock ? await query.for('update') : await query;
    if (!attempt) throw notFound();
    return attempt;
  }

  const pastDeadline = (attempt: AttemptRow, now: Date, grace = GRACE_MS) =>
    attempt.deadlineAt !== null && now.getTime() > attempt.deadlineAt.getTime() + grace;

  /** Refuses a call from another tab while the holding tab is fresh; answers whether the hold must be written. */
  function checkHold(attempt: AttemptRow, holder: string, now: Date): boolean {
    const fresh = attempt.heldAt !== null && now.getTime() - attempt.heldAt.getTime() < HOLD_MS;
    if (attempt.holder !== null && attempt.holder !== holder && fresh) {
      throw conflict('test.errors.open_elsewhere');
    }
    return attempt.holder !== holder || !fresh || now.getTime() - (attempt.heldAt?.getTime() ?? 0) > HOLD_REFRESH_MS;
  }

  async function writeHold(tx: Db, attemptId: number, holder: string, now: Date) {
    await tx.update(examAttempts).set({ holder, heldAt: now }).where(eq(examAttempts.id, attemptId));
  }

  function requireRunning(attempt: AttemptRow, now: Date) {
    if (attempt.state !== 'in_progress') throw conflict('test.errors.submitted');
    if (pastDeadline(attempt, now)) throw conflict('test.errors.time_up');
  }

  async function answerRows(tx: Db, attemptId: number): Promise<AnswerRow[]> {
    return tx
      .select()
      .from(examAttemptAnswers)
      .where(eq(examAttemptAnswers.attemptId, attemptId))
      .orderBy(asc(examAttemptAnswers.position));
  }

  async function versionsOf(tx: Db, companyId: number, rows: AnswerRow[]): Promise<Map<number, Version>> {
    const versions = await source.versions(tx, companyId, [...new Set(rows.map((row) => row.questionVersionId))]);
    return new Map(versions.map((version) => [version.version_id, version]));
  }

  async function view(tx: Db, attempt: AttemptRow, exam: ExamRow): Promise<MyAttempt> {
    const rows = await answerRows(tx, attempt.id);
    const versions = await versionsOf(tx, attempt.companyId, rows);
    return {
      id: attempt.id,
      exam_id: exam.id,
      kind: exam.kind,
      title: exam.title,
      number: attempt.number,
      state: attempt.state,
      layout: exam.layout,
      block_copy_paste: exam.blockCopyPaste,
      started_at: attempt.startedAt.toISOString(),
      deadline_at: iso(attempt.deadlineAt),
      now: new Date().toISOString(),
      submitted_at: iso(attempt.submittedAt),
      tab_leaves: attempt.tabLeaves,
      questions: rows.map((row) => {
        const version = versions.get(row.questionVersionId);
        if (!version) throw new Error(`attempt ${attempt.id}: version ${row.questionVersionId} not found`);
        return {
          position: row.position,
          points: row.maxPoints,
          question: learnerQuestion(version.body, inOrder(row.optionOrder)),
          answer: row.answer ?? null,
          seq: row.seq,
        };
      }),
    };
  }

  /** Fixes a new attempt's questions: versions, order, option order; marks the versions used. */
  async function fixQuestions(tx: Db, exam: ExamRow): Promise<Version[]> {
    let versionIds: number[];
    if (exam.selection === 'random') {
      try {
        versionIds = await source.draw(tx, exam.companyId, exam.drawRules as DrawRule[], [], exam.language);
      } catch {
        throw conflict('test.errors.no_questions');
      }
    } else {
      const listed = await tx.execute(
        sql`select question_id from exam_questions where exam_id = ${exam.id} order by position`,
      );
      const ids = (listed as unknown as { rows: { question_id: number }[] }).rows.map((row) => row.question_id);
      versionIds = (await source.currentVersions(tx, exam.companyId, ids)).map((row) => row.version_id);
    }
    if (versionIds.length === 0) throw conflict('test.errors.no_questions');
    const versions = new Map(
      (await source.versions(tx, exam.companyId, versionIds)).map((version) => [version.version_id, version]),
    );
    const ordered = versionIds.flatMap((id) => versions.get(id) ?? []);
    await source.markUsed(tx, versionIds);
    return exam.shuffleQuestions ? shuffled(ordered) : ordered;
  }

  /**
   * `POST api/my/exams/{id}/attempts`: resumes the attempt in progress (same attempt, same deadline) or starts the
   * next one when the exam's rules allow it now.
   */
  async function start(
    actor: Actor,
    examId: number,
    holder: string,
  ): Promise<{ attempt: MyAttempt; started: boolean }> {
    try {
      return await inTenant(db, actor.companyId, (tx) => startIn(tx, actor, examId, holder));
    } catch (error) {
      // Two tabs starting at the same instant: the partial unique index keeps one attempt; the other tab resumes.
      if (uniqueViolationOf(error)?.startsWith('exam_attempts_')) {
        return inTenant(db, actor.companyId, (tx) => startIn(tx, actor, examId, holder));
      }
      throw error;
    }
  }

  async function startIn(tx: Db, actor: Actor, examId: number, holder: string) {
    const now = new Date();
    let card = await myTest(tx, actor.userId, examId, now);
    if (!card) throw notFound();
    const exam = await findExam(tx, examId);
    const [running] = await tx
      .select()
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.examId, examId),
          eq(examAttempts.userId, actor.userId),
          eq(examAttempts.state, 'in_progress'),
        ),
      )
      .for('update');
    if (running && pastDeadline(running, now)) {
      // The deadline job has not come yet: submit it now, then decide as if it had.
      await submitAttempt(
        tx,
        systemOf(actor.companyId),
        { companyId: actor.companyId, attemptId: running.id, userId: actor.userId },
        () => 'deadline',
      );
      card = await myTest(tx, actor.userId, examId, now);
      if (!card) throw notFound();
    } else if (running) {
      if (checkHold(running, holder, now)) await writeHold(tx, running.id, holder, now);
      return { attempt: await view(tx, { ...running, holder, heldAt: now }, exam), started: false };
    }
    const refusal = refusalOf(card.state, card.kind);
    if (refusal) {
      throw new HttpError(409, refusal.key, {
        time: card.next_attempt_at ?? card.available_from ?? '',
      });
    }
    const versions = await fixQuestions(tx, exam);
    const deadlineAt = exam.timeLimitMinutes ? new Date(now.getTime() + exam.timeLimitMinutes * 60_000) : null;
    const [attempt] = await tx
      .insert(examAttempts)
      .values({
        companyId: actor.companyId,
        examId,
        userId: actor.userId,
        number: card.attempts_used + 1,
        startedAt: now,
        deadlineAt,
        holder,
        heldAt: now,
        maxPoints: versions.reduce((sum, version) => sum + version.points, 0),
      })
      .returning();
    if (!attempt) throw new Error('attempt not created');
    await tx.insert(examAttemptAnswers).values(
      versions.map((version, index) => ({
        companyId: actor.companyId,
        attemptId: attempt.id,
        position: index + 1,
        questionVersionId: version.version_id,
        optionOrder: optionOrderFor(version.body, exam.shuffleOptions),
        maxPoints: version.points,
      })),
    );
    if (deadlineAt) {
      await platform.jobs.enqueue(
        tx,
        DEADLINE_JOB,
        { companyId: actor.companyId, attemptId: attempt.id },
        { idempotencyKey: `exam-attempt:${attempt.id}`, runAt: new Date(deadlineAt.getTime() + GRACE_MS) },
      );
    }
    await record(tx, actor, {
      action: 'exam_attempt.started',
      entity: 'exam_attempt',
      id: attempt.id,
      after: { examId, number: attempt.number, questions: versions.length, deadlineAt: iso(deadlineAt) },
    });
    return { attempt: await view(tx, attempt, exam), started: true };
  }

  /** `GET api/my/attempts/{attempt}`: the questions without answers, the saved answers and the server's clock. */
  function get(actor: Actor, attemptId: number): Promise<MyAttempt> {
    return inTenant(db, actor.companyId, async (tx) => {
      const attempt = await ownAttempt(tx, actor, attemptId);
      return view(tx, attempt, await findExam(tx, attempt.examId));
    });
  }

  /** `POST …/take-over`: this tab holds the attempt from now on (the other tab's next call is refused). */
  function takeOver(actor: Actor, attemptId: number, holder: string): Promise<MyAttempt> {
    return inTenant(db, actor.companyId, async (tx) => {
      const attempt = await ownAttempt(tx, actor, attemptId, true);
      const now = new Date();
      requireRunning(attempt, now);
      await writeHold(tx, attempt.id, holder, now);
      await record(tx, actor, { action: 'exam_attempt.taken_over', entity: 'exam_attempt', id: attempt.id });
      return view(tx, { ...attempt, holder, heldAt: now }, await findExam(tx, attempt.examId));
    });
  }

  /**
   * Saves an answer with one statement, `kampus_exam_save_answer` (migration 0030): it sets the tenant, checks that the
   * attempt is the person's, in progress, in time and not held by another tab, that the position has a slot and the
   * answer the question's type, writes the answer when its seq is above the stored one and refreshes the hold. Saving
   * is what thousands of learners do every few seconds during an exam: on its own (`runner` the database) it is the
   * whole transaction, one round trip; inside a transaction (`check`) it is one statement of it.
   */
  async function saveAnswer(runner: Db, actor: Actor, attemptId: number, position: number, input: AnswerSave) {
    const now = new Date();
    const call = () =>
      runner.execute(sql`select outcome, seq, saved from kampus_exam_save_answer(${actor.companyId}::int,
        ${actor.userId}::int, ${attemptId}::int, ${position}::int,
        ${input.answer === null ? null : JSON.stringify(input.answer)}::jsonb, ${input.answer?.type ?? null}::text,
        ${input.seq}::int, ${input.holder}::text, ${now.toISOString()}::timestamptz, ${GRACE_MS}::int, ${HOLD_MS}::int,
        ${HOLD_REFRESH_MS}::int)`);
    // A broken connection outside a transaction is tried once more: a save is idempotent (the seq orders it).
    const result = (await (runner instanceof PgTransaction ? call() : readWithRetry(call))) as unknown as {
      rows: { outcome: SaveOutcome; seq: number; saved: boolean }[];
    };
    const [row] = result.rows;
    switch (row?.outcome) {
      case 'saved':
        return { position, seq: row.seq, saved: row.saved };
      case 'submitted':
        throw conflict('test.errors.submitted');
      case 'time_up':
        throw conflict('test.errors.time_up');
      case 'open_elsewhere':
        throw conflict('test.errors.open_elsewhere');
      case 'answer_type':
        throw invalidFields({ 'answer.type': 'test.errors.answer_type' });
      default:
        throw notFound();
    }
  }

  /** `PUT …/answers/{position}`: idempotent and ordered by seq; refused once submitted or past the deadline. */
  function save(actor: Actor, attemptId: number, position: number, input: AnswerSave) {
    return saveAnswer(db, actor, attemptId, position, input);
  }

  /** `POST …/events`: a tab leave is counted; a heartbeat keeps the hold. Both answer the server's clock. */
  function event(actor: Actor, attemptId: number, input: AttemptEvent) {
    return inTenant(db, actor.companyId, async (tx) => {
      const attempt = await ownAttempt(tx, actor, attemptId);
      const now = new Date();
      requireRunning(attempt, now);
      checkHold(attempt, input.holder, now);
      const [updated] = await tx
        .update(examAttempts)
        .set({
          holder: input.holder,
          heldAt: now,
          ...(input.type === 'tab_left' ? { tabLeaves: sql`${examAttempts.tabLeaves} + 1` } : {}),
        })
        .where(eq(examAttempts.id, attempt.id))
        .returning({ tabLeaves: examAttempts.tabLeaves });
      return {
        tab_leaves: updated?.tabLeaves ?? attempt.tabLeaves,
        now: now.toISOString(),
        deadline_at: iso(attempt.deadlineAt),
      };
    });
  }

  /** The result a scored attempt publishes: none for a demo exam, which counts for nothing. */
  const publishedResult = (kind: ExamRow['kind'], companyId: number, result: ExamResult) =>
    kind === 'demo' ? [] : [resultEntry(companyId, result)];

  /** The attempt's totals from its answer rows: pending while an answer waits for a grader. */
  function totals(rows: Pick<AnswerRow, 'outcome' | 'points' | 'maxPoints'>[], passMark: number) {
    const maxPoints = rows.reduce((sum, row) => sum + row.maxPoints, 0);
    const points = round2(rows.reduce((sum, row) => sum + (row.points ?? 0), 0));
    const pending = rows.some((row) => row.outcome === 'pending');
    const scorePercent = maxPoints > 0 ? round2((points / maxPoints) * 100) : 0;
    return {
      maxPoints,
      points,
      state: pending ? ('pending' as const) : ('scored' as const),
      scorePercent: pending ? null : scorePercent,
      passed: pending ? null : scorePercent >= passMark,
    };
  }

  /** What `kampus_exam_submission` (migration 0036) reads for a submit: the attempt, its exam and each slot. */
  interface SubmissionRow {
    state: AttemptRow['state'];
    deadline_at: string | null;
    user_id: number;
    exam_id: number;
    exam_kind: ExamRow['kind'];
    pass_mark: number;
    position: number | null;
    seq: number;
    answer: QuestionAnswer | null;
    max_points: number;
    body: QuestionBody | null;
  }

  /**
   * Scores and closes an attempt in progress in two statements (migration 0036): one reads the attempt, its slots and
   * their questions; the application scores them; one writes the scores, the totals and the audit rows — unless an
   * answer was saved in between, and then it scores again (from the third round inside a transaction holding the
   * attempt's lock, where nothing can come between). A submit holds a pooled connection for those two round trips only, not for a
   * transaction: when everyone finishes an exam at once, the saves of those still answering keep finding one.
   * `reasonOf` says why it is submitted now (null: not due, nothing is done).
   */
  async function submitAttempt(
    runner: Db,
    who: Initiator,
    target: { companyId: number; attemptId: number; userId: number | null },
    reasonOf: (deadlineAt: Date | null, now: Date) => SubmitReason | null,
  ): Promise<'submitted' | 'not_found' | 'not_in_progress' | 'not_due'> {
    const { companyId, attemptId } = target;
    for (let round = 1; ; round++) {
      const read = (await runner.execute(
        sql`select * from kampus_exam_submission(${companyId}::int, ${target.userId}::int, ${attemptId}::int)`,
      )) as unknown as { rows: SubmissionRow[] };
      const [attempt] = read.rows;
      if (!attempt) return 'not_found';
      if (attempt.state !== 'in_progress') return 'not_in_progress';
      const now = new Date();
      const reason = reasonOf(attempt.deadline_at === null ? null : new Date(attempt.deadline_at), now);
      if (!reason) return 'not_due';
      const slots = read.rows.filter((row) => row.position !== null);
      const scored = slots.map((row) => {
        const score = row.body ? scoreAnswer(row.body, row.answer) : { outcome: 'wrong' as const, ratio: 0 };
        const maxPoints = Number(row.max_points);
        return {
          outcome: score.outcome,
          points: score.ratio === null ? null : round2(maxPoints * score.ratio),
          maxPoints,
        };
      });
      const result = totals(scored, attempt.pass_mark);
      const audit = recordedInStatement(who, [
        {
          action: 'exam_attempt.submitted',
          entity: 'exam_attempt',
          id: attemptId,
          companyId,
          after: { reason, state: result.state, scorePercent: result.scorePercent, passed: result.passed },
        },
        ...(result.state === 'scored'
          ? publishedResult(attempt.exam_kind, companyId, {
              examId: attempt.exam_id,
              userId: attempt.user_id,
              attemptId,
              scorePercent: result.scorePercent ?? 0,
              passed: result.passed === true,
            })
          : []),
      ]);
      const scores = slots.map((row, i) => ({ position: row.position, seq: row.seq, ...scored[i] }));
      const written = (await runner.execute(sql`select kampus_exam_submit(${companyId}::int, ${attemptId}::int,
        ${JSON.stringify(scores)}::jsonb, ${now.toISOString()}::timestamptz, ${reason}::text, ${result.state}::text, ${result.points}::real,
        ${result.scorePercent}::real, ${result.passed}::boolean, ${JSON.stringify(audit.rows)}::jsonb) as outcome`)) as unknown as {
        rows: { outcome: 'submitted' | 'not_in_progress' | 'changed' }[];
      };
      const outcome = written.rows[0]?.outcome;
      if (outcome === 'submitted') audit.published(runner);
      if (outcome !== 'changed') return outcome ?? 'not_found';
      // An answer came in between: score again; after a few rounds, holding the attempt's lock so none can.
      if (round >= 3 && !(runner instanceof PgTransaction)) {
        return inTenant(db, companyId, async (tx) => {
          await tx.execute(sql`select 1 from exam_attempts where id = ${attemptId} for update`);
          return submitAttempt(tx, who, target, reasonOf);
        });
      }
    }
  }

  /** `POST …/submit`: scores now (a submit after the deadline counts what was saved by then, reason `deadline`). */
  async function submit(actor: Actor, attemptId: number) {
    const outcome = await submitAttempt(
      db,
      actor,
      { companyId: actor.companyId, attemptId, userId: actor.userId },
      (deadlineAt, now) => (deadlineAt !== null && now > deadlineAt ? 'deadline' : 'learner'),
    );
    if (outcome === 'not_found') throw notFound();
    if (outcome !== 'submitted') throw conflict('test.errors.submitted');
    return { attempt_id: attemptId };
  }

  /** The deadline job and the sweep: submits the attempt if it is still running past its deadline. */
  async function submitIfDue(companyId: number, attemptId: number): Promise<boolean> {
    const outcome = await submitAttempt(
      db,
      systemOf(companyId),
      { companyId, attemptId, userId: null },
      (deadlineAt, now) => (deadlineAt !== null && now > deadlineAt ? 'deadline' : null),
    );
    return outcome === 'submitted';
  }

  /**
   * A grader's points and note for one open answer waiting for them (the exam's grading queue, `results.grade`): the
   * answer is graded once, the attempt's totals follow, and once nothing is pending the attempt is scored and its
   * result published. `examId` scopes the attempt to the exam the admin's route names.
   */
  async function grade(tx: Db, actor: Actor, attemptId: number, position: number, input: GradeInput, examId?: number) {
    const [attempt] = await tx
      .select()
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.id, attemptId),
          eq(examAttempts.companyId, actor.companyId),
          ...(examId === undefined ? [] : [eq(examAttempts.examId, examId)]),
        ),
      )
      .for('update');
    if (!attempt) throw notFound();
    const [row] = await tx
      .select()
      .from(examAttemptAnswers)
      .where(and(eq(examAttemptAnswers.attemptId, attemptId), eq(examAttemptAnswers.position, position)));
    if (!row) throw notFound();
    if (attempt.state === 'in_progress' || row.outcome !== 'pending') {
      throw invalidFields({ points: 'examAdmin.errors.not_pending' });
    }
    if (input.points > row.maxPoints) {
      throw invalidFieldsWith({ points: { key: 'examAdmin.errors.points_max', params: { max: row.maxPoints } } });
    }
    const now = new Date();
    const outcome: AnswerOutcome = input.points >= row.maxPoints ? 'correct' : input.points <= 0 ? 'wrong' : 'partial';
    await tx
      .update(examAttemptAnswers)
      .set({ outcome, points: input.points, gradedBy: actor.userId, gradedAt: now, feedback: input.feedback })
      .where(and(eq(examAttemptAnswers.attemptId, attemptId), eq(examAttemptAnswers.position, position)));
    const exam = await findExam(tx, attempt.examId);
    const result = totals(await answerRows(tx, attemptId), exam.passMark);
    const [updated] = await tx
      .update(examAttempts)
      .set({ ...result, scoredAt: result.state === 'scored' ? now : null, updatedAt: now })
      .where(eq(examAttempts.id, attemptId))
      .returning();
    await record(tx, actor, {
      action: 'exam.answer_graded',
      entity: 'exam',
      id: exam.id,
      after: { attempt_id: attemptId, position, points: input.points },
    });
    if (updated && result.state === 'scored') {
      const published = publishedResult(exam.kind, attempt.companyId, {
        examId: exam.id,
        userId: attempt.userId,
        attemptId,
        scorePercent: result.scorePercent ?? 0,
        passed: result.passed === true,
      });
      for (const entry of published) await record(tx, actor, entry);
    }
    return { state: result.state, score_percent: result.scorePercent, passed: result.passed };
  }

  /** Whether right answers and explanations may be shown now, and when they will be if not yet. */
  async function revealOf(tx: Db, exam: ExamRow, attempt: AttemptRow): Promise<{ shown: boolean; at: Date | null }> {
    if (attempt.state === 'in_progress') return { shown: false, at: null };
    switch (exam.reveal) {
      case 'never':
        return { shown: false, at: null };
      case 'after_attempt':
        return { shown: true, at: null };
      case 'after_pass': {
        if (attempt.passed) return { shown: true, at: null };
        const [passed] = await tx
          .select({ id: examAttempts.id })
          .from(examAttempts)
          .where(
            and(
              eq(examAttempts.examId, exam.id),
              eq(examAttempts.userId, attempt.userId),
              eq(examAttempts.passed, true),
            ),
          )
          .limit(1);
        return { shown: Boolean(passed), at: null };
      }
      case 'after_end': {
        const end = exam.availableUntil;
        return end && end <= new Date() ? { shown: true, at: null } : { shown: false, at: end };
      }
    }
  }

  /** `GET …/result`: the score and each answer with its outcome, and what the reveal rule lets the learner see. */
  function result(actor: Actor, attemptId: number): Promise<AttemptResult> {
    return inTenant(db, actor.companyId, async (tx) => {
      const attempt = await ownAttempt(tx, actor, attemptId);
      if (attempt.state === 'in_progress') throw conflict('test.errors.not_submitted');
      const exam = await findExam(tx, attempt.examId);
      const rows = await answerRows(tx, attempt.id);
      const versions = await versionsOf(tx, attempt.companyId, rows);
      const reveal = await revealOf(tx, exam, attempt);
      const card = await myTest(tx, actor.userId, exam.id);
      return {
        id: attempt.id,
        exam_id: exam.id,
        kind: exam.kind,
        title: exam.title,
        number: attempt.number,
        state: attempt.state,
        submitted_at: iso(attempt.submittedAt),
        submit_reason: attempt.submitReason,
        points: attempt.points,
        max_points: attempt.maxPoints,
        score_percent: attempt.scorePercent,
        pass_mark: exam.passMark,
        passed: attempt.passed,
        reveal: exam.reveal,
        revealed: reveal.shown,
        reveal_at: iso(reveal.at),
        can_retry: card !== null && card.state !== 'in_progress' && refusalOf(card.state, card.kind) === null,
        questions: rows.map((row) => {
          const version = versions.get(row.questionVersionId);
          if (!version) throw new Error(`attempt ${attempt.id}: version ${row.questionVersionId} not found`);
          return {
            position: row.position,
            question: learnerQuestion(version.body, inOrder(row.optionOrder)),
            answer: row.answer ?? null,
            outcome: row.outcome ?? 'unanswered',
            points: row.points,
            max_points: row.maxPoints,
            feedback: row.feedback,
            revealed: reveal.shown ? revealedAnswer(version.body) : null,
            explanation: reveal.shown ? version.body.explanation : null,
          };
        }),
      };
    });
  }

  /** `POST …/answers/{position}/check` (demo exams only): saves the answer and tells at once how it stands. */
  function check(actor: Actor, attemptId: number, position: number, input: AnswerSave) {
    return inTenant(db, actor.companyId, async (tx) => {
      const attempt = await ownAttempt(tx, actor, attemptId);
      const exam = await findExam(tx, attempt.examId);
      if (exam.kind !== 'demo') throw forbidden('test.errors.not_demo');
      const saved = await saveAnswer(tx, actor, attempt.id, position, input);
      const [row] = await tx
        .select()
        .from(examAttemptAnswers)
        .where(and(eq(examAttemptAnswers.attemptId, attempt.id), eq(examAttemptAnswers.position, position)));
      if (!row) throw notFound();
      const version = (await versionsOf(tx, attempt.companyId, [row])).get(row.questionVersionId);
      if (!version) throw notFound();
      const feedback: AnswerFeedback = {
        outcome: scoreAnswer(version.body, row.answer as QuestionAnswer | null).outcome,
        revealed: revealedAnswer(version.body),
        explanation: version.body.explanation,
      };
      return { ...feedback, position, seq: saved.seq };
    });
  }

  return { start, get, takeOver, save, event, submit, submitIfDue, grade, result, check };
}

export type Attempts = ReturnType<typeof createAttempts>;
