import { type Hashtag, ROLE } from '@kampus/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions: { name: string }[] }[] }));
vi.mock('../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: HashtagsListPage } = await import('./HashtagsListPage.js');

const tag: Hashtag = {
  id: 4,
  name: 'Liderlik',
  status: 1,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
};
const page = (data: Hashtag[]) => Promise.resolve({ data, meta: { page: 1, per_page: 20, total: data.length } });
const withPermissions = (...names: string[]) => [
  { id: 42, permissions: names.map((name) => ({ name })) },
  { id: ROLE.user, permissions: [] },
];

function renderList() {
  renderPage(<HashtagsListPage />, { path: '/admin/hashtags' });
}

describe('HashtagsListPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists hashtags with their sign, and offers add, edit and delete to a holder of create_hashtag', async () => {
    session.roles = withPermissions('show_hashtag', 'create_hashtag');
    vi.spyOn(http, 'get').mockReturnValue(page([tag]) as never);
    renderList();
    await screen.findByText('#Liderlik');
    expect(http.get).toHaveBeenCalledWith('api/admin/hashtags', undefined, expect.objectContaining({ page: 1 }));
    expect(screen.getAllByTestId('hashtag-add').length).toBeGreaterThan(0);
    expect(screen.getByTestId('hashtag-edit').getAttribute('href')).toBe('/admin/hashtags/4/edit');
    expect(screen.getByTestId('hashtag-delete')).toBeTruthy();
  });

  it('shows a viewer with show_hashtag only the list, without links they could not use', async () => {
    session.roles = withPermissions('show_hashtag');
    vi.spyOn(http, 'get').mockReturnValue(page([tag]) as never);
    renderList();
    await screen.findByText('#Liderlik');
    expect(screen.queryByTestId('hashtag-add')).toBeNull();
    expect(screen.queryByTestId('hashtag-edit')).toBeNull();
    expect(screen.queryByTestId('hashtag-delete')).toBeNull();
  });

  it('shows the empty state with the add action when there are no hashtags', async () => {
    session.roles = withPermissions('show_hashtag', 'create_hashtag');
    vi.spyOn(http, 'get').mockReturnValue(page([]) as never);
    renderList();
    const empty = await screen.findByTestId('table-empty');
    expect(empty.textContent).toContain('There are no hashtags yet.');
  });
});
