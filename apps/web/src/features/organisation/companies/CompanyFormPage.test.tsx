import type { AdminCompany } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';
import CompanyFormPage from './CompanyFormPage.js';

// Mantine's pickers render slowly in jsdom on a busy machine.
const SLOW = { timeout: 10_000 };

const created: AdminCompany = {
  id: 9,
  name: 'Yeni Akademi',
  slug: 'yeni-akademi',
  custom_domain: null,
  logo_link: null,
  parent: null,
  is_group_alias: false,
  can_switch_company: false,
  surname_view_restrict: 0,
  status: 1,
  default_language: 'tr',
  theme_settings: { primaryColor: '#0f766e' },
  users_count: 0,
  children_count: 0,
  upload_quota_mb: null,
  storage: { used_bytes: 0, quota_bytes: 1024 * 1024 * 1024, files: 0 },
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
};

function renderAdd() {
  renderPage(
    [
      { path: '/admin/companies/add', element: <CompanyFormPage /> },
      { path: '/admin/companies', element: <p>companies list</p> },
    ],
    { at: '/admin/companies/add' },
  );
}

const fill = (name: string, value: string) => {
  const input = document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
};

describe('CompanyFormPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('creates a company with its colours, previewed live, and goes back to the list', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: [], meta: { page: 1, per_page: 100, total: 0 } } as never);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: created } as never);
    renderAdd();
    await screen.findByTestId('company-form', {}, SLOW);
    fill('name', 'Yeni Akademi');
    fill('slug', 'yeni-akademi');
    fireEvent.change(screen.getByTestId('color-primaryColor'), { target: { value: '#0f766e' } });
    expect(screen.getByTestId('theme-preview-button').style.background).toBe('rgb(15, 118, 110)');
    expect(screen.getAllByText('Yeni Akademi').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('company-form-save'));
    await waitFor(
      () =>
        expect(post).toHaveBeenCalledWith(
          'api/admin/companies',
          expect.objectContaining({
            name: 'Yeni Akademi',
            slug: 'yeni-akademi',
            custom_domain: null,
            parent_id: null,
            status: 1,
            theme_settings: { primaryColor: '#0f766e' },
          }),
        ),
      SLOW,
    );
    expect(await screen.findByText('companies list', {}, SLOW)).toBeTruthy();
  });

  it("puts the server's refusal on the field and stays on the form", async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: [], meta: { page: 1, per_page: 100, total: 0 } } as never);
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError(422, { message: 'Invalid', errors: { slug: ['This subdomain is already in use.'] } }, 'Invalid'),
    );
    renderAdd();
    await screen.findByTestId('company-form', {}, SLOW);
    fill('name', 'Kopya');
    fill('slug', 'demo');
    fireEvent.click(screen.getByTestId('company-form-save'));
    expect(await screen.findByText('This subdomain is already in use.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('companies list')).toBeNull();
  });
});
