import { DEADLINE_GRACE_SECONDS } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { asSystem } from '../../../db/scope.js';
import type { Platform } from '../../../platform/deps.js';
import { type Attempts, DEADLINE_JOB } from './attempts.js';

/** The backstop: attempts whose deadline job never ran (a queue cleared, a job dead-lettered) are submitted here. */
export const DEADLINE_SWEEP_JOB = 'exam.deadline-sweep';
/** Every five minutes; an attempt the sweep finds is at least a minute past its deadline. */
export const DEADLINE_SWEEP_CRON = '*/5 * * * *';
const SWEEP_BATCH = 500;

/**
 * The attempt submits itself at its deadline even when no browser is there: starting an attempt with a time limit
 * enqueues `exam.deadline` for deadline + grace (idempotency key per attempt), and the sweep catches what it missed.
 * Both submit through `attempts.submitIfDue`, which does nothing to an attempt already submitted.
 */
export function registerDeadlineJobs(platform: Platform, attempts: Attempts): void {
  platform.jobs.register({
    name: DEADLINE_JOB,
    schema: z.object({ companyId: z.number().int(), attemptId: z.number().int() }),
    handle: async ({ companyId, attemptId }) => ({ submitted: await attempts.submitIfDue(companyId, attemptId) }),
  });
  platform.jobs.register({
    name: DEADLINE_SWEEP_JOB,
    schema: z.unknown(),
    handle: async () => {
      const { rows } = (await asSystem(platform.database.db, (tx) =>
        tx.execute(sql`select id, company_id from exam_attempts
          where state = 'in_progress' and deadline_at < now() - make_interval(secs => ${DEADLINE_GRACE_SECONDS + 60})
          order by deadline_at limit ${SWEEP_BATCH}`),
      )) as unknown as { rows: { id: number; company_id: number }[] };
      let submitted = 0;
      for (const row of rows) if (await attempts.submitIfDue(row.company_id, row.id)) submitted++;
      return { submitted };
    },
  });
  platform.jobs.schedule(DEADLINE_SWEEP_JOB, DEADLINE_SWEEP_CRON);
}
