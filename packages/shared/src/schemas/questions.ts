import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX } from './common.js';
import { localizedTextSchema } from './faq.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { lenient, resourceListQuerySchema } from './resource.js';

/**
 * The question bank's core contract (issue 15): what a question is as its author writes it (`QuestionBody`, kept per
 * version and never sent to a learner), what a learner sees of it (`LearnerQuestion`: no correct answers, no
 * explanation before it is allowed), and what a learner answers (`QuestionAnswer`). Scoring is `scoreAnswer` in
 * `question-scoring.ts`. The bank's resource schemas (list, filters, write) build on these.
 */
export const QUESTION_TYPES = [
  'single',
  'multiple',
  'true_false',
  'short_text',
  'ordering',
  'matching',
  'numeric',
  'open',
] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES, 'validation.required');
export type QuestionType = z.infer<typeof questionTypeSchema>;

export const QUESTION_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const questionDifficultySchema = z.enum(QUESTION_DIFFICULTIES, 'validation.required');
export type QuestionDifficulty = z.infer<typeof questionDifficultySchema>;

export const QUESTION_TEXT_MAX = 20_000;
export const QUESTION_OPTION_MAX = 1000;
export const QUESTION_OPTIONS_MIN = 2;
export const QUESTION_OPTIONS_MAX = 10;
export const QUESTION_ACCEPTED_MAX = 20;
export const QUESTION_POINTS_MAX = 1000;
/** A free-text answer (short text or open-ended), in characters. */
export const ANSWER_TEXT_MAX = 10_000;
/** Keys name options, ordering items and matching sides; random per question so their order says nothing. */
export const OPTION_KEY_MAX = 40;

export const optionKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(OPTION_KEY_MAX)
  .regex(/^[A-Za-z0-9_-]+$/, 'questions.errors.key_invalid');

const richText = z.string().trim().min(1, 'validation.required').max(QUESTION_TEXT_MAX);
const optionText = z.string().trim().min(1, 'validation.required').max(QUESTION_OPTION_MAX);

export const questionOptionSchema = z.object({ key: optionKeySchema, text: optionText });
export type QuestionOption = z.infer<typeof questionOptionSchema>;

const optionList = z
  .array(questionOptionSchema)
  .min(QUESTION_OPTIONS_MIN, 'questions.errors.options_min')
  .max(QUESTION_OPTIONS_MAX, 'questions.errors.options_max')
  .refine((options) => new Set(options.map((o) => o.key)).size === options.length, 'questions.errors.key_duplicate');

/** Shared by every type: the question's text (sanitized HTML, may hold images) and its explanation. */
const bodyBase = {
  text: richText,
  /** Sanitized HTML shown after the attempt when the exam allows it; null when there is none. */
  explanation: z.string().trim().max(QUESTION_TEXT_MAX).nullable().default(null),
};

const singleBody = z
  .object({ ...bodyBase, type: z.literal('single'), options: optionList, correct: optionKeySchema })
  .refine((q) => q.options.some((o) => o.key === q.correct), {
    message: 'questions.errors.correct_missing',
    path: ['correct'],
  });

const multipleBody = z
  .object({
    ...bodyBase,
    type: z.literal('multiple'),
    options: optionList,
    correct: z.array(optionKeySchema).min(1, 'questions.errors.correct_missing'),
  })
  .refine((q) => q.correct.every((key) => q.options.some((o) => o.key === key)), {
    message: 'questions.errors.correct_missing',
    path: ['correct'],
  });

const trueFalseBody = z.object({ ...bodyBase, type: z.literal('true_false'), correct: z.boolean() });

const shortTextBody = z.object({
  ...bodyBase,
  type: z.literal('short_text'),
  /** Any of them is right, compared without case, Turkish dotted/dotless i, and surrounding or repeated spaces. */
  accepted: z
    .array(z.string().trim().min(1, 'validation.required').max(QUESTION_OPTION_MAX))
    .min(1, 'questions.errors.accepted_missing')
    .max(QUESTION_ACCEPTED_MAX),
});

const orderingBody = z.object({
  ...bodyBase,
  type: z.literal('ordering'),
  /** In the right order; the learner gets them shuffled. */
  items: optionList,
});

export const matchingPairSchema = z.object({
  /** The left side's key and the right side's key are independent random keys, so a key never tells its partner. */
  key: optionKeySchema,
  left: optionText,
  right_key: optionKeySchema,
  right: optionText,
});

