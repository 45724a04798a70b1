import type { ContentProgress, EducationPlayer as EducationPlayerData, PlayerContent } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import type { SessionUser } from '../../../lib/session.js';
import { detail, part, playerOf } from '../educations/learner/fixtures.js';
import { partToShow } from './EducationPlayer.js';
import PlayerPage from './PlayerPage.js';

vi.mock('../../../lib/session.js', async (original) => ({
  ...(await original<typeof import('../../../lib/session.js')>()),
  useSessionUser: (): Partial<SessionUser> => ({ id: 7, modules: [] }),
}));

function content(id: number, type: 'link' | 'page', title: string): PlayerContent {
  return {
    id,
    type,
    title,
    description: null,
    cover_url: null,
    duration_seconds: null,
    guard_enabled: false,
    completion_threshold: 100,
    min_reading_seconds: null,
    external_url: type === 'link' ? 'https://example.com/phishing' : null,
    body: type === 'page' ? '<p>Check what you learned.</p>' : null,
    file_url: null,
    file_name: null,
    mime: null,
    page_count: null,
    scorm: null,
    markers: [],
  };
}

function progress(status: ContentProgress['status'], value: number): ContentProgress {
  return {
    status,
    progress: value,
    watched_ranges: [],
    furthest_second: 0,
    position: 0,
    pages_seen: [],
    time_spent_seconds: 10,
    score: null,
    success: null,
    started_at: '2026-09-03T09:50:00Z',
    completed_at: status === 'completed' ? '2026-09-03T10:00:00Z' : null,
    version: 1,
  };
}

/** Part 1 done, part 2 (a link) next, part 3 (a page) locked until part 2 is done. */
const before = playerOf(
  detail({
    parts: [
      part({ id: 11, ref_id: 101, status: 'completed', progress: 100 }),
      part({ id: 12, ref_id: 102, order: 1, title: 'Phishing in practice', content_type: 'link' }),
      part({ id: 13, ref_id: 103, order: 2, title: 'Final check', content_type: 'page', locked: true }),
    ],
    next_part_id: 12,
    finished_rate: 33,
  }),
);
const after: EducationPlayerData = {
  ...before,
  finished_rate: 67,
  parts: before.parts.map((item) =>
    item.id === 12
      ? { ...item, status: 'completed', progress: 100 }
      : item.id === 13
        ? { ...item, locked: false }
        : item,
  ),
  next_part_id: 13,
};

let education: EducationPlayerData = before;

function serve() {
  education = before;
  const get = vi.spyOn(http, 'get').mockImplementation(((url: string) => {
    if (url === 'api/educations/1/player') return Promise.resolve({ data: education });
    if (url === 'api/contents/102/player')
      return Promise.resolve({
        data: { content: content(102, 'link', 'Phishing in practice'), progress: null, cmi: null, preview: false },
      });
    if (url === 'api/contents/103/player')
      return Promise.resolve({
        data: { content: content(103, 'page', 'Final check'), progress: null, cmi: null, preview: false },
      });
    return Promise.reject(new Error(`unexpected ${url}`));
  }) as never);
  // The server completes the link when it is opened, and rolls the education up.
  const post = vi.spyOn(http, 'post').mockImplementation((async () => {
    education = after;
    return { data: progress('completed', 100) };
  }) as never);
  return { get, post };
}

function renderPlayer(at = '/eduction/1/player') {
  return renderPage(
    [
      { path: '/eduction/:id/player', element: <PlayerPage /> },
      { path: '/404', element: <p>not found page</p> },
    ],
    { at },
  ).router;
}

describe('the player in education mode', { timeout: 20_000 }, () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens at the part the server names next, with the parts, their progress and locks beside it', async () => {
    const { get } = serve();
    const router = renderPlayer();
    expect((await screen.findByTestId('player-part-title')).textContent).toBe('Phishing in practice');
    // Pinned in the address, so the page stays on it when it completes and the server's next part moves on.
    await waitFor(() => expect(router.state.location.search).toBe('?part=12'));
    expect(get).toHaveBeenCalledWith('api/contents/102/player');
    expect(screen.getByTestId('player-title').textContent).toBe('Information security basics');
    const parts = screen.getAllByTestId('part');
    expect(parts.map((item) => item.getAttribute('data-locked'))).toEqual(['false', 'false', 'true']);
    expect(within(parts[1]!).getByRole('link').getAttribute('aria-current')).toBe('step');
    expect(within(parts[2]!).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('education-rate').getAttribute('data-value')).toBe('33');
  });

  it('refreshes the parts when a part completes and offers the next one, which then plays', async () => {
    const { post } = serve();
    const router = renderPlayer();
    await waitFor(() => expect(router.state.location.search).toBe('?part=12'));
    fireEvent.click(await screen.findByTestId('link-open'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/contents/102/progress', expect.anything()));
    // Generous waits: the roll-up's refetch and the next render take their time on a loaded machine.
    const next = await screen.findByTestId('player-next-part', {}, { timeout: 5000 });
    expect(screen.getByText('Up next: Final check')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('education-rate').getAttribute('data-value')).toBe('67'));
    fireEvent.click(next);
    await waitFor(() => expect(router.state.location.search).toBe('?part=13'));
    expect((await screen.findByTestId('page-player', {}, { timeout: 5000 })).textContent).toContain(
      'Check what you learned.',
    );
  });

  it('does not open a locked part asked for by address, and points to the next open one', async () => {
    const { get } = serve();
    const router = renderPlayer('/eduction/1/player?part=13');
    expect(await screen.findByTestId('player-part-locked')).toBeTruthy();
    expect(get).not.toHaveBeenCalledWith('api/contents/103/player');
    fireEvent.click(screen.getByRole('button', { name: 'Go to the next open part' }));
    await waitFor(() => expect(router.state.location.search).toBe('?part=12'));
  });

  it('sends an unknown part or education to the not-found page', async () => {
    serve();
    const router = renderPlayer('/eduction/1/player?part=999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('picks the part: the asked one, else the next, else the first open one', () => {
    expect(partToShow(before, 11)?.id).toBe(11);
    expect(partToShow(before, null)?.id).toBe(12);
    expect(partToShow({ ...after, next_part_id: null }, null)?.id).toBe(11);
    expect(partToShow(before, 999)).toBeNull();
  });
});
