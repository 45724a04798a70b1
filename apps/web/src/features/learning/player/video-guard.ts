import { VIDEO_GUARD_SPEED_CHECK_MS, VIDEO_GUARD_TOLERANCE_S } from '@kampus/shared';

/** The alerts of spec §8 the guard raises; the player shows each for VIDEO_GUARD_ALERT_MS. */
export type GuardAlert = 'progress_blocked' | 'element_not_found' | 'pip_detected' | 'speed_changed';

/** What the guard needs of a `<video>`: a fake with these members stands in for it in tests. */
export interface GuardedMedia {
  currentTime: number;
  playbackRate: number;
  disablePictureInPicture?: boolean;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** What the guard needs of the document: Picture-in-Picture's state and the way out of it. */
export interface PictureInPictureHost {
  pictureInPictureElement: unknown;
  exitPictureInPicture?: () => Promise<void>;
}

export interface VideoGuardOptions {
  /** The furthest second the server says was watched (the learner may always come back up to it). */
  furthest: number;
  onAlert(alert: GuardAlert): void;
  tolerance?: number;
  speedCheckMs?: number;
  pip?: PictureInPictureHost;
}

export interface VideoGuard {
  /** Switches the guard on for this element (spec §4); a missing element raises `element_not_found`. */
  start(media: GuardedMedia | null | undefined): void;
  /** Switches it off: listeners and the speed check are removed, the element is left as it is. */
  off(): void;
  /** The furthest second reached by playing (never by a seek), where a blocked seek snaps back to. */
  furthest(): number;
}

/**
 * The video guard of spec §4/§5/§9: no seeking or playing more than `tolerance` seconds beyond the furthest point
 * reached by playing (snaps back, `progress_blocked`), no speed above 1 (reset every `speedCheckMs`, and at once on a
 * rate change, `speed_changed`), no Picture-in-Picture (disabled; left if entered anyway, `pip_detected`).
 *
 * It guards the browser's side only: what counts as watched is what the server merges from the reported ranges, so a
 * learner who gets past the guard (the console, a modified client) still completes nothing they did not report as
 * played, and a forged report is at worst as good as watching.
 */
export function createVideoGuard(options: VideoGuardOptions): VideoGuard {
  const tolerance = options.tolerance ?? VIDEO_GUARD_TOLERANCE_S;
  const speedCheckMs = options.speedCheckMs ?? VIDEO_GUARD_SPEED_CHECK_MS;
  let furthest = Math.max(0, options.furthest);
  let media: GuardedMedia | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  // The last position seen while playing normally: a timeupdate far from it means a seek happened in between.
  let seeking = false;

  const beyond = (time: number) => time > furthest + tolerance;

  function snapBack() {
    if (!media) return;
    media.currentTime = furthest;
    options.onAlert('progress_blocked');
  }

  const onSeeking = () => {
    if (!media) return;
    seeking = true;
    if (beyond(media.currentTime)) snapBack();
  };
  const onSeeked = () => {
    seeking = false;
  };
  const onTimeUpdate = () => {
    if (!media) return;
    const time = media.currentTime;
    if (beyond(time)) {
      snapBack();
      return;
    }
    // Playing on from within the allowed part moves the furthest point; a seek (even an allowed one) does not.
    if (!seeking) furthest = Math.max(furthest, time);
  };
  const checkSpeed = () => {
    if (!media || media.playbackRate <= 1) return;
    media.playbackRate = 1;
    options.onAlert('speed_changed');
  };
  const leavePictureInPicture = () => {
    const host = options.pip;
    if (!media || !host || host.pictureInPictureElement !== media) return;
    void host.exitPictureInPicture?.().catch(() => undefined);
    options.onAlert('pip_detected');
  };
  const tick = () => {
    checkSpeed();
    leavePictureInPicture();
  };

  const listeners: [string, () => void][] = [
    ['seeking', onSeeking],
    ['seeked', onSeeked],
    ['timeupdate', onTimeUpdate],
    ['ratechange', checkSpeed],
    ['enterpictureinpicture', leavePictureInPicture],
  ];

  function off() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    if (media) for (const [type, listener] of listeners) media.removeEventListener(type, listener);
    media = null;
    seeking = false;
  }

  function start(element: GuardedMedia | null | undefined) {
    off();
    if (!element) {
      options.onAlert('element_not_found');
      return;
    }
    media = element;
    media.disablePictureInPicture = true;
    for (const [type, listener] of listeners) media.addEventListener(type, listener);
    timer = setInterval(tick, speedCheckMs);
    tick();
  }

  return { start, off, furthest: () => furthest };
}
