import type { CategoryIcon, EducationVisibility, EnrolmentSource, LocalizedText, PartType } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
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
import { exams } from './exams.js';
import { users } from './identity.js';
import { hashtags } from './lookups.js';
import { tenantPolicy } from './rls.js';
import { surveys } from './surveys.js';

/** A node of the company's education category tree; names per language. status: 0 passive, 1 active. */
export const educationCategories = pgTable(
  'education_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    parentId: integer().references((): AnyPgColumn => educationCategories.id, { onDelete: 'set null' }),
    names: jsonb().$type<LocalizedText>().notNull(),
    icon: text().$type<CategoryIcon>().notNull().default('school'),
    order: integer().notNull().default(0),
    status: smallint().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('education_categories_company_idx').on(t.companyId, t.parentId, t.order, t.id),
    tenantPolicy(t.companyId),
  ],
);

/**
 * An education (the spec's "training"): parts taken in order when sequential. status: 0 passive (hidden from
 * learners), 1 active. visibility: assigned only, open in the catalogue for self-enrolment, or in the catalogue with enrolment on approval (`request`).
 */
export const educations = pgTable(
  'educations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    title: text().notNull(),
    subTitle: text(),
    descriptionTitle: text(),
    /** Sanitized HTML. */
    description: text(),
    imageUrl: text(),
    categoryId: integer().references(() => educationCategories.id, { onDelete: 'set null' }),
    language: text().notNull(),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    estimatedMinutes: integer(),
    status: smallint().notNull().default(1),
    visibility: text().$type<EducationVisibility>().notNull().default('assigned'),
    sequential: boolean().notNull().default(false),
    /** The provider it was bought from; null for the company's own. */
    provider: text(),
    /** The evaluation survey a learner fills once they complete it (issue 15; surveys of kind evaluation). */
    evaluationSurveyId: integer().references((): AnyPgColumn => surveys.id, { onDelete: 'set null' }),
    /** Certificates (issue 16) wait for the evaluation survey's answers. */
    evaluationRequiredForCertificate: boolean().notNull().default(false),
    /** Exams (kind `exam`) taken before the first part (never blocks) and at the end (passing it completes). */
    preTestExamId: integer().references((): AnyPgColumn => exams.id, { onDelete: 'set null' }),
    postTestExamId: integer().references((): AnyPgColumn => exams.id, { onDelete: 'set null' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('educations_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('educations_company_title_idx').on(t.companyId, t.title, t.id),
    index('educations_company_category_idx').on(t.companyId, t.categoryId, t.id),
    index('educations_company_catalogue_idx').on(t.companyId, t.visibility, t.status, t.createdAt),
    check('educations_visibility_check', sql`${t.visibility} in ('assigned', 'catalogue', 'request')`),
    check(
      'educations_dates_check',
      sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
    tenantPolicy(t.companyId),
  ],
);

export const educationHashtags = pgTable(
  'education_hashtags',
  {
    companyId: companyRef(),
    educationId: integer()
      .notNull()
      .references(() => educations.id, { onDelete: 'cascade' }),
    hashtagId: integer()
      .notNull()
      .references(() => hashtags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.educationId, t.hashtagId] }),
    index('education_hashtags_hashtag_idx').on(t.companyId, t.hashtagId),
    tenantPolicy(t.companyId),
  ],
);

/**
 * One part of an education: a typed reference (`type`, `ref_id`): a content or a classroom training; exams and
 * surveys join as types without a foreign key per kind. The referred row's existence is checked by the service that writes parts.
 */
export const educationParts = pgTable(
  'education_parts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    educationId: integer()
      .notNull()
      .references(() => educations.id, { onDelete: 'cascade' }),
    type: text().$type<PartType>().notNull(),
    refId: integer().notNull(),
    position: integer().notNull(),
    required: boolean().notNull().default(true),
  },
  (t) => [
    index('education_parts_education_idx').on(t.educationId, t.position),
    index('education_parts_ref_idx').on(t.companyId, t.type, t.refId),
    check('education_parts_type_check', sql`${t.type} in ('content', 'classroom', 'exam')`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * One learner in one education. The finished rate and the completed parts are kept by the part events (never worked
 * out on a page view); status: not_started, in_progress, completed.
 */
export const educationEnrolments = pgTable(
  'education_enrolments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    educationId: integer()
      .notNull()
      .references(() => educations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text().$type<EnrolmentSource>().notNull().default('self'),
    status: text().notNull().default('not_started'),
    finishedRate: smallint().notNull().default(0),
    completedParts: integer().notNull().default(0),
    dueAt: date({ mode: 'string' }),
    enrolledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp({ withTimezone: true }),
    lastActivityAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('education_enrolments_education_user_key').on(t.educationId, t.userId),
    index('education_enrolments_user_idx').on(t.companyId, t.userId, t.status, t.lastActivityAt),
    index('education_enrolments_education_idx').on(t.companyId, t.educationId, t.status),
    check('education_enrolments_status_check', sql`${t.status} in ('not_started', 'in_progress', 'completed')`),
    check('education_enrolments_source_check', sql`${t.source} in ('self', 'admin', 'program', 'assignment')`),
    check('education_enrolments_rate_check', sql`${t.finishedRate} between 0 and 100`),
    tenantPolicy(t.companyId),
  ],
);

/** A program (learning path): an ordered list of educations. status: 0 passive, 1 active. */
export const programs = pgTable(
  'programs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    title: text().notNull(),
    description: text(),
    imageUrl: text(),
    sequential: boolean().notNull().default(true),
    status: smallint().notNull().default(1),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('programs_company_created_idx').on(t.companyId, t.createdAt, t.id), tenantPolicy(t.companyId)],
);

export const programSteps = pgTable(
  'program_steps',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    programId: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    educationId: integer()
      .notNull()
      .references(() => educations.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** Days from the learner's program start; null: no deadline. */
    deadlineDays: integer(),
  },
  (t) => [
    uniqueIndex('program_steps_program_education_key').on(t.programId, t.educationId),
    index('program_steps_program_idx').on(t.programId, t.position),
    index('program_steps_education_idx').on(t.companyId, t.educationId),
    tenantPolicy(t.companyId),
  ],
);

/** One learner in one program; kept by the education events like an education's enrolment by its parts'. */
export const programEnrolments = pgTable(
  'program_enrolments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    programId: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text().$type<EnrolmentSource>().notNull().default('self'),
    status: text().notNull().default('not_started'),
    finishedRate: smallint().notNull().default(0),
    completedSteps: integer().notNull().default(0),
    enrolledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('program_enrolments_program_user_key').on(t.programId, t.userId),
    index('program_enrolments_user_idx').on(t.companyId, t.userId, t.status),
    check('program_enrolments_status_check', sql`${t.status} in ('not_started', 'in_progress', 'completed')`),
    tenantPolicy(t.companyId),
  ],
);
