import {
  type AttemptState,
  EXPORT_FORMATS,
  type ExamAttemptListQuery,
  type ExamAttemptRow,
  type ExamStats,
  type ExportFormat,
  type GradeInput,
  type GradingItem,
  type PrePostReport,
} from '@kampus/shared';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { exams } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { type RecordEntry, record } from '../../../platform/events.js';
import { type ExportOwner, initiatorOf } from '../../../platform/exports.js';
import { notFound } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import { PERSON_TEXT, personReportOrder } from '../../../platform/resource/person-report.js';
import { likePattern } from '../../../platform/resource/resource.js';

const NS = 'examAdmin';
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
/** The share of attempts in each of the upper and lower groups of the discrimination index. */
const DISCRIMINATION_GROUP = 0.27;
/** Fewer scored attempts than this give no discrimination index (each group would hold one or two people). */
const DISCRIMINATION_MIN_ATTEMPTS = 10;

/** The result of an attempt as published: `exam.passed` / `exam.failed` (entity `exam`, id the exam). */
export interface ExamResult {
  examId: number;
  userId: number;
  attemptId: number;
  scorePercent: number;
  passed: boolean;
}

/**
 * An attempt's result as recorded: `exam.passed` or `exam.failed` with `{user_id, attempt_id, score_percent}` (and the
 * same in camel case, as the brief of issue 15 names them). Subscribers (educations' post-test and exam parts,
 * assignments' exam items) run after the commit.
 */
export function resultEntry(companyId: number, result: ExamResult): RecordEntry {
  return {
    action: result.passed ? 'exam.passed' : 'exam.failed',
    entity: 'exam',
    id: result.examId,
    companyId,
    after: {
      user_id: result.userId,
      attempt_id: result.attemptId,
      score_percent: result.scorePercent,
      examId: result.examId,
      userId: result.userId,
      attemptId: result.attemptId,
      scorePercent: result.scorePercent,
    },
  };
}

/** An exam result event's learner and exam, whichever case its payload uses. */
export function resultOf(event: { entityId: number | null; after: unknown }) {
  const after = (event.after ?? {}) as Record<string, unknown>;
  const userId = after.user_id ?? after.userId;
  const examId = event.entityId ?? after.examId;
  return typeof userId === 'number' && typeof examId === 'number' ? { userId, examId } : null;
}

interface AttemptSqlRow {
  id: number;
  user_id: number;
  name: string;
  surname: string;
  email: string | null;
  number: number;
  state: ExamAttemptRow['state'];
  score_percent: number | null;
  points: number | null;
  max_points: number;
  passed: boolean | null;
  started_at: string;
  submitted_at: string | null;
  tab_leaves: number;
  pending_answers: number;
  total: number;
}

const ATTEMPT_SORTS = {
  person: sql`u.name, u.surname`,
  number: sql`a.number`,
  state: sql`a.state`,
  score: sql`a.score_percent`,
  started_at: sql`a.started_at`,
  submitted_at: sql`a.submitted_at`,
};

function attemptsSql(companyId: number, examId: number, query: Omit<ExamAttemptListQuery, 'page' | 'per_page'>) {
  const search = query.search ? likePattern(query.search) : null;
  const sort = query.sort ?? '-started_at';
  return sql`
    select a.id, u.id as user_id, u.name, u.surname, u.email, a.number, a.state, a.score_percent, a.points,
      a.max_points, a.passed, a.started_at, a.submitted_at, a.tab_leaves,
      (select count(*) from exam_attempt_answers x where x.attempt_id = a.id and x.outcome = 'pending')::integer
        as pending_answers,
      count(*) over ()::integer as total
    from exam_attempts a join users u on u.id = a.user_id
    where a.company_id = ${companyId} and a.exam_id = ${examId}
      ${query.state ? sql`and a.state = ${query.state}` : sql``}
      ${search ? sql`and ${PERSON_TEXT} like ${search}` : sql``}
    order by ${personReportOrder(sort, ATTEMPT_SORTS)}, a.number`;
}

