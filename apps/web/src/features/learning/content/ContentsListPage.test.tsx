import { type Content, ROLE } from '@kampus/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions: { name: string }[] }[] }));
vi.mock('../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: ContentsListPage } = await import('./ContentsListPage.js');

const base: Omit<Content, 'id' | 'type' | 'title'> = {
  description: null,
  cover_url: null,
  duration_seconds: 95,
  language: 'tr',
  hashtags: [],
  status: 1,
  guard_enabled: true,
  completion_threshold: 95,
  min_reading_seconds: null,
  external_url: null,
  body: null,
  file: null,
  version: 1,
  page_count: null,
  scorm: null,
  markers_count: 0,
  started_count: 5,
  completed_count: 2,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};
const video: Content = { ...base, id: 1, type: 'video', title: 'Onboarding', cover_url: '/api/files/cover.jpg' };
const link: Content = { ...base, id: 2, type: 'link', title: 'Handbook', duration_seconds: null };

const withPermissions = (...names: string[]) => [
  { id: 42, permissions: names.map((name) => ({ name })) },
  { id: ROLE.user, permissions: [] },
];

/** The pages a row may link to, as the route table would hold them once they exist. */
const otherPages = [
  '/admin/content/add',
  '/admin/content/edit/:id',
  '/admin/content/editx/:id',
  '/admin/content/:id/preview',
  '/admin/content/detail/:id',
  '/admin/content/:id/assignment',
  '/admin/content-management',
].map((path) => ({ path, element: <output /> }));

function renderList(at = '/admin/content') {
  return renderPage([{ path: '/admin/content', element: <ContentsListPage /> }, ...otherPages], { at });
}

const rowOf = (title: string) => screen.getAllByTestId('table-row').find((row) => row.textContent?.includes(title))!;

describe('ContentsListPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows each row with its type and cover, and links a video to its editor, preview, report and assignment', async () => {
    session.roles = withPermissions('read_content', 'create_content', 'read_contentdetailreport');
    vi.spyOn(http, 'get').mockResolvedValue({
      data: [video, link],
      meta: { page: 1, per_page: 20, total: 2 },
    } as never);
    renderList('/admin/content?type=video&status=1');
    await screen.findByText('Onboarding');
    expect(http.get).toHaveBeenCalledWith(
      'api/admin/contents',
      undefined,
      expect.objectContaining({ type: 'video', status: '1', sort: '-created_at' }),
    );
    const videoRow = rowOf('Onboarding');
    expect(within(videoRow).getByTestId('content-type').getAttribute('data-type')).toBe('video');
    expect(within(videoRow).getByTestId('content-cover').getAttribute('src')).toBe('/api/files/cover.jpg');
    expect(videoRow.textContent).toContain('1:35');
    expect(videoRow.textContent).toContain('5 / 2');
    const href = (testId: string) => within(videoRow).getByTestId(testId).getAttribute('href');
    expect(href('content-edit')).toBe('/admin/content/edit/1');
    expect(href('content-editx')).toBe('/admin/content/editx/1');
    expect(href('content-preview')).toBe('/admin/content/1/preview');
    expect(href('content-detail')).toBe('/admin/content/detail/1');
    expect(href('content-assignment')).toBe('/admin/content/1/assignment');
    // The interactive editor is a video's alone.
    expect(within(rowOf('Handbook')).queryByTestId('content-editx')).toBeNull();
    expect(screen.getAllByTestId('content-add').length).toBeGreaterThan(0);
  });

  it('gives a reader without create_content or the report permission only the list and the preview', async () => {
    session.roles = withPermissions('read_content');
    vi.spyOn(http, 'get').mockResolvedValue({ data: [video], meta: { page: 1, per_page: 20, total: 1 } } as never);
    renderList();
    await screen.findByText('Onboarding');
    const row = rowOf('Onboarding');
    for (const testId of ['content-edit', 'content-delete', 'content-editx', 'content-detail', 'content-assignment']) {
      expect(within(row).queryByTestId(testId)).toBeNull();
    }
    expect(within(row).getByTestId('content-preview')).toBeTruthy();
    expect(screen.queryByTestId('content-add')).toBeNull();
  });

  it('leaves out the links to pages that do not exist yet', async () => {
    session.roles = withPermissions('read_content', 'create_content', 'read_contentdetailreport');
    vi.spyOn(http, 'get').mockResolvedValue({ data: [video], meta: { page: 1, per_page: 20, total: 1 } } as never);
    renderPage([{ path: '/admin/content', element: <ContentsListPage /> }], { at: '/admin/content' });
    await screen.findByText('Onboarding');
    expect(screen.queryByTestId('content-editx')).toBeNull();
    expect(screen.queryByTestId('content-preview')).toBeNull();
  });

  it('shows the empty state with the add action when there is no content', async () => {
    session.roles = withPermissions('read_content', 'create_content');
    vi.spyOn(http, 'get').mockResolvedValue({ data: [], meta: { page: 1, per_page: 20, total: 0 } } as never);
    renderList();
    expect((await screen.findByTestId('table-empty')).textContent).toContain('There is no content yet.');
  });
});
