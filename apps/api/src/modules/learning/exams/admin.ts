import {
  type DrawRule,
  type Exam,
  type ExamCreate,
  type ExamListQuery,
  type ExamUpdate,
  examsContract,
  pickLocalized,
} from '@kampus/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { educationCategories, examAttempts, examQuestions, exams, questions } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { invalidFields, invalidFieldsWith } from '../../../platform/http/errors.js';
import { languageOf } from '../../../platform/i18n.js';
import {
  activeStatusExportColumn,
  columnValues,
  defineResource,
  presentActiveStatus,
} from '../../../platform/resource/resource.js';
import { sanitizeRichText } from '../../../platform/rich-text.js';
import { attachFile, detachFile, replaceFile } from '../../system/files/service.js';
import type { QuestionsService } from '../questions/service.js';

const NS = examsContract.namespace;

/** The body fields stored as they are (the rest — description, dates, questions, rules — are written by hand). */
const COLUMNS = {
  title: exams.title,
  image_url: exams.imageUrl,
  language: exams.language,
  category_id: exams.categoryId,
  status: exams.status,
  selection: exams.selection,
  shuffle_questions: exams.shuffleQuestions,
  shuffle_options: exams.shuffleOptions,
  time_limit_minutes: exams.timeLimitMinutes,
  pass_mark: exams.passMark,
  attempts_allowed: exams.attemptsAllowed,
  wait_minutes: exams.waitMinutes,
  reveal: exams.reveal,
  layout: exams.layout,
  block_copy_paste: exams.blockCopyPaste,
};

const sanitize = (html: string | null) => (html === null ? null : sanitizeRichText(html) || null);
const instant = (iso: string | null | undefined) =>
  iso === undefined ? undefined : iso === null ? null : new Date(iso);

async function assertOwnCategory(tx: Db, companyId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [row] = await tx
    .select({ id: educationCategories.id })
    .from(educationCategories)
    .where(and(eq(educationCategories.companyId, companyId), eq(educationCategories.id, id)));
  if (!row) throw invalidFields({ category_id: 'examAdmin.errors.category_invalid' });
}

/** The settings an exam ends with once written: a demo exam is practice (unlimited, no wait, answers after each). */
interface Settled {
  kind: Exam['kind'];
  selection: Exam['selection'];
  question_ids: number[];
  draw_rules: DrawRule[];
  /** Random draws take questions in the exam's language only. */
  language: string;
}

/** What a demo exam always is, whatever the form sent. */
const DEMO_SETTINGS = { attempts_allowed: null, wait_minutes: 0, reveal: 'after_attempt' } as const;

export interface ExamAdminNeeds {
  questions: QuestionsService;
  /** How many educations hold each exam (part, pre-test or post-test): the educations module knows. */
  usedBy(tx: Db, ids: number[]): Promise<Map<number, number>>;
}

/**
 * `api/admin/exams` (show_exam / create_exam): an exam's basics, settings and its questions — a fixed list of the
 * company's active bank questions (`exam_questions`, in order) or random-draw rules the bank can fill.
 */
