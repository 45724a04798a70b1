import type { SearchGroup, SearchHit, SearchResponse } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { HeaderSearch } from './HeaderSearch.js';
import { hitLink } from './links.js';
import SearchPage from './SearchPage.js';

const hit = (overrides: Partial<SearchHit> & Pick<SearchHit, 'kind' | 'id' | 'title'>): SearchHit => ({
  title_highlights: [],
  snippet: null,
  snippet_highlights: [],
  image_url: null,
  language: 'en',
  enrolled: false,
  ...overrides,
});

const educations = Array.from({ length: 7 }, (_, i) =>
  hit({
    kind: 'education',
    id: i + 1,
    title: `Security basics ${i + 1}`,
    title_highlights: [{ start: 0, length: 8 }],
    snippet: i === 0 ? 'Passwords and <b>phishing</b>' : null,
    snippet_highlights: i === 0 ? [{ start: 0, length: 9 }] : [],
    enrolled: i === 0,
  }),
);
const person = hit({ kind: 'person', id: 40, title: 'Ayşe Y****', language: null, snippet: 'Sales manager' });

/** Answers GET api/search like the server: the grouped first page, or one kind's page of 5. */
function serve(groups: SearchGroup[] = defaultGroups()) {
  return vi.spyOn(http, 'get').mockImplementation(((_url: string, _id: unknown, query: Record<string, string>) => {
    const page = Number(query.page ?? 1);
    const chosen = query.kind ? groups.filter((g) => g.kind === query.kind) : groups;
    const data: SearchResponse['data'] = {
      query: query.q ?? '',
      groups: chosen.map((group) => {
        const all = group.kind === 'education' ? educations : group.hits;
        return { ...group, page, hits: all.slice((page - 1) * 5, page * 5) };
      }),
    };
    return Promise.resolve({ data });
  }) as never);
}

function defaultGroups(): SearchGroup[] {
  return [
    { kind: 'education', total: 7, page: 1, per_page: 5, hits: educations.slice(0, 5) },
    { kind: 'program', total: 0, page: 1, per_page: 5, hits: [] },
    { kind: 'person', total: 1, page: 1, per_page: 5, hits: [person] },
  ];
}

const renderSearch = (at = '/search?q=security') =>
  renderPage([{ path: '/search', element: <SearchPage /> }], {
    at,
    routeTable: [{ path: '/search' }, { path: '/education/:id/detail' }, { path: '/faq' }],
  });

describe('SearchPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the groups with hits and their counts, the matches marked as text', async () => {
    const get = serve();
    renderSearch();
    const educationGroup = await screen.findByTestId('search-group-education');
    expect(get).toHaveBeenCalledWith('api/search', undefined, { q: 'security', per_page: '5' });
    expect(screen.queryByTestId('search-group-program')).toBeNull();
    expect(within(educationGroup).getByTestId('search-group-total').textContent).toBe('7');
    expect(screen.getByTestId('search-count').textContent).toBe('Results for “security”: 8');
    const first = within(educationGroup).getAllByTestId('search-hit')[0]!;
    expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Security', 'Passwords']);
    // The snippet's angle brackets are text, never markup.
    expect(first.textContent).toContain('phishing</b>');
    expect(first.querySelector('b')).toBeNull();
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/education/1/detail');
    expect(within(first).getByText('Enrolled')).toBeTruthy();
    const people = screen.getByTestId('search-group-person');
    expect(within(people).getByText('Ayşe Y****')).toBeTruthy();
  });

  it('pages one group with show more, until its total', async () => {
    const get = serve();
    renderSearch();
    const group = await screen.findByTestId('search-group-education');
    expect(within(group).getAllByTestId('search-hit')).toHaveLength(5);
    fireEvent.click(within(group).getByTestId('search-show-more'));
    await waitFor(() => expect(within(group).getAllByTestId('search-hit')).toHaveLength(7));
    expect(get).toHaveBeenCalledWith('api/search', undefined, {
      q: 'security',
      kind: 'education',
      page: '2',
      per_page: '5',
    });
    expect(within(group).queryByTestId('search-show-more')).toBeNull();
    expect(within(group).getByText('Showing 7 of 7')).toBeTruthy();
  });

  it('asks for words without a query, says when nothing is found, and offers a retry on failure', async () => {
    const get = serve([]);
    const { router } = renderSearch('/search');
    expect(await screen.findByTestId('search-prompt')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'holiday' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('search-empty')).toBeTruthy();
    expect(screen.getByText('Nothing found for “holiday”.')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=holiday');
    cleanup();
    vi.restoreAllMocks();
    vi.spyOn(http, 'get').mockRejectedValue(new Error('down'));
    renderSearch();
    expect(await screen.findByTestId('search-error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('HeaderSearch', () => {
  afterEach(cleanup);

  it('goes to /search?q= with what was typed', async () => {
    const { router } = renderPage(
      [
        { path: '/dashboard', element: <HeaderSearch /> },
        { path: '/search', element: <p>results</p> },
      ],
      { at: '/dashboard' },
    );
    const form = await screen.findByTestId('header-search');
    const box = within(form).getByRole('searchbox');
    fireEvent.change(box, { target: { value: '  İstanbul ofisi ' } });
    fireEvent.submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('İstanbul ofisi');
  });
});

describe('hitLink', () => {
  const pages =
    (...paths: string[]) =>
    (path: string) =>
      paths.includes(path);

  it('leads each kind to its page, or nowhere without one', () => {
    const all = pages('/education/3/detail', '/faq', '/my-education');
    expect(hitLink(hit({ kind: 'education', id: 3, title: 'x' }), all)).toBe('/education/3/detail');
    expect(hitLink(hit({ kind: 'education', id: 3, title: 'x' }), pages())).toBeNull();
    expect(hitLink(hit({ kind: 'program', id: 4, title: 'x' }), all)).toBe('/my-education?program=4');
    expect(hitLink(hit({ kind: 'content', id: 5, title: 'x', enrolled: true }), all)).toBe(
      '/eduction/5/player?source=content',
    );
    expect(hitLink(hit({ kind: 'content', id: 5, title: 'x' }), all)).toBe('/admin/content/detail/5');
    expect(hitLink(hit({ kind: 'faq', id: 6, title: 'How do I?' }), all)).toBe('/faq?search=How%20do%20I%3F');
    expect(hitLink(hit({ kind: 'person', id: 7, title: 'x' }), all)).toBe('/admin/user/detail/7');
  });
});
