import type { AdminDashboard, DashboardUser } from '@kampus/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import AdminDashboardPage from './AdminDashboardPage.js';

const company = { id: 7, name: 'Demo Holding' };
const person = (id: number, overrides: Partial<DashboardUser> = {}): DashboardUser => ({
  id,
  name: `Ad${id}`,
  surname: `Soyad${id}`,
  email: `user${id}@demo.test`,
  created_at: '2026-03-01T09:00:00.000Z',
  status: 1,
  can_impersonate: false,
  ...overrides,
});
const full: AdminDashboard = {
  company,
  groups: [
    {
      key: 'people',
      figures: [
        { key: 'active_users', value: 1204 },
        { key: 'passive_users', value: 3 },
      ],
    },
    { key: 'sign_ins', figures: [{ key: 'sign_ins_total', value: 98 }] },
  ],
  newest_users: [person(1, { can_impersonate: true }), person(2, { status: 0 })],
};

const answer = (data: AdminDashboard) => Promise.resolve({ data }) as Promise<never>;

describe('AdminDashboardPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows skeletons while the figures load', async () => {
    vi.spyOn(http, 'get').mockReturnValue(new Promise(() => undefined));
    renderPage(<AdminDashboardPage />);
    expect(screen.getByTestId('admin-dashboard-loading').getAttribute('aria-busy')).toBe('true');
    expect(http.get).toHaveBeenCalledWith('api/admin/dashboard');
  });

  it('shows every group of figures, labelled, and the newest people with the view-as action where offered', async () => {
    vi.spyOn(http, 'get').mockReturnValue(answer(full));
    renderPage(<AdminDashboardPage />);
    await screen.findByTestId('admin-dashboard');
    const active = screen.getByTestId('figure-people-active_users');
    expect(active.textContent).toContain('Active users');
    expect(active.textContent).toContain('1,204');
    expect(screen.getByRole('heading', { name: 'Sign-ins in the last 30 days' })).toBeTruthy();
    const rows = screen.getAllByTestId('newest-user-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('button', { name: 'View as user: Ad1 Soyad1' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('Passive')).toBeTruthy();
  });

  it('says so when the company has nobody yet', async () => {
    vi.spyOn(http, 'get').mockReturnValue(answer({ ...full, newest_users: [] }));
    renderPage(<AdminDashboardPage />);
    await screen.findByText('This company has no users yet.');
  });

  it('says so when the permissions cover no figure', async () => {
    vi.spyOn(http, 'get').mockReturnValue(answer({ company, groups: [], newest_users: null }));
    renderPage(<AdminDashboardPage />);
    expect((await screen.findByTestId('admin-dashboard-empty')).textContent).toContain(
      'Your permissions do not cover anything shown on this dashboard.',
    );
  });

  it('shows the error with a retry that loads again', async () => {
    vi.spyOn(http, 'get')
      .mockReturnValueOnce(Promise.reject(new Error('ApiService: the server is unreachable')) as Promise<never>)
      .mockReturnValueOnce(answer(full));
    renderPage(<AdminDashboardPage />);
    const error = await screen.findByTestId('admin-dashboard-error');
    expect(error.textContent).toContain('The figures could not be loaded');
    expect(error.textContent).toContain('the server is unreachable');
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('admin-dashboard');
    expect(http.get).toHaveBeenCalledTimes(2);
  });
});