const matchingBody = z
  .object({
    ...bodyBase,
    type: z.literal('matching'),
    pairs: z
      .array(matchingPairSchema)
      .min(QUESTION_OPTIONS_MIN, 'questions.errors.options_min')
      .max(QUESTION_OPTIONS_MAX, 'questions.errors.options_max'),
  })
  .refine((q) => new Set(q.pairs.flatMap((p) => [p.key, p.right_key])).size === q.pairs.length * 2, {
    message: 'questions.errors.key_duplicate',
    path: ['pairs'],
  });

const numericBody = z.object({
  ...bodyBase,
  type: z.literal('numeric'),
  value: z.number('validation.required').finite(),
  /** Right when |answer − value| ≤ tolerance. */
  tolerance: z.number().finite().min(0).default(0),
});

const openBody = z.object({
  ...bodyBase,
  type: z.literal('open'),
  /** What the grader looks for (never shown to the learner). */
  guidance: z.string().trim().max(QUESTION_TEXT_MAX).nullable().default(null),
});

/** A question as its author writes it, correct answers included. Stored per version; never sent to a learner. */
export const questionBodySchema = z.discriminatedUnion('type', [
  singleBody,
  multipleBody,
  trueFalseBody,
  shortTextBody,
  orderingBody,
  matchingBody,
  numericBody,
  openBody,
]);
export type QuestionBody = z.infer<typeof questionBodySchema>;
export type QuestionBodyOf<T extends QuestionType> = Extract<QuestionBody, { type: T }>;

/**
 * What a learner sees of a question: its text and the choices, never which is right. Options, ordering items and the
 * right side of matching pairs come in the order the attempt fixed (shuffled when the exam says so).
 */
export const learnerQuestionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single'), text: z.string(), options: z.array(questionOptionSchema) }),
  z.object({ type: z.literal('multiple'), text: z.string(), options: z.array(questionOptionSchema) }),
  z.object({ type: z.literal('true_false'), text: z.string() }),
  z.object({ type: z.literal('short_text'), text: z.string() }),
  z.object({ type: z.literal('ordering'), text: z.string(), items: z.array(questionOptionSchema) }),
  z.object({
    type: z.literal('matching'),
    text: z.string(),
    left: z.array(questionOptionSchema),
    right: z.array(questionOptionSchema),
  }),
  z.object({ type: z.literal('numeric'), text: z.string() }),
  z.object({ type: z.literal('open'), text: z.string() }),
]);
export type LearnerQuestion = z.infer<typeof learnerQuestionSchema>;

/** A learner's answer to one question; its type must be the question's. */
export const questionAnswerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single'), key: optionKeySchema }),
  z.object({ type: z.literal('multiple'), keys: z.array(optionKeySchema).max(QUESTION_OPTIONS_MAX) }),
  z.object({ type: z.literal('true_false'), value: z.boolean() }),
  z.object({ type: z.literal('short_text'), text: z.string().max(ANSWER_TEXT_MAX) }),
  z.object({ type: z.literal('ordering'), keys: z.array(optionKeySchema).max(QUESTION_OPTIONS_MAX) }),
  z.object({
    type: z.literal('matching'),
    /** Left key → right key. */
    pairs: z.record(optionKeySchema, optionKeySchema),
  }),
  z.object({ type: z.literal('numeric'), value: z.number().finite() }),
  z.object({ type: z.literal('open'), text: z.string().max(ANSWER_TEXT_MAX) }),
]);
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/**
 * How an answer stands: `correct` / `partial` / `wrong` once scored, `pending` while a person must grade it
 * (open-ended), `unanswered` when nothing was given.
 */
export const ANSWER_OUTCOMES = ['correct', 'partial', 'wrong', 'pending', 'unanswered'] as const;
export type AnswerOutcome = (typeof ANSWER_OUTCOMES)[number];

/** A scored answer: the share of the question's points it earns (0–1), null while pending. */
export interface AnswerScore {
  outcome: AnswerOutcome;
  ratio: number | null;
}

