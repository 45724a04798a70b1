import { describe, expect, it } from 'vitest';
import { mergeRanges, PlayedRanges, RANGES_PER_REPORT } from './ranges.js';

describe('mergeRanges', () => {
  it('sorts, joins overlapping and touching ranges and drops empty ones', () => {
    expect(
      mergeRanges([
        [5, 8],
        [0, 2],
        [1.5, 3],
        [3.02, 4],
        [9, 9],
        [8, 8.5],
      ]),
    ).toEqual([
      [0, 4],
      [5, 8.5],
    ]);
  });
});

describe('PlayedRanges', () => {
  const play = (played: PlayedRanges, from: number, to: number) => {
    for (let t = from; t <= to + 1e-9; t += 0.25) played.time(t, true);
  };

  it('collects what was played between timeupdates and hands it over once', () => {
    const played = new PlayedRanges();
    play(played, 0, 3);
    expect(played.take()).toEqual([[0, 3]]);
    expect(played.take()).toEqual([]);
    expect(played.empty).toBe(true);
  });

  it('records nothing for a seek: a jump starts a new stretch', () => {
    const played = new PlayedRanges();
    play(played, 0, 2);
    play(played, 6, 7); // the first timeupdate after the jump is 4 s on: not played
    expect(played.take()).toEqual([
      [0, 2],
      [6, 7],
    ]);
  });

  it('records nothing while paused or seeking, and break() starts anew', () => {
    const played = new PlayedRanges();
    played.time(1, true);
    played.time(1.25, false);
    played.time(1.5, true);
    played.time(1.75, true);
    played.break();
    played.time(2, true);
    played.time(2.25, true);
    expect(played.take()).toEqual([
      [1.5, 1.75],
      [2, 2.25],
    ]);
  });

  it('starts a stretch where playing starts, not at the first timeupdate after it', () => {
    const played = new PlayedRanges();
    played.from(0);
    played.time(0.26, true);
    played.time(0.5, true);
    expect(played.take()).toEqual([[0, 0.5]]);
  });

  it('never counts going backwards', () => {
    const played = new PlayedRanges();
    played.time(5, true);
    played.time(4, true);
    played.time(4.25, true);
    expect(played.take()).toEqual([[4, 4.25]]);
  });

  it('keeps what does not fit into one report for the next', () => {
    const played = new PlayedRanges();
    for (let i = 0; i < RANGES_PER_REPORT + 3; i++) {
      played.break();
      played.time(i * 10, true);
      played.time(i * 10 + 1, true);
    }
    expect(played.take()).toHaveLength(RANGES_PER_REPORT);
    expect(played.take()).toHaveLength(3);
  });
});
