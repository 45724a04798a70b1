import type { MyTrainingRequest } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';
import { TrainingRequestPanel } from './RequestPanel.js';

const request = (changes: Partial<MyTrainingRequest> = {}): MyTrainingRequest => ({
  id: 5,
  education_id: 9,
  status: 'pending',
  note: 'My team lead suggested it.',
  reason: null,
  assignment_id: null,
  created_at: '2026-03-02T09:00:00.000Z',
  decided_at: null,
  ...changes,
});

const answering = (data: MyTrainingRequest | null) => vi.spyOn(http, 'get').mockResolvedValue({ data } as never);

describe('TrainingRequestPanel', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers "Request" and sends the note; then shows the request as pending', async () => {
    answering(null);
    const post = vi.spyOn(http, 'post').mockResolvedValue({
      data: request({ note: 'For my new project.' }),
      message: 'Your request has been sent.',
    } as never);
    renderPage(<TrainingRequestPanel educationId={9} />);
    fireEvent.click(await screen.findByTestId('training-request-open'));
    fireEvent.change(await screen.findByTestId('training-request-note'), {
      target: { value: ' For my new project. ' },
    });
    expect(screen.getByText('21/1000')).toBeTruthy();
    fireEvent.click(screen.getByTestId('training-request-send'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/educations/9/training-request', { note: 'For my new project.' }),
    );
    const state = await screen.findByTestId('training-request-state');
    expect(state.dataset.status).toBe('pending');
    expect(screen.queryByTestId('training-request-open')).toBeNull();
  });

  it("shows the server's field error on the note and stays open", async () => {
    answering(null);
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError(422, { message: 'Invalid', errors: { note: ['The note is too long.'] } }, 'Invalid'),
    );
    renderPage(<TrainingRequestPanel educationId={9} />);
    fireEvent.click(await screen.findByTestId('training-request-open'));
    fireEvent.click(await screen.findByTestId('training-request-send'));
    expect(await screen.findByText('The note is too long.')).toBeTruthy();
    expect(screen.getByTestId('training-request-form')).toBeTruthy();
  });

  it('shows a rejection with its reason and lets the learner ask again', async () => {
    answering(request({ status: 'rejected', reason: 'This term is full.', decided_at: '2026-03-04T09:00:00.000Z' }));
    renderPage(<TrainingRequestPanel educationId={9} />);
    expect((await screen.findByTestId('training-request-state')).dataset.status).toBe('rejected');
    expect(screen.getByTestId('training-request-reason').textContent).toContain('This term is full.');
    expect(screen.getByTestId('training-request-open').textContent).toBe('Request again');
  });

  it('links an approved request to its assignment', async () => {
    answering(request({ status: 'approved', assignment_id: 31, decided_at: '2026-03-04T09:00:00.000Z' }));
    renderPage(<TrainingRequestPanel educationId={9} />);
    const link = await screen.findByTestId('training-request-assignment');
    expect(link.getAttribute('href')).toBe('/assignment/31/detail');
    expect(screen.queryByTestId('training-request-open')).toBeNull();
  });

  it('says so when the state cannot be loaded', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new ApiError(500, { message: 'Down' }, 'Down'));
    renderPage(<TrainingRequestPanel educationId={9} />);
    expect(await screen.findByTestId('training-request-load-error', {}, { timeout: 4000 })).toBeTruthy();
  });
});
