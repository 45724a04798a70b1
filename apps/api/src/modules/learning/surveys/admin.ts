import {
  type Locale,
  type LocalizedText,
  type Survey,
  type SurveyCreate,
  type SurveyKind,
  type SurveyListQuery,
  type SurveyQuestion,
  type SurveyQuestionInput,
  type SurveyUpdate,
  surveyContractOf,
} from '@kampus/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { surveyQuestions, surveyResponses, surveys } from '../../../db/schema/index.js';
import type { Platform } from '../../../platform/deps.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { activeStatusExportColumn, defineResource, presentActiveStatus } from '../../../platform/resource/resource.js';
import { sanitizeRichText } from '../../../platform/rich-text.js';
import type { EvaluationLinks } from '../educations/evaluation.js';

type QuestionRow = typeof surveyQuestions.$inferSelect;

export function presentQuestion(row: QuestionRow): SurveyQuestion {
  return {
    id: row.id,
    type: row.type,
    text: row.text,
    required: row.required,
    points: row.points,
    labels: row.labels,
    options: row.options,
    scale: row.scale,
  };
}

/** The questions of surveys, in order. */
export async function questionsOf(tx: Db, surveyIds: readonly number[]): Promise<QuestionRow[]> {
  if (surveyIds.length === 0) return [];
  return tx
    .select()
    .from(surveyQuestions)
    .where(inArray(surveyQuestions.surveyId, [...surveyIds]))
    .orderBy(asc(surveyQuestions.surveyId), asc(surveyQuestions.position), asc(surveyQuestions.id));
}

const responsesCount = sql<number>`(select count(*)::integer from survey_responses r where r.survey_id = surveys.id)`;

/** Keeps the texts of the survey's languages only, and names the first language left empty. */
function keep(text: LocalizedText, languages: readonly Locale[]): { text: LocalizedText; missing?: Locale } {
  const out: LocalizedText = {};
  let missing: Locale | undefined;
  for (const lang of languages) {
    const value = text[lang]?.trim();
    if (value) out[lang] = value;
    else missing ??= lang;
  }
  return { text: out, missing };
}

/** A question as stored: only the survey's languages, every one of them written (else 422 on the field). */
function normalize(question: SurveyQuestionInput, index: number, languages: readonly Locale[]) {
  const at = `questions.${index}`;
  const text = keep(question.text, languages);
  if (text.missing) throw invalidFields({ [`${at}.text.${text.missing}`]: 'validation.required' });
  const base = { type: question.type, text: text.text, required: question.required };
  switch (question.type) {
    case 'likert': {
      const labels: Partial<Record<Locale, string[]>> = {};
      for (const lang of languages) {
        const list = (question.labels[lang] ?? []).map((l) => l.trim());
        if (list.length !== question.points || list.some((l) => l === '')) {
          throw invalidFields({ [`${at}.labels.${lang}`]: 'surveys.errors.labels_invalid' });
        }
        labels[lang] = list;
      }
      return { ...base, points: question.points, labels, options: [], scale: null };
    }
    case 'single_choice':
    case 'multiple_choice': {
      const options = question.options.map((option, o) => {
        const kept = keep(option.text, languages);
        if (kept.missing) throw invalidFields({ [`${at}.options.${o}.text.${kept.missing}`]: 'validation.required' });
        return { key: option.key, text: kept.text };
      });
      return { ...base, points: null, labels: {}, options, scale: null };
    }
    case 'rating':
      return { ...base, points: null, labels: {}, options: [], scale: question.scale };
    case 'free_text':
      return { ...base, points: null, labels: {}, options: [], scale: null };
  }
}

/**
 * Replaces a survey's questions with the builder's list. A question with an id keeps its row (and its answers);
 * once the survey has answers no question may be removed, no type changed (a Likert's points or a rating's scale
 * included) and no option removed, since stored answers refer to them — texts may be corrected and questions added.
 */
async function writeQuestions(
  tx: Db,
  companyId: number,
  surveyId: number,
  input: readonly SurveyQuestionInput[],
  languages: readonly Locale[],
  locked: boolean,
) {
  const existing = new Map((await questionsOf(tx, [surveyId])).map((row) => [row.id, row]));
  const kept = new Set<number>();
  const rows = input.map((question, index) => {
    const value = normalize(question, index, languages);
    if (question.id === undefined) return { id: undefined, value };
    const before = existing.get(question.id);
    if (!before) throw invalidFields({ [`questions.${index}.id`]: 'surveys.errors.question_unknown' });
    kept.add(question.id);
    if (locked) {
      const retyped =
        before.type !== value.type ||
        (before.points ?? null) !== value.points ||
        (before.scale ?? null) !== value.scale;
      if (retyped) throw invalidFields({ [`questions.${index}.type`]: 'surveys.errors.locked_retype' });
      const keys = new Set(value.options.map((o) => o.key));
      if (before.options.some((o) => !keys.has(o.key))) {
        throw invalidFields({ [`questions.${index}.options`]: 'surveys.errors.locked_option_removed' });
      }
    }
    return { id: question.id, value };
  });
  const removed = [...existing.keys()].filter((id) => !kept.has(id));
  if (removed.length > 0) {
    if (locked) throw invalidFields({ questions: 'surveys.errors.locked_remove' });
    await tx.delete(surveyQuestions).where(inArray(surveyQuestions.id, removed));
  }
  for (const [index, row] of rows.entries()) {
    const values = { ...row.value, position: index + 1 };
    if (row.id === undefined) {
      await tx.insert(surveyQuestions).values({ ...values, companyId, surveyId });
    } else {
      await tx
        .update(surveyQuestions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(surveyQuestions.surveyId, surveyId), eq(surveyQuestions.id, row.id)));
    }
  }
}

