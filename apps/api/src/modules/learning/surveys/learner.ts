import {
  isAnswered,
  type LearnerSurvey,
  learnerSurveyQuestion,
  type MySurvey,
  type SurveyAnswerBody,
  type SurveyAnswers,
  type SurveyAnswerValue,
  type SurveyQuestion,
} from '@kampus/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { surveyParticipations, surveyResponses, surveys, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { conflict, invalidFields, notFound } from '../../../platform/http/errors.js';
import type { AssignmentsService } from '../assignments/service.js';
import type { EvaluationLinks } from '../educations/evaluation.js';
import { presentQuestion, questionsOf } from './admin.js';

type Learner = Pick<Actor, 'userId' | 'companyId' | 'lang'>;

/** Whether a value fits its question (a draft may leave any question unanswered). */
function fits(question: SurveyQuestion, value: SurveyAnswerValue): boolean {
  switch (question.type) {
    case 'likert':
      return typeof value === 'number' && value >= 1 && value <= (question.points ?? 5);
    case 'rating':
      return (
        typeof value === 'number' && (question.scale === 'nps' ? value >= 0 && value <= 10 : value >= 1 && value <= 5)
      );
    case 'single_choice':
      return typeof value === 'string' && question.options.some((o) => o.key === value);
    case 'multiple_choice':
      return (
        Array.isArray(value) &&
        new Set(value).size === value.length &&
        value.every((key) => question.options.some((o) => o.key === key))
      );
    case 'free_text':
      return typeof value === 'string';
  }
}

