import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX, optionalText, paginatedSchema } from './common.js';
import { localizedTextSchema } from './faq.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import {
  ANSWER_OUTCOMES,
  drawRuleSchema,
  learnerQuestionSchema,
  questionAnswerSchema,
  questionDifficultySchema,
  questionTypeSchema,
  revealedAnswerSchema,
} from './questions.js';
import { lenient, resourceListQuerySchema } from './resource.js';

/**
 * Exams (issue 15): the settings that say how an exam is taken and scored. The admin resource's list/write schemas,
 * the attempt API and the learner's `/test` schemas build on these (helpers E-admin and E-take extend this file).
 */

/** A real exam counts (completion, certificates, reports); a demo exam is practice: unlimited, instant feedback. */
export const EXAM_KINDS = ['exam', 'demo'] as const;
export const examKindSchema = z.enum(EXAM_KINDS, 'validation.required');
export type ExamKind = z.infer<typeof examKindSchema>;

/** A fixed list of questions from the bank, or a random draw per attempt by rules (`drawRuleSchema` of questions). */
export const QUESTION_SELECTIONS = ['fixed', 'random'] as const;
export const questionSelectionSchema = z.enum(QUESTION_SELECTIONS, 'validation.required');
export type QuestionSelection = z.infer<typeof questionSelectionSchema>;

/** When a learner sees the right answers and explanations of an attempt. */
export const ANSWER_REVEALS = ['never', 'after_attempt', 'after_pass', 'after_end'] as const;
export const answerRevealSchema = z.enum(ANSWER_REVEALS, 'validation.required');
export type AnswerReveal = z.infer<typeof answerRevealSchema>;

/** One question per screen, or all on one page. */
export const EXAM_LAYOUTS = ['one_per_page', 'all_on_one'] as const;
export const examLayoutSchema = z.enum(EXAM_LAYOUTS, 'validation.required');
export type ExamLayout = z.infer<typeof examLayoutSchema>;

/**
 * An attempt is `in_progress` until submitted (by the learner, or by the deadline job), then `pending` while an
 * open-ended answer waits for a grader, then `scored`.
 */
export const ATTEMPT_STATES = ['in_progress', 'pending', 'scored'] as const;
export const attemptStateSchema = z.enum(ATTEMPT_STATES);
export type AttemptState = z.infer<typeof attemptStateSchema>;

/** How an attempt was submitted. */
export const SUBMIT_REASONS = ['learner', 'deadline'] as const;
export type SubmitReason = (typeof SUBMIT_REASONS)[number];

export const EXAM_TITLE_MAX = 200;
export const EXAM_DESCRIPTION_MAX = 100_000;
export const EXAM_QUESTIONS_MAX = 200;
export const EXAM_TIME_LIMIT_MAX = 24 * 60;
export const EXAM_ATTEMPTS_MAX = 100;
export const EXAM_WAIT_MAX = 365 * 24 * 60;

const idSchema = z.number().int().positive().max(ID_MAX);

/** The settings an exam is taken by (the write schema of `api/admin/exams` spreads these). */
export const examSettingsShape = {
  kind: examKindSchema,
  selection: questionSelectionSchema,
  /** Fixed selection: bank question ids in order. */
  question_ids: z.array(idSchema).max(EXAM_QUESTIONS_MAX).default([]),
  shuffle_questions: z.boolean().default(false),
  shuffle_options: z.boolean().default(false),
  /** Minutes from the attempt's start; null for no limit. */
  time_limit_minutes: z.number().int().min(1).max(EXAM_TIME_LIMIT_MAX).nullable().default(null),
  /** Percent of the points needed to pass. */
  pass_mark: z.number().int().min(0).max(100).default(70),
  /** Null: unlimited (always so for a demo exam). */
  attempts_allowed: z.number().int().min(1).max(EXAM_ATTEMPTS_MAX).nullable().default(1),
  /** Minutes a learner waits after an attempt before the next one. */
  wait_minutes: z.number().int().min(0).max(EXAM_WAIT_MAX).default(0),
  reveal: answerRevealSchema.default('after_attempt'),
  layout: examLayoutSchema.default('one_per_page'),
  /** The window in which attempts may start (ISO date-times); null for open. */
  available_from: z.iso.datetime({ offset: true }).nullable().default(null),
  available_until: z.iso.datetime({ offset: true }).nullable().default(null),
  /** Integrity: copy, paste and the context menu switched off on the taking screen. */
  block_copy_paste: z.boolean().default(false),
};

