import type { SubscribeAck } from '@kampus/shared';
import type { io } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { type ChannelListener, createRealtimeClient } from './realtime.js';

type Handler = (...args: unknown[]) => void;
type Auth = (send: (data: object) => void) => void;

/** Just enough of a socket.io-client Socket to drive the client from both sides. */
class FakeSocket {
  connected = false;
  connects = 0;
  disconnects = 0;
  readonly sent: { event: string; body: unknown; reply?: Handler }[] = [];
  private readonly handlers = new Map<string, Handler[]>();
  private anyHandlers: Handler[] = [];

  constructor(readonly options: { auth: Auth; transports: string[]; path: string }) {}

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  onAny(handler: Handler) {
    this.anyHandlers.push(handler);
    return this;
  }
  offAny() {
    this.anyHandlers = [];
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  connect() {
    this.connects++;
    return this;
  }
  disconnect() {
    this.disconnects++;
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }
  timeout() {
    return { emit: (event: string, body: unknown, reply: Handler) => this.sent.push({ event, body, reply }) };
  }
  emit(event: string, body: unknown) {
    this.sent.push({ event, body });
    return this;
  }

  // The server's side.
  accept() {
    this.connected = true;
    this.fire('connect');
  }
  refuse(data?: { status: number; code: string }) {
    this.fire('connect_error', Object.assign(new Error('refused'), { data }));
  }
  push(event: string, payload: unknown) {
    for (const handler of this.anyHandlers) handler(event, payload);
  }
  handshake(): Promise<object> {
    return new Promise((resolve) => this.options.auth(resolve));
  }
  subscriptions() {
    return this.sent.filter((s) => s.event === 'subscribe').map((s) => (s.body as { channel: string }).channel);
  }
  private fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

function setup(token: string | null = 'token-1') {
  const session = { token, identity: token ? '5@7' : null };
  const sockets: FakeSocket[] = [];
  const renewSession = vi.fn(async () => undefined);
  const client = createRealtimeClient({
    getToken: () => session.token,
    getIdentity: () => session.identity,
    getLanguage: () => 'az',
    renewSession,
    connect: ((_url: string, options: FakeSocket['options']) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    }) as unknown as typeof io,
  });
  return { client, session, sockets, renewSession, socket: () => sockets.at(-1) as FakeSocket };
}

function listener(): ChannelListener & { acks: SubscribeAck[]; events: Record<string, Handler>; lost: boolean[] } {
  const acks: SubscribeAck[] = [];
  const lost: boolean[] = [];
  return {
    acks,
    lost,
    events: { presence: vi.fn(), 'point-event': vi.fn() },
    onAck: (ack) => acks.push(ack),
    onConnectionLost: (final) => lost.push(final),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('realtime client', () => {
  it('opens one WebSocket connection on the first subscription, reading the token at each handshake', async () => {
    const { client, session, sockets, socket } = setup();
    client.subscribe('online-users-1', listener());
    client.subscribe('point-channel-5', listener());
    expect(sockets).toHaveLength(1);
    expect(socket().options).toMatchObject({ path: '/socket.io', transports: ['websocket'] });
    expect(await socket().handshake()).toEqual({ token: 'token-1', lang: 'az' });
    session.token = 'token-2';
    expect(await socket().handshake()).toEqual({ token: 'token-2', lang: 'az' });
  });

  it('does not connect while signed out', () => {
    const { client, sockets } = setup(null);
    client.subscribe('point-channel-5', listener());
    expect(sockets).toHaveLength(0);
  });

  it('subscribes every channel on connection and again after a reconnection, passing answers and events on', () => {
    const { client, socket } = setup();
    const presence = listener();
    const points = listener();
    client.subscribe('online-users-1', presence);
    client.subscribe('point-channel-5', points);
    socket().accept();
    expect(socket().subscriptions()).toEqual(['online-users-1', 'point-channel-5']);

    const [first] = socket().sent;
    first?.reply?.(null, { ok: true, channel: 'online-users-1', members: [] });
    expect(presence.acks).toEqual([{ ok: true, channel: 'online-users-1', members: [] }]);
    expect(points.acks).toEqual([]);

    socket().push('point-event', { message: 'hi' });
    expect(points.events['point-event']).toHaveBeenCalledWith({ message: 'hi' });

    socket().accept();
    expect(socket().subscriptions()).toEqual([
      'online-users-1',
      'point-channel-5',
      'online-users-1',
      'point-channel-5',
    ]);
  });

  it('answers a subscription that times out or is malformed as unavailable', () => {
    const { client, socket } = setup();
    const presence = listener();
    client.subscribe('online-users-1', presence);
    socket().accept();
    socket().sent[0]?.reply?.(new Error('timeout'));
    socket().accept();
    socket().sent[1]?.reply?.(null, { ok: 'yes' });
    expect(presence.acks.map((a) => (a.ok ? 'ok' : a.code))).toEqual(['unavailable', 'unavailable']);
  });

  it('unsubscribes a channel when its last listener leaves, and closes with the last channel', () => {
    const { client, socket } = setup();
    const a = client.subscribe('online-users-1', listener());
    const b = client.subscribe('online-users-1', listener());
    const c = client.subscribe('point-channel-5', listener());
    socket().accept();
    a();
    expect(socket().sent.filter((s) => s.event === 'unsubscribe')).toEqual([]);
    b();
    expect(
      socket()
        .sent.filter((s) => s.event === 'unsubscribe')
        .map((s) => s.body),
    ).toEqual([{ channel: 'online-users-1' }]);
    c();
    expect(socket().disconnects).toBe(1);
  });

  it('follows the session: a refreshed token keeps the connection, another person reconnects, signing out closes', () => {
    const { client, session, sockets, socket } = setup();
    client.subscribe('point-channel-5', listener());
    socket().accept();
    session.token = 'refreshed';
    client.sync();
    expect(socket().disconnects).toBe(0);

    session.token = 'impersonated';
    session.identity = '9@7';
    client.sync();
    expect(socket().disconnects).toBe(1);
    expect(socket().connects).toBe(1);

    session.token = null;
    client.sync();
    expect(socket().disconnects).toBe(2);

    session.token = 'token-3';
    client.sync();
    expect(sockets).toHaveLength(2);
  });

  it('renews an expired session once per token before trying again, then gives up', async () => {
    const { client, session, socket, renewSession } = setup();
    const presence = listener();
    client.subscribe('online-users-1', presence);
    renewSession.mockImplementation(async () => {
      session.token = 'renewed';
    });
    socket().refuse({ status: 401, code: 'token_invalid' });
    await flush();
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(socket().connects).toBe(1);
    expect(presence.lost).toEqual([]);

    socket().refuse({ status: 401, code: 'token_invalid' });
    socket().refuse({ status: 401, code: 'token_invalid' });
    await flush();
    expect(renewSession).toHaveBeenCalledTimes(2);
    expect(socket().connects).toBe(1);
    expect(presence.lost).toEqual([true, true]);
  });

  it('gives up at once on other refusals, and waits for Socket.IO to retry after a network failure', async () => {
    const { client, socket, renewSession } = setup();
    const presence = listener();
    client.subscribe('online-users-1', presence);
    socket().refuse({ status: 403, code: 'company_passive' });
    socket().refuse();
    await flush();
    expect(renewSession).not.toHaveBeenCalled();
    expect(presence.lost).toEqual([true, false]);

    client.retry();
    expect(socket().connects).toBe(1);
  });
});