/** What the learner may see of the right answer after an attempt (when the exam allows it). */
export const revealedAnswerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single'), key: z.string() }),
  z.object({ type: z.literal('multiple'), keys: z.array(z.string()) }),
  z.object({ type: z.literal('true_false'), value: z.boolean() }),
  z.object({ type: z.literal('short_text'), accepted: z.array(z.string()) }),
  z.object({ type: z.literal('ordering'), keys: z.array(z.string()) }),
  z.object({ type: z.literal('matching'), pairs: z.record(z.string(), z.string()) }),
  z.object({ type: z.literal('numeric'), value: z.number(), tolerance: z.number() }),
  z.object({ type: z.literal('open') }),
]);
export type RevealedAnswer = z.infer<typeof revealedAnswerSchema>;

/** The most questions one random-draw rule may take. */
export const QUESTION_DRAW_COUNT_MAX = 200;
/** The most hashtags one random-draw rule may name. */
export const QUESTION_DRAW_HASHTAGS_MAX = 20;

const questionRefSchema = z.number('validation.required').int().positive().max(ID_MAX);

/**
 * One rule of an exam's random draw: `count` active questions of the bank matching every criterion given — in the
 * category or one of its sub-categories (null: any), carrying every hashtag listed (empty: any), of the difficulty
 * (null: any). An attempt draws its questions anew by the exam's rules; no question is drawn twice across them.
 */
export const drawRuleSchema = z.object({
  category_id: questionRefSchema.nullable().default(null),
  hashtag_ids: z
    .array(questionRefSchema)
    .max(QUESTION_DRAW_HASHTAGS_MAX)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  difficulty: questionDifficultySchema.nullable().default(null),
  count: z.number('validation.required').int().min(1).max(QUESTION_DRAW_COUNT_MAX),
});
export type DrawRule = z.infer<typeof drawRuleSchema>;
export type DrawRuleInput = z.input<typeof drawRuleSchema>;

// --- The bank (`api/admin/questions`) ---

export const QUESTION_HASHTAGS_MAX = 20;
export const QUESTION_SORTS = ['title', 'type', 'difficulty', 'points', 'status', 'created_at', 'updated_at'] as const;

const questionIdSchema = z.number().int().positive().max(ID_MAX);

/** A question as the bank lists and edits it: its row, the version in force (with its body) and its tags. */
export const questionSchema = z.object({
  id: z.number(),
  type: questionTypeSchema,
  /** The text without markup (the list's title and search). */
  title: z.string(),
  difficulty: questionDifficultySchema,
  language: z.enum(LOCALES),
  points: z.number(),
  category: z.object({ id: z.number(), names: localizedTextSchema }).nullable(),
  hashtags: z.array(z.object({ id: z.number(), name: z.string() })),
  status: activeStatusSchema,
  /** The version in force: what an attempt starting now asks. */
  body: questionBodySchema,
  version: z.number(),
  /** An attempt holds the version in force: a change of body or points writes version `version + 1`. */
  version_used: z.boolean(),
  /** An attempt holds its version in force, or an exam lists it: deleting is refused, editing writes a new version. */
  in_use: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Question = z.infer<typeof questionSchema>;

const questionWriteShape = {
  /** The type is the body's; rich text (text, explanation, guidance) is sanitized by the server. */
  body: questionBodySchema,
  points: z.number('validation.required').int().min(1).max(QUESTION_POINTS_MAX),
  difficulty: questionDifficultySchema,
  language: z.enum(LOCALES, 'validation.required'),
  category_id: questionIdSchema.nullable(),
  hashtag_ids: z.array(questionIdSchema).max(QUESTION_HASHTAGS_MAX),
  status: activeStatusSchema,
};

export const questionCreateSchema = z.object({
  ...questionWriteShape,
  points: questionWriteShape.points.default(1),
  difficulty: questionWriteShape.difficulty.default('medium'),
  category_id: questionWriteShape.category_id.default(null),
  hashtag_ids: questionWriteShape.hashtag_ids.default([]),
  status: questionWriteShape.status.default(1),
});
export type QuestionCreate = z.infer<typeof questionCreateSchema>;
export type QuestionCreateInput = z.input<typeof questionCreateSchema>;

/** PUT or POST api/admin/questions/{id}: the fields sent change; `body`, when sent, is the whole new body. */
export const questionUpdateSchema = z.object(questionWriteShape).partial();
export type QuestionUpdate = z.infer<typeof questionUpdateSchema>;

export const questionListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  type: lenient(questionTypeSchema),
  difficulty: lenient(questionDifficultySchema),
  language: lenient(z.enum(LOCALES)),
  category_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  hashtag_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
});
export type QuestionListQuery = z.infer<typeof questionListQuerySchema>;

