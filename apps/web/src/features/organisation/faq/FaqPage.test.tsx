import type { FaqPublicResponse } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import FaqPage, { sectionsOf } from './FaqPage.js';

type Data = FaqPublicResponse['data'];

const categories = [
  { id: 1, name: 'Sign-in', count: 1 },
  { id: 2, name: 'Certificates', count: 1 },
];
const questions = [
  { id: 10, category_id: 1, question: 'How do I reset my password?', answer: '<p>Use <b>Forgot password</b>.</p>' },
  { id: 11, category_id: 2, question: 'Where is my certificate?', answer: '<p>Under My certificates.</p>' },
  { id: 12, category_id: null, question: 'Who do I ask?', answer: '<p>Your manager.<script>alert(1)</script></p>' },
];

/** Answers GET api/faq like the server: search over question text, then the category. */
function serve() {
  return vi.spyOn(http, 'get').mockImplementation(((_url: string, _id: unknown, query: Record<string, string> = {}) => {
    const needle = query.search?.toLowerCase();
    const found = questions.filter((q) => !needle || q.question.toLowerCase().includes(needle));
    const data: Data = {
      categories: categories.map((c) => ({ ...c, count: found.filter((q) => q.category_id === c.id).length })),
      questions: query.category_id ? found.filter((q) => q.category_id === Number(query.category_id)) : found,
    };
    return Promise.resolve({ data });
  }) as never);
}

function renderFaq(at = '/faq') {
  return renderPage(<FaqPage />, { path: '/faq', at }).router;
}

const shownQuestions = () =>
  screen.queryAllByTestId('faq-question').map((item) => item.querySelector('button')?.textContent);

describe('FaqPage (learner)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('groups questions under their topics, the ones without a topic last, answers sanitized', async () => {
    serve();
    renderFaq();
    await screen.findByText('How do I reset my password?');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Sign-in',
      'Certificates',
      'Other questions',
    ]);
    fireEvent.click(screen.getByText('Who do I ask?'));
    const answer = (await screen.findAllByTestId('faq-answer')).at(-1)!;
    expect(answer.innerHTML).toContain('Your manager.');
    expect(answer.innerHTML).not.toContain('script');
  });

  it('searches as one types (debounced, once), keeps it in the address, and shows the empty state', async () => {
    const get = serve();
    const router = renderFaq();
    await screen.findByText('Where is my certificate?');
    const box = screen.getByLabelText('Search the questions');
    fireEvent.change(box, { target: { value: 'cert' } });
    fireEvent.change(box, { target: { value: 'certificate' } });
    await waitFor(() => expect(shownQuestions()).toEqual(['Where is my certificate?']));
    const searches = get.mock.calls.map(([, , query]) => (query as Record<string, string>).search);
    expect(searches).toEqual([undefined, 'certificate']);
    expect(router.state.location.search).toBe('?search=certificate');

    fireEvent.change(box, { target: { value: 'holiday' } });
    expect(await screen.findByTestId('faq-empty')).toBeTruthy();
    expect(screen.getByText('No question matches your search.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(shownQuestions()).toHaveLength(3));
  });

  it('filters by a topic chosen from the address or the chips', async () => {
    const get = serve();
    renderFaq('/faq?category=2');
    await waitFor(() => expect(shownQuestions()).toEqual(['Where is my certificate?']));
    expect(get).toHaveBeenCalledWith('api/faq', undefined, { category_id: '2' });
    fireEvent.click(screen.getByRole('radio', { name: /All topics/ }));
    await waitFor(() => expect(shownQuestions()).toHaveLength(3));
  });

  it('says when no question exists yet, and offers a retry when loading fails', async () => {
    vi.spyOn(http, 'get').mockResolvedValueOnce({ data: { categories: [], questions: [] } } as never);
    renderFaq();
    expect(await screen.findByTestId('faq-none')).toBeTruthy();
    cleanup();
    vi.spyOn(http, 'get').mockRejectedValue(new Error('down'));
    renderFaq();
    expect(await screen.findByTestId('faq-error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('orders sections like the categories and drops empty ones', () => {
    const sections = sectionsOf(categories, questions.slice(0, 1), 'Other');
    expect(sections.map((s) => s.title)).toEqual(['Sign-in']);
  });
});
