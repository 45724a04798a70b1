import type { LearnerHome as Home } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { queryClient } from '../../../../lib/query-client.js';
import type { SessionUser } from '../../../../lib/session.js';
import { card, enrolment, program } from './fixtures.js';
import LearnerHome from './LearnerHome.js';

let user: Partial<SessionUser> = { id: 1, modules: ['education-category'] };
vi.mock('../../../../lib/session.js', async (original) => ({
  ...(await original<typeof import('../../../../lib/session.js')>()),
  useSessionUser: () => user,
}));

function home(changes: Partial<Home> = {}): Home {
  return {
    continue_learning: card({ id: 4, title: 'Safe at work', enrolment: enrolment({ finished_rate: 62.5 }) }),
    due_soon: [card({ id: 5, title: 'KVKK refresher', enrolment: enrolment({ due_at: '2026-12-01T09:00:00Z' }) })],
    programs: [program()],
    new_in_catalogue: [card({ id: 6, title: 'Negotiation basics', enrolment: null, can_enrol: true })],
    totals: { completed_educations: 3, in_progress_educations: 2, completed_programs: 1, hours_learned: 12.5 },
    ...changes,
  };
}

const renderHome = () => renderPage(<LearnerHome />, { path: '/dashboard' });

describe('LearnerHome (the learning blocks of /dashboard)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    user = { id: 1, modules: ['education-category'] };
    // The home brings the app's own cache (the page around it has none): each test starts it empty.
    queryClient.clear();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows every block from one call: continue learning, totals, due soon, programs, new in the catalogue', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: home() } as never);
    renderHome();
    const next = await screen.findByTestId('home-continue');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('api/my/home');
    expect(within(next).getByText('Safe at work')).toBeTruthy();
    expect(screen.getByTestId('home-continue-rate').textContent).toBe('63%');
    expect(screen.getByTestId('home-continue-button').getAttribute('href')).toBe('/eduction/4/player');
    expect(screen.getByTestId('total-completed').textContent).toContain('3');
    expect(screen.getByTestId('total-hours').textContent).toContain('12.5');
    expect(within(screen.getByTestId('home-due')).getByText('KVKK refresher')).toBeTruthy();
    expect(within(screen.getByTestId('home-programs')).getByText('New manager path')).toBeTruthy();
    expect(
      within(screen.getByTestId('home-new')).getByRole('button', { name: 'Enrol: Negotiation basics' }),
    ).toBeTruthy();
  });

  it('gives each block its empty state, and hides the catalogue block when the module is off', async () => {
    user = { id: 1, modules: [] };
    vi.spyOn(http, 'get').mockResolvedValue({
      data: home({ continue_learning: null, due_soon: [], programs: [], new_in_catalogue: [] }),
    } as never);
    renderHome();
    expect(await screen.findByTestId('home-continue-empty')).toBeTruthy();
    expect(screen.getByText('Nothing of yours is due soon.')).toBeTruthy();
    expect(screen.getByText('You have no programme in progress.')).toBeTruthy();
    expect(screen.queryByTestId('home-new')).toBeNull();
  });

  it('says the catalogue has nothing new when it is on and empty', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: home({ new_in_catalogue: [] }) } as never);
    renderHome();
    expect(await screen.findByText('There is nothing new for you in the catalogue.')).toBeTruthy();
  });

  it('offers a retry when the home cannot be loaded', async () => {
    const get = vi.spyOn(http, 'get').mockRejectedValue(new Error('down'));
    renderHome();
    expect(await screen.findByTestId('home-error', {}, { timeout: 6000 })).toBeTruthy();
    get.mockResolvedValue({ data: home() } as never);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('home-continue')).toBeTruthy());
  });
});
