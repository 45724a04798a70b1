import type { Competency, CompetencyLevel } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';
import { withDocumentFonts } from '../surveys/document-fonts.test-helper.js';

const { default: PersonLevelsPage } = await import('./PersonLevelsPage.js');

const LEVELS = ['Beginner', 'Developing', 'Competent', 'Advanced', 'Expert'];
const competency = { id: 5, names: { en: 'Giving feedback' }, levels: LEVELS } as unknown as Competency;
const row: CompetencyLevel = {
  id: 1,
  user: { id: 10, name: 'Zeynep', surname: 'Aydın', email: 'zeynep@demo.test', department: 'Finance' },
  competency: { id: 5, names: { en: 'Giving feedback' }, levels: LEVELS },
  level: 2,
  level_name: 'Developing',
  source: 'manual',
  rule: null,
  set_by: { id: 1, name: 'Ada Admin' },
  set_at: '2026-03-01T09:00:00.000Z',
};
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 20, total: data.length } });

function serveGets() {
  return vi.spyOn(http, 'get').mockImplementation(((url: string) => {
    if (url === 'api/admin/competencies') return Promise.resolve(page([competency]));
    if (url === 'api/admin/competency-levels') return Promise.resolve(page([row]));
    if (url === 'api/admin/users') return Promise.resolve(page([]));
    if (url === 'api/admin/competency-levels/history')
      return Promise.resolve(
        page([
          {
            id: 3,
            competency: { id: 5, names: { en: 'Giving feedback' } },
            from_level: 1,
            to_level: 2,
            source: 'manual',
            rule: null,
            set_by: { id: 1, name: 'Ada Admin' },
            note: 'Annual performance review',
            set_at: '2026-03-01T09:00:00.000Z',
          },
        ]),
      );
    return Promise.reject(new Error(`unexpected GET ${url}`));
  }) as never);
}

describe('PersonLevelsPage', () => {
  matchEveryMediaQuery();
  withDocumentFonts();
  Element.prototype.scrollIntoView ??= () => undefined;
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("lists people's levels, sets one in the dialog with a note, and shows the person's history", async () => {
    serveGets();
    const put = vi
      .spyOn(http, 'put')
      .mockRejectedValueOnce(
        new ApiError(422, { message: 'Invalid', errors: { level: ['No such level.'] } }, 'Invalid'),
      )
      .mockResolvedValue({ data: { ...row, level: 4 } } as never);
    renderPage(<PersonLevelsPage />, { path: '/admin/competencies-and-user-definitions/people' });
    expect(await screen.findByText('2 · Developing')).toBeTruthy();

    fireEvent.click(screen.getByTestId('level-edit'));
    const dialog = await screen.findByTestId('set-level-dialog');
    const level = within(dialog)
      .getAllByLabelText(/^Level/)
      .find((el) => el instanceof HTMLInputElement) as HTMLElement;
    fireEvent.click(level);
    await waitFor(() => expect(level.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(level.getAttribute('aria-controls') ?? '') as HTMLElement;
    fireEvent.click(await within(listbox).findByRole('option', { name: '4 · Advanced', hidden: true }));
    fireEvent.change(within(dialog).getByLabelText(/^Note/), { target: { value: 'Post-project review' } });
    fireEvent.click(within(dialog).getByTestId('set-level-save'));
    // The server's field error shows on its field and the dialog stays.
    expect(await within(dialog).findByText('No such level.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('set-level-save'));
    await waitFor(() =>
      expect(put).toHaveBeenLastCalledWith('api/admin/competency-levels', {
        user_id: 10,
        competency_id: 5,
        level: 4,
        note: 'Post-project review',
      }),
    );
    expect(await screen.findByText('The level has been saved.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('level-history-open'));
    const history = await screen.findByTestId('level-history');
    expect(history.textContent).toContain('1 → 2');
    expect(history.textContent).toContain('Annual performance review');
  }, 30_000);
});
