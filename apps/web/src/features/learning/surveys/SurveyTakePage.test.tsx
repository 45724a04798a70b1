import type { LearnerSurvey } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { withDocumentFonts } from './document-fonts.test-helper.js';

const { default: SurveyTakePage } = await import('./SurveyTakePage.js');

const survey: LearnerSurvey = {
  id: 4,
  kind: 'survey',
  title: 'Employee satisfaction',
  description: '<p>Your views matter.</p>',
  anonymous: true,
  language: 'en',
  questions: [
    {
      id: 10,
      type: 'likert',
      text: 'I am happy working here.',
      required: true,
      labels: ['Strongly disagree', 'Disagree', 'Neither', 'Agree', 'Strongly agree'],
      options: [],
      scale: null,
    },
    {
      id: 11,
      type: 'single_choice',
      text: 'Which format do you prefer?',
      required: true,
      labels: [],
      options: [
        { key: 'video', text: 'Short videos' },
        { key: 'class', text: 'Classroom sessions' },
      ],
      scale: null,
    },
    {
      id: 12,
      type: 'free_text',
      text: 'What could we do better?',
      required: false,
      labels: [],
      options: [],
      scale: null,
    },
  ],
  education: null,
  state: 'open',
  answers: {},
  saved_at: null,
  submitted_at: null,
};

const renderAt = (at = '/survey/4') =>
  renderPage(
    [
      { path: '/survey/:id', element: <SurveyTakePage /> },
      { path: '/survey/:id/education/:education', element: <SurveyTakePage /> },
    ],
    { at },
  );

describe('SurveyTakePage', () => {
  withDocumentFonts();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('saves a draft as the learner answers, asks for required answers, and submits once confirmed', {
    timeout: 20_000,
  }, async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: survey } as never);
    const put = vi.spyOn(http, 'put').mockResolvedValue({ data: { saved_at: '2026-11-26T10:00:00.000Z' } } as never);
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ data: { submitted_at: '2026-11-26T10:01:00.000Z' }, message: 'Thanks' } as never);
    renderAt();
    expect(await screen.findByText('Employee satisfaction')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('api/my/surveys', 4, { education_id: null });
    expect(screen.getByTestId('survey-anonymous')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Agree' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(put).toHaveBeenCalledWith('api/my/surveys/4/draft', { education_id: null, answers: { '10': 4 } });
    expect(await screen.findByText(/Draft saved/)).toBeTruthy();

    // The second required question is missing: it is named, nothing is sent.
    fireEvent.click(screen.getByTestId('survey-submit'));
    const second = screen.getByTestId('survey-question-1');
    expect(within(second).getByRole('alert')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('radio', { name: 'Short videos' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'What could we do better?' }), {
      target: { value: 'More workshops' },
    });
    fireEvent.click(screen.getByTestId('survey-submit'));
    // The page brings its own modals provider (the learner layout has none) beside the test's: both open the question.
    fireEvent.click((await screen.findAllByTestId('survey-submit-confirm'))[0]!);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('api/my/surveys/4/submit', {
      education_id: null,
      answers: { '10': 4, '11': 'video', '12': 'More workshops' },
    });
    expect(await screen.findByTestId('survey-submitted')).toBeTruthy();
  });

  it('shows a submitted survey as done and an unknown one as not open', { timeout: 20_000 }, async () => {
    vi.spyOn(http, 'get').mockResolvedValue({
      data: { ...survey, state: 'submitted', submitted_at: '2026-11-20T09:00:00.000Z' },
    } as never);
    renderAt('/survey/4/education/7');
    expect(await screen.findByTestId('survey-submitted')).toBeTruthy();
    expect(screen.queryByTestId('survey-submit')).toBeNull();
  });
});
