import type { AdminRole } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const { default: PermissionRolesPage } = await import('./PermissionRolesPage.js');

const role = (id: number, name: string, permissions: string[], builtIn = false): AdminRole =>
  ({ id, name, built_in: builtIn, permissions, users_count: 0 }) as AdminRole;
const ROLES = [
  role(2, 'admin', ['read_faq', 'create_faq'], true),
  role(3, 'user', [], true),
  role(101, 'Editörler', ['read_faq']),
  role(102, 'Yazarlar', []),
];

function renderAt(path: string) {
  vi.spyOn(http, 'get').mockImplementation(((url: string) =>
    Promise.resolve(
      url === 'api/admin/permissions'
        ? { data: [{ area: 'faq', permissions: ['read_faq', 'create_faq'] }] }
        : { data: ROLES, meta: { page: 1, per_page: 100, total: ROLES.length } },
    )) as never);
  const { router } = renderPage(
    [
      { path: '/admin/authorization-add-permission/:id?', element: <PermissionRolesPage /> },
      { path: '/admin/authorization-permission', element: <p>catalogue</p> },
    ],
    { at: path },
  );
  return router;
}

const box = (id: number) => screen.getByTestId(`permission-role-${id}`) as HTMLInputElement;

describe('PermissionRolesPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('ticks the company roles holding the permission and shows the built-in ones read-only', async () => {
    renderAt('/admin/authorization-add-permission/read_faq');
    await waitFor(() => expect(box(101).checked).toBe(true));
    expect(box(102).checked).toBe(false);
    expect(box(2)).toMatchObject({ checked: true, disabled: true });
    expect(box(3)).toMatchObject({ checked: false, disabled: true });
  });

  it('saves exactly the ticked company roles and goes back to the catalogue', async () => {
    const put = vi.spyOn(http, 'put').mockResolvedValue({ data: ROLES } as never);
    const router = renderAt('/admin/authorization-add-permission/read_faq');
    await waitFor(() => expect(box(101).checked).toBe(true));
    fireEvent.click(box(101));
    fireEvent.click(box(102));
    fireEvent.click(screen.getByTestId('permission-roles-form-save'));
    await waitFor(() => expect(put).toHaveBeenCalledWith('api/admin/permissions/read_faq/roles', { role_ids: [102] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/authorization-permission'));
  });

  it('says so when the address names no permission of the catalogue', async () => {
    renderAt('/admin/authorization-add-permission/make_coffee');
    expect((await screen.findByTestId('permission-unknown')).textContent).toContain('There is no permission');
    expect(screen.queryByTestId('permission-roles-form')).toBeNull();
  });
});
