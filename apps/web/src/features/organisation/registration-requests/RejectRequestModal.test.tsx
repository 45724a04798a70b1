import type { RegistrationRequest } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';
import { RejectRequestModal } from './RejectRequestModal.js';

const request: RegistrationRequest = {
  id: 7,
  name: 'Deniz',
  surname: 'Yıldız',
  email: 'deniz@example.test',
  phone: null,
  language: 'tr',
  email_verified: false,
  created_at: '2026-03-01T09:00:00.000Z',
};

function renderModal() {
  const onClose = vi.fn();
  const onRejected = vi.fn();
  renderPage(<RejectRequestModal request={request} onClose={onClose} onRejected={onRejected} />);
  return { onClose, onRejected };
}

const reason = () => screen.getByTestId('reject-reason') as HTMLTextAreaElement;
const submit = () => fireEvent.click(screen.getByTestId('reject-submit'));

describe('RejectRequestModal', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('names the person and asks for a reason before sending anything', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ message: 'ok' } as never);
    const { onClose, onRejected } = renderModal();
    expect(await screen.findByText(/The request of Deniz Yıldız will be deleted/)).toBeTruthy();
    submit();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(reason(), { target: { value: '    ' } });
    submit();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    expect(onRejected).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason, then closes and lets the list refresh', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ message: 'Rejected.' } as never);
    const { onClose, onRejected } = renderModal();
    fireEvent.change(await screen.findByTestId('reject-reason'), { target: { value: '  Not one of our staff. ' } });
    expect(screen.getByText('24/500')).toBeTruthy();
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('api/admin/registration-requests/7/reject', { reason: 'Not one of our staff.' });
    expect(onRejected).toHaveBeenCalledTimes(1);
  });

  it("shows the server's field error on the reason and stays open", async () => {
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError(422, { message: 'Invalid', errors: { reason: ['The reason is too long.'] } }, 'Invalid'),
    );
    const { onClose, onRejected } = renderModal();
    fireEvent.change(await screen.findByTestId('reject-reason'), { target: { value: 'Because.' } });
    submit();
    expect(await screen.findByText('The reason is too long.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(onRejected).not.toHaveBeenCalled();
  });

  it('closes without rejecting on cancel, and shows a general failure in the dialog', async () => {
    vi.spyOn(http, 'post').mockRejectedValue(new ApiError(0, null, 'Something went wrong.'));
    const { onClose } = renderModal();
    fireEvent.change(await screen.findByTestId('reject-reason'), { target: { value: 'Because.' } });
    submit();
    expect((await screen.findByTestId('reject-error')).textContent).toBe('Something went wrong.');
    fireEvent.click(screen.getByTestId('reject-cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
