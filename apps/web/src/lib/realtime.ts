import {
  connectRefusalSchema,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type SubscribeAck,
  subscribeAckSchema,
} from '@kampus/shared';
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { http } from './api.js';
import { i18next } from './i18n.js';
import { sessionStore } from './session.js';
import { STORAGE_KEYS, storage } from './storage.js';

/** What one subscriber of a channel hears. */
export interface ChannelListener {
  /** Handlers by event name; only events of channels one subscribed to arrive. */
  events?: Record<string, (payload: unknown) => void>;
  /** The server confirmed or refused the subscription; again after every reconnection. */
  onAck?(ack: SubscribeAck): void;
  /** The connection dropped (Socket.IO reconnects by itself) or was refused for good (`final`). */
  onConnectionLost?(final: boolean): void;
}

export interface RealtimeOptions {
  /** The API origin; empty means the page's own (the API serves the app, and Vite proxies /socket.io). */
  url?: string;
  getToken(): string | null;
  /** Who the session is (user and acting company): a change means another session, a refreshed token does not. */
  getIdentity(): string | null;
  getLanguage(): string;
  /** Renews the session through the HTTP client, whose refresh queue keeps a single refresh in flight. */
  renewSession(): Promise<unknown>;
  connect?: typeof io;
}

const ACK_TIMEOUT_MS = 10_000;

/**
 * One Socket.IO connection for the signed-in session, opened while anything is subscribed. The token is read at every
 * (re)connection, so a refreshed token is used from the next one on; a handshake refused as expired renews the
 * session once and tries again. Channels are subscribed again after every reconnection.
 */
export function createRealtimeClient(options: RealtimeOptions) {
  const connect = options.connect ?? io;
  const channels = new Map<string, Set<ChannelListener>>();
  let socket: Socket | null = null;
  /** The identity the current connection was opened for. */
  let connectedIdentity: string | null = null;
  let renewedFor: string | null = null;

  const listenersOf = (channel: string) => [...(channels.get(channel) ?? [])];
  const everyListener = () => [...channels.values()].flatMap((set) => [...set]);

  function requestSubscription(channel: string): void {
    socket?.timeout(ACK_TIMEOUT_MS).emit(REALTIME_EVENTS.subscribe, { channel }, (error: unknown, answer: unknown) => {
      if (!channels.has(channel)) return;
      const parsed = subscribeAckSchema.safeParse(answer);
      const ack: SubscribeAck =
        !error && parsed.success ? parsed.data : { ok: false, channel, code: 'unavailable', message: '' };
      for (const listener of listenersOf(channel)) listener.onAck?.(ack);
    });
  }

  /** A refusal by the server is final for Socket.IO; an expired token gets one renewal per token. */
  async function onConnectError(error: Error & { data?: unknown }): Promise<void> {
    const refusal = connectRefusalSchema.safeParse(error.data);
    if (!refusal.success) {
      for (const listener of everyListener()) listener.onConnectionLost?.(false);
      return;
    }
    const token = options.getToken();
    if (refusal.data.status === 401 && token && renewedFor !== token) {
      renewedFor = token;
      await options.renewSession().catch(() => undefined);
      const renewed = options.getToken();
      if (renewed && renewed !== token && socket) {
        socket.connect();
        return;
      }
    }
    for (const listener of everyListener()) listener.onConnectionLost?.(true);
  }

  function open(): void {
    const created = connect(options.url ?? '', {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: (send) => send({ token: options.getToken(), lang: options.getLanguage() }),
    });
    created.on('connect', () => {
      connectedIdentity = options.getIdentity();
      renewedFor = null;
      for (const channel of channels.keys()) requestSubscription(channel);
    });
    created.on('connect_error', (error) => void onConnectError(error));
    created.on('disconnect', (reason) => {
      // The client closing itself is not a loss; the server dropping us is, until the reconnection.
      if (reason === 'io client disconnect') return;
      for (const listener of everyListener()) listener.onConnectionLost?.(reason === 'io server disconnect');
    });
    created.onAny((event: string, payload: unknown) => {
      for (const listener of everyListener()) listener.events?.[event]?.(payload);
    });
    socket = created;
  }

  function close(): void {
    socket?.removeAllListeners();
    socket?.offAny();
    socket?.disconnect();
    socket = null;
    connectedIdentity = null;
  }

  return {
    /** Listens to a channel until the returned function is called; the last one leaving closes the connection. */
    subscribe(channel: string, listener: ChannelListener): () => void {
      const listeners = channels.get(channel) ?? new Set<ChannelListener>();
      channels.set(channel, listeners);
      listeners.add(listener);
      if (!socket && options.getToken()) open();
      // A new listener needs the current answer (presence: today's members), so the server is asked again.
      else if (socket?.connected) requestSubscription(channel);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || channels.get(channel) !== listeners) return;
        channels.delete(channel);
        if (socket?.connected) socket.emit(REALTIME_EVENTS.unsubscribe, { channel });
        if (channels.size === 0) close();
      };
    },
    /** Follows the session: signed out closes the connection, another person or company reconnects. */
    sync(): void {
      const token = options.getToken();
      if (!token) {
        close();
        return;
      }
      if (!socket) {
        if (channels.size > 0) open();
        return;
      }
      if (!socket.connected) {
        renewedFor = null;
        socket.connect();
      } else if (options.getIdentity() !== connectedIdentity) {
        socket.disconnect();
        socket.connect();
      }
    },
    /** Tries again after a connection was refused or given up. */
    retry(): void {
      if (!socket) {
        if (channels.size > 0 && options.getToken()) open();
        return;
      }
      if (socket.connected) {
        for (const channel of channels.keys()) requestSubscription(channel);
      } else {
        renewedFor = null;
        socket.connect();
      }
    },
    close,
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

/** The app's one realtime client, bound to browser storage, the HTTP client and the session. */
export const realtime = createRealtimeClient({
  getToken: () => storage.get<string>(STORAGE_KEYS.token),
  getIdentity: () => {
    const user = sessionStore.user();
    return user ? `${user.id}@${user.company_id}` : null;
  },
  getLanguage: () => storage.get<string>(STORAGE_KEYS.language) ?? i18next.language ?? 'tr',
  // Any authenticated call renews an expired access token through the client's refresh queue.
  renewSession: () => http.get('api/user'),
});
sessionStore.subscribe(() => realtime.sync());

/**
 * Subscribes a component to a channel while it is mounted (and the channel is not null). Handlers may change between
 * renders; the event names are read when the channel is subscribed.
 */
export function useRealtimeChannel(
  channel: string | null,
  listener: ChannelListener,
  client: RealtimeClient = realtime,
) {
  const latest = useRef(listener);
  latest.current = listener;
  const eventNames = Object.keys(listener.events ?? {})
    .sort()
    .join('\n');

  useEffect(() => {
    if (!channel) return;
    const events = Object.fromEntries(
      eventNames
        .split('\n')
        .filter(Boolean)
        .map((name) => [name, (payload: unknown) => latest.current.events?.[name]?.(payload)]),
    );
    return client.subscribe(channel, {
      events,
      onAck: (ack) => latest.current.onAck?.(ack),
      onConnectionLost: (final) => latest.current.onConnectionLost?.(final),
    });
  }, [channel, eventNames, client]);
}