const attemptRowOf = (row: AttemptSqlRow): ExamAttemptRow => ({
  id: row.id,
  user: { id: row.user_id, name: `${row.name} ${row.surname}`.trim(), email: row.email },
  number: row.number,
  state: row.state,
  score_percent: row.score_percent === null ? null : Number(row.score_percent),
  points: row.points === null ? null : Number(row.points),
  max_points: Number(row.max_points),
  passed: row.passed,
  started_at: new Date(row.started_at).toISOString(),
  submitted_at: isoOf(row.submitted_at),
  tab_leaves: row.tab_leaves,
  pending_answers: row.pending_answers,
});

async function assertExam(tx: Db, companyId: number, examId: number) {
  const [exam] = await tx
    .select({ id: exams.id, title: exams.title, kind: exams.kind, passMark: exams.passMark })
    .from(exams)
    .where(and(eq(exams.companyId, companyId), eq(exams.id, examId)));
  if (!exam) throw notFound();
  return exam;
}

/** Upper minus lower group's share right, of one question, from per-attempt rows ordered by score (best first). */
export function discriminationIndex(correctByRank: readonly boolean[]): number | null {
  const n = correctByRank.length;
  if (n < DISCRIMINATION_MIN_ATTEMPTS) return null;
  const size = Math.max(1, Math.round(n * DISCRIMINATION_GROUP));
  const share = (rows: readonly boolean[]) => rows.filter(Boolean).length / rows.length;
  return Math.round((share(correctByRank.slice(0, size)) - share(correctByRank.slice(n - size))) * 100) / 100;
}

const exportParams = z.object({
  examId: z.number().int(),
  query: z.object({ search: z.string().optional(), state: z.string().optional(), sort: z.string().optional() }),
  format: z.enum(EXPORT_FORMATS),
});

/**
 * An exam's results for its admin view (show_exam; grading create_exam): the attempts with search, sort and export,
 * the score distribution, each question's difficulty and discrimination, and the grading queue of open answers.
 * `grade` writes a grader's points and, when nothing else waits, scores the attempt and publishes its result.
 */
/** The attempt engine's grading (`attempts.ts`), which the admin's grading route goes through. */
type Grade = (
  tx: Db,
  actor: Actor,
  attemptId: number,
  position: number,
  input: GradeInput,
  examId: number,
) => Promise<{ state: AttemptState; score_percent: number | null; passed: boolean | null }>;

