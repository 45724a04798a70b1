import type { AgendaEvent } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import type { SessionUser } from '../../../lib/session.js';
import AgendaPage from './AgendaPage.js';
import { rangeOf, shiftAnchor } from './calendar.js';

const agendaItem = { id: 1, type: 'agenda', type_lang: 'menu.agenda', title: null, status: 1, order: 10 };
let user: Partial<SessionUser> = { id: 1, modules: [], menu: [agendaItem] };
vi.mock('../../../lib/session.js', async (original) => ({
  ...(await original<typeof import('../../../lib/session.js')>()),
  useSessionUser: () => user,
}));

const event = (values: Partial<AgendaEvent>): AgendaEvent => ({
  id: 'program-5-step-1',
  kind: 'program_step_due',
  title: 'Bilgi güvenliği',
  context: 'Oryantasyon',
  all_day: true,
  starts_at: '2026-11-20',
  ends_at: null,
  time_zone: null,
  location: null,
  completed: false,
  cancelled: false,
  sequence: 0,
  target: { type: 'program', id: 5 },
  ...values,
});

const NOVEMBER: AgendaEvent[] = [
  event({}),
  event({
    id: 'education-7-start',
    kind: 'education_start',
    title: 'Yangın güvenliği',
    context: null,
    starts_at: '2026-11-03',
    completed: true,
    target: { type: 'education', id: 7 },
  }),
];

/** The server: the events of the range asked for; the feed as the state says. */
function serve(options: { feed?: boolean; fail?: boolean } = {}) {
  const asked: Record<string, string>[] = [];
  const get = vi.spyOn(http, 'get').mockImplementation(((
    url: string,
    _id: unknown,
    query: Record<string, string> = {},
  ) => {
    if (url === 'api/my/agenda') {
      asked.push(query);
      if (options.fail) return Promise.reject(new Error('The server is away.'));
      const within = (day: string) => day >= (query.from ?? '') && day <= (query.to ?? '');
      return Promise.resolve({ data: NOVEMBER.filter((item) => within(item.starts_at)) });
    }
    if (url === 'api/my/agenda/feed')
      return Promise.resolve({
        data: options.feed
          ? { exists: true, created_at: '2026-11-01T09:00:00Z', last_used_at: null }
          : { exists: false, created_at: null, last_used_at: null },
      });
    return Promise.reject(new Error(`unexpected ${url}`));
  }) as never);
  return { asked, get };
}

const eventLinks = () => screen.queryAllByTestId('agenda-event');

