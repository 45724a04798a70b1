import type { GiftRequest } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import GiftRequestsPage from './GiftRequestsPage.js';

const request = (over: Partial<GiftRequest>): GiftRequest => ({
  id: 7,
  status: 'requested',
  points: 300,
  variant: null,
  reason: null,
  tracking_note: null,
  gift: { id: 1, name: 'Termos Kupa', type: 2, image_src: null },
  user: { id: 1, name: 'Ada', surname: 'Yıldız', email: 'ada@demo.test' },
  created_at: '2026-11-20T10:00:00Z',
  decided_at: null,
  shipped_at: null,
  delivered_at: null,
  ...over,
});

describe('the gift requests page', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers each request the steps its status allows, confirms, and asks a tracking note to ship', async () => {
    const rows = [
      request({ id: 1, status: 'requested' }),
      request({ id: 2, status: 'approved', user: { id: 2, name: 'Can', surname: 'Demir', email: null } }),
      request({ id: 3, status: 'delivered', tracking_note: 'Ofisten teslim' }),
    ];
    vi.spyOn(http, 'get').mockResolvedValue({
      data: rows,
      meta: { page: 1, per_page: 20, total: 3 },
      counts: {},
    } as never);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: rows[0], message: 'Tamam' } as never);
    renderPage([{ path: '/admin/gift/requests', element: <GiftRequestsPage /> }], { at: '/admin/gift/requests' });
    await screen.findByText('Can Demir');
    const menus = screen.getAllByTestId('gift-request-actions');
    // The delivered one has no step left.
    expect(menus).toHaveLength(2);
    fireEvent.click(menus[0] as HTMLElement);
    expect(await screen.findByTestId('gift-request-approve')).toBeTruthy();
    expect(screen.queryByTestId('gift-request-ship')).toBeNull();
    fireEvent.click(screen.getByTestId('gift-request-approve'));
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/admin/gift-requests/1/approve', {}));

    fireEvent.click(menus[1] as HTMLElement);
    fireEvent.click(await screen.findByTestId('gift-request-ship'));
    const form = await screen.findByTestId('ship-form');
    fireEvent.click(within(form).getByTestId('ship-submit'));
    // An empty note is refused before anything is sent.
    await waitFor(() => expect(within(form).getByTestId('ship-note').getAttribute('aria-invalid')).toBe('true'));
    expect(post).toHaveBeenCalledTimes(1);
    fireEvent.change(within(form).getByTestId('ship-note'), { target: { value: 'Yurtiçi Kargo 123' } });
    fireEvent.click(within(form).getByTestId('ship-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/gift-requests/2/ship', { tracking_note: 'Yurtiçi Kargo 123' }),
    );
  });
});
