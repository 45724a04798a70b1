import type { AutoAssignmentConditions } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assignments } from './assignments.js';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * An automatic assignment rule (issue 14). Its items, mandatory flag and people live in the assignment it owns
 * (`assignment_id`), so the people view, progress, mails and reminders are the assignments module's; a person is in
 * that assignment once (assignment_users is unique per assignment and user), which is what makes a rule assign
 * nobody twice.
 */
export const autoAssignmentRules = pgTable(
  'auto_assignment_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text().notNull(),
    /** 1 active, 0 passive. */
    status: smallint().notNull().default(1),
    conditions: jsonb().$type<AutoAssignmentConditions>().notNull(),
    /** A matched person is due this many days after matching. */
    dueDays: integer().notNull(),
    assignmentId: integer()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    /** When the rule last became active; "new users" are the people created after it. */
    activatedAt: timestamp({ withTimezone: true }),
    lastMatchedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('auto_assignment_rules_assignment_key').on(t.assignmentId),
    index('auto_assignment_rules_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('auto_assignment_rules_company_status_idx').on(t.companyId, t.status),
    check('auto_assignment_rules_status_check', sql`${t.status} in (0, 1)`),
    check('auto_assignment_rules_due_days_check', sql`${t.dueDays} > 0`),
    tenantPolicy(t.companyId),
  ],
);
