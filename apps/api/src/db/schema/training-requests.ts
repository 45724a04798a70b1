import type { TrainingRequestStatus } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assignments } from './assignments.js';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { educations } from './educations.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * A learner's request for an education shown in the catalogue with enrolment on approval (issue 14). At most one
 * pending request per person and education (a partial unique index); decided ones stay as the record, so asking
 * again after a rejection adds a row.
 */
export const trainingRequests = pgTable(
  'training_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    educationId: integer()
      .notNull()
      .references(() => educations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<TrainingRequestStatus>().notNull().default('pending'),
    note: text(),
    /** The rejection's reason, mailed to the learner. */
    reason: text(),
    /** The assignment an approval created. */
    assignmentId: integer().references(() => assignments.id, { onDelete: 'set null' }),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('training_requests_one_pending_key').on(t.educationId, t.userId).where(sql`${t.status} = 'pending'`),
    index('training_requests_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('training_requests_company_education_idx').on(t.companyId, t.educationId, t.status),
    index('training_requests_user_idx').on(t.userId, t.educationId, t.createdAt),
    check('training_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'training_requests_decided_check',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} <> 'rejected' or ${t.reason} is not null)`,
    ),
    tenantPolicy(t.companyId),
  ],
);
