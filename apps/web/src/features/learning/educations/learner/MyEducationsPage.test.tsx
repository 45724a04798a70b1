import type { EducationCardList } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { card, enrolment, program, programDetail } from './fixtures.js';
import MyEducationsPage, { firstUsefulTab } from './MyEducationsPage.js';

const counts = { in_progress: 0, not_started: 2, completed: 13 };

/** GET api/my/educations like the server: the state's cards, 12 a page, and every state's count. */
function list(state: string, page: number): EducationCardList {
  const total = counts[state as keyof typeof counts] ?? 0;
  const status = state as 'in_progress' | 'not_started' | 'completed';
  const from = (page - 1) * 12;
  const data = Array.from({ length: Math.max(0, Math.min(12, total - from)) }, (_, index) =>
    card({
      id: 100 + from + index,
      title: `${state} ${from + index + 1}`,
      enrolment: enrolment({
        status,
        finished_rate: status === 'completed' ? 100 : 0,
        due_at: index === 0 && status === 'not_started' ? '2026-12-15T09:00:00Z' : null,
      }),
    }),
  );
  return { data, meta: { page, per_page: 12, total }, counts };
}

function serve() {
  return vi.spyOn(http, 'get').mockImplementation(((url: string, _id: unknown, query: Record<string, string> = {}) => {
    if (url === 'api/my/educations')
      return Promise.resolve(list(query.state ?? 'in_progress', Number(query.page ?? 1)));
    if (url === 'api/my/programs')
      return Promise.resolve({ data: [program()], meta: { page: 1, per_page: 12, total: 1 } });
    if (url === 'api/programs/5') return Promise.resolve({ data: programDetail() });
    return Promise.reject(new Error(`unexpected ${url}`));
  }) as never);
}

const titles = () => screen.queryAllByTestId('education-card-title').map((title) => title.textContent);

describe('MyEducationsPage (/my-education)', { timeout: 20_000 }, () => {
  // Unmounted before the mocks go: a query still in flight must not reach the real client.
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens at the first tab with something in it, with every tab’s count', async () => {
    serve();
    const router = renderPage(<MyEducationsPage />, { path: '/my-education' }).router;
    await waitFor(() => expect(titles()).toEqual(['not_started 1', 'not_started 2']));
    expect(router.state.location.search).toBe('?tab=not_started');
    const tabs = within(screen.getByTestId('my-educations-tabs'));
    expect(tabs.getByRole('tab', { name: /Not started/ }).getAttribute('aria-selected')).toBe('true');
    expect(tabs.getByRole('tab', { name: /Completed/ }).textContent).toContain('13');
    // The due date an assignment gave shows on the card, and each card has one button into the player.
    expect(screen.getAllByTestId('education-due')).toHaveLength(1);
    const action = screen.getAllByTestId('education-action')[0]!;
    expect(action.textContent).toBe('Start');
    expect(action.getAttribute('href')).toBe('/eduction/100/player');
  });

  it('pages a tab and keeps the page in the address', async () => {
    serve();
    const router = renderPage(<MyEducationsPage />, {
      path: '/my-education',
      at: '/my-education?tab=completed',
    }).router;
    await waitFor(() => expect(titles()).toHaveLength(12));
    expect(screen.getAllByTestId('education-action')[0]!.textContent).toBe('Watch again');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(titles()).toEqual(['completed 13']));
    expect(router.state.location.search).toBe('?tab=completed&page=2');
  });

  it('says so when a tab is empty and points to the catalogue', async () => {
    serve();
    renderPage(<MyEducationsPage />, { path: '/my-education', at: '/my-education?tab=in_progress' });
    expect(await screen.findByTestId('my-educations-empty')).toBeTruthy();
    expect(screen.getByText('You have no training in progress.')).toBeTruthy();
  });

  it('lists the programs and opens one’s steps in a panel, locks and due dates shown', async () => {
    serve();
    renderPage(<MyEducationsPage />, { path: '/my-education', at: '/my-education?tab=programs' });
    const programCard = await screen.findByTestId('program-card');
    expect(within(programCard).getByText('1 of 2 steps', { exact: false })).toBeTruthy();
    expect(within(programCard).getByTestId('program-continue').getAttribute('href')).toBe('/eduction/2/player');
    fireEvent.click(within(programCard).getByTestId('program-open'));
    const steps = await screen.findAllByTestId('program-step');
    expect(steps.map((step) => step.getAttribute('data-locked'))).toEqual(['false', 'false', 'true']);
    expect(steps.map((step) => step.getAttribute('data-next'))).toEqual(['false', 'true', 'false']);
    expect(within(steps[1]!).getByText('Due 01/11/2026')).toBeTruthy();
    expect(within(steps[1]!).getByTestId('education-action').textContent).toBe('Start');
    expect(within(steps[2]!).getByText('Opens once the previous step is completed.')).toBeTruthy();
    expect(within(steps[2]!).queryByRole('link')).toBeNull();
  });

  it('opens a program’s panel from its address, as a search hit links it', async () => {
    serve();
    renderPage(<MyEducationsPage />, { path: '/my-education', at: '/my-education?program=5' });
    expect(await screen.findAllByTestId('program-step')).toHaveLength(3);
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('My programmes');
  });

  it('picks the opening tab from the counts', () => {
    expect(firstUsefulTab({ in_progress: 1, not_started: 5, completed: 0 })).toBe('in_progress');
    expect(firstUsefulTab({ in_progress: 0, not_started: 0, completed: 2 })).toBe('completed');
    expect(firstUsefulTab({ in_progress: 0, not_started: 0, completed: 0 })).toBe('in_progress');
  });
});