/**
 * The question bank (issue 15). Spec §6 names no permission of its own: the bank serves exams, so exam readers
 * (`show_exam`) see it and exam authors (`create_exam`) change it.
 */
export const questionsContract = defineContract({
  plural: 'questions',
  namespace: 'questions',
  permissions: readWrite('show_exam', 'create_exam'),
  schemas: {
    item: questionSchema,
    create: questionCreateSchema,
    update: questionUpdateSchema,
    listQuery: questionListQuerySchema,
  },
  list: {
    sorts: QUESTION_SORTS,
    defaultSort: '-created_at',
    filters: [
      ACTIVE_STATUS_LIST_FILTER,
      { kind: 'select', param: 'type', options: QUESTION_TYPES },
      { kind: 'select', param: 'difficulty', options: QUESTION_DIFFICULTIES },
      { kind: 'select', param: 'language', options: LOCALES },
    ],
  },
  screens: {
    list: { name: 'company.question.index', path: '/admin/questions' },
    add: { name: 'company.question.add', path: '/admin/question/add' },
    edit: { name: 'company.question.edit', path: '/admin/question/edit/:id' },
  },
});

// --- The import (`api/admin/questions/import`) ---

/** The most data rows one import file may hold. */
export const QUESTION_IMPORT_MAX_ROWS = 2000;
export const QUESTION_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const QUESTION_IMPORT_FIELD = 'file';
/**
 * The form field beside the file naming the images its rows may show: JSON `[{name, url}]`, each an image uploaded
 * before (POST api/uploads, kind rich_text_image) by the name it had. A row's `image` cell names one of them.
 */
export const QUESTION_IMPORT_IMAGES_FIELD = 'images';
export const QUESTION_IMPORT_IMAGES_MAX = 200;
export const questionImportImagesSchema = z
  .array(z.object({ name: z.string().trim().min(1).max(255), url: z.string().max(2000) }))
  .max(QUESTION_IMPORT_IMAGES_MAX);
export type QuestionImportImage = z.infer<typeof questionImportImagesSchema>[number];
export const QUESTION_IMPORT_ACCEPT = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
} as const;

/**
 * The columns of the import sheet, in the template's order (headers are recognised by these keys and by their labels
 * in every language, `questionImport.columns.*`). `options` holds one choice a line (or separated by `|`), the
 * correct ones marked with a leading `*`; ordering items are the lines in the right order; matching pairs are lines
 * `left = right`; `answer` is the accepted answers of short text (a line each), true/false's `true|false` (or
 * doğru/yanlış…), numeric's value; `tolerance` numeric's; `hashtags` comma-separated names of existing hashtags;
 * `category` a category's name in any language; `image` the name of an image sent with the file (shown under the text).
 */
export const QUESTION_IMPORT_COLUMNS = [
  'type',
  'text',
  'image',
  'options',
  'answer',
  'tolerance',
  'explanation',
  'points',
  'difficulty',
  'language',
  'category',
  'hashtags',
] as const;
export type QuestionImportColumn = (typeof QUESTION_IMPORT_COLUMNS)[number];

export const questionImportQuerySchema = z.object({
  /** Only check the file and answer what would happen; nothing is written. */
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .catch(undefined)
    .transform((v) => v === 'true' || v === '1'),
});
export type QuestionImportQuery = z.infer<typeof questionImportQuerySchema>;

export const questionImportRowErrorSchema = z.object({
  /** The spreadsheet row (the header is row 1). */
  row: z.number().int(),
  /** A key of QUESTION_IMPORT_COLUMNS, or null for the row as a whole. */
  column: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
});
export type QuestionImportRowError = z.infer<typeof questionImportRowErrorSchema>;

export const questionImportResultSchema = z.object({
  dry_run: z.boolean(),
  summary: z.object({ rows: z.number().int(), valid: z.number().int(), invalid: z.number().int() }),
  /** Questions written; zero on a dry run. */
  created: z.number().int(),
  /** The valid rows as questions would read (first 20), for the dry run's preview. */
  preview: z.array(z.object({ row: z.number().int(), type: questionTypeSchema, title: z.string() })),
  errors: z.array(questionImportRowErrorSchema),
  ignored_columns: z.array(z.string()),
});
export type QuestionImportResult = z.infer<typeof questionImportResultSchema>;
