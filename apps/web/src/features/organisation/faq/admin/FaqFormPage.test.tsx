import type { CompanySelf, FaqCategory } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import FaqFormPage from './FaqFormPage.js';

const category: FaqCategory = {
  id: 3,
  name: { en: 'Sign-in', tr: 'Giriş' },
  order: 0,
  status: 1,
  faqs_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderForm(defaultLanguage: 'tr' | 'en') {
  const { router } = renderPage(
    [
      { path: '/admin/faq/add', element: <FaqFormPage /> },
      { path: '*', element: <output data-testid="elsewhere" /> },
    ],
    { at: '/admin/faq/add', company: { default_language: defaultLanguage } as CompanySelf },
  );
  return router;
}

describe('FaqFormPage', () => {
  // The answer's autosizing textarea listens for web fonts loading; jsdom has no document.fonts.
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

  it("opens on the company's default language, marked, and sends nothing until a language is written", {
    timeout: 20_000,
  }, async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: [category], meta: { page: 1, per_page: 100, total: 1 } } as never);
    const post = vi.spyOn(http, 'post');
    renderForm('en');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      expect.stringMatching(/^English/),
      expect.stringMatching(/^Türkçe/),
      expect.stringMatching(/^Azərbaycanca/),
      expect.stringMatching(/^Deutsch/),
    ]);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs[0]?.textContent).toContain('default');
    fireEvent.click(screen.getByTestId('faq-form-save'));
    expect(await screen.findAllByText('Write it in at least one language.')).toHaveLength(2);
    expect(post).not.toHaveBeenCalled();
  });

  it("sends every written language and puts the server's per-language error on its tab's field", {
    timeout: 20_000,
  }, async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: [category], meta: { page: 1, per_page: 100, total: 1 } } as never);
    const post = vi
      .spyOn(http, 'post')
      .mockRejectedValue(
        new ApiError(422, { message: 'Invalid', errors: { 'question.tr': ['Fill this in.'] } }, 'Invalid'),
      );
    renderForm('tr');
    await screen.findAllByRole('tab');
    fireEvent.click(screen.getByRole('tab', { name: /English/ }));
    fireEvent.change(await screen.findByTestId('faq-question-en'), { target: { value: 'How do I sign in?' } });
    fireEvent.change(screen.getByTestId('faq-answer-en'), { target: { value: '<p>With your email.</p>' } });
    fireEvent.click(screen.getByTestId('faq-form-save'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/faqs', {
        category_id: null,
        question: { en: 'How do I sign in?' },
        answer: { en: '<p>With your email.</p>' },
        order: 0,
        status: 1,
      }),
    );
    const turkish = screen.getByRole('tab', { name: /Türkçe/ });
    await waitFor(() => expect(turkish.getAttribute('data-filled')).toBe('false'));
    fireEvent.click(turkish);
    expect(await screen.findByText('Fill this in.')).toBeTruthy();
  });
});
