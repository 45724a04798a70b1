import type { AdminRole } from '@kampus/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const session = vi.hoisted(() => ({ permissions: [] as string[] }));
vi.mock('../../../lib/session.js', () => ({
  useSessionUser: () => ({
    roles: [
      { id: 3, permissions: [] },
      { id: 100, permissions: session.permissions.map((name) => ({ name })) },
    ],
  }),
}));

const { default: RolesListPage } = await import('./RolesListPage.js');

const role = (id: number, name: string, builtIn = false): AdminRole => ({
  id,
  name,
  built_in: builtIn,
  permissions: ['read_faq'],
  users_count: 2,
});
const ROLES = [role(2, 'admin', true), role(101, 'Editörler')];

function renderList() {
  vi.spyOn(http, 'get').mockResolvedValue({ data: ROLES, meta: { page: 1, per_page: 20, total: 2 } } as never);
  renderPage(<RolesListPage />, { path: '/admin/authorization-roles', at: '/admin/authorization-roles' });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('RolesListPage', { timeout: 30_000 }, () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lets a role writer edit and delete the company roles, only view the built-ins, and offers no export', async () => {
    session.permissions = ['read_role', 'create_role'];
    renderList();
    const own = await rowOf('Editörler');
    expect(http.get).toHaveBeenCalledWith('api/admin/roles', undefined, expect.objectContaining({ sort: 'id' }));
    expect(within(own).getByTestId('role-edit').getAttribute('href')).toBe('/admin/authorization-add-edit-roles/101');
    expect(within(own).getByTestId('role-delete')).toBeTruthy();
    const builtIn = await rowOf('Administrator');
    expect(within(builtIn).getByTestId('role-view').getAttribute('href')).toBe('/admin/authorization-add-edit-roles/2');
    expect(within(builtIn).queryByTestId('role-delete')).toBeNull();
    expect(screen.getByTestId('role-add').getAttribute('href')).toBe('/admin/authorization-add-edit-roles');
    expect(screen.queryByTestId('table-export')).toBeNull();
  });

  it('shows a reader every role to view, and nothing to add, edit or delete', async () => {
    session.permissions = ['read_role'];
    renderList();
    const own = await rowOf('Editörler');
    expect(within(own).getByTestId('role-view')).toBeTruthy();
    expect(screen.queryByTestId('role-edit')).toBeNull();
    expect(screen.queryByTestId('role-delete')).toBeNull();
    expect(screen.queryByTestId('role-add')).toBeNull();
  });
});
