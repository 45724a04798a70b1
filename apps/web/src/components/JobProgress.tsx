import { isJobFinished, type JobStatus } from '@kampus/shared';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../lib/api.js';

/** How often a running job is asked about. */
export const JOB_POLL_MS = 1000;

/**
 * Follows a background job of the signed-in person (`GET api/jobs/{id}`): polls while it is queued or running and
 * stops once it is done or failed. No id, no request.
 */
export function useJobProgress(jobId: number | null | undefined) {
  return useQuery({
    queryKey: ['jobs', jobId],
    queryFn: async () => (await http.get<{ data: JobStatus }>('api/jobs', jobId ?? undefined)).data,
    enabled: typeof jobId === 'number',
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state && isJobFinished(state) ? false : JOB_POLL_MS;
    },
  });
}

/** The share done, 0–100; an unknown total counts as not started. */
export function percentOf(job: Pick<JobStatus, 'state' | 'progress'>): number {
  if (job.state === 'done') return 100;
  const { done = 0, total = 0 } = job.progress ?? {};
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

export interface JobProgressProps {
  jobId: number | null | undefined;
  /** What to show once the job is done, from its result. */
  children?: (result: unknown) => ReactNode;
  /** The failure text instead of the general one. */
  failureMessage?: string;
}

/** A progress bar with its label for a background job, its failure, and a slot for what it produced. */
export function JobProgress({ jobId, children, failureMessage }: JobProgressProps) {
  const { t } = useTranslation();
  const query = useJobProgress(jobId);
  if (query.isError) {
    return (
      <Alert color="danger" data-testid="job-progress-error">
        {(query.error as Error).message}
      </Alert>
    );
  }
  const job = query.data;
  if (!job) return null;
  if (job.state === 'failed') {
    return (
      <Alert color="danger" title={t('jobs.failed_title')} data-testid="job-progress-failed">
        {failureMessage ?? t('jobs.failed')}
      </Alert>
    );
  }
  const percent = percentOf(job);
  const label =
    job.state === 'done'
      ? t('jobs.done')
      : job.progress
        ? t('jobs.progress', { done: job.progress.done, total: job.progress.total, percent })
        : t(job.state === 'running' ? 'jobs.running' : 'jobs.queued');
  return (
    <Stack gap="xs" data-testid="job-progress">
      <Text size="sm" aria-hidden>
        {label}
      </Text>
      <Progress
        value={percent}
        animated={job.state !== 'done'}
        color={job.state === 'done' ? 'success' : undefined}
        // Mantine gives `aria-label` to the bar itself (role progressbar, with its value); the root takes no ARIA.
        aria-label={label}
      />
      {job.state === 'done' && children?.(job.result)}
    </Stack>
  );
}
