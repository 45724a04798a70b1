import {
  EXPORT_FORMATS,
  type ExportFormat,
  type Locale,
  learnerSurveyQuestion,
  SURVEY_MIN_GROUP,
  type SurveyAnswers,
  type SurveyKind,
  type SurveyQuestion,
  type SurveyQuestionSummary,
  type SurveyResults,
  type SurveyResultsQuery,
  surveyKindSchema,
} from '@kampus/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { surveyResponses, surveys, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { type ExportOwner, initiatorOf } from '../../../platform/exports.js';
import { notFound } from '../../../platform/http/errors.js';
import { languageOf, type Translate } from '../../../platform/i18n.js';
import type { EvaluationLinks } from '../educations/evaluation.js';
import { presentQuestion, questionsOf } from './admin.js';

const DETAIL_MAX = 500;

type SurveyRow = typeof surveys.$inferSelect;
interface ResponseRow {
  id: number;
  educationId: number | null;
  userId: number | null;
  department: string | null;
  answers: SurveyAnswers;
  submittedAt: Date;
}

/** The company's survey of the kind, else 404 (another company's, or the other kind's). */
async function findSurvey(tx: Db, companyId: number, kind: SurveyKind, id: number): Promise<SurveyRow> {
  const [row] = await tx
    .select()
    .from(surveys)
    .where(and(eq(surveys.companyId, companyId), eq(surveys.kind, kind), eq(surveys.id, id)));
  if (!row) throw notFound();
  return row;
}

/**
 * The responses, newest first. An anonymous survey's are ordered by day and then by a hash of their id, so their
 * order cannot be matched with the order people finished in (which an assignment's people view shows).
 */
async function responsesOf(tx: Db, survey: SurveyRow, educationId: number | undefined): Promise<ResponseRow[]> {
  const rows = await tx
    .select({
      id: surveyResponses.id,
      educationId: surveyResponses.educationId,
      userId: surveyResponses.userId,
      department: surveyResponses.department,
      answers: surveyResponses.answers,
      submittedAt: surveyResponses.submittedAt,
    })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.surveyId, survey.id),
        educationId === undefined ? undefined : eq(surveyResponses.educationId, educationId),
      ),
    )
    .orderBy(
      desc(surveyResponses.submittedAt),
      survey.anonymous ? sql`md5(${surveyResponses.id}::text)` : desc(surveyResponses.id),
    );
  if (!survey.anonymous) return rows;
  // Nothing that names a person leaves an anonymous survey's reader, even if a row was written otherwise.
  return rows.map((row) => ({ ...row, id: 0, userId: null }));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const list = groups.get(name);
    if (list) list.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The per-question summary of the responses given. */
export function summarize(
  questions: SurveyQuestion[],
  responses: readonly { answers: SurveyAnswers }[],
  language: Locale,
  main: Locale,
): SurveyQuestionSummary[] {
  return questions.map((question) => {
    const view = learnerSurveyQuestion(question, language, main);
    const values = responses.map((r) => r.answers[String(question.id)]).filter((v) => v !== undefined);
    const numbers = values.filter((v): v is number => typeof v === 'number');
    const scale = (from: number, to: number, labels: string[] = []) =>
      Array.from({ length: to - from + 1 }, (_, i) => {
        const point = from + i;
        return {
          key: String(point),
          label: labels[i] ?? String(point),
          count: numbers.filter((n) => n === point).length,
        };
      });
    const mean = numbers.length === 0 ? null : round(numbers.reduce((a, b) => a + b, 0) / numbers.length);
    const base = { id: question.id, type: question.type, text: view.text, answered: values.length };
    switch (question.type) {
      case 'likert':
        return { ...base, counts: scale(1, question.points ?? 5, view.labels), mean, nps: null, texts: [] };
      case 'rating': {
        if (question.scale !== 'nps') return { ...base, counts: scale(1, 5), mean, nps: null, texts: [] };
        const promoters = numbers.filter((n) => n >= 9).length;
        const detractors = numbers.filter((n) => n <= 6).length;
        const nps = numbers.length === 0 ? null : Math.round(((promoters - detractors) / numbers.length) * 100);
        return { ...base, counts: scale(0, 10), mean, nps, texts: [] };
      }
      case 'single_choice':
      case 'multiple_choice':
        return {
          ...base,
          counts: view.options.map((option) => ({
            key: option.key,
            label: option.text,
            count: values.filter((v) => v === option.key || (Array.isArray(v) && v.includes(option.key))).length,
          })),
          mean: null,
          nps: null,
          texts: [],
        };
      default:
        return {
          ...base,
          counts: [],
          mean: null,
          nps: null,
          texts: values.filter((v): v is string => typeof v === 'string'),
        };
    }
  });
}