// --- Exam definition: the admin resource `api/admin/exams`, results and grading (helper EA) ---

/** The most rules one random draw may have. */
export const EXAM_DRAW_RULES_MAX = 20;
export const EXAM_URL_MAX = 2000;

export const EXAM_SORTS = ['title', 'kind', 'status', 'created_at', 'updated_at'] as const;

export const examDrawRuleItemSchema = z.object({
  category_id: z.number().nullable(),
  hashtag_ids: z.array(z.number()),
  difficulty: questionDifficultySchema.nullable(),
  count: z.number(),
});

/** A bank question as an exam's fixed list shows it. */
export const examQuestionSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  type: questionTypeSchema,
  difficulty: questionDifficultySchema,
  points: z.number(),
  status: activeStatusSchema,
});
export type ExamQuestionSummary = z.infer<typeof examQuestionSummarySchema>;

/** An exam as the admin screens see it (its settings, questions or draw rules, and how much it is used). */
export const examSchema = z.object({
  id: z.number(),
  kind: examKindSchema,
  title: z.string(),
  /** Sanitized HTML. */
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  language: z.enum(LOCALES),
  category: z.object({ id: z.number(), names: localizedTextSchema }).nullable(),
  status: activeStatusSchema,
  selection: questionSelectionSchema,
  /** Fixed selection: the bank question ids in order. */
  question_ids: z.array(z.number()),
  /** The fixed list's questions as the form shows them, in order. */
  questions: z.array(examQuestionSummarySchema),
  draw_rules: z.array(examDrawRuleItemSchema),
  /** Questions an attempt asks: the fixed list's length, or the rules' counts added up. */
  questions_count: z.number(),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  time_limit_minutes: z.number().nullable(),
  pass_mark: z.number(),
  attempts_allowed: z.number().nullable(),
  wait_minutes: z.number(),
  reveal: answerRevealSchema,
  layout: examLayoutSchema,
  available_from: z.string().nullable(),
  available_until: z.string().nullable(),
  block_copy_paste: z.boolean(),
  attempts_count: z.number(),
  /** Educations holding it as a part, a pre-test or a post-test. */
  educations_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Exam = z.infer<typeof examSchema>;

const examWriteShape = {
  title: z.string().trim().min(1, 'validation.required').max(EXAM_TITLE_MAX),
  /** HTML from the rich text editor; the server sanitizes it. */
  description: z.string().max(EXAM_DESCRIPTION_MAX).nullable(),
  /** An address POST api/uploads answered (kind cover). */
  image_url: z.string().max(EXAM_URL_MAX).nullable(),
  language: z.enum(LOCALES, 'validation.required'),
  category_id: idSchema.nullable(),
  status: activeStatusSchema,
  ...examSettingsShape,
  /** Random selection: the rules each attempt draws by. */
  draw_rules: z.array(drawRuleSchema).max(EXAM_DRAW_RULES_MAX).default([]),
};

/** The window must end after it begins. */
const windowInOrder = (value: { available_from?: string | null; available_until?: string | null }) =>
  !value.available_from ||
  !value.available_until ||
  new Date(value.available_until).getTime() > new Date(value.available_from).getTime();
const windowIssue = { path: ['available_until'], message: 'examAdmin.errors.window_order' };

export const examCreateSchema = z
  .object({
    ...examWriteShape,
    description: examWriteShape.description.default(null),
    image_url: examWriteShape.image_url.default(null),
    category_id: examWriteShape.category_id.default(null),
    status: examWriteShape.status.default(1),
  })
  .refine(windowInOrder, windowIssue);
export type ExamCreate = z.infer<typeof examCreateSchema>;
export type ExamCreateInput = z.input<typeof examCreateSchema>;

/** PUT or POST api/admin/exams/{id}: the fields sent change (the kind stays what it was created as). */
export const examUpdateSchema = z
  .object({
    title: examWriteShape.title,
    description: examWriteShape.description,
    image_url: examWriteShape.image_url,
    language: examWriteShape.language,
    category_id: examWriteShape.category_id,
    status: examWriteShape.status,
    selection: examSettingsShape.selection,
    question_ids: z.array(idSchema).max(EXAM_QUESTIONS_MAX),
    draw_rules: z.array(drawRuleSchema).max(EXAM_DRAW_RULES_MAX),
    shuffle_questions: z.boolean(),
    shuffle_options: z.boolean(),
    time_limit_minutes: z.number().int().min(1).max(EXAM_TIME_LIMIT_MAX).nullable(),
    pass_mark: z.number().int().min(0).max(100),
    attempts_allowed: z.number().int().min(1).max(EXAM_ATTEMPTS_MAX).nullable(),
    wait_minutes: z.number().int().min(0).max(EXAM_WAIT_MAX),
    reveal: answerRevealSchema,
    layout: examLayoutSchema,
    available_from: z.iso.datetime({ offset: true }).nullable(),
    available_until: z.iso.datetime({ offset: true }).nullable(),
    block_copy_paste: z.boolean(),
  })
  .partial()
  .refine(windowInOrder, windowIssue);
export type ExamUpdate = z.infer<typeof examUpdateSchema>;

export const examListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  kind: lenient(examKindSchema),
  category_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
});
export type ExamListQuery = z.infer<typeof examListQuerySchema>;

