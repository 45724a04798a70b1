import { OFFLINE_REMOVAL_DELAY_MS, type OnlineUser } from '@kampus/shared';

/** The people of a presence channel, in the order they came; status false marks someone who just left. */
export interface PresenceState {
  members: OnlineUser[];
}

export type PresenceAction =
  /** The server's member list, after every (re)subscription. */
  | { type: 'reset'; members: OnlineUser[] }
  /** Someone joined (status true) or left (status false). */
  | { type: 'update'; user: OnlineUser }
  /** The removal delay of someone who left has passed. */
  | { type: 'remove'; userId: number };

export const EMPTY_PRESENCE: PresenceState = { members: [] };

/** Online presence (spec §4): join or leave; a leaver is removed only if still gone when the delay ends. */
export function presenceReducer(state: PresenceState, action: PresenceAction): PresenceState {
  switch (action.type) {
    case 'reset': {
      const unique = new Map(action.members.map((m) => [m.user.id, { ...m, status: true }]));
      return { members: [...unique.values()] };
    }
    case 'update': {
      const { user } = action;
      const index = state.members.findIndex((m) => m.user.id === user.user.id);
      if (index === -1) return user.status ? { members: [...state.members, user] } : state;
      const members = [...state.members];
      members[index] = user;
      return { members };
    }
    case 'remove': {
      const gone = state.members.find((m) => m.user.id === action.userId);
      if (!gone || gone.status) return state;
      return { members: state.members.filter((m) => m !== gone) };
    }
  }
}

interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The reducer with its clock: a leave schedules the removal after OFFLINE_REMOVAL_DELAY_MS (spec §9), a rejoin or a
 * new member list cancels it. Framework-free so the timing can be tested with fake timers.
 */
export function createPresenceStore(
  delayMs = OFFLINE_REMOVAL_DELAY_MS,
  timers: Timers = {
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
  },
) {
  let state = EMPTY_PRESENCE;
  const listeners = new Set<() => void>();
  const removals = new Map<number, unknown>();

  function cancelRemoval(userId: number): void {
    if (!removals.has(userId)) return;
    timers.clearTimeout(removals.get(userId));
    removals.delete(userId);
  }

  function dispatch(action: PresenceAction): void {
    const next = presenceReducer(state, action);
    if (action.type === 'reset') for (const userId of [...removals.keys()]) cancelRemoval(userId);
    if (action.type === 'update') {
      const userId = action.user.user.id;
      cancelRemoval(userId);
      const isLeaving = next.members.some((m) => m.user.id === userId && !m.status);
      if (isLeaving) {
        removals.set(
          userId,
          timers.setTimeout(() => {
            removals.delete(userId);
            dispatch({ type: 'remove', userId });
          }, delayMs),
        );
      }
    }
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    dispatch,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose(): void {
      for (const userId of [...removals.keys()]) cancelRemoval(userId);
    },
  };
}

export type PresenceStore = ReturnType<typeof createPresenceStore>;