export function createExamResults(platform: Platform, attempts: { grade: Grade }) {
  const db = platform.database.db;

  platform.exports.define({
    name: 'exam-attempts',
    schema: exportParams,
    async plan(tx, owner: ExportOwner, params, t: Translate) {
      const exam = await assertExam(tx, owner.companyId, params.examId);
      const query = params.query as Omit<ExamAttemptListQuery, 'page' | 'per_page'>;
      async function* rows() {
        const all = rowsOf<AttemptSqlRow>(await tx.execute(attemptsSql(owner.companyId, params.examId, query)));
        yield all
          .map(attemptRowOf)
          .map((r) => [
            r.user.name,
            r.user.email,
            r.number,
            t(`exams.states.${r.state}`),
            r.score_percent,
            r.passed === null ? '' : t(r.passed ? `${NS}.results.passed` : `${NS}.results.failed`),
            r.started_at,
            r.submitted_at,
            r.tab_leaves,
          ]);
      }
      const headers = [
        'person',
        'email',
        'number',
        'state',
        'score',
        'passed',
        'started_at',
        'submitted_at',
        'tab_leaves',
      ].map((key) => t(`${NS}.attempt_columns.${key}`));
      const name = `${t(`${NS}.attempts_file`)}-${params.examId}`;
      return {
        fileName: name,
        format: params.format as ExportFormat,
        sheets: [{ name: exam.title.slice(0, 31) || name, headers, rows: rows() }],
        written: () =>
          record(tx, initiatorOf(owner), { action: 'exam.attempts_exported', entity: 'exam', id: params.examId }),
      };
    },
  });

  return {
    /** GET api/admin/exams/{id}/attempts. */
    attempts: (actor: Actor, examId: number, query: ExamAttemptListQuery) =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertExam(tx, actor.companyId, examId);
        const offset = (query.page - 1) * query.per_page;
        const rows = rowsOf<AttemptSqlRow>(
          await tx.execute(
            sql`${attemptsSql(actor.companyId, examId, query)} limit ${query.per_page} offset ${offset}`,
          ),
        );
        return {
          data: rows.map(attemptRowOf),
          meta: { page: query.page, per_page: query.per_page, total: rows[0]?.total ?? 0 },
        };
      }),

    /** POST api/admin/exams/{id}/attempts/export: the attempts as a file (a job). */
    async exportAttempts(
      actor: Actor,
      examId: number,
      query: Omit<ExamAttemptListQuery, 'page' | 'per_page'>,
      format: ExportFormat,
    ) {
      await inTenant(db, actor.companyId, (tx) => assertExam(tx, actor.companyId, examId));
      const { search, state, sort } = query;
      return platform.exports.start(actor, 'exam-attempts', { examId, query: { search, state, sort }, format });
    },

    /** GET api/admin/exams/{id}/stats: distribution and per-question difficulty and discrimination. */
    stats: (actor: Actor, examId: number): Promise<ExamStats> =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertExam(tx, actor.companyId, examId);
        const [totals] = rowsOf<{ attempts: number; scored: number; passed: number; average: number | null }>(
          await tx.execute(sql`
            select count(*)::integer as attempts,
              count(*) filter (where state = 'scored')::integer as scored,
              count(*) filter (where passed)::integer as passed,
              round(avg(score_percent) filter (where state = 'scored')::numeric, 1)::float8 as average
            from exam_attempts where company_id = ${actor.companyId} and exam_id = ${examId}`),
        );
        const bands = rowsOf<{ band: number; count: number }>(
          await tx.execute(sql`
            select least(floor(score_percent / 10), 9)::integer as band, count(*)::integer as count
            from exam_attempts where company_id = ${actor.companyId} and exam_id = ${examId} and state = 'scored'
            group by 1`),
        );
        const byBand = new Map(bands.map((b) => [b.band, b.count]));
        // Every scored answer with its attempt's score: questions are the bank's (any version of it counts).
        const answers = rowsOf<{
          question_id: number;
          title: string;
          type: string;
          attempt_id: number;
          score: number;
          correct: boolean;
          answered: boolean;
        }>(
          await tx.execute(sql`
            select q.id as question_id, q.title, q.type, a.id as attempt_id, a.score_percent as score,
              (x.outcome = 'correct') as correct, (x.outcome <> 'unanswered') as answered
            from exam_attempts a
            join exam_attempt_answers x on x.attempt_id = a.id
            join question_versions v on v.id = x.question_version_id
            join questions q on q.id = v.question_id
            where a.company_id = ${actor.companyId} and a.exam_id = ${examId} and a.state = 'scored'
            order by a.score_percent desc, a.id`),
        );
        const perQuestion = new Map<number, { title: string; type: string; rows: typeof answers }>();
        for (const row of answers) {
          const entry = perQuestion.get(row.question_id) ?? { title: row.title, type: row.type, rows: [] };
          entry.rows.push(row);
          perQuestion.set(row.question_id, entry);
        }
        return {
          attempts: totals?.attempts ?? 0,
          scored: totals?.scored ?? 0,
          passed: totals?.passed ?? 0,
          average_score: totals?.average ?? null,
          distribution: Array.from({ length: 10 }, (_, band) => ({ band, count: byBand.get(band) ?? 0 })),
          questions: [...perQuestion.entries()].map(([questionId, q]) => ({
            question_id: questionId,
            title: q.title,
            type: q.type,
            answered: q.rows.filter((r) => r.answered).length,
            difficulty:
              q.rows.length === 0
                ? null
                : Math.round((q.rows.filter((r) => r.correct).length / q.rows.length) * 100) / 100,
            discrimination: discriminationIndex(q.rows.map((r) => r.correct)),
          })),
        };
      }),

    /** GET api/admin/exams/{id}/grading: open answers waiting for a grader, oldest submission first. */
    gradingQueue: (actor: Actor, examId: number): Promise<GradingItem[]> =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertExam(tx, actor.companyId, examId);
        const rows = rowsOf<{
          attempt_id: number;
          position: number;
          user_id: number;
          name: string;
          surname: string;
          submitted_at: string | null;
          body: { text: string; guidance?: string | null };
          answer: { text?: string } | null;
          max_points: number;
        }>(
          await tx.execute(sql`
            select a.id as attempt_id, x.position, u.id as user_id, u.name, u.surname, a.submitted_at, v.body,
              x.answer, x.max_points
            from exam_attempt_answers x
            join exam_attempts a on a.id = x.attempt_id
            join users u on u.id = a.user_id
            join question_versions v on v.id = x.question_version_id
            where a.company_id = ${actor.companyId} and a.exam_id = ${examId} and x.outcome = 'pending'
            order by a.submitted_at asc nulls last, a.id, x.position
            limit 200`),
        );
        return rows.map((r) => ({
          attempt_id: r.attempt_id,
          position: r.position,
          user: { id: r.user_id, name: `${r.name} ${r.surname}`.trim() },
          submitted_at: isoOf(r.submitted_at),
          question: r.body.text,
          guidance: r.body.guidance ?? null,
          answer: r.answer?.text ?? null,
          max_points: Number(r.max_points),
        }));
      }),

    /**
     * POST api/admin/exams/{id}/attempts/{attempt}/answers/{position}/grade: a grader's points (0..max) and note on
     * an open answer of a submitted attempt; the attempt is scored once nothing else waits.
     */
    grade: (actor: Actor, examId: number, attemptId: number, position: number, input: GradeInput) =>
      inTenant(db, actor.companyId, (tx) => attempts.grade(tx, actor, attemptId, position, input, examId)),

    /** GET api/admin/reports/pre-post?education_id=: the pre/post comparison of an education's learners. */
    prePost: (actor: Actor, educationId: number): Promise<PrePostReport> =>
      inTenant(db, actor.companyId, async (tx) => {
        const [education] = rowsOf<{
          id: number;
          title: string;
          pre_id: number | null;
          pre_title: string | null;
          post_id: number | null;
          post_title: string | null;
        }>(
          await tx.execute(sql`
            select e.id, e.title, pre.id as pre_id, pre.title as pre_title, post.id as post_id, post.title as post_title
            from educations e
            left join exams pre on pre.id = e.pre_test_exam_id
            left join exams post on post.id = e.post_test_exam_id
            where e.company_id = ${actor.companyId} and e.id = ${educationId}`),
        );
        if (!education) throw notFound();
        const rows = rowsOf<{
          user_id: number;
          name: string;
          surname: string;
          best_pre: number | null;
          best_post: number | null;
          delta: number | null;
        }>(
          await tx.execute(sql`
            select u.id as user_id, u.name, u.surname, p.best_pre, p.best_post, p.delta
            from education_pre_post p join users u on u.id = p.user_id
            where p.company_id = ${actor.companyId} and p.education_id = ${educationId}
            order by u.name, u.surname, u.id`),
        );
        const num = (v: number | null) => (v === null ? null : Number(v));
        return {
          education: { id: education.id, title: education.title },
          pre_test: education.pre_id === null ? null : { id: education.pre_id, title: education.pre_title ?? '' },
          post_test: education.post_id === null ? null : { id: education.post_id, title: education.post_title ?? '' },
          rows: rows.map((r) => ({
            user: { id: r.user_id, name: `${r.name} ${r.surname}`.trim() },
            pre_score: num(r.best_pre),
            post_score: num(r.best_post),
            delta: num(r.delta),
          })),
        };
      }),
  };
}

export type ExamResults = ReturnType<typeof createExamResults>;
