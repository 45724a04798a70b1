import type { Leaderboard, LeaderboardEntry } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const { default: LeaderboardPage } = await import('./LeaderboardPage.js');

const entry = (rank: number, id: number, points: number, name: string): LeaderboardEntry => ({
  rank,
  points,
  user: { id, name, initials: name.slice(0, 2), photo: null },
});
const top = [entry(1, 11, 1250, 'Ayşe Yılmaz'), entry(2, 12, 980, 'Burak Şahin'), entry(2, 13, 980, 'Cem Demir')];

function board(overrides: Partial<Leaderboard['data']> = {}, total = 57): Leaderboard {
  return {
    data: {
      period: 'all',
      scope: 'company',
      group_id: null,
      periods: ['week', 'month', 'season', 'all'],
      scopes: ['company', 'group'],
      groups: [{ id: 4, name: 'Satış' }],
      season: { number: 2, started_at: '2026-01-05T09:00:00.000Z' },
      podium: top,
      entries: [...top, entry(4, 14, 700, 'Deniz Kaya')],
      me: entry(42, 99, 120, 'Elif Aksoy'),
      balance: 340,
      ...overrides,
    },
    meta: { page: 1, per_page: 20, total },
  };
}

describe('LeaderboardPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the podium, the ranking with shared ranks, and the viewer’s own place when outside the list', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(board() as never);
    renderPage(<LeaderboardPage />, { path: '/leader-table' });
    const podium = await screen.findAllByTestId('podium-entry');
    expect(podium.map((card) => card.getAttribute('data-rank'))).toEqual(['1', '2', '2']);
    const rows = screen.getAllByTestId('leaderboard-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '1Ayşe Yılmaz1,250',
      '2Burak Şahin980',
      '2Cem Demir980',
      '4Deniz Kaya700',
    ]);
    // Rank 42 is not on the page: the own-place card still tells it.
    expect(screen.getByTestId('leaderboard-my-rank').textContent).toBe('#42');
    expect(screen.getByTestId('leaderboard-my-points').textContent).toBe('120 points');
    expect(within(screen.getByTestId('leaderboard-balance')).getByText('340')).toBeTruthy();
    // 57 people, 20 a page: three pages.
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
  });

  it('asks for another period with the address and keeps the scope choices the company allows', async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockImplementation(((_url: string, _id: unknown, query: { period?: string }) =>
        Promise.resolve(board({ period: query.period === 'week' ? 'week' : 'all' }))) as never);
    const { router } = renderPage(<LeaderboardPage />, { path: '/leader-table' });
    const periods = await screen.findByTestId('leaderboard-period');
    fireEvent.click(within(periods).getByText('This week'));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('api/leaderboard', undefined, expect.objectContaining({ period: 'week' })),
    );
    expect(router.state.location.search).toContain('period=week');
    const scopes = screen.getByTestId('leaderboard-scope');
    expect(within(scopes).getByText('Company')).toBeTruthy();
    expect(within(scopes).getByText('My group')).toBeTruthy();
    expect(within(scopes).queryByText('Group companies')).toBeNull();
  });

  it('shows the empty state when nobody has points in the period, and the viewer has no place', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(board({ podium: [], entries: [], me: null }, 0) as never);
    renderPage(<LeaderboardPage />, { path: '/leader-table' });
    expect((await screen.findByTestId('leaderboard-empty')).textContent).toContain(
      'Nobody has earned points in this period yet.',
    );
    expect(screen.queryByTestId('leaderboard-my-rank')).toBeNull();
    expect(screen.queryByTestId('leaderboard-table')).toBeNull();
  });

  it('shows a load failure with a retry', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('ApiService: the server did not answer'));
    renderPage(<LeaderboardPage />, { path: '/leader-table' });
    expect((await screen.findByTestId('leaderboard-error')).textContent).toContain('the server did not answer');
  });
});
