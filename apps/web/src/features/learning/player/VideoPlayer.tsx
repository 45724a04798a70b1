import { CONTENT_DURATION_MAX_S, type PlayerContent, type PlayerMarker, PROGRESS_HEARTBEAT_MS } from '@kampus/shared';
import { AspectRatio, Box, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardAlertBanner, useGuardAlert } from './GuardAlert.js';
import { MarkerDialog } from './MarkerDialog.js';
import type { ReportBody } from './progress-queue.js';
import { PlayedRanges } from './ranges.js';
import type { ProgressChannel } from './use-progress-reporter.js';
import { createVideoGuard } from './video-guard.js';

interface VideoPlayerProps {
  content: PlayerContent;
  channel: ProgressChannel;
  answerMarker(marker: PlayerMarker, sections: number[][]): Promise<boolean | null>;
}

const seconds = (value: number) => Math.min(Math.max(0, Math.round(value * 1000) / 1000), CONTENT_DURATION_MAX_S);

/** Where to start: the server's position, never past what was watched, and from the start when it was at the end. */
export function resumeAt(position: number, furthest: number, duration: number): number {
  const at = Math.min(position, furthest);
  return Number.isFinite(duration) && at >= duration - 1 ? 0 : Math.max(0, at);
}

/** The first marker not answered yet whose second has been reached. */
export function dueMarker(markers: readonly PlayerMarker[], answered: ReadonlySet<number>, time: number) {
  return markers.find((marker) => !answered.has(marker.id) && time >= marker.second) ?? null;
}

/**
 * An uploaded video in `<video>` with the guard (when the content has it on), the played ranges reported every
 * heartbeat, on pause, when hidden and when leaving, and the interactive markers: the video pauses at each one not
 * answered yet and plays on only after the answer.
 */
export function VideoPlayer({ content, channel, answerMarker }: VideoPlayerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const played = useRef(new PlayedRanges());
  const [alert, showAlert] = useGuardAlert();
  const start = useRef(channel.progress);
  const answered = useRef(new Set(content.markers.filter((m) => m.answer !== null).map((m) => m.id)));
  const [marker, setMarker] = useState<PlayerMarker | null>(null);
  const markerOpen = useRef<PlayerMarker | null>(null);
  const lastPosition = useRef<number | null>(null);
  const { report, leave } = channel;

  /** What was played since the last report, and where the video is; null when nothing changed. */
  const pending = useCallback((media: HTMLVideoElement | null = video.current): ReportBody | null => {
    if (!media) return null;
    const position = seconds(media.currentTime);
    if (played.current.empty && position === lastPosition.current) return null;
    lastPosition.current = position;
    return {
      kind: 'video',
      ranges: played.current.take(),
      position,
      ...(Number.isFinite(media.duration) && media.duration > 0 ? { duration: seconds(media.duration) } : {}),
    };
  }, []);
  const sendNow = useCallback(() => {
    const body = pending();
    if (body) report(body);
  }, [pending, report]);

  // The guard: on for this content unless switched off, from the furthest point the server knows.
  useEffect(() => {
    if (!content.guard_enabled) return;
    const guard = createVideoGuard({
      furthest: start.current?.furthest_second ?? 0,
      onAlert: showAlert,
      pip: document,
    });
    guard.start(video.current);
    return () => guard.off();
  }, [content.guard_enabled, showAlert]);

  // Heartbeats while open; the last report when hidden or leaving (the page may not live to hear the answer).
  useEffect(() => {
    // Held here: when the page unmounts, React has already let go of the ref before this cleanup runs.
    const element = video.current;
    const timer = setInterval(sendNow, PROGRESS_HEARTBEAT_MS);
    const last = () => {
      played.current.break();
      leave(pending(element) ?? undefined);
    };
    const visibility = () => {
      if (document.visibilityState === 'hidden') last();
    };
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', last);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('pagehide', last);
      last();
    };
  }, [sendNow, leave, pending]);

  const onLoadedMetadata = () => {
    const media = video.current;
    const progress = start.current;
    if (!media || !progress) return;
    const at = resumeAt(progress.position, progress.furthest_second, media.duration);
    if (at > 0) media.currentTime = at;
  };

  const onTimeUpdate = () => {
    const media = video.current;
    if (!media) return;
    // The last timeupdate comes as the video ends (already paused): it still closes the stretch at the end.
    played.current.time(media.currentTime, !media.seeking && (!media.paused || media.ended));
    if (markerOpen.current) return;
    const due = dueMarker(content.markers, answered.current, media.currentTime);
    if (due) {
      media.pause();
      markerOpen.current = due;
      setMarker(due);
    }
  };

  const onPlay = () => {
    // A marker is answered before the video goes on.
    if (markerOpen.current) video.current?.pause();
  };

  // Playing (again) from here: the stretch starts at this point, not at the first timeupdate a moment later.
  const startStretch = () => {
    const media = video.current;
    if (media && !media.paused && !media.seeking) played.current.from(media.currentTime);
  };

  const onPause = () => {
    played.current.break();
    sendNow();
  };

  const onContinue = (done: PlayerMarker) => {
    answered.current.add(done.id);
    markerOpen.current = null;
    setMarker(null);
    void video.current?.play().catch(() => undefined);
  };

  return (
    <Box pos="relative" data-testid="video-player">
      <GuardAlertBanner alert={alert} />
      <AspectRatio ratio={16 / 9} bg="black" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        {/* biome-ignore lint/a11y/useMediaCaption: uploaded training videos come without caption files (no track to offer) */}
        <video
          ref={video}
          src={content.file_url ?? undefined}
          controls
          controlsList="nodownload noplaybackrate"
          disablePictureInPicture
          playsInline
          preload="metadata"
          aria-label={content.title}
          data-testid="player-video"
          onLoadedMetadata={onLoadedMetadata}
          onTimeUpdate={onTimeUpdate}
          onSeeking={() => played.current.break()}
          onSeeked={startStretch}
          onPlaying={startStretch}
          onPlay={onPlay}
          onPause={onPause}
          onEnded={sendNow}
        />
      </AspectRatio>
      {content.guard_enabled && (
        <Text fz="sm" c="dimmed" mt="xs">
          {t('player.guard.notice')}
        </Text>
      )}
      <MarkerDialog marker={marker} onAnswer={answerMarker} onContinue={onContinue} />
    </Box>
  );
}
