import { type Program, ROLE } from '@kampus/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions: { name: string }[] }[] }));
vi.mock('../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: ProgramsListPage } = await import('./ProgramsListPage.js');

const step = (id: number, title: string) => ({
  id,
  education_id: id * 10,
  order: id - 1,
  deadline_days: null,
  title,
  image_url: null,
  available: true,
});
const onboarding: Program = {
  id: 1,
  title: 'Onboarding path',
  description: null,
  image_url: '/api/files/public/1/cover.jpg',
  sequential: true,
  status: 1,
  steps: [step(1, 'Information security'), step(2, 'Personal data')],
  enrolled_count: 12,
  completed_count: 4,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-02T09:00:00.000Z',
};
const draft: Program = { ...onboarding, id: 2, title: 'Sales academy', sequential: false, status: 0, steps: [] };

const withPermissions = (...names: string[]) => [
  { id: 42, permissions: names.map((name) => ({ name })) },
  { id: ROLE.user, permissions: [] },
];

function renderList(at = '/admin/program') {
  return renderPage(
    [
      { path: '/admin/program', element: <ProgramsListPage /> },
      { path: '/admin/program/add', element: <output /> },
      { path: '/admin/program/edit/:id', element: <output /> },
    ],
    { at },
  );
}

const rowOf = (title: string) => screen.getAllByTestId('table-row').find((row) => row.textContent?.includes(title))!;

describe('ProgramsListPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists each program with its educations in order, its order rule and usage, filtered from the address', async () => {
    session.roles = withPermissions('read_program', 'create_program');
    vi.spyOn(http, 'get').mockResolvedValue({
      data: [onboarding, draft],
      meta: { page: 1, per_page: 20, total: 2 },
    } as never);
    renderList('/admin/program?status=1&search=path&sort=title');
    await screen.findByText('Onboarding path');
    expect(http.get).toHaveBeenCalledWith(
      'api/admin/programs',
      undefined,
      expect.objectContaining({ status: '1', search: 'path', sort: 'title' }),
    );
    const row = rowOf('Onboarding path');
    expect(row.textContent).toContain('Information security → Personal data');
    expect(row.textContent).toContain('2 educations');
    expect(row.textContent).toContain('In order');
    expect(row.textContent).toContain('12 / 4');
    expect(within(row).getByTestId('program-edit').getAttribute('href')).toBe('/admin/program/edit/1');
    const other = rowOf('Sales academy');
    expect(other.textContent).toContain('No steps');
    expect(other.textContent).toContain('0 educations');
    expect(other.textContent).toContain('Any order');
    expect(screen.getAllByTestId('program-add').length).toBeGreaterThan(0);
  });

  it('gives a reader without create_program no add, edit or delete', async () => {
    session.roles = withPermissions('read_program');
    vi.spyOn(http, 'get').mockResolvedValue({ data: [onboarding], meta: { page: 1, per_page: 20, total: 1 } } as never);
    renderList();
    await screen.findByText('Onboarding path');
    expect(within(rowOf('Onboarding path')).queryByTestId('program-edit')).toBeNull();
    expect(within(rowOf('Onboarding path')).queryByTestId('program-delete')).toBeNull();
    expect(screen.queryByTestId('program-add')).toBeNull();
  });

  it('shows the empty state with the add action, and the error state with a retry', async () => {
    session.roles = withPermissions('read_program', 'create_program');
    const get = vi
      .spyOn(http, 'get')
      .mockResolvedValue({ data: [], meta: { page: 1, per_page: 20, total: 0 } } as never);
    renderList();
    expect((await screen.findByTestId('table-empty')).textContent).toContain('There are no programs yet.');
    cleanup();
    get.mockRejectedValue(new Error('Network down'));
    renderList();
    await waitFor(() => expect(screen.getByTestId('table-error')).toBeTruthy(), { timeout: 5000 });
  });
});
