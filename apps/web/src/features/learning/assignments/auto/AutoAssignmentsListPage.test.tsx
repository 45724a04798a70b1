import type { AutoAssignment } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';

const session = vi.hoisted(() => ({ permissions: ['read_assignment', 'create_assignment'] as string[] }));
vi.mock('../../../../lib/session.js', async (original) => ({
  ...(await original<object>()),
  useSessionUser: () => ({
    roles: [
      { id: 3, permissions: [] },
      { id: 100, permissions: session.permissions.map((name) => ({ name })) },
    ],
  }),
}));

const { default: AutoAssignmentsListPage } = await import('./AutoAssignmentsListPage.js');

const rule: AutoAssignment = {
  id: 4,
  name: 'Yeni başlayanlar için oryantasyon',
  status: 1,
  conditions: {
    group_ids: [],
    departments: ['Satış'],
    titles: [],
    locations: [],
    hired_within_days: null,
    custom_fields: [],
    new_users: true,
  },
  items: [{ type: 'education', ref_id: 3, title: 'Hoş geldiniz', image_url: null, available: true }],
  mandatory: true,
  due_days: 14,
  assignment_id: 21,
  activated_at: '2026-03-01T09:00:00.000Z',
  matched: 1342,
  completed: 12,
  last_matched_at: null,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
};
const page = (data: AutoAssignment[]) => Promise.resolve({ data, meta: { page: 1, per_page: 20, total: data.length } });

function renderList(path = '/admin/auto-assignments') {
  renderPage(<AutoAssignmentsListPage />, { path: '/admin/auto-assignments', at: path });
}

describe('AutoAssignmentsListPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists rules with their conditions, items and people, with the filters and sort of the address', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([rule]) as never);
    renderList('/admin/auto-assignments?status=1&sort=-matched&search=yeni');
    const link = await screen.findByText('Yeni başlayanlar için oryantasyon');
    expect(link.closest('a')?.getAttribute('href')).toBe('/admin/auto-assignments/4/edit');
    expect(screen.getByText('New users')).toBeTruthy();
    expect(screen.getByText('Satış')).toBeTruthy();
    expect(screen.getByText('Hoş geldiniz')).toBeTruthy();
    expect(screen.getByTestId('auto-matched').textContent).toBe((1342).toLocaleString('en'));
    expect(http.get).toHaveBeenCalledWith(
      'api/admin/auto-assignments',
      undefined,
      expect.objectContaining({ page: 1, sort: '-matched', status: '1', search: 'yeni' }),
    );
  });

  it('asks before pausing a rule, and pauses it only on confirmation', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([rule]) as never);
    const put = vi.spyOn(http, 'update').mockResolvedValue({ data: { ...rule, status: 0 } } as never);
    renderList();
    fireEvent.click(await screen.findByTestId('auto-status-toggle'));
    expect(await screen.findByText('Pause this rule?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    expect(put).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('auto-status-toggle'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(put).toHaveBeenCalledWith('api/admin/auto-assignments', 4, { status: 0 }));
  });

  it('shows a reader the status without the switch, and no add action', async () => {
    session.permissions = ['read_assignment'];
    vi.spyOn(http, 'get').mockReturnValue(page([rule]) as never);
    renderList();
    expect((await screen.findByTestId('record-status')).getAttribute('data-status')).toBe('1');
    expect(screen.queryByTestId('auto-status-toggle')).toBeNull();
    expect(screen.queryByTestId('auto-add')).toBeNull();
    session.permissions = ['read_assignment', 'create_assignment'];
  });

  it('shows the empty state with the add action when there are no rules', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([]) as never);
    renderList();
    const empty = await screen.findByTestId('table-empty');
    expect(empty.textContent).toContain('There are no automatic assignment rules yet.');
    expect(screen.getAllByTestId('auto-add').length).toBeGreaterThan(0);
  });

  it('shows a load failure', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('ApiService: the server did not answer'));
    renderList();
    expect((await screen.findByTestId('table-error')).textContent).toContain('the server did not answer');
  });
});
