import type { QuestionBody, QuestionDifficulty, QuestionType } from '@kampus/shared';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { educationCategories } from './educations.js';
import { users } from './identity.js';
import { hashtags } from './lookups.js';
import { tenantPolicy } from './rls.js';

/**
 * A question of the company's bank (issue 15). What it asks and what is right lives in its versions; the row holds
 * what the bank lists and filters by, and the version in force. Categories are the education category tree (the
 * same topics). status: 0 passive (not drawn into new attempts), 1 active.
 */
export const questions = pgTable(
  'questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    type: text().$type<QuestionType>().notNull(),
    /** The current version's text without markup, for the list and search. */
    title: text().notNull(),
    difficulty: text().$type<QuestionDifficulty>().notNull().default('medium'),
    language: text().notNull(),
    categoryId: integer().references(() => educationCategories.id, { onDelete: 'set null' }),
    points: integer().notNull().default(1),
    status: smallint().notNull().default(1),
    currentVersionId: integer().references((): AnyPgColumn => questionVersions.id, { onDelete: 'set null' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_company_created_idx').on(t.companyId, t.createdAt),
    index('questions_company_category_idx').on(t.companyId, t.categoryId, t.difficulty),
    tenantPolicy(t.companyId),
  ],
);

/**
 * One version of a question: its body (text, options, correct answers, explanation) and points. An attempt keeps the
 * version it asked; once a version is `used_at` (an attempt holds it) an edit writes a new version instead of
 * changing it, so a stored answer is always scored against what the learner saw.
 */
export const questionVersions = pgTable(
  'question_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    questionId: integer()
      .notNull()
      .references((): AnyPgColumn => questions.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    body: jsonb().$type<QuestionBody>().notNull(),
    points: integer().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('question_versions_question_version_key').on(t.questionId, t.version), tenantPolicy(t.companyId)],
);

export const questionHashtags = pgTable(
  'question_hashtags',
  {
    companyId: companyRef(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    hashtagId: integer()
      .notNull()
      .references(() => hashtags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.hashtagId] }),
    index('question_hashtags_hashtag_idx').on(t.companyId, t.hashtagId),
    tenantPolicy(t.companyId),
  ],
);
