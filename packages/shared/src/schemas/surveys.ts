import { z } from 'zod';
import { LOCALES, type Locale } from '../constants.js';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX } from './common.js';
import { type LocalizedText, localizedTextSchema } from './faq.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { optionKeySchema } from './questions.js';
import { lenient, resourceListQuerySchema } from './resource.js';

/**
 * Surveys and evaluation surveys (issue 15). A survey is NOT built from the exam question bank: it holds its own
 * ordered questions — Likert (5 or 7 points, a label per point and language), single and multiple choice, rating
 * (stars 1–5 or NPS 0–10) and free text — each written in every language of the survey. One table holds both kinds:
 * `survey` (assigned like other items, `api/admin/surveys`) and `evaluation` (attached to an education, filled once
 * it is completed, `api/admin/evaluation-surveys`). An anonymous survey stores its answers without the person.
 */
export const SURVEY_KINDS = ['survey', 'evaluation'] as const;
export const surveyKindSchema = z.enum(SURVEY_KINDS);
export type SurveyKind = z.infer<typeof surveyKindSchema>;

export const SURVEY_QUESTION_TYPES = ['likert', 'single_choice', 'multiple_choice', 'rating', 'free_text'] as const;
export const surveyQuestionTypeSchema = z.enum(SURVEY_QUESTION_TYPES, 'validation.required');
export type SurveyQuestionType = z.infer<typeof surveyQuestionTypeSchema>;

export const LIKERT_POINTS = [5, 7] as const;
export const RATING_SCALES = ['stars', 'nps'] as const;
export type RatingScale = (typeof RATING_SCALES)[number];

export const SURVEY_TITLE_MAX = 200;
export const SURVEY_DESCRIPTION_MAX = 20_000;
export const SURVEY_QUESTION_TEXT_MAX = 1000;
export const SURVEY_LABEL_MAX = 100;
export const SURVEY_OPTIONS_MIN = 2;
export const SURVEY_OPTIONS_MAX = 20;
export const SURVEY_QUESTIONS_MAX = 100;
export const SURVEY_FREE_TEXT_MAX = 5000;
/** A breakdown (a department, an education) of an anonymous survey with fewer answers than this shows nothing. */
export const SURVEY_MIN_GROUP = 5;

const idSchema = z.number().int().positive().max(ID_MAX);

/** A text written in some languages (only the survey's languages are kept; each of them is required). */
const localizedInput = (max: number) =>
  z.partialRecord(z.enum(LOCALES), z.string().trim().max(max)).default({}) as z.ZodType<LocalizedText>;

const questionBase = {
  /** An existing question's id (kept, with its answers); absent for a new one. */
  id: idSchema.optional(),
  text: localizedInput(SURVEY_QUESTION_TEXT_MAX),
  required: z.boolean().default(true),
};

export const surveyOptionSchema = z.object({ key: optionKeySchema, text: localizedInput(SURVEY_LABEL_MAX) });
export type SurveyOption = z.infer<typeof surveyOptionSchema>;

const likertQuestion = z.object({
  ...questionBase,
  type: z.literal('likert'),
  points: z.union([z.literal(5), z.literal(7)], 'surveys.errors.points_invalid'),
  /** Per language, one label per point (first = lowest). */
  labels: z.partialRecord(z.enum(LOCALES), z.array(z.string().trim().max(SURVEY_LABEL_MAX))).default({}),
});
const choiceShape = {
  options: z
    .array(surveyOptionSchema)
    .min(SURVEY_OPTIONS_MIN, 'surveys.errors.options_min')
    .max(SURVEY_OPTIONS_MAX, 'surveys.errors.options_max')
    .refine((options) => new Set(options.map((o) => o.key)).size === options.length, 'surveys.errors.key_duplicate'),
};
const singleQuestion = z.object({ ...questionBase, type: z.literal('single_choice'), ...choiceShape });
const multipleQuestion = z.object({ ...questionBase, type: z.literal('multiple_choice'), ...choiceShape });
const ratingQuestion = z.object({
  ...questionBase,
  type: z.literal('rating'),
  scale: z.enum(RATING_SCALES, 'validation.required'),
});
const freeTextQuestion = z.object({ ...questionBase, type: z.literal('free_text') });

/** A question as the builder writes it. */
export const surveyQuestionInputSchema = z.discriminatedUnion(
  'type',
  [likertQuestion, singleQuestion, multipleQuestion, ratingQuestion, freeTextQuestion],
  'validation.required',
);
export type SurveyQuestionInput = z.infer<typeof surveyQuestionInputSchema>;

