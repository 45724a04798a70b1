import { describe, expect, it } from 'vitest';
import {
  acceptVideoRanges,
  furthestPoint,
  mergeRanges,
  newSessionStart,
  readingSeconds,
  sessionCredit,
  watchedPercent,
} from './progress.js';

const guarded = { guardEnabled: true, duration: 60, credit: 1000 };

describe('watched ranges', () => {
  it('merges overlapping and nearly touching intervals and drops empty ones', () => {
    expect(
      mergeRanges([
        [10, 20],
        [0, 5],
        [5.3, 8],
        [19, 25],
        [30, 30],
      ]),
    ).toEqual([
      [0, 8],
      [10, 25],
    ]);
  });

  it('knows the furthest point only from the part that starts at the beginning', () => {
    expect(
      furthestPoint([
        [0, 12],
        [20, 30],
      ]),
    ).toBe(12);
    expect(
      furthestPoint([
        [0, 12],
        [13.5, 30],
      ]),
    ).toBe(30);
    expect(furthestPoint([[5, 12]])).toBe(0);
    expect(furthestPoint([])).toBe(0);
  });

  it('counts the percentage watched, never above 100 and 0 without a length', () => {
    expect(watchedPercent([[0, 30]], 60)).toBe(50);
    expect(watchedPercent([[0, 59.99]], 60)).toBe(99);
    expect(watchedPercent([[0, 70]], 60)).toBe(100);
    expect(watchedPercent([[0, 70]], null)).toBe(0);
  });
});

describe('accepting a video report', () => {
  it('adds what was played in order', () => {
    const outcome = acceptVideoRanges({ ...guarded, ranges: [[0, 10]] }, [[10, 15]]);
    expect(outcome).toEqual({ ranges: [[0, 15]], added: 5, refused: false });
  });

  it('refuses a skip ahead past the tolerance when the guard is on, and accepts it when off', () => {
    const skipped = acceptVideoRanges({ ...guarded, ranges: [[0, 10]] }, [[40, 45]]);
    expect(skipped).toEqual({ ranges: [[0, 10]], added: 0, refused: true });
    const within = acceptVideoRanges({ ...guarded, ranges: [[0, 10]] }, [[11.5, 14]]);
    expect(within.ranges).toEqual([
      [0, 10],
      [11.5, 14],
    ]);
    expect(furthestPoint(within.ranges)).toBe(14);
    const free = acceptVideoRanges({ ...guarded, guardEnabled: false, ranges: [[0, 10]] }, [[40, 45]]);
    expect(free.ranges).toEqual([
      [0, 10],
      [40, 45],
    ]);
  });

  it('never adds more new coverage than the wall time allows, clipping the rest', () => {
    const outcome = acceptVideoRanges({ ...guarded, credit: 7, ranges: [] }, [[0, 60]]);
    expect(outcome).toEqual({ ranges: [[0, 7]], added: 7, refused: true });
  });

  it('costs no credit to watch again what was watched', () => {
    const outcome = acceptVideoRanges({ ...guarded, credit: 1, ranges: [[0, 30]] }, [[0, 30]]);
    expect(outcome).toEqual({ ranges: [[0, 30]], added: 0, refused: false });
  });

  it('clips a report past the end of the video', () => {
    const outcome = acceptVideoRanges({ ...guarded, ranges: [[0, 58]] }, [[58, 90]]);
    expect(outcome.ranges).toEqual([[0, 60]]);
    expect(outcome.refused).toBe(true);
  });

  it('accepts the same report twice without counting it twice', () => {
    const first = acceptVideoRanges({ ...guarded, ranges: [] }, [[0, 5]]);
    const again = acceptVideoRanges({ ...guarded, ranges: first.ranges }, [[0, 5]]);
    expect(again).toEqual({ ranges: [[0, 5]], added: 0, refused: false });
  });
});

describe('sessions and wall time', () => {
  const now = new Date('2026-01-01T10:00:00Z');
  const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000);

  it('starts a new session no earlier than the previous write nor one report window ago', () => {
    expect(newSessionStart(secondsAgo(3), now)).toEqual(secondsAgo(3));
    expect(newSessionStart(secondsAgo(3600), now)).toEqual(secondsAgo(10));
  });

  it('gives a session its age plus the tolerance, less what it already added', () => {
    expect(sessionCredit({ startedAt: secondsAgo(30), credited: 20 }, now)).toBe(12);
    expect(sessionCredit({ startedAt: now, credited: 0 }, now)).toBe(2);
  });

  it('counts reading time up to one report window', () => {
    expect(readingSeconds(secondsAgo(4), now)).toBe(4);
    expect(readingSeconds(secondsAgo(600), now)).toBe(10);
  });
});
