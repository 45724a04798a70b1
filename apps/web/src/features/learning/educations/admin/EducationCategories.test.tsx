import { type EducationCategory, ROLE } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions: { name: string }[] }[] }));
vi.mock('../../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: EducationCategoriesListPage } = await import('./EducationCategoriesListPage.js');
const { default: EducationCategoryFormPage } = await import('./EducationCategoryFormPage.js');

const category = (
  id: number,
  parent_id: number | null,
  en: string,
  order = 0,
  icon: EducationCategory['icon'] = 'school',
): EducationCategory => ({
  id,
  parent_id,
  names: { en, tr: `${en} (tr)` },
  icon,
  order,
  status: 1,
  educations_count: id,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
});
const categories = [
  category(3, 1, 'Phishing', 0, 'shield-lock'),
  category(1, null, 'Security', 1, 'lock'),
  category(2, null, 'Leadership', 0, 'users'),
  category(4, 3, 'Email', 0),
];

const withPermissions = (...names: string[]) => [
  { id: 42, permissions: names.map((name) => ({ name })) },
  { id: ROLE.user, permissions: [] },
];

function answerGets() {
  return vi.spyOn(http, 'get').mockImplementation((async (url: string, id?: number) => {
    if (url === 'api/admin/education-categories' && id !== undefined) {
      return { data: categories.find((c) => c.id === Number(id)) };
    }
    if (url === 'api/admin/education-categories')
      return { data: categories, meta: { page: 1, per_page: 20, total: 4 } };
    throw new Error(`unexpected GET ${url}`);
  }) as never);
}

const routes = [
  { path: '/admin/education/categories', element: <EducationCategoriesListPage /> },
  { path: '/admin/education/categories/add', element: <EducationCategoryFormPage /> },
  { path: '/admin/education/categories/edit/:id', element: <EducationCategoryFormPage /> },
  { path: '/admin/education/catalog', element: <output /> },
];

describe('education categories', () => {
  matchEveryMediaQuery();
  beforeAll(() => {
    // jsdom lays nothing out; the searchable select scrolls its chosen option into view.
    Element.prototype.scrollIntoView ??= () => undefined;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the categories as a tree, each under its parent and indented by its depth', {
    timeout: 20_000,
  }, async () => {
    session.roles = withPermissions('show_training', 'create_training');
    answerGets();
    renderPage(routes, { at: '/admin/education/categories' });
    await waitFor(() => expect(screen.getAllByTestId('category-name')).toHaveLength(4), { timeout: 5000 });
    const names = screen.getAllByTestId('category-name');
    expect(names.map((node) => [node.textContent, node.getAttribute('data-depth')])).toEqual([
      ['Leadership', '0'],
      ['Security', '0'],
      ['Phishing', '1'],
      ['Email', '2'],
    ]);
    const security = screen.getAllByTestId('table-row')[1]!;
    expect(within(security).getByTestId('category-icon').getAttribute('data-icon')).toBe('lock');
    expect(within(security).getByTestId('education-category-edit').getAttribute('href')).toBe(
      '/admin/education/categories/edit/1',
    );
  });

  it('offers no parent that would make a cycle, and sends the names, parent and icon', {
    timeout: 20_000,
  }, async () => {
    session.roles = withPermissions('show_training', 'create_training');
    answerGets();
    const update = vi
      .spyOn(http, 'update')
      .mockRejectedValue(
        new ApiError(422, { message: 'Invalid', errors: { parent_id: ['A category cannot sit under itself.'] } }, 'x'),
      );
    renderPage(routes, { at: '/admin/education/categories/edit/1' });
    const parent = await screen.findByTestId('category-parent');
    fireEvent.click(parent);
    // Security (1) itself and what is under it (Phishing, Email) are not offered.
    await screen.findByRole('option', { name: /Leadership/, hidden: true });
    const listbox = document.getElementById(parent.getAttribute('aria-controls') ?? '')!;
    const offered = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent?.trim());
    expect(offered).toEqual(['Top level', 'Leadership']);
    fireEvent.click(screen.getByRole('option', { name: /Leadership/, hidden: true }));
    fireEvent.click(screen.getByTestId('category-icon-leaf'));
    fireEvent.click(screen.getByTestId('category-languages-tab-en'));
    fireEvent.change(await screen.findByTestId('category-name-en'), { target: { value: 'Cyber security' } });
    fireEvent.click(screen.getByTestId('education-category-form-save-stay'));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[2]).toEqual({
      names: { en: 'Cyber security', tr: 'Security (tr)' },
      parent_id: 2,
      icon: 'leaf',
      order: 1,
      status: 1,
    });
    expect(await screen.findByText('A category cannot sit under itself.')).toBeTruthy();
  });

  it('refuses a category without any name before sending', { timeout: 20_000 }, async () => {
    session.roles = withPermissions('show_training', 'create_training');
    answerGets();
    const post = vi.spyOn(http, 'post');
    renderPage(routes, { at: '/admin/education/categories/add' });
    fireEvent.click(await screen.findByTestId('education-category-form-save'));
    expect(await screen.findByText('Write it in at least one language.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });
});