/** A stored question: the same fields, its id and position. */
export const surveyQuestionSchema = z.object({
  id: z.number(),
  type: surveyQuestionTypeSchema,
  text: localizedTextSchema,
  required: z.boolean(),
  points: z.number().nullable(),
  labels: z.partialRecord(z.enum(LOCALES), z.array(z.string())),
  options: z.array(z.object({ key: z.string(), text: localizedTextSchema })),
  scale: z.enum(RATING_SCALES).nullable(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const surveySchema = z.object({
  id: z.number(),
  kind: surveyKindSchema,
  title: z.string(),
  /** Sanitized HTML. */
  description: z.string().nullable(),
  /** The languages every text is written in; the first is the survey's main language. */
  languages: z.array(z.enum(LOCALES)),
  anonymous: z.boolean(),
  status: activeStatusSchema,
  questions: z.array(surveyQuestionSchema),
  questions_count: z.number(),
  responses_count: z.number(),
  /** Answers exist: questions may no longer be removed or retyped (texts may still be corrected). */
  locked: z.boolean(),
  /** Educations that hold it as their evaluation survey (evaluation surveys). */
  educations_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Survey = z.infer<typeof surveySchema>;

const surveyWriteShape = {
  title: z.string().trim().min(1, 'validation.required').max(SURVEY_TITLE_MAX),
  /** HTML from the rich text editor; the server sanitizes it. */
  description: z.string().max(SURVEY_DESCRIPTION_MAX).nullable(),
  languages: z
    .array(z.enum(LOCALES, 'validation.required'))
    .min(1, 'surveys.errors.language_required')
    .refine((list) => new Set(list).size === list.length, 'surveys.errors.language_duplicate'),
  anonymous: z.boolean(),
  status: activeStatusSchema,
  questions: z
    .array(surveyQuestionInputSchema)
    .max(SURVEY_QUESTIONS_MAX, 'surveys.errors.questions_max')
    .refine(
      (list) => {
        const ids = list.flatMap((q) => (q.id === undefined ? [] : [q.id]));
        return new Set(ids).size === ids.length;
      },
      { message: 'surveys.errors.question_duplicate' },
    ),
};

export const surveyCreateSchema = z.object({
  ...surveyWriteShape,
  description: surveyWriteShape.description.default(null),
  languages: surveyWriteShape.languages.default(['tr']),
  anonymous: surveyWriteShape.anonymous.default(false),
  status: surveyWriteShape.status.default(1),
  questions: surveyWriteShape.questions.default([]),
});
export type SurveyCreate = z.infer<typeof surveyCreateSchema>;
export const surveyUpdateSchema = z.object(surveyWriteShape).partial();
export type SurveyUpdate = z.infer<typeof surveyUpdateSchema>;

export const SURVEY_SORTS = ['title', 'status', 'responses_count', 'created_at', 'updated_at'] as const;

export const surveyListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  anonymous: lenient(z.enum(['0', '1'])),
});
export type SurveyListQuery = z.infer<typeof surveyListQuerySchema>;

const surveyList = {
  sorts: SURVEY_SORTS,
  defaultSort: '-created_at',
  filters: [ACTIVE_STATUS_LIST_FILTER, { kind: 'select', param: 'anonymous', options: ['0', '1'] }],
} as const;
const surveySchemas = {
  item: surveySchema,
  create: surveyCreateSchema,
  update: surveyUpdateSchema,
  listQuery: surveyListQuerySchema,
};

export const surveysContract = defineContract({
  plural: 'surveys',
  namespace: 'surveys',
  permissions: readWrite('show_survey', 'create_survey'),
  schemas: surveySchemas,
  list: surveyList,
  screens: {
    list: { name: 'company.survey.index', path: '/admin/surveys' },
    add: { name: 'company.survey.add', path: '/admin/survey/add' },
    edit: { name: 'company.survey.edit', path: '/admin/survey/:id/edit' },
  },
});

export const evaluationSurveysContract = defineContract({
  plural: 'evaluation-surveys',
  namespace: 'evaluationSurveys',
  permissions: readWrite('read_evaluationsurvey', 'create_evaluationsurvey'),
  schemas: surveySchemas,
  list: surveyList,
  screens: {
    list: { name: 'company.evaluation-survey.index', path: '/admin/evaluation-surveys' },
    add: { name: 'company.evaluation-survey.add', path: '/admin/evaluation-survey/add' },
    edit: { name: 'company.evaluation-survey.edit', path: '/admin/evaluation-survey/:id/edit' },
  },
});

/** The contract of a kind. */
export const surveyContractOf = (kind: SurveyKind) => (kind === 'survey' ? surveysContract : evaluationSurveysContract);

// --- Answers ---

/** One answer: a Likert point (1…points) or rating, an option key, option keys, or a text. */
export const surveyAnswerValueSchema = z.union([
  z.number().int().min(0).max(10),
  optionKeySchema,
  z.array(optionKeySchema).max(SURVEY_OPTIONS_MAX),
  z.string().max(SURVEY_FREE_TEXT_MAX),
]);
export type SurveyAnswerValue = z.infer<typeof surveyAnswerValueSchema>;

/** Answers by question id. */
export const surveyAnswersSchema = z
  .record(z.string().regex(/^\d{1,10}$/), surveyAnswerValueSchema)
  .refine((answers) => Object.keys(answers).length <= SURVEY_QUESTIONS_MAX, 'surveys.errors.questions_max');
export type SurveyAnswers = z.infer<typeof surveyAnswersSchema>;

export const surveyAnswerBodySchema = z.object({
  /** The education an evaluation survey is filled for; absent for a survey. */
  education_id: idSchema.nullable().default(null),
  answers: surveyAnswersSchema,
});
export type SurveyAnswerBody = z.infer<typeof surveyAnswerBodySchema>;

export const surveyTakeQuerySchema = z.object({
  education_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
});

// --- The learner's side (`api/my/surveys`) ---

export const PARTICIPATION_STATES = ['open', 'draft', 'submitted'] as const;
export const participationStateSchema = z.enum(PARTICIPATION_STATES);
export type ParticipationState = z.infer<typeof participationStateSchema>;

export const mySurveySchema = z.object({
  id: z.number(),
  kind: surveyKindSchema,
  title: z.string(),
  anonymous: z.boolean(),
  questions_count: z.number(),
  education: z.object({ id: z.number(), title: z.string() }).nullable(),
  /** The assignment's last day (a survey given through an assignment), else null. */
  due_date: z.string().nullable(),
  state: participationStateSchema,
  submitted_at: z.string().nullable(),
});
export type MySurvey = z.infer<typeof mySurveySchema>;
export const mySurveysSchema = z.object({ data: z.array(mySurveySchema) });

/** A question as the learner sees it, in the language they read. */
export const learnerSurveyQuestionSchema = z.object({
  id: z.number(),
  type: surveyQuestionTypeSchema,
  text: z.string(),
  required: z.boolean(),
  /** Likert: one label per point, lowest first. */
  labels: z.array(z.string()),
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  scale: z.enum(RATING_SCALES).nullable(),
});
export type LearnerSurveyQuestion = z.infer<typeof learnerSurveyQuestionSchema>;

export const learnerSurveySchema = z.object({
  id: z.number(),
  kind: surveyKindSchema,
  title: z.string(),
  description: z.string().nullable(),
  anonymous: z.boolean(),
  language: z.enum(LOCALES),
  questions: z.array(learnerSurveyQuestionSchema),
  education: z.object({ id: z.number(), title: z.string() }).nullable(),
  state: participationStateSchema,
  /** The saved draft (empty once submitted: an anonymous survey's answers are no longer the person's). */
  answers: surveyAnswersSchema,
  saved_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
});
export type LearnerSurvey = z.infer<typeof learnerSurveySchema>;

/** Turns a stored question into what a learner reads, in `language` (falling back to the survey's main one). */
export function learnerSurveyQuestion(question: SurveyQuestion, language: Locale, main: Locale): LearnerSurveyQuestion {
  const pick = (text: LocalizedText) => text[language] || text[main] || Object.values(text).find(Boolean) || '';
  return {
    id: question.id,
    type: question.type,
    text: pick(question.text),
    required: question.required,
    labels: question.labels[language] ?? question.labels[main] ?? [],
    options: question.options.map((o) => ({ key: o.key, text: pick(o.text) })),
    scale: question.scale,
  };
}

/** Whether an answer counts as given (an empty text or an empty choice list does not). */
export function isAnswered(value: SurveyAnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

// --- Results ---

export const surveyQuestionSummarySchema = z.object({
  id: z.number(),
  type: surveyQuestionTypeSchema,
  text: z.string(),
  /** Answers given to this question. */
  answered: z.number(),
  /** Per point, option or rating value, in order; `label` is the point's label or the option's text. */
  counts: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })),
  /** Likert and rating: the mean value. */
  mean: z.number().nullable(),
  /** NPS rating: % promoters (9–10) − % detractors (0–6). */
  nps: z.number().nullable(),
  /** Free text: the answers, newest first, without who wrote them. */
  texts: z.array(z.string()),
});
export type SurveyQuestionSummary = z.infer<typeof surveyQuestionSummarySchema>;

export const surveyGroupSummarySchema = z.object({
  name: z.string(),
  responses: z.number(),
  /** Fewer than SURVEY_MIN_GROUP answers in an anonymous survey: nothing of the group is shown. */
  suppressed: z.boolean(),
  questions: z.array(surveyQuestionSummarySchema),
});

export const surveyResponseDetailSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string().nullable() }).nullable(),
  education: z.object({ id: z.number(), title: z.string() }).nullable(),
  submitted_at: z.string(),
  /** Each question's answer as text, by question id. */
  answers: z.record(z.string(), z.string()),
});
export type SurveyResponseDetail = z.infer<typeof surveyResponseDetailSchema>;

