import type { DrawRule, QuestionBody, QuestionType } from '@kampus/shared';
import { and, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { questions, questionVersions } from '../../../db/schema/index.js';
import { HttpError } from '../../../platform/http/errors.js';
import { inCategoryTree } from './bank.js';

/** A question's version in force, as an exam's fixed list asks for it. */
export interface CurrentVersion {
  question_id: number;
  version_id: number;
}

/** One version of a question as an attempt needs it: what it asks, what is right, and what it is worth. */
export interface ExamQuestionVersion {
  version_id: number;
  question_id: number;
  type: QuestionType;
  points: number;
  body: QuestionBody;
}

/**
 * A random draw that cannot be filled: rule `ruleIndex` (of the rules given) asks for `requested` questions and only
 * `available` are left for it. An HttpError 422 on `rules.{index}.count`, so a route may let it through as it is;
 * a caller wanting its own message catches it by class.
 */
export class QuestionDrawError extends HttpError {
  constructor(
    readonly ruleIndex: number,
    readonly requested: number,
    readonly available: number,
  ) {
    super(422, 'errors.validation_failed', {}, { [`rules.${ruleIndex}.count`]: ['questions.errors.draw_short'] });
  }
}

const ACTIVE = 1;

/**
 * The conditions of a draw rule on `questions` (the company, active, with a version in force, the criteria, and the
 * exam's language when given: a Turkish exam draws Turkish questions from a bank that holds both).
 */
function ruleConditions(companyId: number, rule: DrawRule, exclude: readonly number[], language?: string): SQL[] {
  const where: SQL[] = [
    eq(questions.companyId, companyId),
    eq(questions.status, ACTIVE),
    sql`${questions.currentVersionId} is not null`,
  ];
  if (language) where.push(eq(questions.language, language));
  if (rule.category_id !== null) {
    // The category and everything below it in the tree.
    where.push(inCategoryTree(questions.categoryId, rule.category_id, companyId));
  }
  if (rule.difficulty !== null) where.push(eq(questions.difficulty, rule.difficulty));
  const hashtagIds = [...new Set(rule.hashtag_ids)];
  if (hashtagIds.length > 0) {
    where.push(sql`(select count(*) from question_hashtags qh
      where qh.question_id = ${questions.id} and qh.hashtag_id in ${hashtagIds}) = ${hashtagIds.length}`);
  }
  if (exclude.length > 0) where.push(notInArray(questions.id, [...exclude]));
  return where;
}

/**
 * What exams need of the bank (issue 15), each inside the caller's tenant transaction: how many questions a draw
 * rule finds, a random draw, the versions in force of a fixed list, the versions' bodies, and marking versions used
 * once an attempt holds them (so a later edit writes a new version instead of changing them).
 */
export const forExams = {
  /** How many active questions of the company match the rule (the exam form's "only 7 match"). */
  async available(tx: Db, companyId: number, rule: DrawRule, language?: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::integer` })
      .from(questions)
      .where(and(...ruleConditions(companyId, rule, [], language)));
    return row?.count ?? 0;
  },

  /**
   * Draws each rule's count of questions at random and answers their current version ids, rule after rule in the
   * order given (each rule's questions in random order). No question is drawn twice, nor one of `exclude`. Rules
   * are filled narrowest first, so a broad rule does not take the only questions a narrow one could have.
   * Throws QuestionDrawError when a rule cannot be filled.
   */
  async draw(
    tx: Db,
    companyId: number,
    rules: DrawRule[],
    exclude: readonly number[] = [],
    language?: string,
  ): Promise<number[]> {
    const counts = await Promise.all(rules.map((rule) => forExams.available(tx, companyId, rule, language)));
    const order = rules.map((_, index) => index).sort((a, b) => (counts[a] ?? 0) - (counts[b] ?? 0) || a - b);
    const taken = new Set(exclude);
    const drawn = new Map<number, number[]>();
    for (const index of order) {
      const rule = rules[index] as DrawRule;
      const rows = await tx
        .select({ id: questions.id, versionId: questions.currentVersionId })
        .from(questions)
        .where(and(...ruleConditions(companyId, rule, [...taken], language)))
        .orderBy(sql`random()`)
        .limit(rule.count);
      if (rows.length < rule.count) throw new QuestionDrawError(index, rule.count, rows.length);
      for (const row of rows) taken.add(row.id);
      drawn.set(
        index,
        rows.map((row) => row.versionId as number),
      );
    }
    return rules.flatMap((_, index) => drawn.get(index) ?? []);
  },

  /**
   * The versions in force of a fixed list of questions, in the order given: only the company's active questions
   * (others are left out, so a caller comparing lengths knows one is gone or passive).
   */
  async currentVersions(tx: Db, companyId: number, questionIds: readonly number[]): Promise<CurrentVersion[]> {
    if (questionIds.length === 0) return [];
    const rows = await tx
      .select({ id: questions.id, versionId: questions.currentVersionId })
      .from(questions)
      .where(
        and(
          eq(questions.companyId, companyId),
          eq(questions.status, ACTIVE),
          inArray(questions.id, [...new Set(questionIds)]),
        ),
      );
    const byId = new Map(rows.filter((r) => r.versionId !== null).map((r) => [r.id, r.versionId as number]));
    const seen = new Set<number>();
    const out: CurrentVersion[] = [];
    for (const id of questionIds) {
      const versionId = byId.get(id);
      if (versionId === undefined || seen.has(id)) continue;
      seen.add(id);
      out.push({ question_id: id, version_id: versionId });
    }
    return out;
  },

  /** The company's versions named, in the order given (unknown ids left out), whatever their question's state now. */
  async versions(tx: Db, companyId: number, versionIds: readonly number[]): Promise<ExamQuestionVersion[]> {
    if (versionIds.length === 0) return [];
    const rows = await tx
      .select({
        id: questionVersions.id,
        questionId: questionVersions.questionId,
        body: questionVersions.body,
        points: questionVersions.points,
      })
      .from(questionVersions)
      .where(and(eq(questionVersions.companyId, companyId), inArray(questionVersions.id, [...new Set(versionIds)])));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return versionIds.flatMap((id) => {
      const row = byId.get(id);
      return row
        ? [{ version_id: row.id, question_id: row.questionId, type: row.body.type, points: row.points, body: row.body }]
        : [];
    });
  },

  /** Marks versions as held by an attempt (the first time only); an edit of their question then versions. */
  async markUsed(tx: Db, versionIds: readonly number[]): Promise<void> {
    if (versionIds.length === 0) return;
    await tx
      .update(questionVersions)
      .set({ usedAt: new Date() })
      .where(and(inArray(questionVersions.id, [...new Set(versionIds)]), isNull(questionVersions.usedAt)));
  },
};

export type QuestionsForExams = typeof forExams;
