import type { CompetencySource, CompetencyTrigger, LocalizedText } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { userGroups } from './groups.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/** Competency categories (issue 16): a name in the company's languages, an order. status: 0 passive, 1 active. */
export const competencyCategories = pgTable(
  'competency_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    names: jsonb().$type<LocalizedText>().notNull(),
    order: integer().notNull().default(0),
    status: smallint().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('competency_categories_company_order_idx').on(t.companyId, t.order, t.id),
    check('competency_categories_status_check', sql`${t.status} in (0, 1)`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * A competency: names in the company's languages (as education categories store them), a plain description, its
 * category, and its levels as an ordered list of names (level n is the n-th; people's levels are numbers 1..n).
 */
export const competencies = pgTable(
  'competencies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    categoryId: integer().references(() => competencyCategories.id, { onDelete: 'set null' }),
    names: jsonb().$type<LocalizedText>().notNull(),
    description: text(),
    levels: jsonb().$type<string[]>().notNull(),
    status: smallint().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('competencies_company_category_idx').on(t.companyId, t.categoryId, t.id),
    index('competencies_company_created_idx').on(t.companyId, t.createdAt, t.id),
    check('competencies_status_check', sql`${t.status} in (0, 1)`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * An automatic competency rule: completing an education or a program, or passing an exam with at least `min_score`
 * percent, sets the competency to `level` — or raises it; a rule never lowers a level.
 */
export const competencyRules = pgTable(
  'competency_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text().notNull(),
    trigger: text().$type<CompetencyTrigger>().notNull(),
    /** The education, program or exam (by trigger); checked to be the company's on write. */
    refId: integer().notNull(),
    minScore: integer(),
    competencyId: integer()
      .notNull()
      .references(() => competencies.id, { onDelete: 'cascade' }),
    level: integer().notNull(),
    status: smallint().notNull().default(1),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('competency_rules_company_trigger_idx').on(t.companyId, t.trigger, t.refId, t.status),
    index('competency_rules_company_created_idx').on(t.companyId, t.createdAt, t.id),
    check(
      'competency_rules_trigger_check',
      sql`${t.trigger} in ('education_completed', 'program_completed', 'exam_passed')`,
    ),
    check('competency_rules_status_check', sql`${t.status} in (0, 1)`),
    check('competency_rules_level_check', sql`${t.level} > 0`),
    check('competency_rules_min_score_check', sql`${t.minScore} is null or ${t.minScore} between 0 and 100`),
    tenantPolicy(t.companyId),
  ],
);

/** A person's current level of a competency: one row per person and competency. */
export const competencyPersonLevels = pgTable(
  'competency_person_levels',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    competencyId: integer()
      .notNull()
      .references(() => competencies.id, { onDelete: 'cascade' }),
    level: integer().notNull(),
    source: text().$type<CompetencySource>().notNull(),
    ruleId: integer().references(() => competencyRules.id, { onDelete: 'set null' }),
    setBy: integer().references(() => users.id, { onDelete: 'set null' }),
    setAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('competency_person_levels_user_competency_key').on(t.userId, t.competencyId),
    index('competency_person_levels_company_competency_idx').on(t.companyId, t.competencyId, t.level),
    index('competency_person_levels_company_user_idx').on(t.companyId, t.userId),
    check('competency_person_levels_source_check', sql`${t.source} in ('manual', 'rule')`),
    check('competency_person_levels_level_check', sql`${t.level} > 0`),
    tenantPolicy(t.companyId),
  ],
);

/** Every change of a person's level, kept: from what to what (null: none), how, by whom, when, why. */
export const competencyLevelHistory = pgTable(
  'competency_level_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    competencyId: integer()
      .notNull()
      .references(() => competencies.id, { onDelete: 'cascade' }),
    fromLevel: integer(),
    toLevel: integer(),
    source: text().$type<CompetencySource>().notNull(),
    ruleId: integer().references(() => competencyRules.id, { onDelete: 'set null' }),
    setBy: integer().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    setAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('competency_level_history_company_user_idx').on(t.companyId, t.userId, t.setAt, t.id),
    check('competency_level_history_source_check', sql`${t.source} in ('manual', 'rule')`),
    tenantPolicy(t.companyId),
  ],
);

/** A group's target level of a competency: the matrix shows its members below it as gaps. */
export const competencyGroupTargets = pgTable(
  'competency_group_targets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    groupId: integer()
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    competencyId: integer()
      .notNull()
      .references(() => competencies.id, { onDelete: 'cascade' }),
    level: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('competency_group_targets_group_competency_key').on(t.groupId, t.competencyId),
    index('competency_group_targets_company_group_idx').on(t.companyId, t.groupId),
    check('competency_group_targets_level_check', sql`${t.level} > 0`),
    tenantPolicy(t.companyId),
  ],
);
