import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * Personal-data requests (spec §1: answered within 30 days). The request outlives the person: erasing them sets
 * `subject_user_id` to null and the non-identifying `subject_label` stays as the record. kind: access | erasure;
 * status: open | completed | rejected. Days are calendar days (UTC).
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    subjectUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    subjectLabel: text().notNull(),
    kind: text().notNull(),
    receivedAt: date({ mode: 'string' }).notNull(),
    dueAt: date({ mode: 'string' }).notNull(),
    status: text().notNull().default('open'),
    handledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp({ withTimezone: true }),
    note: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('data_requests_company_due_idx').on(t.companyId, t.status, t.dueAt, t.id),
    index('data_requests_company_received_idx').on(t.companyId, t.receivedAt, t.id),
    index('data_requests_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('data_requests_subject_idx').on(t.subjectUserId),
    index('data_requests_handled_by_idx').on(t.handledBy),
    tenantPolicy(t.companyId),
  ],
);
