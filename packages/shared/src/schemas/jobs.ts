import { z } from 'zod';
import { itemResponseSchema, lenient, resourceListQuerySchema } from './resource.js';

/** queued → running → done, or back to queued for a retry, or failed (the dead letter) after the last attempt. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobProgressSchema = z.object({ done: z.number(), total: z.number() });
export type JobProgressValue = z.infer<typeof jobProgressSchema>;

/** GET api/jobs/{id}: a job as its owner follows it. */
export const jobStatusSchema = z.object({
  id: z.number(),
  name: z.string(),
  state: jobStateSchema,
  progress: jobProgressSchema.nullable(),
  result: z.unknown().nullable(),
  attempts: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** What a request that starts a background job (an export) answers at once: the job to follow. */
export const jobStartedSchema = z.object({ job_id: z.number() });
export type JobStarted = z.infer<typeof jobStartedSchema>;

/** The 202 answer of every route that starts an export or another job: `{data: {job_id}}`. */
export const jobStartedResponseSchema = itemResponseSchema(jobStartedSchema);
export type JobStartedResponse = z.infer<typeof jobStartedResponseSchema>;

/** The result of an export job: the file it wrote, downloaded through GET api/jobs/{id}/download. */
export const exportFileResultSchema = z.object({
  file: z.object({ name: z.string(), file_name: z.string(), size: z.number(), mime: z.string() }),
});
export type ExportFileResult = z.infer<typeof exportFileResultSchema>;

export const isJobFinished = (state: JobState) => state === 'done' || state === 'failed';

/** GET api/admin/jobs: what a super admin sees of every job, dead letters first of all. */
export const adminJobSchema = z.object({
  id: z.number(),
  name: z.string(),
  state: jobStateSchema,
  attempts: z.number(),
  max_attempts: z.number(),
  last_error: z.string().nullable(),
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  run_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

/** Newest first; `search` matches the job's name, `state` filters (a bad value: no filter). */
export const adminJobListQuerySchema = resourceListQuerySchema.extend({
  state: lenient(jobStateSchema),
});
export type AdminJobListQuery = z.infer<typeof adminJobListQuerySchema>;
