import type { Content, Education, EducationCategory } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import EducationFormPage from './EducationFormPage.js';

const content = (id: number, title: string, type: Content['type'], duration_seconds: number | null) =>
  ({ id, title, type, duration_seconds, status: 1 }) as Content;
const library = [
  content(11, 'Phishing basics', 'video', 600),
  content(12, 'Password policy', 'document', null),
  content(13, 'Clean desk', 'page', 300),
];
const categories: EducationCategory[] = [
  {
    id: 1,
    parent_id: null,
    names: { en: 'Compliance', tr: 'Uyum' },
    icon: 'scale',
    order: 0,
    status: 1,
    educations_count: 0,
    created_at: '',
    updated_at: '',
  },
  {
    id: 2,
    parent_id: 1,
    names: { en: 'Information security' },
    icon: 'shield-lock',
    order: 0,
    status: 1,
    educations_count: 0,
    created_at: '',
    updated_at: '',
  },
];
const stored: Education = {
  id: 9,
  title: 'Security awareness',
  sub_title: 'Every employee, every year',
  description_title: null,
  description: null,
  image_url: null,
  category: { id: 2, names: { en: 'Information security' } },
  language: 'en',
  hashtags: [],
  start_date: '2026-12-01',
  end_date: null,
  estimated_minutes: null,
  status: 1,
  visibility: 'assigned',
  sequential: false,
  provider: null,
  evaluation_survey_id: null,
  evaluation_required_for_certificate: false,
  parts: [
    {
      id: 1,
      type: 'content',
      ref_id: 13,
      order: 0,
      required: true,
      title: 'Clean desk',
      content_type: 'page',
      duration_seconds: 300,
      cover_url: null,
      available: false,
    },
  ],
  pre_test_exam_id: null,
  post_test_exam_id: null,
  enrolled_count: 0,
  completed_count: 0,
  created_at: '',
  updated_at: '',
};

function answerGets(item: Education | null = null) {
  return vi.spyOn(http, 'get').mockImplementation((async (url: string, id?: number, query?: { search?: string }) => {
    if (url === 'api/admin/contents') {
      const found = library.filter((c) => !query?.search || c.title.toLowerCase().includes(query.search.toLowerCase()));
      return { data: found, meta: { page: 1, per_page: 20, total: found.length } };
    }
    if (url === 'api/admin/education-categories')
      return { data: categories, meta: { page: 1, per_page: 100, total: 2 } };
    if (url === 'api/admin/hashtags') return { data: [], meta: { page: 1, per_page: 100, total: 0 } };
    if (url === 'api/admin/educations' && id !== undefined && item) return { data: item };
    throw new Error(`unexpected GET ${url}`);
  }) as never);
}

function renderAt(at: string) {
  return renderPage(
    [
      { path: '/admin/education/catalog/add', element: <EducationFormPage /> },
      { path: '/admin/education/catalog/edit/:id', element: <EducationFormPage /> },
      { path: '*', element: <output data-testid="elsewhere" /> },
    ],
    { at },
  );
}

async function pick(title: string) {
  const picker = screen.getByTestId('parts-picker');
  fireEvent.focus(picker);
  fireEvent.click(picker);
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(title), hidden: true }));
  await waitFor(() => expect(titles()).toContain(title));
}
const titles = () => screen.queryAllByTestId('part-title').map((node) => node.textContent);

describe('EducationFormPage', () => {
  beforeAll(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('builds the parts from the library, reorders them and sends them in order with their required flags', {
    timeout: 30_000,
  }, async () => {
    answerGets();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { ...stored, id: 21 } } as never);
    renderAt('/admin/education/catalog/add');
    expect(await screen.findByTestId('parts-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('education-title'), { target: { value: 'Security awareness' } });
    await pick('Phishing basics');
    await pick('Password policy');
    await pick('Clean desk');
    expect(titles()).toEqual(['Phishing basics', 'Password policy', 'Clean desk']);
    // A content already in the education is not offered again.
    fireEvent.click(screen.getByTestId('parts-picker'));
    expect(screen.queryByRole('option', { name: /Phishing basics/, hidden: true })).toBeNull();
    // The keyboard's way: the last part moves up to the top, one step at a time.
    const rows = () => screen.getAllByTestId('part-row');
    fireEvent.click(within(rows()[2]!).getByTestId('part-up'));
    fireEvent.click(within(rows()[1]!).getByTestId('part-up'));
    expect(titles()).toEqual(['Clean desk', 'Phishing basics', 'Password policy']);
    expect(within(rows()[0]!).getByTestId('part-up').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(rows()[2]!).getByTestId('part-required'));
    expect(screen.getByTestId('parts-count').textContent).toBe('3 parts, 2 required');
    // The parts' lengths suggest the estimated duration (10 + 5 minutes).
    expect(screen.getByText('The parts take about 15 min')).toBeTruthy();
    fireEvent.click(screen.getByTestId('education-form-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith(
      'api/admin/educations',
      expect.objectContaining({
        title: 'Security awareness',
        visibility: 'assigned',
        sequential: false,
        parts: [
          { type: 'content', ref_id: 13, required: true },
          { type: 'content', ref_id: 11, required: true },
          { type: 'content', ref_id: 12, required: false },
        ],
      }),
    );
  });

  it("loads a stored education, shows its parts and puts the server's part error on its row", {
    timeout: 30_000,
  }, async () => {
    answerGets(stored);
    const update = vi
      .spyOn(http, 'update')
      .mockRejectedValue(
        new ApiError(
          422,
          { message: 'Invalid', errors: { 'parts.1.ref_id': ['This content is not in your library.'] } },
          'Invalid',
        ),
      );
    renderAt('/admin/education/catalog/edit/9');
    await waitFor(() => expect(titles()).toEqual(['Clean desk']));
    expect(within(screen.getByTestId('part-row')).getByText('Passive: learners cannot open it')).toBeTruthy();
    expect((screen.getByTestId('education-sub-title') as HTMLInputElement).value).toBe('Every employee, every year');
    await waitFor(() =>
      expect((screen.getByTestId('education-category') as HTMLInputElement).value).toContain('Information security'),
    );
    await pick('Password policy');
    fireEvent.click(within(screen.getAllByTestId('part-row')[0]!).getByTestId('part-remove'));
    await pick('Phishing basics');
    fireEvent.click(screen.getByTestId('education-form-save-stay'));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[2]).toMatchObject({
      category_id: 2,
      start_date: '2026-12-01',
      parts: [
        { type: 'content', ref_id: 12, required: true },
        { type: 'content', ref_id: 11, required: true },
      ],
    });
    const second = screen.getAllByTestId('part-row')[1]!;
    expect(await within(second).findByText('This content is not in your library.')).toBeTruthy();
  });

  it('refuses an end date before the start before sending', { timeout: 30_000 }, async () => {
    answerGets({ ...stored, start_date: '2026-12-10', end_date: '2026-12-01' });
    const update = vi.spyOn(http, 'update');
    renderAt('/admin/education/catalog/edit/9');
    await waitFor(() => expect(titles()).toEqual(['Clean desk']));
    fireEvent.click(screen.getByTestId('education-form-save'));
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });
});
