import type { JobStatus } from '@kampus/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render.js';
import { http } from '../lib/api.js';
import { ApiError } from '../lib/http.js';
import { JobProgress, percentOf } from './JobProgress.js';

const job = (over: Partial<JobStatus>): JobStatus => ({
  id: 42,
  name: 'users.import-invitations',
  state: 'running',
  progress: null,
  result: null,
  attempts: 1,
  created_at: '2026-03-01T09:00:00.000Z',
  finished_at: null,
  ...over,
});

describe('JobProgress', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('polls the job while it runs, shows its progress, stops when done and shows the result', async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockResolvedValueOnce({ data: job({ state: 'queued' }) } as never)
      .mockResolvedValueOnce({ data: job({ progress: { done: 3, total: 12 } }) } as never)
      .mockResolvedValue({
        data: job({ state: 'done', progress: { done: 12, total: 12 }, result: { sent: 12 } }),
      } as never);
    renderPage(
      <JobProgress jobId={42}>{(result) => <p>{`Sent ${(result as { sent: number }).sent} mails`}</p>}</JobProgress>,
    );
    expect(await screen.findByText('Waiting to start…')).toBeTruthy();
    expect(await screen.findByText('3 of 12 (25%)', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(await screen.findByText('Sent 12 mails', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Finished.')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('api/jobs', 42);
    const calls = get.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(get.mock.calls.length).toBe(calls);
  });

  it('says so when the job failed, with the caller’s message if it gives one', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({
      data: job({ state: 'failed', progress: { done: 1, total: 4 } }),
    } as never);
    renderPage(<JobProgress jobId={42} failureMessage="The invitations could not all be sent." />);
    expect(await screen.findByText('The invitations could not all be sent.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the server’s message when the job cannot be read (another person’s: 404), and asks nothing without an id', async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockRejectedValue(new ApiError(404, {}, 'The record you are looking for was not found.'));
    renderPage(<JobProgress jobId={7} />);
    expect(await screen.findByText('The record you are looking for was not found.')).toBeTruthy();
    cleanup();
    get.mockClear();
    renderPage(<JobProgress jobId={null} />);
    await waitFor(() => expect(get).not.toHaveBeenCalled());
    expect(screen.queryByTestId('job-progress')).toBeNull();
  });

  it('computes the share done', () => {
    expect(percentOf({ state: 'running', progress: null })).toBe(0);
    expect(percentOf({ state: 'running', progress: { done: 1, total: 3 } })).toBe(33);
    expect(percentOf({ state: 'running', progress: { done: 5, total: 0 } })).toBe(0);
    expect(percentOf({ state: 'done', progress: null })).toBe(100);
  });
});