export const examsContract = defineContract({
  plural: 'exams',
  namespace: 'examAdmin',
  permissions: readWrite('show_exam', 'create_exam'),
  schemas: { item: examSchema, create: examCreateSchema, update: examUpdateSchema, listQuery: examListQuerySchema },
  list: {
    sorts: EXAM_SORTS,
    defaultSort: '-created_at',
    filters: [ACTIVE_STATUS_LIST_FILTER, { kind: 'select', param: 'kind', options: EXAM_KINDS }],
  },
  screens: {
    list: { name: 'company.exam.index', path: '/admin/exams' },
    add: { name: 'company.exam.add', path: '/admin/exam/add' },
    edit: { name: 'company.exam.edit', path: '/admin/exam/:id/edit' },
  },
});

/** The exam screens beside the contract's: the demo exam's form and the results view. */
export const EXAM_SCREENS = {
  addDemo: { name: 'company.exam.add_demo', path: '/admin/exam/add-demo' },
  editDemo: { name: 'company.exam.edit_demo', path: '/admin/exam/:id/edit-demo' },
  results: { name: 'company.exam.results', path: '/admin/exam/:id/results' },
} as const;

/** POST api/admin/exams/draw-count: how many active questions of the bank a rule finds (the form's live count). */
export const drawCountBodySchema = z.object({
  rule: drawRuleSchema,
  /** The exam's language: only questions in it are drawn. */
  language: z.enum(LOCALES).optional(),
});
export const drawCountResponseSchema = z.object({ data: z.object({ available: z.number() }) });

// Results (`api/admin/exams/{id}/attempts`, `…/stats`, `…/grading`)

export const EXAM_ATTEMPT_SORTS = ['person', 'number', 'state', 'score', 'started_at', 'submitted_at'] as const;

export const examAttemptListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(20).default(20),
  sort: z.string().max(40).optional().catch(undefined),
  search: z.string().trim().max(200).optional().catch(undefined),
  state: lenient(attemptStateSchema),
});
export type ExamAttemptListQuery = z.infer<typeof examAttemptListQuerySchema>;

