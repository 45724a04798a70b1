import { onlineUserSchema, REALTIME_EVENTS, type RealtimeRefusal } from '@kampus/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { realtime, useRealtimeChannel } from '../../../lib/realtime.js';
import { createPresenceStore } from './presence.js';

export type PresenceStatus =
  | { kind: 'connecting' }
  | { kind: 'ready' }
  | { kind: 'refused'; code: RealtimeRefusal }
  /** The connection was refused or dropped for good; Socket.IO will not retry by itself. */
  | { kind: 'failed' };

/** The members of a presence channel, kept by the reducer as the server reports joins and leaves. */
export function usePresence(channel: string | null) {
  const [store] = useState(() => createPresenceStore());
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const [status, setStatus] = useState<PresenceStatus>({ kind: 'connecting' });
  useEffect(() => () => store.dispose(), [store]);

  useRealtimeChannel(channel, {
    events: {
      [REALTIME_EVENTS.presence]: (payload) => {
        const parsed = onlineUserSchema.safeParse(payload);
        if (parsed.success) store.dispatch({ type: 'update', user: parsed.data });
      },
    },
    onAck: (ack) => {
      if (ack.ok) {
        store.dispatch({ type: 'reset', members: ack.members ?? [] });
        setStatus({ kind: 'ready' });
      } else {
        setStatus({ kind: 'refused', code: ack.code });
      }
    },
    onConnectionLost: (final) => setStatus(final ? { kind: 'failed' } : { kind: 'connecting' }),
  });

  return {
    members: state.members,
    status,
    retry: () => {
      setStatus({ kind: 'connecting' });
      realtime.retry();
    },
  };
}
