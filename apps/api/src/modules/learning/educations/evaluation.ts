import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { educationEnrolments, educations } from '../../../db/schema/index.js';

/**
 * What the surveys module needs of educations for their evaluation surveys (issue 15), asked through this service:
 * which survey an education holds, which completed educations of a person have one, and which educations hold a
 * survey. The check that an education's `evaluation_survey_id` is one of the company's evaluation surveys is given
 * back by the surveys module (`registerCheck`), which comes later in MODULES.
 */
export function createEvaluationLinks() {
  let check: ((tx: Db, companyId: number, surveyId: number) => Promise<boolean>) | null = null;
  return {
    registerCheck(fn: (tx: Db, companyId: number, surveyId: number) => Promise<boolean>) {
      check = fn;
    },
    /** Whether the id may be an education's evaluation survey (false while no module answers). */
    isEvaluationSurvey: (tx: Db, companyId: number, surveyId: number) =>
      check ? check(tx, companyId, surveyId) : Promise.resolve(false),

    /** The education's title and evaluation survey. */
    async education(tx: Db, educationId: number) {
      const [row] = await tx
        .select({ id: educations.id, title: educations.title, surveyId: educations.evaluationSurveyId })
        .from(educations)
        .where(eq(educations.id, educationId));
      return row ?? null;
    },

    /** The person's completed educations that hold an evaluation survey. */
    completedWithSurvey(tx: Db, userId: number) {
      return tx
        .select({
          educationId: educations.id,
          title: educations.title,
          surveyId: sql<number>`${educations.evaluationSurveyId}`,
          completedAt: educationEnrolments.completedAt,
        })
        .from(educationEnrolments)
        .innerJoin(educations, eq(educations.id, educationEnrolments.educationId))
        .where(
          and(
            eq(educationEnrolments.userId, userId),
            eq(educationEnrolments.status, 'completed'),
            isNotNull(educations.evaluationSurveyId),
          ),
        );
    },

    /** Whether the person completed the education. */
    async completed(tx: Db, userId: number, educationId: number) {
      const [row] = await tx
        .select({ id: educationEnrolments.id })
        .from(educationEnrolments)
        .where(
          and(
            eq(educationEnrolments.userId, userId),
            eq(educationEnrolments.educationId, educationId),
            eq(educationEnrolments.status, 'completed'),
          ),
        );
      return Boolean(row);
    },

    /** The educations holding each survey. */
    async holders(tx: Db, surveyIds: readonly number[]) {
      if (surveyIds.length === 0) return [];
      return tx
        .select({ id: educations.id, title: educations.title, surveyId: sql<number>`${educations.evaluationSurveyId}` })
        .from(educations)
        .where(inArray(educations.evaluationSurveyId, [...surveyIds]));
    },
  };
}

export type EvaluationLinks = ReturnType<typeof createEvaluationLinks>;
