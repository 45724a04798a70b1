import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVideoGuard, type GuardAlert, type GuardedMedia } from './video-guard.js';

/** A stand-in for `<video>`: settable time and rate, events fired by hand, seeking as a browser does it. */
class FakeMedia implements GuardedMedia {
  private time = 0;
  playbackRate = 1;
  disablePictureInPicture = false;
  private listeners = new Map<string, Set<() => void>>();
  get currentTime() {
    return this.time;
  }
  set currentTime(value: number) {
    // A browser fires `seeking` when the time is set, then `seeked`.
    this.time = value;
    this.fire('seeking');
    this.fire('seeked');
  }
  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  listenerCount() {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
  /** Plays from the current time to `to` in timeupdates of 0.25 s. */
  playTo(to: number) {
    while (this.time < to) {
      this.time = Math.min(to, this.time + 0.25);
      this.fire('timeupdate');
    }
  }
}

describe('the video guard', () => {
  let alerts: GuardAlert[];
  beforeEach(() => {
    vi.useFakeTimers();
    alerts = [];
  });
  afterEach(() => vi.useRealTimers());

  const guard = (
    furthest = 0,
    pip?: { pictureInPictureElement: unknown; exitPictureInPicture?: () => Promise<void> },
  ) => createVideoGuard({ furthest, onAlert: (alert) => alerts.push(alert), ...(pip ? { pip } : {}) });

  it('snaps a seek more than 2 s beyond the furthest watched point back to it, with the alert', () => {
    const media = new FakeMedia();
    const g = guard(10);
    g.start(media);
    media.currentTime = 30;
    expect(media.currentTime).toBe(10);
    expect(alerts).toEqual(['progress_blocked']);
  });

  it('lets a seek within the tolerance, and any seek back, through', () => {
    const media = new FakeMedia();
    const g = guard(10);
    g.start(media);
    media.currentTime = 11.9;
    expect(media.currentTime).toBe(11.9);
    media.currentTime = 2;
    expect(media.currentTime).toBe(2);
    expect(alerts).toEqual([]);
  });

  it('moves the furthest point by playing, never by seeking', () => {
    const media = new FakeMedia();
    const g = guard(0);
    g.start(media);
    media.playTo(6);
    expect(g.furthest()).toBe(6);
    media.currentTime = 7.5; // allowed (within 2 s), but not watched
    expect(g.furthest()).toBe(6);
    media.currentTime = 20;
    expect(media.currentTime).toBe(6);
    expect(alerts).toEqual(['progress_blocked']);
  });

  it('blocks a time that jumps beyond the furthest point without a seek event (playing past it)', () => {
    const media = new FakeMedia();
    const g = guard(4);
    g.start(media);
    (media as unknown as { time: number }).time = 9;
    media.fire('timeupdate');
    expect(media.currentTime).toBe(4);
    expect(alerts).toEqual(['progress_blocked']);
  });

  it('resets a speed above 1 at the next check (every second) and at once on a rate change', () => {
    const media = new FakeMedia();
    const g = guard();
    g.start(media);
    media.playbackRate = 2;
    expect(alerts).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(media.playbackRate).toBe(1);
    expect(alerts).toEqual(['speed_changed']);
    media.playbackRate = 1.5;
    media.fire('ratechange');
    expect(media.playbackRate).toBe(1);
    media.playbackRate = 0.5; // slower is allowed
    vi.advanceTimersByTime(3000);
    expect(media.playbackRate).toBe(0.5);
    expect(alerts).toEqual(['speed_changed', 'speed_changed']);
  });

  it('disables Picture-in-Picture and leaves it when entered anyway', async () => {
    const media = new FakeMedia();
    const host = {
      pictureInPictureElement: null as unknown,
      exitPictureInPicture: vi.fn(async () => {
        host.pictureInPictureElement = null;
      }),
    };
    const g = guard(0, host);
    g.start(media);
    expect(media.disablePictureInPicture).toBe(true);
    host.pictureInPictureElement = media;
    media.fire('enterpictureinpicture');
    expect(host.exitPictureInPicture).toHaveBeenCalledOnce();
    expect(alerts).toEqual(['pip_detected']);
  });

  it('says the video element was not found when there is none', () => {
    guard().start(null);
    expect(alerts).toEqual(['element_not_found']);
  });

  it('off() removes its listeners and the speed check', () => {
    const media = new FakeMedia();
    const g = guard(0);
    g.start(media);
    expect(media.listenerCount()).toBeGreaterThan(0);
    g.off();
    expect(media.listenerCount()).toBe(0);
    media.currentTime = 50;
    media.playbackRate = 2;
    vi.advanceTimersByTime(5000);
    expect(media.currentTime).toBe(50);
    expect(media.playbackRate).toBe(2);
    expect(alerts).toEqual([]);
  });
});
