import { type PlayerMarker, PROGRESS_HEARTBEAT_MS } from '@kampus/shared';
import { Alert, AspectRatio, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerData } from './api.js';
import { DocumentPlayer } from './DocumentPlayer.js';
import { LinkPlayer, PagePlayer } from './LinkAndPagePlayers.js';
import type { ProgressChannel } from './use-progress-reporter.js';
import { VideoPlayer } from './VideoPlayer.js';

// SCORM's runtime and frame load only when a SCORM content opens (ScormPlayer.tsx's default export, the page's slot).
const ScormPlayer = lazy(() => import('./ScormPlayer.js'));

/** The address of a YouTube or Vimeo video's embedded player, or null for any other address. */
export function embedUrl(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  const youtube =
    host === 'youtu.be'
      ? url.pathname.slice(1)
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? (url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([\w-]+)/)?.[1])
        : undefined;
  if (youtube && /^[\w-]{6,20}$/.test(youtube)) return `https://www.youtube-nocookie.com/embed/${youtube}?rel=0`;
  const vimeo = host === 'vimeo.com' || host === 'player.vimeo.com' ? url.pathname.match(/(\d{5,})/)?.[1] : undefined;
  return vimeo ? `https://player.vimeo.com/video/${vimeo}` : null;
}

/**
 * A video on YouTube or Vimeo, in their player. The guard cannot reach into another site's player (no seek or speed
 * control, no played ranges): the time the page is open is reported instead, and the server counts the video watched
 * once that reaches its length (times the completion threshold). The learner is told so.
 */
function ExternalVideo({ title, address, channel }: { title: string; address: string; channel: ProgressChannel }) {
  const { t } = useTranslation();
  const embed = embedUrl(address);
  const { report, leave } = channel;

  useEffect(() => {
    report({ kind: 'page', finished: false });
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') report({ kind: 'page', finished: false });
    }, PROGRESS_HEARTBEAT_MS);
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave({ kind: 'page', finished: false });
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [report, leave]);
  return (
    <Stack gap="xs" data-testid="external-video">
      {embed ? (
        <AspectRatio ratio={16 / 9}>
          <iframe
            src={embed}
            title={title}
            allow="encrypted-media; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
          />
        </AspectRatio>
      ) : (
        <Alert color="yellow">{t('player.video.external_unsupported')}</Alert>
      )}
      <Text fz="sm" c="dimmed">
        {t('player.video.external_notice')}
      </Text>
    </Stack>
  );
}

interface ContentPlayerProps {
  data: PlayerData;
  channel: ProgressChannel;
  answerMarker(marker: PlayerMarker, sections: number[][]): Promise<boolean | null>;
}

/** The content itself, by its type. */
export function ContentPlayer({ data, channel, answerMarker }: ContentPlayerProps) {
  const { content } = data;
  switch (content.type) {
    case 'video':
      if (!content.file_url && content.external_url) {
        return <ExternalVideo title={content.title} address={content.external_url} channel={channel} />;
      }
      return <VideoPlayer content={content} channel={channel} answerMarker={answerMarker} />;
    case 'document':
      return <DocumentPlayer content={content} channel={channel} />;
    case 'link':
      return <LinkPlayer content={content} channel={channel} />;
    case 'page':
      return <PagePlayer content={content} channel={channel} />;
    case 'scorm':
      return (
        <Suspense fallback={null}>
          <ScormPlayer data={data} channel={channel} />
        </Suspense>
      );
  }
}