export const surveyResultsSchema = z.object({
  survey: z.object({ id: z.number(), kind: surveyKindSchema, title: z.string(), anonymous: z.boolean() }),
  /** The education the results are limited to (evaluation surveys), else null. */
  education: z.object({ id: z.number(), title: z.string() }).nullable(),
  /** Educations holding this evaluation survey, with their answer counts (the report's selector). */
  educations: z.array(z.object({ id: z.number(), title: z.string(), responses: z.number() })),
  responses: z.number(),
  /** An anonymous survey limited to one education with fewer than SURVEY_MIN_GROUP answers: nothing is shown. */
  suppressed: z.boolean(),
  min_group: z.number(),
  questions: z.array(surveyQuestionSummarySchema),
  /** Per department (`group_by=department`), else empty. */
  groups: z.array(surveyGroupSummarySchema),
  /** Each response's answers, newest first (at most 500; the export has all); null for an anonymous survey. */
  detail: z.array(surveyResponseDetailSchema).nullable(),
});
export type SurveyResults = z.infer<typeof surveyResultsSchema>;

export const surveyResultsQuerySchema = z.object({
  education_id: z.coerce.number().int().positive().max(ID_MAX).optional().catch(undefined),
  group_by: z.enum(['department']).optional().catch(undefined),
});
export type SurveyResultsQuery = z.infer<typeof surveyResultsQuerySchema>;