export const examAttemptRowSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string().nullable() }),
  number: z.number(),
  state: attemptStateSchema,
  score_percent: z.number().nullable(),
  points: z.number().nullable(),
  max_points: z.number(),
  passed: z.boolean().nullable(),
  started_at: z.string(),
  submitted_at: z.string().nullable(),
  tab_leaves: z.number(),
  /** Open answers waiting for a grader. */
  pending_answers: z.number(),
});
export type ExamAttemptRow = z.infer<typeof examAttemptRowSchema>;
export const examAttemptListSchema = paginatedSchema(examAttemptRowSchema);

export const examAttemptExportQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv']).catch('xlsx').default('xlsx'),
  search: z.string().trim().max(200).optional().catch(undefined),
  state: lenient(attemptStateSchema),
});

/** The score distribution (ten bands of 10 points) and each question's difficulty and discrimination. */
export const examStatsSchema = z.object({
  data: z.object({
    attempts: z.number(),
    scored: z.number(),
    passed: z.number(),
    average_score: z.number().nullable(),
    /** `band` 0 is 0–9, …, 9 is 90–100. */
    distribution: z.array(z.object({ band: z.number(), count: z.number() })),
    questions: z.array(
      z.object({
        question_id: z.number(),
        title: z.string(),
        type: z.string(),
        answered: z.number(),
        /** Share of answers fully right (0–1); null when nobody answered. */
        difficulty: z.number().nullable(),
        /** Upper 27% share right minus lower 27% share right (−1–1); null with too few attempts. */
        discrimination: z.number().nullable(),
      }),
    ),
  }),
});
export type ExamStats = z.infer<typeof examStatsSchema>['data'];

/** An open answer waiting for a grader: the question, the grader's guidance and the learner's answer. */
export const gradingItemSchema = z.object({
  attempt_id: z.number(),
  position: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
  submitted_at: z.string().nullable(),
  /** Sanitized HTML of the question. */
  question: z.string(),
  /** The grader's guidance (the open question's model answer or rubric), or null. */
  guidance: z.string().nullable(),
  answer: z.string().nullable(),
  max_points: z.number(),
});
export type GradingItem = z.infer<typeof gradingItemSchema>;
export const gradingQueueSchema = z.object({ data: z.array(gradingItemSchema) });

export const gradeParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(ID_MAX),
  attempt: z.coerce.number().int().positive().max(ID_MAX),
  position: z.coerce
    .number()
    .int()
    .positive()
    .max(EXAM_QUESTIONS_MAX * 10),
});
export const GRADE_FEEDBACK_MAX = 5000;
export const gradeBodySchema = z.object({
  points: z.number('validation.required').min(0),
  feedback: optionalText(GRADE_FEEDBACK_MAX).default(null),
});
export type GradeInput = z.infer<typeof gradeBodySchema>;
export const gradeResultSchema = z.object({
  data: z.object({ state: attemptStateSchema, score_percent: z.number().nullable(), passed: z.boolean().nullable() }),
});

// Pre/post comparison (`api/admin/reports/pre-post?education_id=`, read_prepostreport)

export const prePostQuerySchema = z.object({ education_id: z.coerce.number().int().positive().max(ID_MAX) });
export const prePostRowSchema = z.object({
  user: z.object({ id: z.number(), name: z.string() }),
  pre_score: z.number().nullable(),
  post_score: z.number().nullable(),
  delta: z.number().nullable(),
});
export const prePostReportSchema = z.object({
  data: z.object({
    education: z.object({ id: z.number(), title: z.string() }),
    pre_test: z.object({ id: z.number(), title: z.string() }).nullable(),
    post_test: z.object({ id: z.number(), title: z.string() }).nullable(),
    rows: z.array(prePostRowSchema),
  }),
});
export type PrePostReport = z.infer<typeof prePostReportSchema>['data'];

