import type { LeaderboardSettings } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';

const { default: LeaderboardManagementPage } = await import('./LeaderboardManagementPage.js');

const settings: LeaderboardSettings = {
  periods: ['week', 'month', 'season', 'all'],
  scopes: ['company', 'group'],
  season: 3,
  season_started_at: '2026-02-02T09:00:00.000Z',
  has_sub_companies: false,
  excluded: [],
  seasons: [
    {
      season: 2,
      started_at: '2025-09-01T09:00:00.000Z',
      closed_at: '2026-02-02T09:00:00.000Z',
      people: 140,
      top_points: 2210,
    },
  ],
};

function serve(overrides: Partial<LeaderboardSettings> = {}) {
  vi.spyOn(http, 'get').mockImplementation(((url: string) =>
    url === 'api/admin/leaderboard-settings'
      ? Promise.resolve({ data: { ...settings, ...overrides } })
      : Promise.resolve({ data: [], meta: { page: 1, per_page: 20, total: 0 } })) as never);
}

describe('LeaderboardManagementPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks before starting a new season: cancelling sends nothing, confirming closes the season shown', async () => {
    serve();
    const post = vi.spyOn(http, 'post').mockResolvedValue({
      message: 'Season 3 is closed and a new season has started.',
      data: { season: 4, closed_people: 12 },
    } as never);
    renderPage(<LeaderboardManagementPage />, { path: '/admin/leaders-table-management' });
    expect((await screen.findByTestId('leaderboard-seasons')).textContent).toContain('2,210');

    fireEvent.click(screen.getByTestId('leaderboard-reset'));
    expect(await screen.findByText('Start season 4?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByText('Start season 4?')).toBeNull());
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('leaderboard-reset'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/company/reset-points', { season: 3 }));
  });

  it('shows a refused reset (another admin closed the season) without closing anything else', async () => {
    serve();
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError(409, { message: 'The season has already been closed.' }, 'The season has already been closed.'),
    );
    renderPage(<LeaderboardManagementPage />, { path: '/admin/leaders-table-management' });
    fireEvent.click(await screen.findByTestId('leaderboard-reset'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    expect(await screen.findByText('The season has already been closed.')).toBeTruthy();
  });

  it('offers ranking the group companies together only to a main company, and refuses saving no scope', async () => {
    serve();
    const put = vi.spyOn(http, 'put').mockResolvedValue({ data: settings } as never);
    const first = renderPage(<LeaderboardManagementPage />, { path: '/admin/leaders-table-management' });
    await screen.findByTestId('scope-company');
    expect(screen.queryByTestId('scope-sub_companies')).toBeNull();
    fireEvent.click(screen.getByTestId('scope-company'));
    fireEvent.click(screen.getByTestId('scope-group'));
    fireEvent.click(screen.getByTestId('leaderboard-settings-save'));
    expect(await screen.findByText('Choose at least one scope.')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
    first.unmount();
    cleanup();

    serve({ has_sub_companies: true });
    renderPage(<LeaderboardManagementPage />, { path: '/admin/leaders-table-management' });
    fireEvent.click(await screen.findByTestId('scope-sub_companies'));
    fireEvent.click(screen.getByTestId('leaderboard-settings-save'));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        'api/admin/leaderboard-settings',
        expect.objectContaining({ scopes: ['company', 'group', 'sub_companies'] }),
      ),
    );
  });
});
