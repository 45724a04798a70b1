import type { WatchedRange } from '@kampus/shared';

/** Ranges closer than this are one (timeupdate's rounding must not split a continuous watch). */
const JOIN_GAP_S = 0.05;
/**
 * The longest step between two timeupdates that still counts as playing through: browsers fire it every 15–250 ms,
 * and a busy or throttled tab may be later. A longer jump is a seek, never watched.
 */
const MAX_STEP_S = 1.5;
/** What one report may carry (progressReportSchema). */
export const RANGES_PER_REPORT = 50;

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Sorted, overlapping and touching ranges joined, empty ones dropped. */
export function mergeRanges(ranges: readonly WatchedRange[]): WatchedRange[] {
  const sorted = ranges.filter(([from, to]) => to > from).sort((a, b) => a[0] - b[0]);
  const merged: WatchedRange[] = [];
  for (const [from, to] of sorted) {
    const last = merged.at(-1);
    if (last && from <= last[1] + JOIN_GAP_S) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged.map(([from, to]): WatchedRange => [round(from), round(to)]).filter(([from, to]) => to > from);
}

/**
 * Collects the seconds actually played, from the media's timeupdates while playing: each step forward of at most
 * MAX_STEP_S from the previous time is played; a seek, a pause or a jump starts a new stretch. `take()` hands over
 * what was played since the last call (merged) and forgets it.
 */
export class PlayedRanges {
  private pending: WatchedRange[] = [];
  private last: number | null = null;

  /** A timeupdate: `playing` is false while paused or seeking, which records nothing. */
  time(current: number, playing: boolean): void {
    if (!playing) {
      this.last = null;
      return;
    }
    const last = this.last;
    this.last = current;
    if (last === null) return;
    const step = current - last;
    if (step > 0 && step <= MAX_STEP_S) this.pending.push([last, current]);
  }

  /** Playing starts (or resumes after a seek) at `current`: the stretch runs from here. */
  from(current: number): void {
    this.last = current;
  }

  /** A seek or a pause: the next timeupdate starts a new stretch. */
  break(): void {
    this.last = null;
  }

  /** Whether anything was played since the last take. */
  get empty(): boolean {
    return mergeRanges(this.pending).length === 0;
  }

  /** What was played since the last take, merged, at most RANGES_PER_REPORT ranges (the rest stays for the next). */
  take(): WatchedRange[] {
    const merged = mergeRanges(this.pending);
    const now = merged.slice(0, RANGES_PER_REPORT);
    this.pending = merged.slice(RANGES_PER_REPORT);
    return now;
  }
}
