import { PROGRESS_HEARTBEAT_MS, VIDEO_GUARD_TOLERANCE_S, type WatchedRange } from '@kampus/shared';

/**
 * The rules of honest progress, kept free of the database so they can be tested on their own: what the server
 * accepts of a player's report, and what it makes of it.
 */

/** Gaps up to this many seconds between two watched intervals close: timeupdate fires every 250 ms or so. */
const MERGE_GAP_S = 0.5;
/** A report may account for at most this much wall time since the one before it (a tab asleep is not watching). */
export const REPORT_WINDOW_S = (2 * PROGRESS_HEARTBEAT_MS) / 1000;

/** Sorted, merged intervals; empty and reversed ones dropped. */
export function mergeRanges(ranges: readonly WatchedRange[]): WatchedRange[] {
  const sorted = ranges.filter(([from, to]) => to > from).sort((a, b) => a[0] - b[0]);
  const merged: WatchedRange[] = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1] + MERGE_GAP_S) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

export const coveredSeconds = (ranges: readonly WatchedRange[]): number =>
  ranges.reduce((sum, [from, to]) => sum + (to - from), 0);

/**
 * The furthest watched point, as the guard sees it: the end of the watched part that starts at the beginning, each
 * gap in it no longer than the tolerance the guard lets a learner jump (what the player allowed, the server allows).
 */
export function furthestPoint(ranges: readonly WatchedRange[]): number {
  let furthest = 0;
  for (const [from, to] of ranges) {
    if (from > furthest + VIDEO_GUARD_TOLERANCE_S) break;
    furthest = Math.max(furthest, to);
  }
  return furthest;
}

/** The parts of `range` not yet in `covered` (covered merged and sorted). */
function uncovered(range: WatchedRange, covered: readonly WatchedRange[]): WatchedRange[] {
  const parts: WatchedRange[] = [];
  let [from] = range;
  const to = range[1];
  for (const [start, end] of covered) {
    if (end <= from) continue;
    if (start >= to) break;
    if (start > from) parts.push([from, start]);
    from = Math.max(from, end);
    if (from >= to) break;
  }
  if (from < to) parts.push([from, to]);
  return parts;
}

export interface VideoState {
  ranges: WatchedRange[];
  guardEnabled: boolean;
  /** Seconds; null while nobody knows the video's length. */
  duration: number | null;
  /** Seconds of new coverage the session may still add: its wall-clock age plus the tolerance, less what it added. */
  credit: number;
}

export interface VideoOutcome {
  ranges: WatchedRange[];
  /** New seconds of coverage accepted. */
  added: number;
  /** Whether something reported was refused (skipped ahead, faster than wall time, past the end). */
  refused: boolean;
}

/**
 * Adds the reported intervals that are honest: within the video, not past the furthest watched point by more than
 * the tolerance when the guard is on (a skip ahead), and no more new coverage than the wall time the session has
 * had (nobody watches ten minutes in five seconds). What is refused is clipped, not thrown away whole: a report that
 * ran a little ahead of its credit keeps the part that fits.
 */
export function acceptVideoRanges(state: VideoState, reported: readonly WatchedRange[]): VideoOutcome {
  let covered = mergeRanges(state.ranges);
  let credit = Math.max(0, state.credit);
  let added = 0;
  let refused = false;
  const end = state.duration ?? Number.POSITIVE_INFINITY;
  for (const [rawFrom, rawTo] of mergeRanges(reported)) {
    const from = Math.max(0, rawFrom);
    const to = Math.min(rawTo, end);
    if (to < rawTo) refused = true;
    if (to <= from) continue;
    if (state.guardEnabled && from > furthestPoint(covered) + VIDEO_GUARD_TOLERANCE_S) {
      refused = true;
      continue;
    }
    for (const [partFrom, partTo] of uncovered([from, to], covered)) {
      const take = Math.min(partTo - partFrom, credit);
      if (take < partTo - partFrom) refused = true;
      if (take <= 0) break;
      covered = mergeRanges([...covered, [partFrom, partFrom + take]]);
      credit -= take;
      added += take;
    }
  }
  return { ranges: roundRanges(covered), added, refused };
}

/** Stored with millisecond precision: enough for a player, and the jsonb stays small. */
const roundRanges = (ranges: WatchedRange[]): WatchedRange[] =>
  ranges.map(([from, to]) => [Math.round(from * 1000) / 1000, Math.round(to * 1000) / 1000]);

/** Percent of the video watched, 0–100 (unknown length: 0). */
export function watchedPercent(ranges: readonly WatchedRange[], duration: number | null): number {
  if (!duration || duration <= 0) return 0;
  return Math.min(100, Math.floor((coveredSeconds(ranges) / duration) * 100 + 1e-9));
}

/**
 * What a new report may add in its session: the seconds since the session's start, plus the guard's tolerance, less
 * what the session already added. A session starts at its first report, but no earlier than the previous write of the
 * learner's progress nor than one report window before now (a player reports every PROGRESS_HEARTBEAT_MS), so opening
 * session after session earns nothing.
 */
export function sessionCredit(session: { startedAt: Date; credited: number }, now: Date): number {
  return (now.getTime() - session.startedAt.getTime()) / 1000 + VIDEO_GUARD_TOLERANCE_S - session.credited;
}

export function newSessionStart(previousWrite: Date, now: Date): Date {
  const windowStart = now.getTime() - REPORT_WINDOW_S * 1000;
  return new Date(Math.max(previousWrite.getTime(), windowStart));
}

/** Reading time a report adds: the time since the previous write, at most one report window. */
export function readingSeconds(previousWrite: Date, now: Date): number {
  return Math.max(0, Math.min(REPORT_WINDOW_S, (now.getTime() - previousWrite.getTime()) / 1000));
}
