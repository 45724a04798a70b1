import type { Exam } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';

const { default: ExamFormPage } = await import('./ExamFormPage.js');

const bank = [
  { id: 31, title: 'Which password is the strongest?', type: 'single', difficulty: 'easy', points: 1, status: 1 },
  { id: 32, title: 'Name three signs of phishing.', type: 'open', difficulty: 'hard', points: 4, status: 1 },
];

const stored: Exam = {
  id: 9,
  kind: 'exam',
  title: 'Security post-test',
  description: null,
  image_url: null,
  language: 'en',
  category: null,
  status: 1,
  selection: 'fixed',
  question_ids: [31, 32],
  questions: [
    { id: 31, title: 'Which password is the strongest?', type: 'single', difficulty: 'easy', points: 1, status: 1 },
    { id: 32, title: 'Name three signs of phishing.', type: 'open', difficulty: 'hard', points: 4, status: 1 },
  ],
  draw_rules: [],
  questions_count: 2,
  shuffle_questions: false,
  shuffle_options: false,
  time_limit_minutes: 20,
  pass_mark: 70,
  attempts_allowed: 1,
  wait_minutes: 0,
  reveal: 'after_attempt',
  layout: 'one_per_page',
  available_from: null,
  available_until: null,
  block_copy_paste: false,
  attempts_count: 0,
  educations_count: 0,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

function mockReads() {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string, id?: number | string) => {
    if (url === 'api/admin/exams' && id !== undefined) return { data: stored } as never;
    if (url === 'api/admin/questions') return { data: bank, meta: { page: 1, per_page: 20, total: 2 } } as never;
    return { data: [], meta: { page: 1, per_page: 20, total: 0 } } as never;
  });
}

describe('ExamFormPage', { timeout: 30_000 }, () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('builds a fixed list from the bank, reorders it from the keyboard buttons and sends it in order', async () => {
    mockReads();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { ...stored, id: 10 } } as never);
    renderPage([{ path: '/admin/exam/add', element: <ExamFormPage /> }], { at: '/admin/exam/add' });
    fireEvent.change(await screen.findByTestId('exam-title'), { target: { value: 'Phishing check' } });
    const rows = await screen.findAllByTestId('bank-question');
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId('bank-question-add'));
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('bank-question-add'));
    const chosen = await screen.findAllByTestId('chosen-question');
    expect(chosen.map((row) => row.dataset.questionId)).toEqual(['31', '32']);
    fireEvent.click(screen.getByRole('button', { name: /Move up: Name three signs of phishing/ }));
    await waitFor(() =>
      expect(screen.getAllByTestId('chosen-question').map((row) => row.dataset.questionId)).toEqual(['32', '31']),
    );
    fireEvent.click(screen.getByTestId('exam-form-save'));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [url, body] = post.mock.calls.find(([url]) => url === 'api/admin/exams') ?? [];
    expect(url).toBe('api/admin/exams');
    expect(body).toMatchObject({ title: 'Phishing check', kind: 'exam', selection: 'fixed', question_ids: [32, 31] });
  });

  it('counts a draw rule live and shows the server\'s "only N match" on the rule', async () => {
    mockReads();
    const post = vi.spyOn(http, 'post').mockImplementation(async (url: string) => {
      if (url === 'api/admin/exams/draw-count') return { data: { available: 3 } } as never;
      throw new ApiError(
        422,
        {
          message: 'The data is invalid.',
          errors: { 'draw_rules.0.count': ['Only 3 active questions match this rule.'] },
        },
        'The data is invalid.',
      );
    });
    renderPage([{ path: '/admin/exam/add', element: <ExamFormPage /> }], { at: '/admin/exam/add' });
    fireEvent.change(await screen.findByTestId('exam-title'), { target: { value: 'Random check' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Random draw' }));
    fireEvent.click(await screen.findByTestId('draw-rule-add'));
    expect(await screen.findByText('Only 3 match')).toBeTruthy();
    fireEvent.click(screen.getByTestId('exam-form-save'));
    expect(await screen.findByText('Only 3 active questions match this rule.')).toBeTruthy();
    // Counted in the exam's language (the form's, here English).
    expect(post).toHaveBeenCalledWith('api/admin/exams/draw-count', {
      rule: { category_id: null, hashtag_ids: [], difficulty: null, count: 1 },
      language: 'en',
    });
  });

  it('shows a practice exam with fewer settings and its note', async () => {
    mockReads();
    renderPage([{ path: '/admin/exam/add-demo', element: <ExamFormPage /> }], { at: '/admin/exam/add-demo' });
    expect(await screen.findByTestId('demo-note')).toBeTruthy();
    expect(screen.queryByTestId('exam-attempts')).toBeNull();
    expect(screen.queryByTestId('exam-reveal')).toBeNull();
    expect(screen.getByTestId('exam-time-limit')).toBeTruthy();
  });

  it('loads a stored exam with its chosen questions', async () => {
    mockReads();
    renderPage([{ path: '/admin/exam/:id/edit', element: <ExamFormPage /> }], { at: '/admin/exam/9/edit' });
    const chosen = await screen.findAllByTestId('chosen-question');
    expect(chosen).toHaveLength(2);
    expect(within(chosen[1] as HTMLElement).getByText('Name three signs of phishing.')).toBeTruthy();
    expect((screen.getByTestId('exam-title') as HTMLInputElement).value).toBe('Security post-test');
  });
});
