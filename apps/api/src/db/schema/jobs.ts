import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { companies } from './companies.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * The durable job queue (platform/jobs.ts), on PGlite and PostgreSQL alike. A worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` and holds them for a lease (`locked_until`); a row whose lease ran out is claimed again, so
 * the job of a killed process runs elsewhere. States: queued → running → done | failed (the dead letter, after
 * `max_attempts`); a failed attempt goes back to queued with a later `run_at`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    payload: jsonb().notNull(),
    state: text().notNull().default('queued'),
    /** A second enqueue with the same name and key is the same job. */
    idempotencyKey: text(),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Higher runs first among due jobs: a mail someone waits for at a screen passes the bulk mail of an assignment. */
    priority: smallint().notNull().default(0),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    /** The node (worker) holding the lease, and until when. */
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    /** `{done, total}` as the handler reports it, and what it answered (shown to the owner). */
    progress: jsonb(),
    result: jsonb(),
    /** The owner, for progress records; null for the platform's own jobs (mail, clean-ups). */
    companyId: integer().references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_name_idempotency_key').on(t.name, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    // The claim: due queued rows, and running rows whose lease ran out.
    index('jobs_due_idx').on(t.priority.desc(), t.runAt).where(sql`${t.state} = 'queued'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`${t.state} = 'running'`),
    index('jobs_state_created_idx').on(t.state, t.createdAt),
    index('jobs_company_user_idx').on(t.companyId, t.userId),
    tenantPolicy(t.companyId),
  ],
);

/**
 * Cron schedules registered at start-up (`jobs.schedule`). Every node registers the same ones; the node that advances
 * `next_run_at` with its conditional update enqueues that run, so a due time runs once across all nodes.
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text().primaryKey(),
  cron: text().notNull(),
  payload: jsonb().notNull(),
  nextRunAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: updatedAt(),
});