/** The answers kept (empty ones dropped), each checked against its question; on submit every required one given. */
export function checkAnswers(questions: SurveyQuestion[], answers: SurveyAnswers, submit: boolean): SurveyAnswers {
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  const errors: Record<string, string> = {};
  const kept: SurveyAnswers = {};
  for (const [id, value] of Object.entries(answers)) {
    const question = byId.get(id);
    if (!question) errors[`answers.${id}`] = 'surveys.errors.question_unknown';
    else if (!isAnswered(value)) continue;
    else if (!fits(question, value)) errors[`answers.${id}`] = 'surveys.errors.answer_invalid';
    else kept[id] = typeof value === 'string' ? value.trim() : value;
  }
  if (submit) {
    for (const question of questions) {
      if (question.required && !isAnswered(kept[String(question.id)]) && !errors[`answers.${question.id}`]) {
        errors[`answers.${question.id}`] = 'surveys.errors.answer_required';
      }
    }
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  return kept;
}

/**
 * The learner's side: `GET api/my/surveys` (the surveys given to them through assignments, the evaluation surveys of
 * the educations they completed), one survey to fill with its draft, saving the draft and submitting once. A survey
 * that is not open to the person is 404, so nobody learns what exists.
 */
export function createSurveyLearner(
  platform: Platform,
  needs: { links: EvaluationLinks; assignedItemsOf: AssignmentsService['assignedItemsOf'] },
) {
  const db = platform.database.db;

  /** The surveys open to the person, with the education each is for. */
  async function openTo(tx: Db, learner: Learner) {
    const assigned = await needs.assignedItemsOf(tx, learner.userId, 'survey');
    const evaluations = await needs.links.completedWithSurvey(tx, learner.userId);
    const ids = [...new Set([...assigned.map((a) => a.ref_id), ...evaluations.map((e) => e.surveyId)])];
    const rows =
      ids.length === 0
        ? []
        : await tx
            .select({ id: surveys.id, kind: surveys.kind, title: surveys.title, anonymous: surveys.anonymous })
            .from(surveys)
            .where(and(eq(surveys.companyId, learner.companyId), eq(surveys.status, 1), inArray(surveys.id, ids)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const open: {
      survey: (typeof rows)[number];
      education: { id: number; title: string } | null;
      due: string | null;
    }[] = [];
    for (const a of assigned) {
      const survey = byId.get(a.ref_id);
      if (survey?.kind === 'survey') open.push({ survey, education: null, due: a.due_date });
    }
    for (const e of evaluations) {
      const survey = byId.get(e.surveyId);
      if (survey?.kind === 'evaluation')
        open.push({ survey, education: { id: e.educationId, title: e.title }, due: null });
    }
    return open;
  }

  async function participationsOf(tx: Db, userId: number, surveyIds: number[]) {
    if (surveyIds.length === 0) return [];
    return tx
      .select()
      .from(surveyParticipations)
      .where(and(eq(surveyParticipations.userId, userId), inArray(surveyParticipations.surveyId, surveyIds)));
  }

  /** The survey if it is open to the person (for that education, an evaluation survey), else 404. */
  async function findOpen(tx: Db, learner: Learner, surveyId: number, educationId: number | null) {
    const [survey] = await tx
      .select()
      .from(surveys)
      .where(and(eq(surveys.companyId, learner.companyId), eq(surveys.id, surveyId), eq(surveys.status, 1)));
    if (!survey) throw notFound();
    if (survey.kind === 'survey') {
      if (educationId !== null) throw notFound();
      const assigned = await needs.assignedItemsOf(tx, learner.userId, 'survey');
      if (!assigned.some((a) => a.ref_id === surveyId)) throw notFound();
      return { survey, education: null };
    }
    if (educationId === null) throw notFound();
    const education = await needs.links.education(tx, educationId);
    if (!education || education.surveyId !== surveyId) throw notFound();
    if (!(await needs.links.completed(tx, learner.userId, educationId))) throw notFound();
    return { survey, education: { id: education.id, title: education.title } };
  }

  const participationOf = (surveyId: number, userId: number, educationId: number | null) =>
    and(
      eq(surveyParticipations.surveyId, surveyId),
      eq(surveyParticipations.userId, userId),
      educationId === null
        ? isNull(surveyParticipations.educationId)
        : eq(surveyParticipations.educationId, educationId),
    );

  /** The person's participation row, locked, made as a draft when there is none. */
  async function lockParticipation(tx: Db, learner: Learner, surveyId: number, educationId: number | null) {
    await tx
      .insert(surveyParticipations)
      .values({ companyId: learner.companyId, surveyId, userId: learner.userId, educationId })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(surveyParticipations)
      .where(participationOf(surveyId, learner.userId, educationId))
      .for('update');
    if (!row) throw new Error('survey participation missing after insert');
    return row;
  }

  async function questions(tx: Db, surveyId: number) {
    return (await questionsOf(tx, [surveyId])).map(presentQuestion);
  }

  return {
    /** `GET api/my/surveys`. */
    list: (learner: Learner): Promise<MySurvey[]> =>
      inTenant(db, learner.companyId, async (tx) => {
        const open = await openTo(tx, learner);
        const ids = [...new Set(open.map((o) => o.survey.id))];
        const parts = await participationsOf(tx, learner.userId, ids);
        const counts = await questionsOf(tx, ids);
        return open.map(({ survey, education, due }) => {
          const part = parts.find(
            (p) => p.surveyId === survey.id && (p.educationId ?? null) === (education?.id ?? null),
          );
          return {
            id: survey.id,
            kind: survey.kind,
            title: survey.title,
            anonymous: survey.anonymous,
            questions_count: counts.filter((q) => q.surveyId === survey.id).length,
            education,
            due_date: due,
            state: part?.status ?? 'open',
            submitted_at: part?.submittedAt?.toISOString() ?? null,
          };
        });
      }),

    /** `GET api/my/surveys/{id}`: the survey in the reader's language, with their draft. */
    read: (learner: Learner, surveyId: number, educationId: number | null): Promise<LearnerSurvey> =>
      inTenant(db, learner.companyId, async (tx) => {
        const { survey, education } = await findOpen(tx, learner, surveyId, educationId);
        const [part] = await tx
          .select()
          .from(surveyParticipations)
          .where(participationOf(surveyId, learner.userId, educationId));
        const main = survey.languages[0] ?? 'tr';
        const language = survey.languages.includes(learner.lang) ? learner.lang : main;
        return {
          id: survey.id,
          kind: survey.kind,
          title: survey.title,
          description: survey.description,
          anonymous: survey.anonymous,
          language,
          questions: (await questions(tx, surveyId)).map((q) => learnerSurveyQuestion(q, language, main)),
          education,
          state: part?.status ?? 'open',
          answers: part?.status === 'draft' ? part.draft : {},
          saved_at: part?.savedAt?.toISOString() ?? null,
          submitted_at: part?.submittedAt?.toISOString() ?? null,
        };
      }),

    /** `PUT api/my/surveys/{id}/draft`: keeps the answers so far; 409 once submitted. */
    saveDraft: (actor: Actor, surveyId: number, body: SurveyAnswerBody) =>
      inTenant(db, actor.companyId, async (tx) => {
        await findOpen(tx, actor, surveyId, body.education_id);
        const answers = checkAnswers(await questions(tx, surveyId), body.answers, false);
        const part = await lockParticipation(tx, actor, surveyId, body.education_id);
        if (part.status === 'submitted') throw conflict('surveys.errors.already_submitted');
        const savedAt = new Date();
        await tx
          .update(surveyParticipations)
          .set({ draft: answers, savedAt })
          .where(eq(surveyParticipations.id, part.id));
        if (part.savedAt === null) {
          // The first save starts the survey (an assignment's item goes "in progress").
          await record(tx, actor, {
            action: 'survey.draft_saved',
            entity: 'survey',
            id: surveyId,
            after: { user_id: actor.userId, education_id: body.education_id },
          });
        }
        return { saved_at: savedAt.toISOString() };
      }),

    /**
     * `POST api/my/surveys/{id}/submit`: once per person (and education). The response of an anonymous survey is
     * stored without the person and with the day only; the participation row records that they answered, not what.
     */
    submit: (actor: Actor, surveyId: number, body: SurveyAnswerBody) =>
      inTenant(db, actor.companyId, async (tx) => {
        const { survey } = await findOpen(tx, actor, surveyId, body.education_id);
        const answers = checkAnswers(await questions(tx, surveyId), body.answers, true);
        const part = await lockParticipation(tx, actor, surveyId, body.education_id);
        if (part.status === 'submitted') throw conflict('surveys.errors.already_submitted');
        const [person] = await tx
          .select({ department: users.department })
          .from(users)
          .where(eq(users.id, actor.userId));
        await tx.insert(surveyResponses).values({
          companyId: actor.companyId,
          surveyId,
          educationId: body.education_id,
          userId: survey.anonymous ? null : actor.userId,
          department: person?.department?.trim() || null,
          answers,
          submittedAt: survey.anonymous ? sql`date_trunc('day', now())` : sql`now()`,
        });
        const submittedAt = new Date();
        await tx
          .update(surveyParticipations)
          .set({ status: 'submitted', draft: {}, submittedAt, savedAt: submittedAt })
          .where(eq(surveyParticipations.id, part.id));
        await record(tx, actor, {
          action: 'survey.answered',
          entity: 'survey',
          id: surveyId,
          after: { user_id: actor.userId, education_id: body.education_id },
        });
        return { submitted_at: submittedAt.toISOString() };
      }),
  };
}

export type SurveyLearner = ReturnType<typeof createSurveyLearner>;
