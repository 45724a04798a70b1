import type { CompetencyMatrix } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const { default: CompetencyMatrixPage } = await import('./CompetencyMatrixPage.js');

const LEVELS = ['Beginner', 'Developing', 'Competent', 'Advanced', 'Expert'];
const matrix = (target: number | null): CompetencyMatrix => ({
  data: {
    competencies: [
      { id: 1, names: { en: 'Team management' }, levels: LEVELS, target },
      { id: 2, names: { en: 'Data literacy' }, levels: LEVELS, target: null },
    ],
    people: [
      { id: 10, name: 'Ayşe', surname: 'Kaya', email: null, department: 'Sales', levels: { '1': 4, '2': 1 }, gaps: 0 },
      { id: 11, name: 'Mehmet', surname: 'Demir', email: null, department: 'Sales', levels: { '1': 2 }, gaps: 1 },
    ],
  },
  meta: { page: 1, per_page: 20, total: 2 },
});
const OPTIONS = { groups: [{ id: 7, name: 'Shift leaders' }], departments: ['Sales'] };

function serve(answer: (query: Record<string, unknown>) => Promise<unknown>) {
  return vi.spyOn(http, 'get').mockImplementation(((url: string, _id: unknown, query: Record<string, unknown>) => {
    if (url === 'api/admin/competency-matrix/options') return Promise.resolve({ data: OPTIONS });
    if (url === 'api/admin/competency-categories')
      return Promise.resolve({ data: [], meta: { page: 1, per_page: 100, total: 0 } });
    if (url === 'api/admin/competency-matrix') return answer(query ?? {});
    return Promise.reject(new Error(`unexpected GET ${url}`));
  }) as never);
}

describe('CompetencyMatrixPage', () => {
  matchEveryMediaQuery();
  Element.prototype.scrollIntoView ??= () => undefined;
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows people's levels and, with a group chosen, its targets with the gaps marked", async () => {
    const get = serve((query) => Promise.resolve(matrix(query.group_id ? 3 : null)));
    renderPage(<CompetencyMatrixPage />, {
      path: '/admin/competency-management',
      at: '/admin/competency-management?group_id=7',
    });
    const table = await screen.findByTestId('competency-matrix');
    expect(await within(table).findByText('Team management (target 3)')).toBeTruthy();
    const cells = await within(table).findAllByTestId('matrix-cell');
    expect(cells.map((cell) => [cell.textContent, cell.getAttribute('data-gap')])).toEqual([
      ['4 / 3', 'false'],
      ['2 / 3', 'true'],
    ]);
    expect(cells[1]?.getAttribute('aria-label')).toBe('Level 2, target 3: below target');
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        'api/admin/competency-matrix',
        undefined,
        expect.objectContaining({ group_id: '7' }),
      ),
    );

    // The group's targets are set in a dialog.
    const put = vi.spyOn(http, 'put').mockResolvedValue({ data: {} } as never);
    fireEvent.click(screen.getByTestId('matrix-targets-open'));
    const dialog = await screen.findByTestId('matrix-targets');
    const select = within(dialog).getByLabelText('Target level for Data literacy');
    fireEvent.click(select);
    await waitFor(() => expect(select.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement;
    fireEvent.click(await within(listbox).findByRole('option', { name: '4 · Advanced', hidden: true }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('api/admin/competency-matrix/targets', {
        group_id: 7,
        competency_id: 2,
        level: 4,
      }),
    );
  }, 30_000);

  it('asks for a group before targets, and says so when there are no competencies', async () => {
    serve(() => Promise.resolve({ data: { competencies: [], people: [] }, meta: { page: 1, per_page: 20, total: 0 } }));
    renderPage(<CompetencyMatrixPage />, { path: '/admin/competency-management' });
    expect(await screen.findByTestId('matrix-no-competencies')).toBeTruthy();
    expect((screen.getByTestId('matrix-targets-open') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers a retry when the matrix fails to load', async () => {
    const get = serve(() => Promise.reject(new Error('The server is unreachable.')));
    renderPage(<CompetencyMatrixPage />, { path: '/admin/competency-management' });
    expect(await screen.findByText('The server is unreachable.')).toBeTruthy();
    const calls = get.mock.calls.filter((call) => call[0] === 'api/admin/competency-matrix').length;
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    await waitFor(() =>
      expect(get.mock.calls.filter((call) => call[0] === 'api/admin/competency-matrix').length).toBeGreaterThan(calls),
    );
  });
});
