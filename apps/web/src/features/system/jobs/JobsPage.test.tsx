import type { AdminJob } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';
import JobsPage from './JobsPage.js';

const failed: AdminJob = {
  id: 9,
  name: 'mail.send',
  state: 'failed',
  attempts: 5,
  max_attempts: 5,
  last_error: 'connect ECONNREFUSED 127.0.0.1:25',
  company: { id: 3, name: 'Acme' },
  created_at: '2026-03-01T09:00:00.000Z',
  run_at: '2026-03-01T09:10:00.000Z',
  finished_at: '2026-03-01T09:30:00.000Z',
};
const done: AdminJob = {
  ...failed,
  id: 10,
  name: 'files.clean-up',
  state: 'done',
  attempts: 1,
  last_error: null,
  company: null,
};
const page = (data: AdminJob[]) => Promise.resolve({ data, meta: { page: 1, per_page: 20, total: data.length } });

describe('JobsPage', { timeout: 30_000 }, () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the jobs with their state and error, and runs a dead letter again after a confirmation', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([failed, done]) as never);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ message: 'The job is queued again.' } as never);
    renderPage(<JobsPage />, { path: '/admin/jobs', at: '/admin/jobs?state=failed' });
    expect(await screen.findByText('connect ECONNREFUSED 127.0.0.1:25', {}, { timeout: 10_000 })).toBeTruthy();
    expect(http.get).toHaveBeenCalledWith('api/admin/jobs', undefined, expect.objectContaining({ state: 'failed' }));
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.getByText('Platform')).toBeTruthy();
    expect(screen.getByText('5/5')).toBeTruthy();
    // Only the dead letter offers a retry.
    expect(screen.getAllByTestId('job-retry')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('job-retry'));
    expect(await screen.findByText('mail.send (#9) goes back to the queue with a fresh set of attempts.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/admin/jobs/9/retry'));
    expect(await screen.findByText('The job is queued again.')).toBeTruthy();
  });

  it('says when there are no jobs, and shows a failed load', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([]) as never);
    renderPage(<JobsPage />, { path: '/admin/jobs' });
    expect(await screen.findByText('There are no jobs.', {}, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    vi.spyOn(http, 'get').mockRejectedValue(new ApiError(500, {}, 'ApiService: An error occurred.'));
    renderPage(<JobsPage />, { path: '/admin/jobs' });
    expect(await screen.findByText(/ApiService: An error occurred\./)).toBeTruthy();
  });
});