// ---------------------------------------------------------------------------------------------------------------------
// Taking an exam (helper ET): the learner's `/test` list, the attempt API and the result. Locale namespace `test`.
// ---------------------------------------------------------------------------------------------------------------------

/** A tab that holds an attempt speaks at least this often; another tab is refused while the holder is this fresh. */
export const ATTEMPT_HOLD_SECONDS = 30;
/** A save that left the browser just before the deadline still counts when it arrives within this grace. */
export const DEADLINE_GRACE_SECONDS = 5;
/** The taking screen's heartbeat (keeps the hold and the server's clock in view). */
export const ATTEMPT_HEARTBEAT_SECONDS = 10;

/** The random id a taking screen makes for itself: the holder of the attempt while it speaks. */
export const holderSchema = z
  .string('validation.required')
  .trim()
  .min(8, 'validation.required')
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'test.errors.holder_invalid');

/** Where an exam stands for one learner: the one obvious next step of its `/test` card follows from it. */
export const MY_TEST_STATES = [
  /** Opens later (`available_from`). */
  'upcoming',
  /** May start the first attempt. */
  'not_started',
  /** An attempt is running (`deadline_at` says until when). */
  'in_progress',
  /** Submitted; an open answer waits for a grader. */
  'pending',
  /** Passed (a demo exam: the last practice was scored). */
  'passed',
  /** The last attempt failed and another may start now (`attempts_left`). */
  'retry',
  /** The last attempt failed; the next may start at `next_attempt_at`. */
  'waiting',
  /** Failed with no attempt left, or the window closed before a pass. */
  'failed',
  /** The window closed before any attempt. */
  'closed',
] as const;
export const myTestStateSchema = z.enum(MY_TEST_STATES);
export type MyTestState = z.infer<typeof myTestStateSchema>;

/** Why an exam is open to the learner. */
export const TEST_SOURCES = ['assignment', 'education', 'demo'] as const;
export type TestSource = (typeof TEST_SOURCES)[number];

