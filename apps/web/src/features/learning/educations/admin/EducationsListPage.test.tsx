import { type Education, type EducationCategory, ROLE } from '@kampus/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions: { name: string }[] }[] }));
vi.mock('../../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: EducationsListPage } = await import('./EducationsListPage.js');
const { default: PurchasedEducationsPage } = await import('./PurchasedEducationsPage.js');

const category: EducationCategory = {
  id: 4,
  parent_id: null,
  names: { tr: 'Bilgi güvenliği', en: 'Information security' },
  icon: 'shield-lock',
  order: 0,
  status: 1,
  educations_count: 1,
  created_at: '',
  updated_at: '',
};
const education: Education = {
  id: 9,
  title: 'Security awareness',
  sub_title: 'Every employee, every year',
  description_title: null,
  description: null,
  image_url: '/api/files/cover.jpg',
  category: { id: 4, names: category.names },
  language: 'en',
  hashtags: [],
  start_date: '2026-12-01',
  end_date: '2027-01-31',
  estimated_minutes: 45,
  status: 1,
  visibility: 'catalogue',
  sequential: true,
  provider: null,
  evaluation_survey_id: null,
  evaluation_required_for_certificate: false,
  parts: [],
  pre_test_exam_id: null,
  post_test_exam_id: null,
  enrolled_count: 12,
  completed_count: 5,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

const withPermissions = (...names: string[]) => [
  { id: 42, permissions: names.map((name) => ({ name })) },
  { id: ROLE.user, permissions: [] },
];

function answerGets(rows: Education[]) {
  return vi.spyOn(http, 'get').mockImplementation((async (url: string) => {
    if (url === 'api/admin/education-categories')
      return { data: [category], meta: { page: 1, per_page: 100, total: 1 } };
    if (url === 'api/admin/educations') return { data: rows, meta: { page: 1, per_page: 20, total: rows.length } };
    throw new Error(`unexpected GET ${url}`);
  }) as never);
}

const pages = [
  '/admin/education/catalog/add',
  '/admin/education/catalog/edit/:id',
  '/admin/education/detail',
  '/admin/education/categories',
].map((path) => ({ path, element: <output /> }));

describe('EducationsListPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows each education with its image, category, visibility and counts, filtered by category from the address', async () => {
    session.roles = withPermissions('show_training', 'create_training', 'read_training');
    const get = answerGets([education]);
    renderPage(
      [
        { path: '/admin/education/catalog', element: <EducationsListPage /> },
        { path: '/admin/education/catalog/purchased', element: <PurchasedEducationsPage /> },
        ...pages,
      ],
      { at: '/admin/education/catalog?category_id=4&visibility=catalogue' },
    );
    // The first render of the table and its lazy cells takes a while in jsdom.
    const row = await screen.findByTestId('table-row', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        'api/admin/educations',
        undefined,
        expect.objectContaining({ category_id: '4', visibility: 'catalogue', sort: '-created_at' }),
      ),
    );
    expect(within(row).getByTestId('education-image').getAttribute('src')).toBe('/api/files/cover.jpg');
    expect(row.textContent).toContain('Every employee, every year');
    expect(row.textContent).toContain('Information security');
    expect(row.textContent).toContain('12 / 5');
    expect(row.textContent).toContain('01/12/2026');
    expect(within(row).getByTestId('education-visibility-badge').getAttribute('data-visibility')).toBe('catalogue');
    expect(within(row).getByTestId('education-edit').getAttribute('href')).toBe('/admin/education/catalog/edit/9');
    expect(within(row).getByTestId('education-learners').getAttribute('href')).toBe('/admin/education/detail?id=9');
    expect(screen.getAllByTestId('education-add').length).toBeGreaterThan(0);
    expect(screen.getByTestId('catalog-tab-catalog').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('catalog-tab-categories').getAttribute('href')).toBe('/admin/education/categories');
  });

  it('gives a reader without create_training or read_training only the list', async () => {
    session.roles = withPermissions('show_training');
    answerGets([education]);
    renderPage([{ path: '/admin/education/catalog', element: <EducationsListPage /> }, ...pages], {
      at: '/admin/education/catalog',
    });
    const row = await screen.findByTestId('table-row');
    for (const testId of ['education-edit', 'education-delete', 'education-learners']) {
      expect(within(row).queryByTestId(testId)).toBeNull();
    }
    expect(screen.queryByTestId('education-add')).toBeNull();
  });

  it('asks for the purchased educations only, and explains where they come from when there are none', async () => {
    session.roles = withPermissions('show_training', 'create_training');
    const get = answerGets([]);
    renderPage([{ path: '/admin/education/catalog/purchased', element: <PurchasedEducationsPage /> }, ...pages], {
      at: '/admin/education/catalog/purchased',
    });
    const empty = await screen.findByTestId('table-empty');
    expect(empty.textContent).toContain('No purchased trainings yet.');
    expect(within(empty).getByTestId('purchased-empty').textContent).toContain('content providers');
    expect(get).toHaveBeenCalledWith('api/admin/educations', undefined, expect.objectContaining({ purchased: '1' }));
    // Nothing is added by hand to what was bought.
    expect(screen.queryByTestId('education-add')).toBeNull();
  });
});
