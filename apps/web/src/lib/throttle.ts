/**
 * At most one run per interval; a request made sooner is delayed until the interval ends, and requests made while
 * one is waiting join it (spec §4: mandatory items are re-fetched at most once per 6 s).
 */
export function createIntervalGate(intervalMs: number, now: () => number = Date.now) {
  let lastRun = Number.NEGATIVE_INFINITY;
  let pending: ReturnType<typeof setTimeout> | null = null;
  return {
    request(run: () => void) {
      if (pending !== null) return;
      const wait = lastRun + intervalMs - now();
      if (wait <= 0) {
        lastRun = now();
        run();
        return;
      }
      pending = setTimeout(() => {
        pending = null;
        lastRun = now();
        run();
      }, wait);
    },
    cancel() {
      if (pending !== null) clearTimeout(pending);
      pending = null;
    },
  };
}
