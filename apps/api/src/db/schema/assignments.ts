import type { AssignmentItemType, AssignmentTargetKind } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * An assignment (issue 14). Only whether it is published or cancelled is stored: scheduled, active and finished
 * follow from the dates when read, so no job has to keep a status true. `end_date` is the last day to complete it.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text().notNull(),
    /** Sanitized HTML. */
    description: text(),
    imageUrl: text(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    mandatory: boolean().notNull().default(false),
    durationMinutes: integer(),
    /** Days before the end date a reminder goes, largest first. */
    reminderDays: jsonb().$type<number[]>().notNull().default([]),
    remindOverdue: boolean().notNull().default(true),
    targetKind: text().$type<AssignmentTargetKind>().notNull(),
    publishedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assignments_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('assignments_company_dates_idx').on(t.companyId, t.endDate, t.startDate),
    check('assignments_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('assignments_target_kind_check', sql`${t.targetKind} in ('users', 'groups', 'company')`),
    tenantPolicy(t.companyId),
  ],
);

/** One learning item of an assignment: a typed reference, like an education's parts. */
export const assignmentItems = pgTable(
  'assignment_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    assignmentId: integer()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    type: text().$type<AssignmentItemType>().notNull(),
    refId: integer().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    uniqueIndex('assignment_items_assignment_ref_key').on(t.assignmentId, t.type, t.refId),
    index('assignment_items_ref_idx').on(t.companyId, t.type, t.refId),
    check('assignment_items_type_check', sql`${t.type} in ('education', 'program', 'content', 'survey', 'exam')`),
    tenantPolicy(t.companyId),
  ],
);

/** What the admin chose as the target: users, groups, or sub-companies (`kind` user / group / company). */
export const assignmentTargets = pgTable(
  'assignment_targets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    assignmentId: integer()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    kind: text().$type<'user' | 'group' | 'company'>().notNull(),
    refId: integer().notNull(),
  },
  (t) => [
    uniqueIndex('assignment_targets_assignment_ref_key').on(t.assignmentId, t.kind, t.refId),
    index('assignment_targets_ref_idx').on(t.companyId, t.kind, t.refId),
    check('assignment_targets_kind_check', sql`${t.kind} in ('user', 'group', 'company')`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * One person in one assignment. status and progress are kept from the items' events (not_started, in_progress,
 * completed); overdue is read from the end date; a cancelled row (person removed) keeps what it had.
 */
export const assignmentUsers = pgTable(
  'assignment_users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    assignmentId: integer()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull().default('not_started'),
    progress: smallint().notNull().default(0),
    startedAt: timestamp({ withTimezone: true }),
    lastActivityAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** The person's own last day (an automatic rule's people are each due N days after matching); null: end_date. */
    dueDate: date({ mode: 'string' }),
    /** When the "you have a new assignment" mail and notification went out (null: not yet). */
    notifiedAt: timestamp({ withTimezone: true }),
    /** The last reminder, scheduled or sent by an admin. */
    remindedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('assignment_users_assignment_user_key').on(t.assignmentId, t.userId),
    index('assignment_users_user_idx').on(t.companyId, t.userId, t.status),
    index('assignment_users_assignment_idx').on(t.companyId, t.assignmentId, t.status),
    check('assignment_users_status_check', sql`${t.status} in ('not_started', 'in_progress', 'completed')`),
    check('assignment_users_progress_check', sql`${t.progress} between 0 and 100`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * The scheduled reminders sent, one row each (`days_7`, `days_1`, `overdue`): the unique key makes a reminder go
 * once, whichever node runs the schedule and however often it restarts.
 */
export const assignmentReminders = pgTable(
  'assignment_reminders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    assignmentUserId: integer()
      .notNull()
      .references(() => assignmentUsers.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assignment_reminders_user_kind_key').on(t.assignmentUserId, t.kind),
    index('assignment_reminders_company_idx').on(t.companyId, t.sentAt),
    tenantPolicy(t.companyId),
  ],
);
