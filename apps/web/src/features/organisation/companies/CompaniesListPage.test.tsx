import type { AdminCompany } from '@kampus/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import CompaniesListPage from './CompaniesListPage.js';

const company = (overrides: Partial<AdminCompany>): AdminCompany => ({
  id: 1,
  name: 'Demo Holding',
  slug: 'demo',
  custom_domain: null,
  logo_link: null,
  parent: null,
  is_group_alias: false,
  can_switch_company: false,
  surname_view_restrict: 0,
  status: 1,
  default_language: 'tr',
  theme_settings: {},
  users_count: 0,
  children_count: 0,
  upload_quota_mb: null,
  storage: { used_bytes: 0, quota_bytes: 1024 * 1024 * 1024, files: 0 },
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
  ...overrides,
});

const group = company({ id: 1, name: 'Demo Holding', is_group_alias: true, users_count: 12, children_count: 1 });
const child = company({
  id: 2,
  name: 'Demo Perakende',
  slug: 'demo-retail',
  custom_domain: 'akademi.example.com',
  parent: { id: 1, name: 'Demo Holding' },
  status: 0,
});

function renderList() {
  renderPage(<CompaniesListPage />, { path: '/admin/companies' });
}

describe('CompaniesListPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists companies with their addresses, group and status, and offers delete only where it can succeed', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({
      data: [group, child],
      meta: { page: 1, per_page: 20, total: 2 },
    } as never);
    renderList();
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    const [groupRow, childRow] = rows as [HTMLElement, HTMLElement];
    expect(within(groupRow).getByText('Group')).toBeTruthy();
    expect(within(childRow).getByText('akademi.example.com')).toBeTruthy();
    expect(within(childRow).getByText('Demo Holding')).toBeTruthy();
    expect(within(childRow).getByText('Passive')).toBeTruthy();
    // A company with people or sub-companies is made passive, never deleted.
    expect(within(groupRow).queryByTestId('company-delete')).toBeNull();
    expect(within(childRow).getByTestId('company-delete')).toBeTruthy();
    expect(within(childRow).getByTestId('company-edit').getAttribute('href')).toBe('/admin/companies/edit/2');
    expect(http.get).toHaveBeenCalledWith('api/admin/companies', undefined, expect.objectContaining({ sort: 'name' }));
    // The registry exports like every framework resource.
    expect(screen.getByTestId('table-export')).toBeTruthy();
  });

  it('shows the empty state with the add action', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: [], meta: { page: 1, per_page: 20, total: 0 } } as never);
    renderList();
    const empty = await screen.findByTestId('table-empty');
    expect(within(empty).getByTestId('company-add')).toBeTruthy();
  });
});
