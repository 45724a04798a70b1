import { ROLE } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { assignment, published } from '../fixtures.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions: { name: string }[] }[] }));
vi.mock('../../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: AssignmentsListPage } = await import('./AssignmentsListPage.js');

const withPermissions = (...names: string[]) => [
  { id: 42, permissions: names.map((name) => ({ name })) },
  { id: ROLE.user, permissions: [] },
];

const active = published({
  items: [
    { type: 'education', ref_id: 11, title: 'Information security', image_url: null, available: true },
    { type: 'content', ref_id: 31, title: 'KVKK in five minutes', image_url: null, available: true },
  ],
  people: 1200,
  completed: 300,
  completion_rate: 25,
});
const draft = assignment({ id: 8, name: 'Sales kick-off', mandatory: false });

function renderList(at = '/admin/assignments') {
  return renderPage(
    [
      { path: '/admin/assignments', element: <AssignmentsListPage /> },
      { path: '/admin/assignment/add/:id?', element: <output /> },
      { path: '/admin/assignment/:id/edit', element: <output /> },
    ],
    { at },
  );
}

const rowOf = (name: string) => screen.getAllByTestId('table-row').find((row) => row.textContent?.includes(name))!;

describe('AssignmentsListPage', { timeout: 20_000 }, () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists each assignment with its status, dates and completion rate, filtered from the address', async () => {
    session.roles = withPermissions('read_assignment', 'create_assignment');
    const get = vi
      .spyOn(http, 'get')
      .mockResolvedValue({ data: [active, draft], meta: { page: 1, per_page: 20, total: 2 } } as never);
    renderList('/admin/assignments?status=active&mandatory=1&from=2026-11-01&to=2026-12-31&sort=end_date');
    await screen.findByText('Information security 2026');
    expect(get).toHaveBeenCalledWith(
      'api/admin/assignments',
      undefined,
      expect.objectContaining({
        status: 'active',
        mandatory: '1',
        from: '2026-11-01',
        to: '2026-12-31',
        sort: 'end_date',
      }),
    );
    const row = rowOf('Information security 2026');
    expect(within(row).getByTestId('assignment-status').textContent).toBe('Active');
    expect(row.textContent).toContain('Mandatory');
    expect(row.textContent).toContain('01/11/2026');
    expect(row.textContent).toContain('15/12/2026');
    const rate = within(row).getByTestId('assignment-rate');
    expect(rate.getAttribute('data-rate')).toBe('25');
    expect(rate.textContent).toContain('300 of 1,200');
    expect(within(row).getByTestId('assignment-edit').getAttribute('href')).toBe('/admin/assignment/7/edit');
    // A published assignment is cancelled on its page, never deleted; a draft may be deleted.
    expect(within(row).queryByTestId('assignment-delete')).toBeNull();
    expect(within(rowOf('Sales kick-off')).getByTestId('assignment-delete')).toBeTruthy();
    expect(screen.getAllByTestId('assignment-add')[0]!.getAttribute('href')).toBe('/admin/assignment/add');
  });

  it('filters by an item from a row and clears the filter again', async () => {
    session.roles = withPermissions('read_assignment', 'create_assignment');
    const get = vi
      .spyOn(http, 'get')
      .mockResolvedValue({ data: [active], meta: { page: 1, per_page: 20, total: 1 } } as never);
    const { router } = renderList();
    await screen.findByText('Information security 2026');
    fireEvent.click(within(rowOf('Information security 2026')).getByRole('button', { name: 'KVKK in five minutes' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        'api/admin/assignments',
        undefined,
        expect.objectContaining({ item: 'content:31' }),
      ),
    );
    expect(router.state.location.search).toContain('item=content%3A31');
    expect(screen.getByTestId('assignment-item-filter-chip').textContent).toContain('KVKK in five minutes');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the item filter' }));
    await waitFor(() => expect(screen.queryByTestId('assignment-item-filter-chip')).toBeNull());
    expect(get.mock.lastCall?.[2]).not.toHaveProperty('item');
  });

  it('gives a reader without create_assignment no add, edit or delete', async () => {
    session.roles = withPermissions('read_assignment');
    vi.spyOn(http, 'get').mockResolvedValue({ data: [draft], meta: { page: 1, per_page: 20, total: 1 } } as never);
    renderList();
    await screen.findByText('Sales kick-off');
    expect(within(rowOf('Sales kick-off')).queryByTestId('assignment-edit')).toBeNull();
    expect(within(rowOf('Sales kick-off')).queryByTestId('assignment-delete')).toBeNull();
    expect(screen.queryByTestId('assignment-add')).toBeNull();
  });

  it('shows the empty state with the add action, and the error state', async () => {
    session.roles = withPermissions('read_assignment', 'create_assignment');
    const get = vi
      .spyOn(http, 'get')
      .mockResolvedValue({ data: [], meta: { page: 1, per_page: 20, total: 0 } } as never);
    renderList();
    expect((await screen.findByTestId('table-empty')).textContent).toContain('No assignment yet.');
    cleanup();
    get.mockRejectedValue(new Error('Network down'));
    renderList();
    await waitFor(() => expect(screen.getByTestId('table-error')).toBeTruthy(), { timeout: 5000 });
  });
});
