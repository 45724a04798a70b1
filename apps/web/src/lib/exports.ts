import { isJobFinished, type JobStartedResponse, type JobStatus } from '@kampus/shared';
import { http } from './api.js';
import { downloadFile } from './download.js';
import { ApiError } from './http.js';
import { i18next } from './i18n.js';

/** How often a running export is asked about. */
export const EXPORT_POLL_MS = 1000;

/** Starts an export on the server (it answers its background job at once) and answers the job's id. */
export async function startExport(path: string, query?: Record<string, string | number | boolean>): Promise<number> {
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
  return (await http.post<JobStartedResponse>(`${path}${search}`)).data.job_id;
}

/** Saves the file a finished export job wrote, under the name the server gives it; answers that name. */
export const downloadExport = (jobId: number, fallbackName: string) =>
  downloadFile(`api/jobs/${jobId}/download`, fallbackName);

/** Asks about the job until it is done or failed. */
export async function waitForJob(jobId: number, pollMs = EXPORT_POLL_MS): Promise<JobStatus> {
  for (;;) {
    const job = (await http.get<{ data: JobStatus }>('api/jobs', jobId)).data;
    if (isJobFinished(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** A small export start to finish: start, wait, save. Answers the saved file's name. */
export async function exportAndDownload(path: string, fallbackName: string, pollMs = EXPORT_POLL_MS) {
  const jobId = await startExport(path);
  const job = await waitForJob(jobId, pollMs);
  if (job.state === 'failed') throw new ApiError(500, null, i18next.t('jobs.failed'));
  return downloadExport(jobId, fallbackName);
}
