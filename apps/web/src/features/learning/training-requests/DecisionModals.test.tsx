import type { TrainingRequest } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { DecisionModal } from './DecisionModals.js';

const request: TrainingRequest = {
  id: 12,
  status: 'pending',
  note: null,
  reason: null,
  education: { id: 4, title: 'Negotiation skills', image_url: null },
  user: { id: 8, name: 'Deniz', surname: 'Miller', email: 'deniz@example.test' },
  assignment_id: null,
  decided_by: null,
  decided_at: null,
  created_at: '2026-03-01T09:00:00.000Z',
};

describe('DecisionModal', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks before approving, then approves with the server picking the last day', async () => {
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ data: { assignment_id: 3 }, message: 'Approved.' } as never);
    const onDecided = vi.fn();
    const onClose = vi.fn();
    renderPage(<DecisionModal decision={{ kind: 'approve', request }} onClose={onClose} onDecided={onDecided} />);
    expect(await screen.findByText(/Deniz Miller will be assigned “Negotiation skills”/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('approve-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('api/admin/training-requests/12/approve', { end_date: null });
    expect(onDecided).toHaveBeenCalledTimes(1);
  });

  it('will not reject without a reason, in the reader’s language', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ message: 'ok' } as never);
    renderPage(<DecisionModal decision={{ kind: 'reject', request }} onClose={vi.fn()} onDecided={vi.fn()} />);
    fireEvent.change(await screen.findByTestId('reject-reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    expect(await screen.findByText('Please write why the request is rejected.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: ' This term is full. ' } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/training-requests/12/reject', { reason: 'This term is full.' }),
    );
  });
});
