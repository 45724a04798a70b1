import {
  type AdminJob,
  type AdminJobListQuery,
  type ExportFileResult,
  exportFileResultSchema,
  type JobState,
  type JobStatus,
} from '@kampus/shared';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { companies, jobs } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { HttpError, notFound } from '../../../platform/http/errors.js';

type JobRow = typeof jobs.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function statusOf(row: JobRow): JobStatus {
  return {
    id: row.id,
    name: row.name,
    state: row.state as JobState,
    progress: (row.progress as JobStatus['progress']) ?? null,
    result: row.result ?? null,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The owner's view of a job (GET api/jobs/{id}) and the super admin's dead letters (api/admin/jobs). */
export function createJobsService(platform: Pick<Platform, 'database'>) {
  const db = platform.database.db;

  /** Only the person who owns the job, in the company it belongs to, sees it; anyone else gets 404. */
  const status = (actor: Pick<Actor, 'companyId' | 'userId'>, id: number): Promise<JobStatus> =>
    inTenant(
      db,
      actor.companyId,
      async (tx) => {
        const [row] = await tx
          .select()
          .from(jobs)
          .where(and(eq(jobs.id, id), eq(jobs.companyId, actor.companyId), eq(jobs.userId, actor.userId)));
        if (!row) throw notFound();
        return statusOf(row);
      },
      { readOnly: true },
    );

  return {
    status,

    /** The file a finished export job of the owner wrote; 404 for anyone else, or before the file exists. */
    async exportFile(actor: Pick<Actor, 'companyId' | 'userId'>, id: number): Promise<ExportFileResult['file']> {
      const job = await status(actor, id);
      const result = exportFileResultSchema.safeParse(job.result);
      if (job.state !== 'done' || !result.success) throw notFound();
      return result.data.file;
    },

    /** Every company's jobs, newest first. */
    list: (
      query: AdminJobListQuery,
    ): Promise<{ data: AdminJob[]; meta: { page: number; per_page: number; total: number } }> =>
      asSystem(
        db,
        async (tx) => {
          const filters: SQL[] = [];
          if (query.state) filters.push(eq(jobs.state, query.state));
          if (query.search) filters.push(ilike(jobs.name, `%${escapeLike(query.search)}%`));
          const where = filters.length > 0 ? and(...filters) : undefined;
          const [rows, [total]] = await Promise.all([
            tx
              .select({ job: jobs, company: { id: companies.id, name: companies.name } })
              .from(jobs)
              .leftJoin(companies, eq(companies.id, jobs.companyId))
              .where(where)
              .orderBy(desc(jobs.createdAt), desc(jobs.id))
              .limit(query.per_page)
              .offset((query.page - 1) * query.per_page),
            tx.select({ total: count() }).from(jobs).where(where),
          ]);
          return {
            data: rows.map(({ job, company }) => ({
              id: job.id,
              name: job.name,
              state: job.state as JobState,
              attempts: job.attempts,
              max_attempts: job.maxAttempts,
              last_error: job.lastError,
              company: company?.id ? { id: company.id, name: company.name } : null,
              created_at: job.createdAt.toISOString(),
              run_at: job.runAt.toISOString(),
              finished_at: iso(job.finishedAt),
            })),
            meta: { page: query.page, per_page: query.per_page, total: total?.total ?? 0 },
          };
        },
        { readOnly: true },
      ),

    /** A dead letter goes back to the queue with a fresh set of attempts; audited. Only a failed job can. */
    retry: (actor: Actor, id: number): Promise<void> =>
      asSystem(db, async (tx) => {
        const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
        if (!row) throw notFound();
        if (row.state !== 'failed') throw new HttpError(422, 'jobs.errors.not_failed');
        await tx
          .update(jobs)
          .set({ state: 'queued', attempts: 0, runAt: new Date(), finishedAt: null, lockedBy: null, lockedUntil: null })
          .where(eq(jobs.id, id));
        await record(tx, actor, {
          action: 'job.retried',
          entity: 'job',
          id,
          before: { name: row.name, state: row.state, attempts: row.attempts, last_error: row.lastError },
          after: { name: row.name, state: 'queued', attempts: 0 },
        });
      }),
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
