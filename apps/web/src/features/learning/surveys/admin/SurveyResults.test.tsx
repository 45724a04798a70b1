import type { SurveyResults } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';

const { default: SurveyResultsPage } = await import('./SurveyResultsPage.js');
const { default: EvaluationSurveyResultsPage } = await import('./EvaluationSurveyResultsPage.js');

const likert = {
  id: 1,
  type: 'likert' as const,
  text: 'I am happy working here.',
  answered: 7,
  counts: [
    { key: '1', label: 'Strongly disagree', count: 0 },
    { key: '2', label: 'Disagree', count: 1 },
    { key: '3', label: 'Neither', count: 1 },
    { key: '4', label: 'Agree', count: 3 },
    { key: '5', label: 'Strongly agree', count: 2 },
  ],
  mean: 3.86,
  nps: null,
  texts: [],
};
const text = {
  id: 2,
  type: 'free_text' as const,
  text: 'What could we do better?',
  answered: 2,
  counts: [],
  mean: null,
  nps: null,
  texts: ['More workshops', 'Mobile lessons'],
};
const anonymous: SurveyResults = {
  survey: { id: 4, kind: 'survey', title: 'Employee satisfaction', anonymous: true },
  education: null,
  educations: [],
  responses: 7,
  suppressed: false,
  min_group: 5,
  questions: [likert, text],
  groups: [],
  detail: null,
};

describe('SurveyResults', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('draws each question with its figures and lists free texts, naming nobody in an anonymous survey', {
    timeout: 20_000,
  }, async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: anonymous } as never);
    renderPage(<SurveyResultsPage />, { path: '/admin/survey/:id/results', at: '/admin/survey/4/results' });
    expect(await screen.findByTestId('survey-results-title')).toBeTruthy();
    const [first, second] = screen.getAllByTestId('survey-result-question');
    expect(within(first!).getByTestId('survey-result-chart')).toBeTruthy();
    expect(within(first!).getByTestId('survey-result-mean').textContent).toContain('3.86');
    const rows = within(within(first!).getByTestId('survey-result-table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toContain('Agree3');
    expect(within(second!).getByText('More workshops')).toBeTruthy();
    expect(screen.queryByTestId('survey-detail')).toBeNull();
  });

  it('withholds an anonymous breakdown smaller than five and shows each response of a named survey', {
    timeout: 20_000,
  }, async () => {
    const get = vi.spyOn(http, 'get').mockImplementation((async (
      _url: string,
      _id?: unknown,
      query?: { education_id?: number },
    ) => ({
      data: query?.education_id
        ? {
            ...anonymous,
            survey: { ...anonymous.survey, kind: 'evaluation', anonymous: false },
            education: { id: 8, title: 'Leadership' },
            educations: [{ id: 8, title: 'Leadership', responses: 2 }],
            responses: 2,
            detail: [
              {
                id: 51,
                user: { id: 3, name: 'Ayşe Yılmaz', email: 'ayse@example.com' },
                education: { id: 8, title: 'Leadership' },
                submitted_at: '2026-11-20T09:00:00.000Z',
                answers: { '1': '4 – Agree', '2': 'More workshops' },
              },
            ],
          }
        : {
            ...anonymous,
            survey: { ...anonymous.survey, kind: 'evaluation' },
            educations: [{ id: 8, title: 'Leadership', responses: 2 }],
            responses: 0,
            suppressed: true,
            questions: [],
          },
    })) as never);
    renderPage(<EvaluationSurveyResultsPage />, {
      path: '/admin/evaluation-survey/:id/results',
      at: '/admin/evaluation-survey/4/results',
    });
    expect(await screen.findByTestId('survey-results-suppressed')).toBeTruthy();
    expect(screen.queryByTestId('survey-result-question')).toBeNull();
    const select = screen.getByTestId('survey-results-education');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Leadership (2)', hidden: true }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('api/admin/evaluation-surveys/4/results', undefined, {
        education_id: 8,
        group_by: null,
      }),
    );
    const detail = await screen.findByTestId('survey-detail');
    expect(within(detail).getByText('Ayşe Yılmaz')).toBeTruthy();
  });
});
