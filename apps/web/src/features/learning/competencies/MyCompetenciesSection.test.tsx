import type { MyCompetency } from '@kampus/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { MyCompetenciesSection } from './MyCompetenciesSection.js';

const item: MyCompetency = {
  competency: {
    id: 1,
    names: { en: 'Information security awareness', tr: 'Bilgi güvenliği bilinci' },
    description: null,
    category: { id: 2, names: { en: 'Digital and technical skills' } },
    levels: ['Beginner', 'Developing', 'Competent', 'Advanced', 'Expert'],
  },
  level: 3,
  level_name: 'Competent',
  source: 'rule',
  set_at: '2026-03-01T09:00:00.000Z',
};

describe('MyCompetenciesSection', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("lists the person's competencies with their level", async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: [item] } as never);
    renderPage(<MyCompetenciesSection />);
    const card = await screen.findByTestId('my-competency');
    expect(card.textContent).toContain('Information security awareness');
    expect(card.textContent).toContain('3 · Competent');
    expect(card.textContent).toContain('Earned automatically');
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe(
      'Information security awareness: level 3 of 5',
    );
  });

  it('says when there is nothing yet, and offers a retry on an error', async () => {
    vi.spyOn(http, 'get').mockResolvedValueOnce({ data: [] } as never);
    renderPage(<MyCompetenciesSection />);
    expect(await screen.findByText('No competency levels yet.')).toBeTruthy();
    cleanup();
    vi.spyOn(http, 'get').mockRejectedValue(new Error('down'));
    renderPage(<MyCompetenciesSection />);
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeTruthy();
  });
});
