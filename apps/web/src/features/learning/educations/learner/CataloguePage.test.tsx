import type { EducationCard, LearnerCategory } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import type { SessionUser } from '../../../../lib/session.js';
import CataloguePage, { categoryTree } from './CataloguePage.js';
import { card, enrolment } from './fixtures.js';

let user: Partial<SessionUser> = { id: 1, modules: ['education-category'] };
vi.mock('../../../../lib/session.js', async (original) => ({
  ...(await original<typeof import('../../../../lib/session.js')>()),
  useSessionUser: () => user,
}));

const categories: LearnerCategory[] = [
  { id: 1, parent_id: null, name: 'Security', icon: 'shield-lock', educations_count: 2 },
  { id: 2, parent_id: 1, name: 'Personal data', icon: 'lock', educations_count: 1 },
  { id: 3, parent_id: null, name: 'Leadership', icon: 'users', educations_count: 1 },
];

/** The catalogue as the server keeps it: who is enrolled changes with POST …/enrol. */
let educations: EducationCard[] = [];

function serve() {
  educations = [
    card({
      id: 1,
      title: 'Phishing awareness',
      category: { id: 1, name: 'Security', icon: 'shield-lock' },
      enrolment: null,
      can_enrol: true,
    }),
    card({
      id: 2,
      title: 'KVKK essentials',
      category: { id: 2, name: 'Personal data', icon: 'lock' },
      enrolment: null,
      can_enrol: true,
    }),
    card({
      id: 3,
      title: 'Coaching your team',
      category: { id: 3, name: 'Leadership', icon: 'users' },
      enrolment: null,
      can_enrol: true,
    }),
  ];
  const get = vi.spyOn(http, 'get').mockImplementation(((
    url: string,
    _id: unknown,
    query: Record<string, string> = {},
  ) => {
    if (url === 'api/education-categories') return Promise.resolve({ data: categories });
    if (url === 'api/catalogue') {
      const inCategory = (item: EducationCard) =>
        !query.category_id ||
        item.category?.id === Number(query.category_id) ||
        categories.find((c) => c.id === item.category?.id)?.parent_id === Number(query.category_id);
      const needle = query.search?.toLowerCase();
      let data = educations.filter(
        (item) => inCategory(item) && (!needle || item.title.toLowerCase().includes(needle)),
      );
      if (query.sort === 'title') data = [...data].sort((a, b) => a.title.localeCompare(b.title));
      return Promise.resolve({ data, meta: { page: 1, per_page: 12, total: data.length } });
    }
    return Promise.reject(new Error(`unexpected ${url}`));
  }) as never);
  const post = vi.spyOn(http, 'post').mockImplementation(((url: string) => {
    const id = Number(url.match(/educations\/(\d+)\/enrol/)?.[1]);
    educations = educations.map((item) =>
      item.id === id
        ? { ...item, can_enrol: false, enrolment: enrolment({ status: 'not_started', finished_rate: 0 }) }
        : item,
    );
    return Promise.resolve({ data: { id } });
  }) as never);
  return { get, post };
}

const titles = () => screen.queryAllByTestId('education-card-title').map((title) => title.textContent);
const catalogueCalls = (get: ReturnType<typeof serve>['get']) =>
  get.mock.calls.filter(([url]) => url === 'api/catalogue').map(([, , query]) => query);

function renderCatalogue(at = '/education-category') {
  return renderPage(
    [
      { path: '/education-category', element: <CataloguePage /> },
      { path: '/403', element: <p>forbidden page</p> },
    ],
    { at },
  ).router;
}

describe('CataloguePage (/education-category)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    user = { id: 1, modules: ['education-category'] };
  });
  // Unmounted before the mocks go: a query still in flight must not reach the real client.
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('answers /403 when the company’s catalogue module is off', async () => {
    user = { id: 1, modules: ['wall'] };
    const { get } = serve();
    const router = renderCatalogue();
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(get).not.toHaveBeenCalled();
  });

  it('shows the category tree and the educations of the chosen category, sub-categories included', async () => {
    const { get } = serve();
    const router = renderCatalogue();
    await waitFor(() => expect(titles()).toHaveLength(3));
    const tree = within(screen.getByTestId('category-tree'));
    expect(tree.getByText('All trainings')).toBeTruthy();
    fireEvent.click(tree.getByText('Security'));
    await waitFor(() => expect(titles()).toEqual(['Phishing awareness', 'KVKK essentials']));
    expect(router.state.location.search).toBe('?category=1');
    expect(catalogueCalls(get).at(-1)).toEqual({ category_id: '1', sort: 'newest', page: '1', per_page: '12' });
    expect(screen.getByTestId('catalogue-category-title').textContent).toBe('Security');
  });

  it('searches (debounced, in the address) and says when nothing matches', async () => {
    const { get } = serve();
    const router = renderCatalogue();
    await waitFor(() => expect(titles()).toHaveLength(3));
    const box = screen.getByLabelText('Search trainings');
    fireEvent.change(box, { target: { value: 'kv' } });
    fireEvent.change(box, { target: { value: 'kvkk' } });
    await waitFor(() => expect(titles()).toEqual(['KVKK essentials']));
    expect(router.state.location.search).toBe('?search=kvkk');
    expect(catalogueCalls(get).map((query) => (query as Record<string, string>).search)).toEqual([undefined, 'kvkk']);
    fireEvent.change(box, { target: { value: 'astronomy' } });
    expect(await screen.findByTestId('catalogue-no-match')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(titles()).toHaveLength(3));
  });

  it('sorts by the address’s order, the newest first without one', async () => {
    const { get } = serve();
    renderCatalogue('/education-category?sort=title');
    await waitFor(() => expect(titles()).toEqual(['Coaching your team', 'KVKK essentials', 'Phishing awareness']));
    expect(catalogueCalls(get)[0]).toEqual({ sort: 'title', page: '1', per_page: '12' });
  });

  it('enrols from a card, which then offers the start', async () => {
    const { post } = serve();
    renderCatalogue('/education-category?category=3');
    await waitFor(() => expect(titles()).toEqual(['Coaching your team']));
    const enrol = screen.getByRole('button', { name: 'Enrol: Coaching your team' });
    fireEvent.click(enrol);
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/educations/3/enrol'));
    const start = await screen.findByRole('link', { name: 'Start: Coaching your team' });
    expect(start.getAttribute('href')).toBe('/eduction/3/player');
    expect(await screen.findByText('You are enrolled in “Coaching your team”. Enjoy the course!')).toBeTruthy();
  });

  it('builds the tree from the flat list, an orphan standing at the root', () => {
    const tree = categoryTree([
      ...categories,
      { id: 9, parent_id: 77, name: 'Orphan', icon: 'leaf', educations_count: 0 },
    ]);
    expect(tree.map((node) => node.name)).toEqual(['Security', 'Leadership', 'Orphan']);
    expect(tree[0]?.children.map((node) => node.name)).toEqual(['Personal data']);
  });
});
