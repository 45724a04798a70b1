import type { CompanySelf, OnlineUser, SubscribeAck } from '@kampus/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import type { ChannelListener } from '../../../lib/realtime.js';
import type { SessionUser } from '../../../lib/session.js';
import { OnlineUsers } from './OnlineUsers.js';
import { usePointToasts } from './usePointToasts.js';

/** The realtime layer stands in for the server: tests answer subscriptions and push events by hand. */
const channels = vi.hoisted(() => new Map<string, ChannelListener>());
const retry = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/realtime.js', async () => {
  const { useEffect, useRef } = await import('react');
  return {
    realtime: { retry },
    useRealtimeChannel(channel: string | null, listener: ChannelListener) {
      const latest = useRef(listener);
      latest.current = listener;
      useEffect(() => {
        if (!channel) return;
        channels.set(channel, {
          onAck: (ack) => latest.current.onAck?.(ack),
          onConnectionLost: (final) => latest.current.onConnectionLost?.(final),
          events: new Proxy({}, { get: (_t, name: string) => latest.current.events?.[name] }),
        });
        return () => {
          channels.delete(channel);
        };
      }, [channel]);
    },
  };
});

const learner = vi.hoisted(
  (): SessionUser => ({
    id: 5,
    name: 'Deniz',
    surname: 'Öğrenci',
    email: 'learner@demo.test',
    photo: null,
    language: 'en',
    company_id: 7,
    company_name: 'Demo Holding',
    company: { id: 7, name: 'Demo Holding' },
    menu: [],
    modules: [],
    roles: [{ id: 3, name: 'user', permissions: [] }],
    scopes: [],
    impersonator: null,
  }),
);
vi.mock('../../../lib/session.js', () => ({ useSessionUser: () => learner }));

const company = (overrides: Partial<CompanySelf> = {}): CompanySelf => ({
  id: 7,
  name: 'Demo Holding',
  company_name: 'Demo Holding',
  slug: 'demo',
  logo_link: null,
  default_language: 'en',
  settings: [{ key: 'hide_online_users', value: false }],
  surname_view_restrict: 1,
  is_group_alias: false,
  can_switch_company: false,
  parent: null,
  children: [],
  ...overrides,
});

const online = (id: number, name: string, surname: string, status = true): OnlineUser => ({
  user: { id },
  name,
  surname,
  status,
});

function PointToasts() {
  usePointToasts();
  return null;
}

function renderHeader(self: CompanySelf = company()) {
  renderPage(
    <>
      <OnlineUsers />
      <PointToasts />
    </>,
    { company: self },
  );
}

type AckBody = SubscribeAck extends infer A ? (A extends SubscribeAck ? Omit<A, 'channel'> : never) : never;

function answer(channel: string, ack: AckBody) {
  act(() => channels.get(channel)?.onAck?.({ ...ack, channel } as SubscribeAck));
}
function push(channel: string, event: string, payload: unknown) {
  act(() => channels.get(channel)?.events?.[event]?.(payload));
}

describe('OnlineUsers and the point toast', () => {
  beforeEach(() => retry.mockReset());
  afterEach(() => {
    cleanup();
    channels.clear();
  });

  it('subscribes to the acting company and shows the loading state until the server answers', async () => {
    renderHeader();
    const button = screen.getByTestId('online-count');
    expect(button.getAttribute('aria-label')).toBe('Online users');
    expect([...channels.keys()].sort()).toEqual(['online-users-7', 'point-channel-5']);
    fireEvent.click(button);
    expect((await screen.findByTestId('online-dialog')).textContent).toContain('Loading online users…');
  });

  it('counts everyone, lists oneself first in full and the others by initials and masked surname', async () => {
    renderHeader();
    answer('online-users-7', {
      ok: true,
      members: [online(9, 'Derya', 'Y****'), online(5, 'Deniz', 'Öğrenci'), online(11, 'Ayşe', 'Kaya')],
    });
    const button = screen.getByTestId('online-count');
    expect(button.textContent).toBe('3');
    expect(button.getAttribute('aria-label')).toBe('Online users: 3');
    fireEvent.click(button);
    const rows = within(await screen.findByTestId('online-list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['DÖDeniz Öğrenci(you)', 'DYDerya Y****', 'AKAyşe K****']);
  });

  it('marks a leaver as just gone, and a joiner is added', async () => {
    renderHeader();
    answer('online-users-7', { ok: true, members: [online(5, 'Deniz', 'Öğrenci'), online(9, 'Derya', 'Y****')] });
    push('online-users-7', 'presence', online(9, 'Derya', 'Y****', false));
    push('online-users-7', 'presence', online(12, 'Can', 'A****'));
    push('online-users-7', 'presence', { user: { id: 'bad' } });
    expect(screen.getByTestId('online-count').textContent).toBe('3');
    fireEvent.click(screen.getByTestId('online-count'));
    const rows = within(await screen.findByTestId('online-list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DÖDeniz Öğrenci(you)',
      'DYDerya Y****Just left',
      'CACan A****',
    ]);
  });

  it('says nobody else is online when one is alone', async () => {
    renderHeader();
    answer('online-users-7', { ok: true, members: [online(5, 'Deniz', 'Öğrenci')] });
    fireEvent.click(screen.getByTestId('online-count'));
    expect((await screen.findByTestId('online-list')).textContent).toContain('Nobody else is online right now.');
  });

  it('shows a lost connection with a retry', async () => {
    renderHeader();
    act(() => channels.get('online-users-7')?.onConnectionLost?.(true));
    fireEvent.click(screen.getByTestId('online-count'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The live connection is unavailable right now.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('online-dialog')).textContent).toContain('Loading online users…');
  });

  it('is not shown when the company hides online users, by setting or by the refusal of the server', () => {
    renderHeader(company({ settings: [{ key: 'hide_online_users', value: true }] }));
    expect(screen.queryByTestId('online-count')).toBeNull();
    cleanup();

    renderHeader();
    answer('online-users-7', { ok: false, code: 'hidden', message: 'hidden' });
    expect(screen.queryByTestId('online-count')).toBeNull();
  });

  it('congratulates on a point event', async () => {
    renderHeader();
    push('point-channel-5', 'point-event', { message: '' });
    expect(await screen.findByText('Congratulations, you earned points!')).toBeTruthy();
    push('point-channel-5', 'point-event', {
      message: 'Congratulations, you earned 10 points: Content completed',
      points: 10,
    });
    expect(await screen.findByText('Congratulations, you earned 10 points: Content completed')).toBeTruthy();
    expect(screen.getByText('Points earned')).toBeTruthy();
  });
});