export function createExamResource(platform: Platform, needs: ExamAdminNeeds) {
  const db = platform.database.db;
  const { forExams } = needs.questions;

  /** Fixed: at least one question, every one the company's own and active. Random: rules the bank can satisfy. */
  async function assertQuestions(tx: Db, companyId: number, exam: Settled) {
    if (exam.selection === 'fixed') {
      if (exam.question_ids.length === 0) throw invalidFields({ question_ids: `${NS}.errors.questions_required` });
      if (new Set(exam.question_ids).size !== exam.question_ids.length) {
        throw invalidFields({ question_ids: `${NS}.errors.questions_duplicate` });
      }
      const found = new Set(
        (await forExams.currentVersions(tx, companyId, exam.question_ids)).map((v) => v.question_id),
      );
      const missing = exam.question_ids.findIndex((id) => !found.has(id));
      if (missing >= 0) throw invalidFields({ [`question_ids.${missing}`]: `${NS}.errors.question_invalid` });
      return;
    }
    if (exam.draw_rules.length === 0) throw invalidFields({ draw_rules: `${NS}.errors.rules_required` });
    const errors: Record<string, { key: string; params: Record<string, unknown> }> = {};
    for (const [index, rule] of exam.draw_rules.entries()) {
      const available = await forExams.available(tx, companyId, rule, exam.language);
      if (available < rule.count) {
        errors[`draw_rules.${index}.count`] = { key: `${NS}.errors.draw_short`, params: { count: available } };
      }
    }
    // Rules drawing from the same questions may each be satisfiable alone but not together: a trial draw tells.
    if (Object.keys(errors).length === 0 && exam.draw_rules.length > 1) {
      try {
        await forExams.draw(tx, companyId, exam.draw_rules, [], exam.language);
      } catch (error) {
        const index = (error as { ruleIndex?: number }).ruleIndex;
        if (index === undefined) throw error;
        const available = (error as { available: number }).available;
        errors[`draw_rules.${index}.count`] = { key: `${NS}.errors.draw_overlap`, params: { count: available } };
      }
    }
    if (Object.keys(errors).length > 0) throw invalidFieldsWith(errors);
  }

  async function writeQuestions(tx: Db, companyId: number, examId: number, exam: Settled) {
    await tx.delete(examQuestions).where(eq(examQuestions.examId, examId));
    if (exam.selection !== 'fixed' || exam.question_ids.length === 0) return;
    await tx
      .insert(examQuestions)
      .values(exam.question_ids.map((questionId, index) => ({ companyId, examId, questionId, position: index + 1 })));
  }

  async function present(tx: Db, companyId: number, ids: number[]): Promise<Exam[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        exam: exams,
        category: educationCategories,
        attempts: sql<number>`(select count(*)::integer from exam_attempts a where a.exam_id = exams.id)`,
      })
      .from(exams)
      .leftJoin(educationCategories, eq(educationCategories.id, exams.categoryId))
      .where(and(eq(exams.companyId, companyId), inArray(exams.id, ids)));
    const listed = await tx
      .select({
        examId: examQuestions.examId,
        questionId: examQuestions.questionId,
        title: questions.title,
        type: questions.type,
        difficulty: questions.difficulty,
        points: questions.points,
        status: questions.status,
      })
      .from(examQuestions)
      .innerJoin(questions, eq(questions.id, examQuestions.questionId))
      .where(inArray(examQuestions.examId, ids))
      .orderBy(asc(examQuestions.examId), asc(examQuestions.position));
    const uses = await needs.usedBy(tx, ids);
    return rows.map(({ exam: e, category, attempts }) => {
      const own = listed.filter((q) => q.examId === e.id);
      const questionIds = own.map((q) => q.questionId);
      const rules = e.drawRules as DrawRule[];
      return {
        id: e.id,
        kind: e.kind,
        title: e.title,
        description: e.description,
        image_url: e.imageUrl,
        language: e.language as Exam['language'],
        category: category ? { id: category.id, names: category.names } : null,
        status: presentActiveStatus(e.status),
        selection: e.selection,
        question_ids: questionIds,
        questions: own.map((q) => ({
          id: q.questionId,
          title: q.title,
          type: q.type,
          difficulty: q.difficulty,
          points: q.points,
          status: presentActiveStatus(q.status),
        })),
        draw_rules: rules,
        questions_count:
          e.selection === 'fixed' ? questionIds.length : rules.reduce((sum, rule) => sum + rule.count, 0),
        shuffle_questions: e.shuffleQuestions,
        shuffle_options: e.shuffleOptions,
        time_limit_minutes: e.timeLimitMinutes,
        pass_mark: e.passMark,
        attempts_allowed: e.attemptsAllowed,
        wait_minutes: e.waitMinutes,
        reveal: e.reveal,
        layout: e.layout,
        available_from: e.availableFrom?.toISOString() ?? null,
        available_until: e.availableUntil?.toISOString() ?? null,
        block_copy_paste: e.blockCopyPaste,
        attempts_count: attempts,
        educations_count: uses.get(e.id) ?? 0,
        created_at: e.createdAt.toISOString(),
        updated_at: e.updatedAt.toISOString(),
      };
    });
  }

  const resource = defineResource<Exam, ExamCreate, ExamUpdate, ExamListQuery>(db, {
    contract: examsContract,
    activeStatus: true,
    entity: 'exam',
    table: exams,
    sortable: {
      title: exams.title,
      kind: exams.kind,
      status: exams.status,
      created_at: exams.createdAt,
      updated_at: exams.updatedAt,
    },
    defaultOrder: [desc(exams.createdAt)],
    search: [exams.title],
    filters: {
      kind: (v: string) => eq(exams.kind, v as Exam['kind']),
      category_id: (v: number) => eq(exams.categoryId, v),
    },
    present,

    async create(tx, actor, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      const settled: Settled = {
        kind: input.kind,
        selection: input.selection,
        question_ids: input.question_ids,
        draw_rules: input.selection === 'random' ? input.draw_rules : [],
        language: input.language,
      };
      await assertQuestions(tx, actor.companyId, settled);
      if (input.image_url && !(await attachFile(tx, actor.companyId, input.image_url))) {
        throw invalidFields({ image_url: `${NS}.errors.image_invalid` });
      }
      const values = input.kind === 'demo' ? { ...input, ...DEMO_SETTINGS } : input;
      const [row] = await tx
        .insert(exams)
        .values({
          ...(columnValues(COLUMNS, exams, values) as typeof exams.$inferInsert),
          kind: input.kind,
          description: sanitize(input.description),
          drawRules: settled.draw_rules,
          availableFrom: instant(input.available_from),
          availableUntil: instant(input.available_until),
          companyId: actor.companyId,
          createdBy: actor.userId,
        })
        .returning({ id: exams.id });
      if (!row) throw new Error('exam insert returned nothing');
      await writeQuestions(tx, actor.companyId, row.id, settled);
      return row.id;
    },

    async update(tx, actor, before, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      const selection = input.selection ?? before.selection;
      const settled: Settled = {
        kind: before.kind,
        selection,
        question_ids: input.question_ids ?? before.question_ids,
        draw_rules: selection === 'random' ? (input.draw_rules ?? (before.draw_rules as DrawRule[])) : [],
        language: input.language ?? before.language,
      };
      const questionsChanged =
        input.selection !== undefined ||
        input.question_ids !== undefined ||
        input.draw_rules !== undefined ||
        input.language !== undefined;
      if (questionsChanged) await assertQuestions(tx, actor.companyId, settled);
      const from = input.available_from === undefined ? before.available_from : input.available_from;
      const until = input.available_until === undefined ? before.available_until : input.available_until;
      if (from && until && new Date(until).getTime() <= new Date(from).getTime()) {
        throw invalidFields({ available_until: `${NS}.errors.window_order` });
      }
      if (
        input.image_url !== undefined &&
        !(await replaceFile(tx, actor.companyId, before.image_url, input.image_url))
      ) {
        throw invalidFields({ image_url: `${NS}.errors.image_invalid` });
      }
      const values = before.kind === 'demo' ? { ...input, ...DEMO_SETTINGS } : input;
      await tx
        .update(exams)
        .set({
          ...columnValues(COLUMNS, exams, values),
          description: input.description === undefined ? undefined : sanitize(input.description),
          drawRules: questionsChanged ? settled.draw_rules : undefined,
          availableFrom: instant(input.available_from),
          availableUntil: instant(input.available_until),
          updatedAt: new Date(),
        })
        .where(and(eq(exams.companyId, actor.companyId), eq(exams.id, before.id)));
      if (questionsChanged) await writeQuestions(tx, actor.companyId, before.id, settled);
    },

    async beforeDelete(tx, actor, items) {
      // An exam people took keeps their results; one an education holds would leave it a test nobody can take.
      // Either is made passive instead (the message says so).
      const taken = items.find((item) => item.attempts_count > 0);
      if (taken) throw invalidFields({ id: `${NS}.errors.has_attempts` });
      const used = items.find((item) => item.educations_count > 0);
      if (used) throw invalidFields({ id: `${NS}.errors.in_use` });
      for (const item of items) await detachFile(tx, actor.companyId, item.image_url);
    },

    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (e) => e.id },
        { header: `${NS}.columns.title`, value: (e) => e.title },
        { header: `${NS}.columns.kind`, value: (e, t) => t(`exams.kinds.${e.kind}`) },
        {
          header: `${NS}.columns.category`,
          value: (e, t) => (e.category ? pickLocalized(e.category.names, languageOf(t), 'tr') : ''),
        },
        { header: `${NS}.columns.language`, value: (e) => e.language },
        { header: `${NS}.columns.selection`, value: (e, t) => t(`exams.selections.${e.selection}`) },
        { header: `${NS}.columns.questions_count`, value: (e) => e.questions_count },
        { header: `${NS}.columns.time_limit_minutes`, value: (e) => e.time_limit_minutes },
        { header: `${NS}.columns.pass_mark`, value: (e) => e.pass_mark },
        { header: `${NS}.columns.attempts_count`, value: (e) => e.attempts_count },
        activeStatusExportColumn(NS),
        { header: `${NS}.columns.created_at`, value: (e) => e.created_at },
      ],
    },
  });

  /** How many active questions of the bank a rule finds now (the form's live "N match"). */
  function drawCount(actor: Actor, rule: DrawRule, language?: string): Promise<number> {
    return inTenant(db, actor.companyId, (tx) => forExams.available(tx, actor.companyId, rule, language));
  }

  return { resource, drawCount };
}

export type ExamResource = ReturnType<typeof createExamResource>['resource'];

/** The exams of the company that exist among `ids` (any kind unless given). */
export async function ownExams(
  tx: Db,
  companyId: number,
  ids: readonly number[],
  kind?: Exam['kind'],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: exams.id })
    .from(exams)
    .where(
      and(
        eq(exams.companyId, companyId),
        inArray(exams.id, [...ids]),
        ...(kind === undefined ? [] : [eq(exams.kind, kind)]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Whether a learner has started and passed an exam (any attempt; a scored one that passed). */
export async function learnerExamState(tx: Db, userId: number, examIds: readonly number[]) {
  if (examIds.length === 0) return new Map<number, { started: boolean; completed: boolean }>();
  const rows = await tx
    .select({
      examId: examAttempts.examId,
      completed: sql<boolean>`coalesce(bool_or(${examAttempts.passed}), false)`,
    })
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), inArray(examAttempts.examId, [...examIds])))
    .groupBy(examAttempts.examId);
  return new Map(rows.map((r) => [r.examId, { started: true, completed: r.completed }]));
}