describe('AgendaPage (/agenda)', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    user = { id: 1, modules: [], menu: [agendaItem] };
  });

  it("shows the month's events on their days, each linking to its page, and moves by month", async () => {
    const { asked } = serve();
    const router = renderPage(<AgendaPage />, { path: '/agenda', at: '/agenda?view=month&date=2026-11-15' }).router;
    await waitFor(() => expect(eventLinks()).toHaveLength(2));
    expect(asked[0]).toEqual(rangeOf('month', '2026-11-15'));
    expect(asked[0]).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(screen.getByTestId('agenda-heading').textContent).toBe('November 2026');
    const month = screen.getByTestId('agenda-month');
    const day20 = month.querySelector('[data-day="2026-11-20"]') as HTMLElement;
    const step = within(day20).getByTestId('agenda-event');
    expect(step.getAttribute('href')).toBe('/my-education?program=5');
    expect(step.getAttribute('data-kind')).toBe('program_step_due');
    const start = within(month.querySelector('[data-day="2026-11-03"]') as HTMLElement).getByTestId('agenda-event');
    expect(start.getAttribute('href')).toBe('/education/7/detail');
    expect(start.textContent).toContain('Completed');

    fireEvent.click(screen.getByTestId('agenda-next'));
    await waitFor(() => expect(screen.getByTestId('agenda-heading').textContent).toBe('December 2026'));
    expect(router.state.location.search).toBe(`?view=month&date=${shiftAnchor('month', '2026-11-15', 1)}`);
    await waitFor(() => expect(screen.getByTestId('agenda-empty')).toBeTruthy());
    expect(screen.getByTestId('agenda-empty').textContent).toContain('Nothing in your calendar this month');
    fireEvent.click(screen.getByTestId('agenda-previous'));
    await waitFor(() => expect(eventLinks()).toHaveLength(2));
  });

  it('lists the month by day and shows a week, switching views in the address', async () => {
    serve();
    const router = renderPage(<AgendaPage />, { path: '/agenda', at: '/agenda?view=month&date=2026-11-15' }).router;
    await waitFor(() => expect(eventLinks()).toHaveLength(2));
    fireEvent.click(screen.getByRole('radio', { name: 'List' }));
    await waitFor(() => expect(screen.getByTestId('agenda-list')).toBeTruthy());
    expect(router.state.location.search).toBe('?view=list&date=2026-11-15');
    const list = screen.getByTestId('agenda-list');
    expect([...list.querySelectorAll('[data-day]')].map((day) => day.getAttribute('data-day'))).toEqual([
      '2026-11-03',
      '2026-11-20',
    ]);
    // The list says what each event is and where it belongs.
    expect(within(list).getAllByTestId('agenda-event')[1]?.textContent).toContain('Programme step due');
    expect(within(list).getAllByTestId('agenda-event')[1]?.textContent).toContain('Oryantasyon');

    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(screen.getByTestId('agenda-heading').textContent).toBe('9 November – 15 November 2026'));
    // Nothing in that week: the week says so.
    await waitFor(() => expect(screen.getByTestId('agenda-empty').textContent).toContain('this week'));
    fireEvent.click(screen.getByTestId('agenda-next'));
    await waitFor(() => expect(screen.getByTestId('agenda-week')).toBeTruthy());
    expect(within(screen.getByTestId('agenda-week')).getAllByTestId('agenda-event')).toHaveLength(1);
  });

  it('opens on the list on a phone', async () => {
    serve();
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: true })) as typeof window.matchMedia;
    try {
      renderPage(<AgendaPage />, { path: '/agenda', at: '/agenda?date=2026-11-15' });
      await waitFor(() => expect(screen.getByTestId('agenda-list')).toBeTruthy());
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('shows the failure with a way to try again', async () => {
    serve({ fail: true });
    renderPage(<AgendaPage />, { path: '/agenda', at: '/agenda?view=month&date=2026-11-15' });
    await waitFor(() => expect(screen.getByTestId('agenda-error').textContent).toContain('could not be loaded'));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sends a company without the agenda item to /403', async () => {
    serve();
    user = { id: 1, modules: [], menu: [{ ...agendaItem, status: 0 }] };
    const router = renderPage(
      [
        { path: '/agenda', element: <AgendaPage /> },
        { path: '/403', element: <p>forbidden</p> },
      ],
      { at: '/agenda' },
    ).router;
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });

  describe('the subscription panel', () => {
    it('creates the address once and shows it with a copy button', async () => {
      serve();
      const post = vi.spyOn(http, 'post').mockResolvedValue({
        data: { url: 'http://demo.localhost/api/agenda/feed/abc.ics', created_at: '2026-11-26T10:00:00Z' },
      } as never);
      renderPage(<AgendaPage />, { path: '/agenda', at: '/agenda?view=list&date=2026-11-15' });
      await waitFor(() => expect(screen.getByTestId('agenda-feed-none')).toBeTruthy());
      fireEvent.click(screen.getByTestId('agenda-feed-create'));
      await waitFor(() =>
        expect((screen.getByTestId('agenda-feed-url') as HTMLInputElement).value).toBe(
          'http://demo.localhost/api/agenda/feed/abc.ics',
        ),
      );
      expect(post).toHaveBeenCalledWith('api/my/agenda/feed');
      expect(screen.getByTestId('agenda-feed-copy').getAttribute('aria-label')).toBe('Copy');
    });

    it('revokes the address only after a confirmation', async () => {
      serve({ feed: true });
      const remove = vi.spyOn(http, 'delete').mockResolvedValue(null as never);
      renderPage(<AgendaPage />, { path: '/agenda', at: '/agenda?view=list&date=2026-11-15' });
      await waitFor(() => expect(screen.getByTestId('agenda-feed-exists').textContent).toContain('has not read'));
      // The page brings its own modals provider (the learner frame has none); the test's providers add another, so
      // each confirmation shows twice here.
      fireEvent.click(screen.getByTestId('agenda-feed-revoke'));
      await waitFor(() => expect(screen.getAllByTestId('confirm-cancel').length).toBeGreaterThan(0));
      for (const cancel of screen.getAllByTestId('confirm-cancel')) fireEvent.click(cancel);
      expect(remove).not.toHaveBeenCalled();
      fireEvent.click(screen.getByTestId('agenda-feed-revoke'));
      await waitFor(() => expect(screen.getAllByTestId('confirm-accept').length).toBeGreaterThan(0));
      fireEvent.click(screen.getAllByTestId('confirm-accept')[0] as HTMLElement);
      await waitFor(() => expect(remove).toHaveBeenCalledWith('api/my/agenda/feed'));
      expect(remove).toHaveBeenCalledTimes(1);
    });
  });
});
