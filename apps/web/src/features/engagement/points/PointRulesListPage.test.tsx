import type { PointRule } from '@kampus/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const { default: PointRulesListPage } = await import('./PointRulesListPage.js');

const rule: PointRule = {
  id: 3,
  kind: 'content_completed',
  points: 1500,
  status: 1,
  daily_cap: null,
  scale_by_score: false,
  awarded_points: 12_400,
  awarded_people: 31,
  updated_at: '2026-03-01T09:00:00.000Z',
};
const page = (data: PointRule[]) => Promise.resolve({ data, meta: { page: 1, per_page: 20, total: data.length } });

function renderList(path = '/admin/points') {
  renderPage(
    [
      { path: '/admin/points', element: <PointRulesListPage /> },
      { path: '/admin/point/:id/update', element: <output>edit</output> },
    ],
    { at: path },
  );
}

describe('PointRulesListPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the rules by kind with their points, cap and what they awarded, filtered and sorted by the address', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([rule, { ...rule, id: 4, kind: 'sign_in', daily_cap: 5 }]) as never);
    renderList('/admin/points?kind=content_completed&status=1&sort=-points');
    // The kind names the row (the kind filter offers the same names).
    expect((await screen.findAllByTestId('point-rule-points')).map((cell) => cell.textContent)).toEqual([
      '1,500',
      '1,500',
    ]);
    expect(screen.getAllByText('Content completed').length).toBeGreaterThan(1);
    const edit = screen.getAllByTestId('point-rule-edit')[0];
    expect((edit?.closest('a') ?? edit)?.getAttribute('href')).toBe('/admin/point/3/update');
    expect(screen.getByText('No cap')).toBeTruthy();
    expect(screen.getAllByText('Daily sign-in').length).toBeGreaterThan(1);
    expect(http.get).toHaveBeenCalledWith(
      'api/admin/points',
      undefined,
      expect.objectContaining({ page: 1, sort: '-points', kind: 'content_completed', status: '1' }),
    );
    // Every company has one rule of each kind: nothing to delete or add here.
    expect(screen.queryByTestId('point-rule-delete')).toBeNull();
  });

  it('shows the empty state when the search finds no rule', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([]) as never);
    renderList('/admin/points?search=zzz');
    expect((await screen.findByTestId('table-empty')).textContent).toBeTruthy();
  });

  it('shows a load failure with a retry', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('ApiService: the server did not answer'));
    renderList();
    expect((await screen.findByTestId('table-error')).textContent).toContain('the server did not answer');
  });
});
