import { type ExamAttemptRow, type ExamStats, type GradingItem, ROLE } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions: { name: string }[] }[] }));
vi.mock('../../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: ExamResultsPage } = await import('./ExamResultsPage.js');

const withPermissions = (...names: string[]) => [
  { id: 42, permissions: names.map((name) => ({ name })) },
  { id: ROLE.user, permissions: [] },
];

const stats: ExamStats = {
  attempts: 3,
  scored: 2,
  passed: 1,
  average_score: 62.5,
  distribution: Array.from({ length: 10 }, (_, band) => ({ band, count: band === 4 ? 1 : band === 8 ? 1 : 0 })),
  questions: [
    {
      question_id: 31,
      title: 'Which password is the strongest?',
      type: 'single',
      answered: 2,
      difficulty: 0.5,
      discrimination: null,
    },
  ],
};

const attempt = (id: number, name: string, values: Partial<ExamAttemptRow> = {}): ExamAttemptRow => ({
  id,
  user: { id, name, email: `${name.toLowerCase()}@example.test` },
  number: 1,
  state: 'scored',
  score_percent: 85,
  points: 17,
  max_points: 20,
  passed: true,
  started_at: '2026-11-20T09:00:00.000Z',
  submitted_at: '2026-11-20T09:14:00.000Z',
  tab_leaves: 0,
  pending_answers: 0,
  ...values,
});

const pending: GradingItem = {
  attempt_id: 3,
  position: 2,
  user: { id: 3, name: 'Zeynep Kaya' },
  submitted_at: '2026-11-21T10:00:00.000Z',
  question: '<p>Name three signs of phishing.</p>',
  guidance: '<p>Sender, urgency, link target.</p>',
  answer: 'The sender, the hurry, the link.',
  max_points: 4,
};

function mockReads(queue: GradingItem[]) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string, id?: number | string) => {
    if (url === 'api/admin/exams' && id !== undefined) {
      return { data: { id: 9, title: 'Security post-test', kind: 'exam', pass_mark: 70 } } as never;
    }
    if (url.endsWith('/stats')) return { data: stats } as never;
    if (url.endsWith('/grading')) return { data: queue } as never;
    if (url.endsWith('/attempts')) {
      return {
        data: [
          attempt(1, 'Ayşe Yılmaz'),
          attempt(2, 'Mehmet Demir', { score_percent: 40, passed: false, tab_leaves: 3 }),
          attempt(3, 'Zeynep Kaya', { state: 'pending', score_percent: null, passed: null, pending_answers: 1 }),
        ],
        meta: { page: 1, per_page: 20, total: 3 },
      } as never;
    }
    return { data: [] } as never;
  });
}

const renderResults = () =>
  renderPage([{ path: '/admin/exam/:id/results', element: <ExamResultsPage /> }], { at: '/admin/exam/9/results' });

describe('ExamResultsPage (/admin/exam/:id/results)', { timeout: 30_000 }, () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the summary, the questions and the attempts with their states', async () => {
    session.roles = withPermissions('show_exam');
    mockReads([]);
    renderResults();
    expect((await screen.findByTestId('results-summary_average')).textContent).toBe('%62.5');
    expect(screen.getByTestId('results-distribution')).toBeTruthy();
    expect(within(screen.getByTestId('results-questions')).getByText('Too few attempts')).toBeTruthy();
    expect(await screen.findByText('Mehmet Demir')).toBeTruthy();
    expect(screen.getAllByText('Awaiting grading').length).toBeGreaterThan(0);
    // A reader without create_exam sees no grading queue.
    expect(screen.queryByTestId('grading-queue')).toBeNull();
  });

  it("grades an open answer within its points and shows the server's refusal", async () => {
    session.roles = withPermissions('show_exam', 'create_exam');
    mockReads([pending]);
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ data: { state: 'scored', score_percent: 75, passed: true } } as never);
    renderResults();
    const item = await screen.findByTestId('grading-item');
    expect(within(item).getByTestId('grading-answer').textContent).toBe('The sender, the hurry, the link.');
    expect(within(item).getByText('Sender, urgency, link target.')).toBeTruthy();
    fireEvent.change(within(item).getByTestId('grading-points'), { target: { value: '3' } });
    fireEvent.change(within(item).getByTestId('grading-feedback'), { target: { value: 'Good; explain the link.' } });
    fireEvent.click(within(item).getByTestId('grading-save'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/exams/9/attempts/3/answers/2/grade', {
        points: 3,
        feedback: 'Good; explain the link.',
      }),
    );
  });
});
