export type NetworkState = 'online' | 'offline';

/**
 * Decides whether a network notice is shown (spec §8, §9): the same notice again within the cooldown is a repeat and
 * is suppressed; a change of state is always shown, so the last notice on screen matches the connection.
 */
export function createNetworkNoticeGate(cooldownMs: number, now: () => number = Date.now) {
  let last: { state: NetworkState; at: number } | null = null;
  return {
    allow(state: NetworkState): boolean {
      const at = now();
      if (last && last.state === state && at - last.at < cooldownMs) return false;
      last = { state, at };
      return true;
    },
  };
}