/** An answer as one cell of text. */
function answerText(question: SurveyQuestion, value: unknown, language: Locale, main: Locale): string {
  if (value === undefined) return '';
  const view = learnerSurveyQuestion(question, language, main);
  const option = (key: unknown) => view.options.find((o) => o.key === key)?.text ?? String(key);
  switch (question.type) {
    case 'likert':
      return `${value} – ${view.labels[Number(value) - 1] ?? ''}`.trim();
    case 'single_choice':
      return option(value);
    case 'multiple_choice':
      return Array.isArray(value) ? value.map(option).join(', ') : '';
    default:
      return String(value);
  }
}

const exportParams = z.object({
  kind: surveyKindSchema,
  surveyId: z.number(),
  educationId: z.number().optional(),
  format: z.enum(EXPORT_FORMATS),
});

/**
 * Results (`GET api/admin/{surveys|evaluation-surveys}/{id}/results`): a summary per question, optionally for one
 * education (the general end-of-education report) and per department; each response's answers (the detailed
 * report) unless the survey is anonymous. An anonymous survey shows nothing of a group — an education or a
 * department — with fewer than SURVEY_MIN_GROUP answers. The answers export is a job (xlsx or csv).
 */
export function createSurveyResults(platform: Platform, links: EvaluationLinks) {
  const db = platform.database.db;

  async function read(
    tx: Db,
    actor: Pick<Actor, 'companyId' | 'lang'>,
    kind: SurveyKind,
    id: number,
    query: SurveyResultsQuery,
  ) {
    const survey = await findSurvey(tx, actor.companyId, kind, id);
    const questions = (await questionsOf(tx, [id])).map(presentQuestion);
    const main = survey.languages[0] ?? 'tr';
    const language = survey.languages.includes(actor.lang) ? actor.lang : main;
    const holders = kind === 'evaluation' ? await links.holders(tx, [id]) : [];
    let education: { id: number; title: string } | null = null;
    if (query.education_id !== undefined) {
      const found = await links.education(tx, query.education_id);
      // An education of the company (row-level security) that holds this survey, or that still has its answers.
      if (!found) throw notFound();
      education = { id: found.id, title: found.title };
    }
    const all = await responsesOf(tx, survey, undefined);
    const responses = education ? all.filter((r) => r.educationId === education.id) : all;
    const small = (count: number) => survey.anonymous && count < SURVEY_MIN_GROUP;
    const suppressed = education !== null && small(responses.length);
    const groups =
      query.group_by === 'department'
        ? [...groupBy(responses, (r) => r.department ?? '').entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([name, rows]) => ({
              name,
              responses: small(rows.length) ? 0 : rows.length,
              suppressed: small(rows.length),
              questions: small(rows.length) ? [] : summarize(questions, rows, language, main),
            }))
        : [];
    const userIds = [...new Set(responses.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
    const people =
      survey.anonymous || suppressed || userIds.length === 0
        ? new Map<number, { name: string; email: string | null }>()
        : new Map(
            (
              await tx
                .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
                .from(users)
                .where(inArray(users.id, userIds))
            ).map((u) => [u.id, { name: `${u.name} ${u.surname}`, email: u.email }]),
          );
    const titleOf = new Map(holders.map((h) => [h.id, h.title]));
    if (education) titleOf.set(education.id, education.title);
    const results: SurveyResults = {
      survey: { id: survey.id, kind: survey.kind, title: survey.title, anonymous: survey.anonymous },
      education,
      educations: holders.map((h) => ({
        id: h.id,
        title: h.title,
        responses: all.filter((r) => r.educationId === h.id).length,
      })),
      responses: suppressed ? 0 : responses.length,
      suppressed,
      min_group: SURVEY_MIN_GROUP,
      questions: suppressed ? [] : summarize(questions, responses, language, main),
      groups: suppressed ? [] : groups,
      detail: survey.anonymous
        ? null
        : responses.slice(0, DETAIL_MAX).map((r) => {
            const person = r.userId === null ? undefined : people.get(r.userId);
            return {
              id: r.id,
              user: person && r.userId !== null ? { id: r.userId, ...person } : null,
              education: r.educationId === null ? null : { id: r.educationId, title: titleOf.get(r.educationId) ?? '' },
              submitted_at: r.submittedAt.toISOString(),
              answers: Object.fromEntries(
                questions.map((q) => [String(q.id), answerText(q, r.answers[String(q.id)], language, main)]),
              ),
            };
          }),
    };
    return { survey, questions, responses, people, results, language, main };
  }

  platform.exports.define({
    name: 'survey-answers',
    schema: exportParams,
    async plan(tx, owner: ExportOwner, params, t: Translate) {
      const lang = languageOf(t);
      const { survey, questions, responses, people, results, language, main } = await read(
        tx,
        { companyId: owner.companyId, lang },
        params.kind,
        params.surveyId,
        { education_id: params.educationId },
      );
      const NS = 'surveys.answers_export';
      const identity = !survey.anonymous;
      const headers = [
        t(`${NS}.submitted_at`),
        ...(identity ? [t(`${NS}.name`), t(`${NS}.email`), t(`${NS}.department`)] : []),
        t(`${NS}.education`),
        ...questions.map((q, i) => `${i + 1}. ${learnerSurveyQuestion(q, language, main).text}`),
      ];
      const titleOf = new Map(results.educations.map((e) => [e.id, e.title]));
      if (results.education) titleOf.set(results.education.id, results.education.title);
      const shown = results.suppressed ? [] : responses;
      async function* rows() {
        yield shown.map((r) => {
          const person = r.userId === null ? undefined : people.get(r.userId);
          return [
            survey.anonymous ? r.submittedAt.toISOString().slice(0, 10) : r.submittedAt.toISOString(),
            ...(identity ? [person?.name ?? '', person?.email ?? '', r.department ?? ''] : []),
            r.educationId === null ? '' : (titleOf.get(r.educationId) ?? ''),
            ...questions.map((q) => answerText(q, r.answers[String(q.id)], language, main)),
          ];
        });
      }
      const name = `${t(`${NS}.file`)}-${survey.id}`;
      return {
        fileName: name,
        format: params.format as ExportFormat,
        sheets: [{ name: survey.title.slice(0, 31) || name, headers, rows: rows(), total: shown.length }],
        written: () =>
          record(tx, initiatorOf(owner), {
            action: `${params.kind === 'survey' ? 'survey' : 'evaluation_survey'}.answers_exported`,
            entity: params.kind === 'survey' ? 'survey' : 'evaluation_survey',
            id: survey.id,
          }),
      };
    },
  });

  return {
    results: (actor: Actor, kind: SurveyKind, id: number, query: SurveyResultsQuery) =>
      inTenant(db, actor.companyId, async (tx) => (await read(tx, actor, kind, id, query)).results),

    async exportAnswers(
      actor: Actor,
      kind: SurveyKind,
      id: number,
      educationId: number | undefined,
      format: ExportFormat,
    ) {
      await inTenant(db, actor.companyId, (tx) => findSurvey(tx, actor.companyId, kind, id));
      return platform.exports.start(actor, 'survey-answers', { kind, surveyId: id, educationId, format });
    },
  };
}
