import type { Survey } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { withDocumentFonts } from '../document-fonts.test-helper.js';

const { default: SurveyFormPage } = await import('./SurveyFormPage.js');

const stored: Survey = {
  id: 3,
  kind: 'survey',
  title: 'Pulse survey',
  description: null,
  languages: ['en'],
  anonymous: true,
  status: 1,
  questions: [
    {
      id: 21,
      type: 'single_choice',
      text: { en: 'Which day suits you?' },
      required: true,
      points: null,
      labels: {},
      options: [
        { key: 'mon', text: { en: 'Monday' } },
        { key: 'fri', text: { en: 'Friday' } },
      ],
      scale: null,
    },
    {
      id: 22,
      type: 'free_text',
      text: { en: 'Anything else?' },
      required: false,
      points: null,
      labels: {},
      options: [],
      scale: null,
    },
  ],
  questions_count: 2,
  responses_count: 12,
  locked: true,
  educations_count: 0,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

const renderAt = (at: string) =>
  renderPage(
    [
      { path: '/admin/survey/add', element: <SurveyFormPage /> },
      { path: '/admin/survey/:id/edit', element: <SurveyFormPage /> },
      { path: '*', element: <output data-testid="elsewhere" /> },
    ],
    { at },
  );

const questionTexts = () =>
  screen
    .getAllByTestId('builder-question')
    .map((q) => (within(q).getAllByRole('textbox')[0] as HTMLInputElement).value);

async function addQuestion(type: string) {
  fireEvent.click(screen.getByTestId('builder-add'));
  fireEvent.click(await screen.findByTestId(`builder-add-${type}`));
}

describe('SurveyFormPage: the question builder', () => {
  withDocumentFonts();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('adds, fills, duplicates, reorders and deletes questions, previews them, and sends them in order', {
    timeout: 30_000,
  }, async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { ...stored, id: 9, locked: false } } as never);
    renderAt('/admin/survey/add');
    expect(await screen.findByTestId('builder-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('survey-title'), { target: { value: 'Training needs 2027' } });

    await addQuestion('likert');
    fireEvent.change(screen.getByTestId('builder-question-text-0-en'), { target: { value: 'I learn a lot here.' } });
    // A new Likert question starts with the default labels of each language.
    expect(screen.getByDisplayValue('Strongly agree')).toBeTruthy();
    await addQuestion('single_choice');
    fireEvent.change(screen.getByTestId('builder-question-text-1-en'), { target: { value: 'Preferred format?' } });
    fireEvent.change(screen.getByTestId('builder-option-1-0-en'), { target: { value: 'Video' } });
    fireEvent.change(screen.getByTestId('builder-option-1-1-en'), { target: { value: 'Classroom' } });
    fireEvent.click(screen.getByTestId('builder-add-option-1'));
    fireEvent.change(screen.getByTestId('builder-option-1-2-en'), { target: { value: 'Reading' } });
    await addQuestion('rating');
    fireEvent.change(screen.getByTestId('builder-question-text-2-en'), { target: { value: 'Rate us' } });
    expect(questionTexts()).toEqual(['I learn a lot here.', 'Preferred format?', 'Rate us']);

    // Duplicate the choice question, then move the copy to the end and delete the rating (asked first).
    fireEvent.click(screen.getAllByTestId('builder-question-duplicate')[1]!);
    expect(questionTexts()).toEqual(['I learn a lot here.', 'Preferred format?', 'Preferred format?', 'Rate us']);
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Question 3' }));
    expect(questionTexts()).toEqual(['I learn a lot here.', 'Preferred format?', 'Rate us', 'Preferred format?']);
    fireEvent.click(screen.getAllByTestId('builder-question-remove')[2]!);
    fireEvent.click((await screen.findAllByTestId('builder-remove-confirm'))[0]!);
    await waitFor(() => expect(screen.getAllByTestId('builder-question')).toHaveLength(3));

    // The preview shows the questions as a learner answers them.
    fireEvent.click(screen.getByTestId('survey-preview-open'));
    const preview = await screen.findByTestId('survey-preview');
    expect(within(preview).getAllByRole('radio', { name: 'Reading' })).toHaveLength(2);
    fireEvent.keyDown(preview, { key: 'Escape' });

    fireEvent.click(screen.getByTestId('survey-form-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const body = post.mock.calls[0]?.[1] as { questions: { type: string; options?: { key: string }[] }[] };
    expect(body.questions.map((q) => q.type)).toEqual(['likert', 'single_choice', 'single_choice']);
    // The copy has options of its own.
    expect(body.questions[2]?.options?.[0]?.key).not.toBe(body.questions[1]?.options?.[0]?.key);
  });

  it('keeps an answered survey’s questions: no removing or retyping, and says why', { timeout: 20_000 }, async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: stored } as never);
    renderAt('/admin/survey/3/edit');
    expect(await screen.findByTestId('builder-locked')).toBeTruthy();
    for (const remove of screen.getAllByTestId('builder-question-remove'))
      expect(remove.hasAttribute('disabled')).toBe(true);
    for (const type of screen.getAllByTestId('builder-question-type')) expect(type.hasAttribute('disabled')).toBe(true);
    expect((screen.getByTestId('survey-anonymous') as HTMLInputElement).disabled).toBe(true);
    // A question added now is free.
    await addQuestion('free_text');
    expect(screen.getAllByTestId('builder-question-remove')[2]!.hasAttribute('disabled')).toBe(false);
  });
});
