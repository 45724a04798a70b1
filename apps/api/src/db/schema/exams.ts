import type {
  AnswerOutcome,
  AnswerReveal,
  AttemptState,
  ExamKind,
  ExamLayout,
  QuestionAnswer,
  QuestionSelection,
  SubmitReason,
} from '@kampus/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { educationCategories } from './educations.js';
import { users } from './identity.js';
import { questions, questionVersions } from './questions.js';
import { tenantPolicy } from './rls.js';

/**
 * An exam (issue 15): how it is taken and scored. Its questions are a fixed list (`exam_questions`) or drawn per
 * attempt by `draw_rules` (the questions module's draw rules). status: 0 passive, 1 active.
 */
export const exams = pgTable(
  'exams',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    kind: text().$type<ExamKind>().notNull().default('exam'),
    title: text().notNull(),
    /** Sanitized HTML. */
    description: text(),
    imageUrl: text(),
    language: text().notNull(),
    categoryId: integer().references(() => educationCategories.id, { onDelete: 'set null' }),
    status: smallint().notNull().default(1),
    selection: text().$type<QuestionSelection>().notNull().default('fixed'),
    /** Random selection: `[{category_id, hashtag_ids, difficulty, count}]`. */
    drawRules: jsonb().$type<unknown[]>().notNull().default([]),
    shuffleQuestions: boolean().notNull().default(false),
    shuffleOptions: boolean().notNull().default(false),
    timeLimitMinutes: integer(),
    passMark: integer().notNull().default(70),
    /** Null: unlimited. */
    attemptsAllowed: integer(),
    waitMinutes: integer().notNull().default(0),
    reveal: text().$type<AnswerReveal>().notNull().default('after_attempt'),
    layout: text().$type<ExamLayout>().notNull().default('one_per_page'),
    availableFrom: timestamp({ withTimezone: true }),
    availableUntil: timestamp({ withTimezone: true }),
    blockCopyPaste: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('exams_company_created_idx').on(t.companyId, t.createdAt),
    check('exams_pass_mark_check', sql`${t.passMark} between 0 and 100`),
    check(
      'exams_window_check',
      sql`${t.availableUntil} is null or ${t.availableFrom} is null or ${t.availableUntil} > ${t.availableFrom}`,
    ),
    tenantPolicy(t.companyId),
  ],
);

/** The fixed list of an exam: bank questions in order (the version asked is fixed when an attempt starts). */
export const examQuestions = pgTable(
  'exam_questions',
  {
    companyId: companyRef(),
    examId: integer()
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.questionId] }),
    index('exam_questions_question_idx').on(t.companyId, t.questionId),
    tenantPolicy(t.companyId),
  ],
);

/**
 * One attempt of one person at an exam. Starting it fixes its questions (versions), their order and option order, and
 * its deadline on the server; the browser holds nothing the server does not. `holder` is the tab that owns it (a
 * second tab is refused until the first lets go or goes quiet). Scores are kept once computed.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    examId: integer()
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 for the person's first attempt at this exam. */
    number: integer().notNull(),
    state: text().$type<AttemptState>().notNull().default('in_progress'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null when the exam has no time limit. */
    deadlineAt: timestamp({ withTimezone: true }),
    submittedAt: timestamp({ withTimezone: true }),
    submitReason: text().$type<SubmitReason>(),
    scoredAt: timestamp({ withTimezone: true }),
    points: real(),
    maxPoints: real().notNull().default(0),
    /** 0–100, kept once scored. */
    scorePercent: real(),
    passed: boolean(),
    /** The tab holding the attempt (a random id the taking screen sends), and when it last spoke. */
    holder: text(),
    heldAt: timestamp({ withTimezone: true }),
    /** Times the learner left the tab during the attempt (shown to admins). */
    tabLeaves: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('exam_attempts_user_number_key').on(t.examId, t.userId, t.number),
    /** At most one attempt in progress per person and exam. */
    uniqueIndex('exam_attempts_one_open_key').on(t.examId, t.userId).where(sql`${t.state} = 'in_progress'`),
    index('exam_attempts_company_exam_idx').on(t.companyId, t.examId, t.state),
    index('exam_attempts_deadline_idx').on(t.deadlineAt).where(sql`${t.state} = 'in_progress'`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * One question of an attempt: the version asked, its place, the option order shown, and the latest answer. `seq` is
 * the client's answer counter: a save with a lower or equal seq than the stored one changes nothing (saves replayed
 * after a lost connection arrive late and twice). Scored when the attempt is submitted; open answers by a grader.
 */
export const examAttemptAnswers = pgTable(
  'exam_attempt_answers',
  {
    companyId: companyRef(),
    attemptId: integer()
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    questionVersionId: integer()
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'restrict' }),
    /** The keys of options / ordering items / matching right sides in the order shown. */
    optionOrder: jsonb().$type<string[]>().notNull().default([]),
    answer: jsonb().$type<QuestionAnswer>(),
    seq: integer().notNull().default(0),
    answeredAt: timestamp({ withTimezone: true }),
    outcome: text().$type<AnswerOutcome>(),
    /** Points earned (question points × the answer's ratio, or the grader's points). */
    points: real(),
    maxPoints: real().notNull(),
    gradedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp({ withTimezone: true }),
    /** The grader's note to the learner. */
    feedback: text(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.position] }),
    index('exam_attempt_answers_version_idx').on(t.companyId, t.questionVersionId),
    index('exam_attempt_answers_pending_idx').on(t.companyId, t.attemptId).where(sql`${t.outcome} = 'pending'`),
    tenantPolicy(t.companyId),
  ],
);
