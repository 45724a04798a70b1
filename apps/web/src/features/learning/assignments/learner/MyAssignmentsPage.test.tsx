import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { card, cardList } from '../fixtures.js';
import MyAssignmentsPage from './MyAssignmentsPage.js';

const counts = { open: 2, completed: 0, overdue: 1 };

function serve(fail = false) {
  return vi.spyOn(http, 'get').mockImplementation(((url: string, _id: unknown, query: Record<string, string> = {}) => {
    if (url !== 'api/my/assignments') return Promise.reject(new Error(`unexpected ${url}`));
    if (fail) return Promise.reject(new Error('The server is away'));
    if (query.status === 'open')
      return Promise.resolve(
        cardList(
          [
            card(),
            card({
              id: 8,
              name: 'KVKK',
              mandatory: false,
              status: 'not_started',
              progress: 0,
              next_item: {
                ...card().next_item!,
                status: 'not_started',
                title: 'KVKK basics',
                path: '/education/12/detail',
              },
            }),
          ],
          counts,
        ),
      );
    if (query.status === 'overdue')
      return Promise.resolve(cardList([card({ id: 9, name: 'Fire safety', status: 'overdue' })], counts));
    return Promise.resolve(cardList([], counts));
  }) as never);
}

const names = () => screen.queryAllByTestId('assignment-card-title').map((node) => node.textContent);

describe('MyAssignmentsPage (/my-assignment)', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the open assignments with their next step, and every tab’s count', async () => {
    serve();
    renderPage(<MyAssignmentsPage />, { path: '/my-assignment' });
    await waitFor(() => expect(names()).toEqual(['Information security 2026', 'KVKK']));
    const [first, second] = screen.getAllByTestId('assignment-card');
    expect(within(first!).getByTestId('assignment-mandatory').textContent).toBe('Mandatory');
    expect(within(second!).queryByTestId('assignment-mandatory')).toBeNull();
    expect(within(first!).getByTestId('assignment-due').textContent).toBe('Due 15/12/2026');
    expect(within(first!).getByTestId('assignment-progress').textContent).toBe('40%');
    const actions = screen.getAllByTestId('assignment-action');
    expect(actions.map((action) => action.textContent)).toEqual(['Continue', 'Start']);
    expect(actions[1]!.getAttribute('href')).toBe('/education/12/detail');
    const tabs = within(screen.getByTestId('my-assignments-tabs'));
    expect(tabs.getByRole('tab', { name: /Overdue/ }).textContent).toContain('1');
  });

  it('opens a tab from the address and marks what is overdue', async () => {
    serve();
    const { router } = renderPage(<MyAssignmentsPage />, { path: '/my-assignment' });
    await waitFor(() => expect(names()).toHaveLength(2));
    fireEvent.click(screen.getByRole('tab', { name: /Overdue/ }));
    await waitFor(() => expect(names()).toEqual(['Fire safety']));
    expect(router.state.location.search).toBe('?tab=overdue');
    expect(screen.getByTestId('assignment-due').getAttribute('data-overdue')).toBe('true');
    expect(screen.getByTestId('assignment-due').textContent).toBe('Overdue since 15/12/2026');
  });

  it('says so when a tab is empty', async () => {
    serve();
    renderPage(<MyAssignmentsPage />, { path: '/my-assignment', at: '/my-assignment?tab=completed' });
    expect((await screen.findByTestId('my-assignments-empty')).textContent).toContain(
      'You have not completed an assignment yet.',
    );
  });

  it('shows a failure with a retry', async () => {
    const get = serve(true);
    renderPage(<MyAssignmentsPage />, { path: '/my-assignment' });
    const error = await screen.findByTestId('my-assignments-error');
    expect(error.textContent).toContain('Your assignments could not be loaded.');
    const calls = get.mock.calls.length;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(calls));
  });

  it('shows skeletons while loading', () => {
    vi.spyOn(http, 'get').mockReturnValue(new Promise(() => undefined) as never);
    renderPage(<MyAssignmentsPage />, { path: '/my-assignment' });
    expect(screen.getByLabelText('Loading').getAttribute('aria-busy')).toBe('true');
  });
});