async function hasResponses(tx: Db, surveyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: surveyResponses.id })
    .from(surveyResponses)
    .where(eq(surveyResponses.surveyId, surveyId))
    .limit(1);
  return Boolean(row);
}

const sanitize = (html: string | null) => (html === null ? null : sanitizeRichText(html) || null);

/**
 * `api/admin/surveys` (show_survey / create_survey) or `api/admin/evaluation-surveys` (read_evaluationsurvey /
 * create_evaluationsurvey): one declaration per kind over the one `surveys` table, each holding only its kind.
 */
export function createSurveyResource(platform: Platform, kind: SurveyKind, links: EvaluationLinks) {
  const db = platform.database.db;
  const contract = surveyContractOf(kind);
  const NS = contract.namespace;

  async function present(tx: Db, companyId: number, ids: number[]): Promise<Survey[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ survey: surveys, responses: responsesCount })
      .from(surveys)
      .where(and(eq(surveys.companyId, companyId), eq(surveys.kind, kind), inArray(surveys.id, ids)));
    const questions = await questionsOf(tx, ids);
    const holders = kind === 'evaluation' ? await links.holders(tx, ids) : [];
    return rows.map(({ survey: s, responses }) => {
      const own = questions.filter((q) => q.surveyId === s.id).map(presentQuestion);
      return {
        id: s.id,
        kind: s.kind,
        title: s.title,
        description: s.description,
        languages: s.languages,
        anonymous: s.anonymous,
        status: presentActiveStatus(s.status),
        questions: own,
        questions_count: own.length,
        responses_count: responses,
        locked: responses > 0,
        educations_count: holders.filter((h) => h.surveyId === s.id).length,
        created_at: s.createdAt.toISOString(),
        updated_at: s.updatedAt.toISOString(),
      };
    });
  }

  const resource = defineResource<Survey, SurveyCreate, SurveyUpdate, SurveyListQuery>(db, {
    contract,
    activeStatus: true,
    entity: kind === 'survey' ? 'survey' : 'evaluation_survey',
    table: surveys,
    within: eq(surveys.kind, kind),
    sortable: {
      title: surveys.title,
      status: surveys.status,
      responses_count: responsesCount,
      created_at: surveys.createdAt,
      updated_at: surveys.updatedAt,
    },
    defaultOrder: [desc(surveys.createdAt)],
    search: [surveys.title],
    filters: { anonymous: (v: '0' | '1') => eq(surveys.anonymous, v === '1') },
    present,

    async create(tx, actor, input) {
      const [row] = await tx
        .insert(surveys)
        .values({
          companyId: actor.companyId,
          kind,
          title: input.title,
          description: sanitize(input.description),
          languages: input.languages,
          anonymous: input.anonymous,
          status: input.status,
          createdBy: actor.userId,
        })
        .returning({ id: surveys.id });
      if (!row) throw new Error('survey insert returned nothing');
      await writeQuestions(tx, actor.companyId, row.id, input.questions, input.languages, false);
      return row.id;
    },

    async update(tx, actor, before, input) {
      const locked = await hasResponses(tx, before.id);
      if (locked && input.anonymous !== undefined && input.anonymous !== before.anonymous) {
        throw invalidFields({ anonymous: 'surveys.errors.locked_anonymous' });
      }
      const languages = input.languages ?? before.languages;
      await tx
        .update(surveys)
        .set({
          title: input.title,
          description: input.description === undefined ? undefined : sanitize(input.description),
          languages: input.languages,
          anonymous: input.anonymous,
          status: input.status,
          updatedAt: new Date(),
        })
        .where(and(eq(surveys.companyId, actor.companyId), eq(surveys.id, before.id)));
      if (input.questions !== undefined || input.languages !== undefined) {
        // New languages need every question's texts in them: the stored list is checked again when not sent.
        const questions: SurveyQuestionInput[] = input.questions ?? before.questions.map(inputOf);
        await writeQuestions(tx, actor.companyId, before.id, questions, languages, locked);
      }
    },

    async beforeDelete(_tx, _actor, items) {
      // An evaluation survey an education holds stays: the education would lose its evaluation silently.
      if (items.some((item) => item.educations_count > 0)) throw invalidFields({ id: `${NS}.errors.in_use` });
    },

    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (s) => s.id },
        { header: `${NS}.columns.title`, value: (s) => s.title },
        { header: `${NS}.columns.languages`, value: (s) => s.languages.join(', ') },
        { header: `${NS}.columns.anonymous`, value: (s, t) => t(`surveys.yes_no.${s.anonymous ? 'yes' : 'no'}`) },
        { header: `${NS}.columns.questions_count`, value: (s) => s.questions_count },
        { header: `${NS}.columns.responses_count`, value: (s) => s.responses_count },
        activeStatusExportColumn(NS),
        { header: `${NS}.columns.created_at`, value: (s) => s.created_at },
      ],
    },
  });

  return resource;
}

/** A stored question as the builder would send it back. */
function inputOf(q: SurveyQuestion): SurveyQuestionInput {
  const base = { id: q.id, text: q.text, required: q.required };
  switch (q.type) {
    case 'likert':
      return { ...base, type: 'likert', points: q.points === 7 ? 7 : 5, labels: q.labels };
    case 'single_choice':
      return { ...base, type: 'single_choice', options: q.options };
    case 'multiple_choice':
      return { ...base, type: 'multiple_choice', options: q.options };
    case 'rating':
      return { ...base, type: 'rating', scale: q.scale ?? 'stars' };
    case 'free_text':
      return { ...base, type: 'free_text' };
  }
}

export type SurveyResource = ReturnType<typeof createSurveyResource>;
