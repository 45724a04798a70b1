import type { UserGroup } from '@kampus/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const { default: UserGroupsListPage } = await import('./UserGroupsListPage.js');

const group: UserGroup = {
  id: 5,
  name: 'İstanbul ofisi',
  description: null,
  kind: 'rule',
  rules: { departments: [], titles: [], locations: ['İstanbul'], hired_from: null, hired_to: null },
  status: 1,
  members_count: 14,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
};
const page = (data: UserGroup[]) => Promise.resolve({ data, meta: { page: 1, per_page: 20, total: data.length } });

function renderList(path = '/admin/user/group') {
  renderPage(<UserGroupsListPage />, { path: '/admin/user/group', at: path });
}

describe('UserGroupsListPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists groups with their kind and member count, linked to their edit page, with the filters of the address', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([group]) as never);
    renderList('/admin/user/group?kind=rule&status=1&kind_extra=x');
    const link = await screen.findByText('İstanbul ofisi');
    expect(link.closest('a')?.getAttribute('href')).toBe('/admin/user/group/edit/5');
    expect(screen.getByTestId('group-kind').getAttribute('data-kind')).toBe('rule');
    expect(screen.getByTestId('group-members-count').textContent).toBe('14');
    expect(http.get).toHaveBeenCalledWith(
      'api/admin/user-groups',
      undefined,
      expect.objectContaining({ page: 1, sort: 'name', kind: 'rule', status: '1' }),
    );
    expect(screen.getByTestId('group-delete')).toBeTruthy();
  });

  it('shows the empty state with the add action when there are no groups', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([]) as never);
    renderList();
    const empty = await screen.findByTestId('table-empty');
    expect(empty.textContent).toContain('There are no user groups yet.');
    expect(screen.getAllByTestId('group-add').length).toBeGreaterThan(0);
  });

  it('shows a load failure with a retry', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('ApiService: the server did not answer'));
    renderList();
    expect((await screen.findByTestId('table-error')).textContent).toContain('the server did not answer');
  });
});