/** The web path where a learner fills a survey (an evaluation survey for the education it belongs to). */
export function surveyTakePath(id: number, educationId: number | null): string {
  return educationId === null ? `/survey/${id}` : `/survey/${id}/education/${educationId}`;
}

/** The labels a new Likert question starts with, per language and number of points (the author may change them). */
export const LIKERT_DEFAULT_LABELS: Record<Locale, Record<5 | 7, string[]>> = {
  tr: {
    5: ['Kesinlikle katılmıyorum', 'Katılmıyorum', 'Kararsızım', 'Katılıyorum', 'Kesinlikle katılıyorum'],
    7: [
      'Kesinlikle katılmıyorum',
      'Katılmıyorum',
      'Pek katılmıyorum',
      'Kararsızım',
      'Kısmen katılıyorum',
      'Katılıyorum',
      'Kesinlikle katılıyorum',
    ],
  },
  en: {
    5: ['Strongly disagree', 'Disagree', 'Neither agree nor disagree', 'Agree', 'Strongly agree'],
    7: [
      'Strongly disagree',
      'Disagree',
      'Somewhat disagree',
      'Neither agree nor disagree',
      'Somewhat agree',
      'Agree',
      'Strongly agree',
    ],
  },
  az: {
    5: ['Qətiyyən razı deyiləm', 'Razı deyiləm', 'Qərarsızam', 'Razıyam', 'Tamamilə razıyam'],
    7: [
      'Qətiyyən razı deyiləm',
      'Razı deyiləm',
      'Bir qədər razı deyiləm',
      'Qərarsızam',
      'Bir qədər razıyam',
      'Razıyam',
      'Tamamilə razıyam',
    ],
  },
  de: {
    5: ['Stimme überhaupt nicht zu', 'Stimme nicht zu', 'Teils, teils', 'Stimme zu', 'Stimme voll und ganz zu'],
    7: [
      'Stimme überhaupt nicht zu',
      'Stimme nicht zu',
      'Stimme eher nicht zu',
      'Teils, teils',
      'Stimme eher zu',
      'Stimme zu',
      'Stimme voll und ganz zu',
    ],
  },
};
