import { ROLE } from '@kampus/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';

const session = vi.hoisted(() => ({ roles: null as { id: number; permissions: { name: string }[] }[] | null }));
vi.mock('../../../lib/session.js', () => ({
  sessionStore: { isAuthenticated: () => session.roles !== null, user: () => session },
  useSessionUser: () => (session.roles ? { roles: session.roles } : null),
}));

const { RequirePermission } = await import('../../../app/permission-guard.js');

function renderAt(path: string) {
  const { router } = renderPage(
    [
      {
        Component: RequirePermission,
        handle: { permission: 'admin_panel' },
        children: [
          { path: '/admin/dashboard', element: <p>dashboard</p> },
          { path: '/admin/roles', handle: { permission: 'create_role' }, element: <p>roles</p> },
        ],
      },
      { path: '/403', element: <p>forbidden</p> },
    ],
    { at: path },
  );
  return router;
}

const learner = [{ id: ROLE.user, permissions: [] }];
const admin = [
  { id: ROLE.admin, permissions: [{ name: 'show_user' }] },
  { id: ROLE.user, permissions: [] },
];

describe('RequirePermission (spec §6)', () => {
  afterEach(cleanup);

  it('sends a learner from an admin route to /403', async () => {
    session.roles = learner;
    const router = renderAt('/admin/dashboard');
    await screen.findByText('forbidden');
    expect(router.state.location.pathname).toBe('/403');
  });

  it('lets an admin into the admin panel', async () => {
    session.roles = admin;
    renderAt('/admin/dashboard');
    await screen.findByText('dashboard');
  });

  it('checks the permission of every matched route, not only the outer one', async () => {
    session.roles = admin;
    const router = renderAt('/admin/roles');
    await screen.findByText('forbidden');
    expect(router.state.location.pathname).toBe('/403');
    session.roles = [{ id: ROLE.superAdmin, permissions: [] }, ...admin];
    cleanup();
    renderAt('/admin/roles');
    await screen.findByText('roles');
  });
});
