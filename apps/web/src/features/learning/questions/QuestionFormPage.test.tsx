import type { Question } from '@kampus/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';

const { default: QuestionFormPage } = await import('./QuestionFormPage.js');

const emptyPage = { data: [], meta: { page: 1, per_page: 100, total: 0 } };

function answerGets() {
  return vi.spyOn(http, 'get').mockImplementation((async (url: string) => {
    if (url === 'api/admin/hashtags' || url === 'api/admin/education-categories') return emptyPage;
    if (url.startsWith('api/admin/')) return emptyPage;
    throw new Error(`unexpected GET ${url}`);
  }) as never);
}

const renderAdd = () =>
  renderPage(
    [
      { path: '/admin/question/add', element: <QuestionFormPage /> },
      { path: '*', element: <output data-testid="elsewhere" /> },
    ],
    { at: '/admin/question/add' },
  );

/** Types into the Tiptap editor of a rich text field: ProseMirror reads the changed DOM through its observer. */
async function typeRich(testId: string, html: string) {
  const editor = await screen.findByTestId(`${testId}-content`);
  await act(async () => {
    editor.innerHTML = html;
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

const preview = () => within(screen.getByTestId('question-preview'));

describe('QuestionFormPage', () => {
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

  it('adds a single-choice question, the live preview following the inputs', { timeout: 30_000 }, async () => {
    answerGets();
    const post = vi.spyOn(http, 'post').mockImplementation((async (_url: string, body: Question) => ({
      data: { ...body, id: 5 },
    })) as never);
    renderAdd();
    expect(await screen.findByTestId('question-preview-empty')).toBeTruthy();
    await typeRich('question-text', '<p>Which password is the strongest?</p>');
    await waitFor(() => expect(preview().getByText('Which password is the strongest?')).toBeTruthy());

    const options = screen.getAllByTestId('question-option');
    fireEvent.change(options[0] as HTMLElement, { target: { value: '123456' } });
    fireEvent.change(options[1] as HTMLElement, { target: { value: 'Tr4in!ng-2026' } });
    // The preview shows the options in an attempt-like (reversed) order, as the learner would answer them.
    const labels = () =>
      preview()
        .getAllByRole('radio')
        .map((radio) => radio.closest('label, .mantine-Radio-root')?.textContent);
    await waitFor(() => expect(labels()).toEqual(['Tr4in!ng-2026', '123456']));

    fireEvent.click(screen.getAllByTestId('question-correct')[1] as HTMLElement);
    // Answering the preview and checking it scores against the marked answer.
    fireEvent.click(preview().getByLabelText('Tr4in!ng-2026'));
    fireEvent.click(screen.getByTestId('preview-check'));
    expect(await screen.findByTestId('preview-feedback')).toBeTruthy();

    fireEvent.click(screen.getByTestId('question-form-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, sent] = post.mock.calls[0] as [string, { body: Record<string, unknown>; language: string }];
    expect(url).toBe('api/admin/questions');
    expect(sent.body).toMatchObject({
      type: 'single',
      text: '<p>Which password is the strongest?</p>',
      options: [{ text: '123456' }, { text: 'Tr4in!ng-2026' }],
    });
    const keys = (sent.body.options as { key: string }[]).map((o) => o.key);
    expect(sent.body.correct).toBe(keys[1]);
  });

  it('shows the server’s field errors on their fields', { timeout: 30_000 }, async () => {
    answerGets();
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError(
        422,
        {
          message: 'Invalid',
          errors: {
            'body.text': ["Upload the image with the editor's image button; only images stored here can be used."],
            points: ['Too many points.'],
          },
        },
        'Invalid',
      ),
    );
    renderAdd();
    await typeRich('question-text', '<p>True or false?</p>');
    fireEvent.click(screen.getByTestId('question-type-true_false'));
    await waitFor(() => expect(preview().getByText('True or false?')).toBeTruthy());
    fireEvent.click(screen.getByTestId('question-form-save'));
    const text = await screen.findByTestId('question-text');
    await waitFor(() => expect(within(text).getByText(/only images stored here can be used/)).toBeTruthy());
    expect(screen.getByTestId('question-text-content').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Too many points.')).toBeTruthy();
    expect(screen.getByTestId('question-points').getAttribute('aria-invalid')).toBe('true');
  });
});