export const myTestSchema = z.object({
  id: z.number(),
  kind: examKindSchema,
  title: z.string(),
  /** Sanitized HTML. */
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  /** Questions per attempt (a random exam: the sum of its rules' counts). */
  question_count: z.number(),
  time_limit_minutes: z.number().nullable(),
  pass_mark: z.number(),
  attempts_allowed: z.number().nullable(),
  attempts_used: z.number(),
  /** Null: unlimited. */
  attempts_left: z.number().nullable(),
  available_from: z.string().nullable(),
  available_until: z.string().nullable(),
  state: myTestStateSchema,
  sources: z.array(z.enum(TEST_SOURCES)),
  /** The running attempt, else the latest submitted one (for its result). */
  attempt_id: z.number().nullable(),
  deadline_at: z.string().nullable(),
  last_score: z.number().nullable(),
  best_score: z.number().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type MyTest = z.infer<typeof myTestSchema>;
export const myTestListSchema = z.object({ data: z.array(myTestSchema) });

export const attemptStartSchema = z.object({ holder: holderSchema });
export type AttemptStart = z.infer<typeof attemptStartSchema>;

export const attemptParamSchema = z.object({ attempt: z.coerce.number().int().positive().max(ID_MAX) });
export const attemptPositionParamSchema = attemptParamSchema.extend({
  position: z.coerce.number().int().min(1).max(EXAM_QUESTIONS_MAX),
});

/** One question of a running attempt as the learner sees it: no correct answer, no explanation. */
export const attemptQuestionSchema = z.object({
  position: z.number(),
  points: z.number(),
  question: learnerQuestionSchema,
  answer: questionAnswerSchema.nullable(),
  /** The last save's counter the server holds for this question (the client continues above it). */
  seq: z.number(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

export const myAttemptSchema = z.object({
  id: z.number(),
  exam_id: z.number(),
  kind: examKindSchema,
  title: z.string(),
  number: z.number(),
  state: attemptStateSchema,
  layout: examLayoutSchema,
  block_copy_paste: z.boolean(),
  started_at: z.string(),
  /** Null without a time limit. The countdown is `deadline_at − now` by the server's clock. */
  deadline_at: z.string().nullable(),
  /** The server's clock when it answered. */
  now: z.string(),
  submitted_at: z.string().nullable(),
  tab_leaves: z.number(),
  questions: z.array(attemptQuestionSchema),
});
export type MyAttempt = z.infer<typeof myAttemptSchema>;
export const myAttemptResponseSchema = z.object({ data: myAttemptSchema });

export const answerSaveSchema = z.object({
  answer: questionAnswerSchema.nullable(),
  /** The client's counter for this question, rising with every change; a save not above the stored one is ignored. */
  seq: z.number().int().min(1).max(ID_MAX),
  holder: holderSchema,
});
export type AnswerSave = z.infer<typeof answerSaveSchema>;

export const answerSavedSchema = z.object({
  position: z.number(),
  /** The seq the server now holds (the one sent, or a higher one sent before). */
  seq: z.number(),
  /** Whether this save changed the stored answer. */
  saved: z.boolean(),
});
export const answerSavedResponseSchema = z.object({ data: answerSavedSchema });

export const ATTEMPT_EVENT_TYPES = ['tab_left', 'heartbeat'] as const;
export const attemptEventSchema = z.object({
  type: z.enum(ATTEMPT_EVENT_TYPES, 'validation.invalid_value'),
  holder: holderSchema,
});
export type AttemptEvent = z.infer<typeof attemptEventSchema>;
export const attemptEventResponseSchema = z.object({
  data: z.object({ tab_leaves: z.number(), now: z.string(), deadline_at: z.string().nullable() }),
});

/** A demo exam's instant feedback on one question (and the learner's scored answers once allowed). */
export const answerFeedbackSchema = z.object({
  outcome: z.enum(ANSWER_OUTCOMES),
  /** The right answer and the explanation, when the exam's reveal rule allows them. */
  revealed: revealedAnswerSchema.nullable(),
  explanation: z.string().nullable(),
});
export type AnswerFeedback = z.infer<typeof answerFeedbackSchema>;
export const answerCheckResponseSchema = z.object({
  data: answerFeedbackSchema.extend({ position: z.number(), seq: z.number() }),
});

export const resultQuestionSchema = z.object({
  position: z.number(),
  question: learnerQuestionSchema,
  answer: questionAnswerSchema.nullable(),
  outcome: z.enum(ANSWER_OUTCOMES),
  points: z.number().nullable(),
  max_points: z.number(),
  /** The grader's note (open answers). */
  feedback: z.string().nullable(),
  revealed: revealedAnswerSchema.nullable(),
  explanation: z.string().nullable(),
});
export type ResultQuestion = z.infer<typeof resultQuestionSchema>;

export const attemptResultSchema = z.object({
  id: z.number(),
  exam_id: z.number(),
  kind: examKindSchema,
  title: z.string(),
  number: z.number(),
  state: attemptStateSchema,
  submitted_at: z.string().nullable(),
  submit_reason: z.enum(SUBMIT_REASONS).nullable(),
  points: z.number().nullable(),
  max_points: z.number(),
  score_percent: z.number().nullable(),
  pass_mark: z.number(),
  passed: z.boolean().nullable(),
  reveal: answerRevealSchema,
  /** Whether right answers and explanations are shown now; when not, `reveal_at` may say when they will be. */
  revealed: z.boolean(),
  reveal_at: z.string().nullable(),
  /** Whether the learner may start another attempt now (the result page's "try again"). */
  can_retry: z.boolean(),
  questions: z.array(resultQuestionSchema),
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;
export const attemptResultResponseSchema = z.object({ data: attemptResultSchema });
