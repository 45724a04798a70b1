import type {
  Locale,
  LocalizedText,
  ParticipationState,
  RatingScale,
  SurveyAnswers,
  SurveyKind,
  SurveyQuestionType,
} from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { educations } from './educations.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * A survey (issue 15): `kind` survey (assigned like other items) or evaluation (attached to educations, filled once the
 * education is completed). status: 0 passive, 1 active. `languages` lists the languages every text is written in.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    kind: text().$type<SurveyKind>().notNull(),
    title: text().notNull(),
    /** Sanitized HTML. */
    description: text(),
    languages: text().array().$type<Locale[]>().notNull(),
    anonymous: boolean().notNull().default(false),
    status: smallint().notNull().default(1),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('surveys_company_kind_created_idx').on(t.companyId, t.kind, t.createdAt, t.id),
    index('surveys_company_kind_title_idx').on(t.companyId, t.kind, t.title, t.id),
    check('surveys_kind_check', sql`${t.kind} in ('survey', 'evaluation')`),
    tenantPolicy(t.companyId),
  ],
);

/** One question of a survey, in order. The type's settings live in their own columns (null when not its type). */
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    type: text().$type<SurveyQuestionType>().notNull(),
    text: jsonb().$type<LocalizedText>().notNull(),
    required: boolean().notNull().default(true),
    /** Likert: 5 or 7. */
    points: smallint(),
    /** Likert: per language, one label per point. */
    labels: jsonb().$type<Partial<Record<Locale, string[]>>>().notNull().default({}),
    /** Single and multiple choice. */
    options: jsonb().$type<{ key: string; text: LocalizedText }[]>().notNull().default([]),
    /** Rating: stars (1–5) or nps (0–10). */
    scale: text().$type<RatingScale>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('survey_questions_survey_idx').on(t.companyId, t.surveyId, t.position),
    check(
      'survey_questions_type_check',
      sql`${t.type} in ('likert', 'single_choice', 'multiple_choice', 'rating', 'free_text')`,
    ),
    tenantPolicy(t.companyId),
  ],
);

/**
 * A person's turn at a survey (for an evaluation survey: for one education): the draft they are writing, then the
 * fact that they submitted. It never points at the submitted answers, so an anonymous survey's response cannot be
 * traced back through it. One row per (survey, person, education).
 */
export const surveyParticipations = pgTable(
  'survey_participations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    educationId: integer().references(() => educations.id, { onDelete: 'cascade' }),
    status: text().$type<Exclude<ParticipationState, 'open'>>().notNull().default('draft'),
    /** The answers while a draft; emptied on submission. */
    draft: jsonb().$type<SurveyAnswers>().notNull().default({}),
    savedAt: timestamp({ withTimezone: true }),
    submittedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('survey_participations_person_key').on(t.surveyId, t.userId, t.educationId).nullsNotDistinct(),
    index('survey_participations_user_idx').on(t.companyId, t.userId, t.surveyId),
    check('survey_participations_status_check', sql`${t.status} in ('draft', 'submitted')`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * A submitted set of answers. `user_id` is null exactly when the survey is anonymous; then `submitted_on` is only the
 * day, and `department` (the breakdown's group) is shown only for groups of at least five.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    educationId: integer().references(() => educations.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    department: text(),
    answers: jsonb().$type<SurveyAnswers>().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('survey_responses_survey_idx').on(t.companyId, t.surveyId, t.educationId), tenantPolicy(t.companyId)],
);
